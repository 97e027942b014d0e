"""Fixtures: a real bot (real cogs, real SQLite file in a temporary folder) with the tiny engine
standing in for The Game, driven by SimCord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import CardTableBot, create_bot
from bot.settings import Settings
from tests.bot.tiny_engine import TINY_ENGINE
from tests.bot.tiny_ui import TinyUI

EXTENSIONS = ["cogs.lobby", "cogs.game", "cogs.rules", "cogs.settings", "cogs.help"]

BotFactory = Callable[[], CardTableBot]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=tmp_path / "data" / "test.sqlite3",
        turn_seconds=300,
        computer_delay_seconds=0,
        shard_count=1,
    )


@pytest_asyncio.fixture
async def make_bot(settings: Settings) -> AsyncIterator[BotFactory]:
    """Builds bots on the same settings and database (a restart is a second bot); closes their
    database connections at the end."""
    built: list[CardTableBot] = []

    def factory() -> CardTableBot:
        bot = create_bot(settings, EXTENSIONS)
        bot.games.register(TinyUI(), engine=TINY_ENGINE)
        built.append(bot)
        return bot

    yield factory
    for bot in built:
        if bot._db is not None:
            await bot._db.close()


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> CardTableBot:
    return make_bot()
