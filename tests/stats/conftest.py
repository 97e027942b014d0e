"""A real bot with the leaderboard cog, where `/play level8` and `/play the-game` open pick games
(see `pick_engine`) whose outcome each test chooses."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import CardTableBot, create_bot
from bot.settings import Settings
from tests.bot.conftest import EXTENSIONS
from tests.stats.pick_engine import LEVEL8, THE_GAME, CoopPickUI, PickUI

BotFactory = Callable[[], CardTableBot]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,
        database_path=tmp_path / "data" / "test.sqlite3",
        turn_seconds=300,
        computer_delay_seconds=0,
        shard_count=1,
    )


@pytest_asyncio.fixture
async def make_bot(settings: Settings) -> AsyncIterator[BotFactory]:
    built: list[CardTableBot] = []

    def factory() -> CardTableBot:
        bot = create_bot(settings, [*EXTENSIONS, "cogs.leaderboard"])
        bot.games.register(PickUI(), engine=LEVEL8)
        bot.games.register(CoopPickUI(), engine=THE_GAME)
        built.append(bot)
        return bot

    yield factory
    for bot in built:
        if bot._db is not None:
            await bot._db.close()


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> CardTableBot:
    return make_bot()
