"""A real bot with the leaderboard cog, where `/play level8` and `/play the-game` (the real games'
subcommands, with their options) open pick games (see `pick_engine`) whose outcome each test
chooses."""

from __future__ import annotations

import pytest

from bot.app import CardTableBot
from tests.bot.stats.pick_engine import LEVEL8, THE_GAME, CoopPickUI, PickUI
from tests.support.bots import (
    CORE_EXTENSIONS,
    BotFactory,
    GameRegistration,
    database_backend,
    database_url,
    fixed_deal,
    make_bot,
    settings,
    simcord_bot,
    simcord_env,
)
from tests.support.postgres import postgres_server

__all__ = [
    "BotFactory",
    "database_backend",
    "database_url",
    "fixed_deal",
    "make_bot",
    "postgres_server",
    "settings",
    "simcord_bot",
    "simcord_env",
]


@pytest.fixture
def bot_extensions() -> list[str]:
    return [*CORE_EXTENSIONS, "cogs.leaderboard"]


@pytest.fixture
def register_games() -> GameRegistration:
    def register(bot: CardTableBot) -> None:
        bot.games.register(PickUI(), engine=LEVEL8)
        bot.games.register(CoopPickUI(), engine=THE_GAME)

    return register
