"""Fixtures: the real bot with The Game's real engine and UI, computers without pause, and a
fixed deal so every run plays the same game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import CardTableBot, create_bot
from bot.settings import Settings

EXTENSIONS = [
    "cogs.lobby",
    "cogs.game",
    "cogs.rules",
    "cogs.settings",
    "cogs.help",
    "cogs.the_game",
]
SEED = 20260
TURN_SECONDS = 300

BotFactory = Callable[[], CardTableBot]


@pytest.fixture(autouse=True)
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games take their seed from `secrets.randbits`; a fixed one makes each test one game."""
    monkeypatch.setattr("bot.tables.service.secrets.randbits", lambda _bits: SEED)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=tmp_path / "the_game.sqlite3",
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
