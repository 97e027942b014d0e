"""Fixtures: the real bot with every cog a server runs beside The Game (the talk rule and the
leaderboards included), The Game's real engine and UI, computers without pause, and fixed deals
(a new one for each game opened, so that several games in one test differ)."""

from __future__ import annotations

import itertools

import pytest

from tests.bot.the_game.conftest import EXTENSIONS as THE_GAME_EXTENSIONS
from tests.bot.the_game.conftest import SEED
from tests.support.bots import (
    BotFactory,
    GameRegistration,
    database_backend,
    database_url,
    make_bot,
    pytest_generate_tests,
    settings,
    simcord_bot,
)
from tests.support.postgres import postgres_server

__all__ = [
    "EXTENSIONS",
    "BotFactory",
    "database_backend",
    "database_url",
    "make_bot",
    "postgres_server",
    "pytest_generate_tests",
    "settings",
    "simcord_bot",
]

EXTENSIONS = [*THE_GAME_EXTENSIONS, "cogs.table_talk", "cogs.leaderboard"]


@pytest.fixture(autouse=True)
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games take their seed from `secrets.randbits`: SEED, SEED + 1, ... in opening order."""
    seeds = itertools.count(SEED)
    monkeypatch.setattr("bot.tables.lobby.secrets.randbits", lambda _bits: next(seeds))


@pytest.fixture
def bot_extensions() -> list[str]:
    return EXTENSIONS


@pytest.fixture
def register_games() -> GameRegistration:
    return lambda _bot: None
