"""Fixtures: the real bot with the three games' real engines and UIs, computers without pause,
and fixed deals (a new one for each game opened, so that a game played again differs)."""

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

__all__ = [
    "EXTENSIONS",
    "TURN_SECONDS",
    "BotFactory",
    "make_bot",
    "settings",
    "simcord_bot",
]

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.the_game", "cogs.heaven_hell", "cogs.level8"]
SEED = 3300

fixed_deal, bot_extensions, register_games = real_game_fixtures(
    EXTENSIONS, SEED, new_seed_per_game=True
)
