"""Fixtures: a real bot (real cogs, real SQLite file in a temporary folder) with the tiny engine
standing in for The Game, driven by SimCord."""

from __future__ import annotations

import pytest

from tests.bot.tiny_engine import TINY_ENGINE
from tests.bot.tiny_ui import TinyUI
from tests.support.bots import CORE_EXTENSIONS as EXTENSIONS
from tests.support.bots import (
    BotFactory,
    GameRegistration,
    bot_extensions,
    database_backend,
    database_url,
    make_bot,
    pytest_generate_tests,
    settings,
    simcord_bot,
    simcord_env,
)
from tests.support.postgres import postgres_server

__all__ = [
    "EXTENSIONS",
    "BotFactory",
    "bot_extensions",
    "database_backend",
    "database_url",
    "make_bot",
    "postgres_server",
    "pytest_generate_tests",
    "settings",
    "simcord_bot",
    "simcord_env",
]


@pytest.fixture
def register_games() -> GameRegistration:
    return lambda bot: bot.games.register(TinyUI(), engine=TINY_ENGINE)
