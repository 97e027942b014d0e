"""Fixtures: the real bot with every cog a server runs beside The Game (the talk rule and the
leaderboards included), The Game's real engine and UI, computers without pause, and fixed deals
(a new one for each game opened, so that several games in one test differ)."""

from __future__ import annotations

from tests.bot.the_game.conftest import EXTENSIONS as THE_GAME_EXTENSIONS
from tests.bot.the_game.conftest import SEED
from tests.support.bots import (
    BotFactory,
    database_backend,
    database_url,
    make_bot,
    pytest_generate_tests,
    real_game_fixtures,
    settings,
    simcord_bot,
    simcord_env,
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
    "simcord_env",
]

EXTENSIONS = [*THE_GAME_EXTENSIONS, "cogs.leaderboard"]


fixed_deal, bot_extensions, register_games = real_game_fixtures(
    EXTENSIONS, SEED, new_seed_per_game=True
)
