"""The tiny game (2-4 players), a toy card game laid out like a real one's engine package
(`games/<game>/`): the example to copy for a new game, and the engine most bot tests play.

Each seat is dealt a few cards from 1..20 (the table option `cards`, 5 by default). Any seat may
open (like The Game); then seats play in order, one card per turn, until every hand is empty.
Any seat may also post a public hint at any time (like The Game's pile hints), which must not
disturb anybody's controls. Highest total wins.

It lives outside `games/`, so `games.core.registry` does not find it: its cog
(`tests/tiny_cog/`) registers this `ENGINE` with its UI.
"""

from tests.tiny_game.engine import TinyEngine

ENGINE = TinyEngine()

__all__ = ["ENGINE", "TinyEngine"]
