"""The Game (cooperative, 1-5 players): a pure engine, computer players and a simulator."""

from games.the_game.engine import TheGameEngine

ENGINE = TheGameEngine()

__all__ = ["ENGINE", "TheGameEngine"]
