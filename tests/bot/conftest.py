"""Fixtures: a real bot (real cogs, real SQLite file in a temporary folder) with the tiny game
(tests/tiny_game, tests/tiny_cog) registered, driven by SimCord."""

from __future__ import annotations

import pytest

from tests.support.bots import CORE_EXTENSIONS as EXTENSIONS
from tests.support.bots import (
    BotFactory,
    GameRegistration,
    bot_extensions,
    database_backend,
    database_url,
    db,
    fixed_deal,
    make_bot,
    pytest_generate_tests,
    settings,
    simcord_bot,
    simcord_env,
)
from tests.support.postgres import postgres_server
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE as TINY_ENGINE

__all__ = [
    "EXTENSIONS",
    "BotFactory",
    "bot_extensions",
    "database_backend",
    "database_url",
    "db",
    "fixed_deal",
    "make_bot",
    "postgres_server",
    "pytest_generate_tests",
    "settings",
    "simcord_bot",
    "simcord_env",
]


@pytest.fixture
def register_games() -> GameRegistration:
    """The tiny game's UI and engine, without its cog (test_new_game.py loads the cog itself):
    `/play tiny-game` has its option `cards`, which the table tests leave at its default."""
    return lambda bot: bot.games.register(TinyUI(), engine=TINY_ENGINE)
