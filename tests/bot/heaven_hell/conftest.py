"""Fixtures: the real bot with Heaven & Hell's real engine and UI, the leaderboards and the talk
rule's cog, computers without pause, and a fixed deal so every run plays the same game."""

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
    "SEED",
    "TURN_SECONDS",
    "BotFactory",
    "make_bot",
    "settings",
    "simcord_bot",
]

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.heaven_hell", "cogs.leaderboard", "cogs.the_game.table_talk"]
SEED = 33

fixed_deal, bot_extensions, register_games = real_game_fixtures(EXTENSIONS, SEED)
