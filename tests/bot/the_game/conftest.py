"""The Game's own Discord tests: the real bot with its cog, computers without pause, and one
fixed deal so every run plays the same game (the other fixtures are tests/bot/conftest.py's)."""

from __future__ import annotations

from tests.support.bots import CORE_EXTENSIONS, real_game_fixtures

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.the_game"]
SEED = 20260

fixed_deal, bot_extensions, register_games = real_game_fixtures(EXTENSIONS, SEED)
