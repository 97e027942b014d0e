"""The tiny game's own answers to the tests that cover every registered game
(`tests.support.games`)."""

from __future__ import annotations

SHORT = True
"""A tiny game deals five cards a person at most (`tests.tiny_game`): two people make ten moves
in all, too few for the checks that need a long game, which skip it: an evening of reopened
hands (`tests/bot/game_life/test_reopened_hands.py`: people step away every 20 moves, and at
least ten hands get replaced) and more than ten turns of people
(`tests/bot/test_turn_notices.py`)."""
