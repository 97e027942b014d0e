"""Fixtures: the real bot with every cog a server runs beside The Game (the talk rule and the
leaderboards included), The Game's real engine and UI, computers without pause, and fixed deals
(a new one for each game opened, so that several games in one test differ)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import CardTableBot, create_bot
from bot.settings import Settings
from tests.bot.the_game.conftest import EXTENSIONS as THE_GAME_EXTENSIONS
from tests.bot.the_game.conftest import SEED, TURN_SECONDS

EXTENSIONS = [*THE_GAME_EXTENSIONS, "cogs.table_talk", "cogs.leaderboard"]

BotFactory = Callable[[], CardTableBot]


@pytest.fixture(autouse=True)
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games take their seed from `secrets.randbits`: SEED, SEED + 1, ... in opening order."""
    seeds = itertools.count(SEED)
    monkeypatch.setattr("bot.tables.service.secrets.randbits", lambda _bits: next(seeds))


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=tmp_path / "integration.sqlite3",
        turn_seconds=TURN_SECONDS,
        computer_delay_seconds=0,
        shard_count=1,
    )


@pytest_asyncio.fixture
async def make_bot(settings: Settings) -> AsyncIterator[BotFactory]:
    """Bots on one database (a restart is a second bot); their connections closed at the end."""
    built: list[CardTableBot] = []

    def factory() -> CardTableBot:
        bot = create_bot(settings, EXTENSIONS)
        built.append(bot)
        return bot

    yield factory
    for bot in built:
        if bot._db is not None:
            await bot._db.close()


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> CardTableBot:
    return make_bot()
