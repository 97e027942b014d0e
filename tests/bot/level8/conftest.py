"""Level 8's own Discord tests: the real bot with its cog and the leaderboards, computers
without pause, and one fixed deal so every run plays the same game (the other fixtures are
tests/bot/conftest.py's)."""

from __future__ import annotations

from tests.support.bots import CORE_EXTENSIONS, real_game_fixtures

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.level8", "cogs.leaderboard"]
SEED = 8

fixed_deal, bot_extensions, register_games = real_game_fixtures(EXTENSIONS, SEED)
