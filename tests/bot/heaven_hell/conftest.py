"""Heaven & Hell's own Discord tests: the real bot with its cog, the leaderboards and the talk
rule's cog, computers without pause, and one fixed deal so every run plays the same game (the
other fixtures are tests/bot/conftest.py's)."""

from __future__ import annotations

from tests.support.bots import CORE_EXTENSIONS, real_game_fixtures

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.heaven_hell", "cogs.leaderboard", "cogs.the_game.table_talk"]
SEED = 33

fixed_deal, bot_extensions, register_games = real_game_fixtures(EXTENSIONS, SEED)
