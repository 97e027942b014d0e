"""The talk rule's folder holds its detector tests and its cog's tests; the cog's run the real
bot, so they share the bot tests' fixtures."""

from __future__ import annotations

from tests.bot.conftest import (
    bot_extensions,
    database_backend,
    database_url,
    fixed_deal,
    make_bot,
    postgres_server,
    pytest_generate_tests,
    register_games,
    settings,
    simcord_bot,
    simcord_env,
)

__all__ = [
    "bot_extensions",
    "database_backend",
    "database_url",
    "fixed_deal",
    "make_bot",
    "postgres_server",
    "pytest_generate_tests",
    "register_games",
    "settings",
    "simcord_bot",
    "simcord_env",
]
