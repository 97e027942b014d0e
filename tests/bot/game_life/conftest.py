"""Fixtures: the real bot with every registered game's cog (`tests.support.games`, the tests'
tiny game included), computers without pause, and fixed deals (a new one for each game opened,
so that a game played again differs)."""

from __future__ import annotations

from tests.support.bots import (
    CORE_EXTENSIONS,
    TURN_SECONDS,
    BotFactory,
    make_bot,
    real_game_fixtures,
    settings,
    simcord_bot,
)
from tests.support.games import games_under_test

__all__ = [
    "EXTENSIONS",
    "TURN_SECONDS",
    "BotFactory",
    "make_bot",
    "settings",
    "simcord_bot",
]

EXTENSIONS = [*CORE_EXTENSIONS, *(game.extension for game in games_under_test())]
SEED = 3300

fixed_deal, bot_extensions, register_games = real_game_fixtures(
    EXTENSIONS, SEED, new_seed_per_game=True
)
