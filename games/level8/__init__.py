"""Level 8 (Ravensburger, 2-6 players) as a pure engine: rules, combination finder, computer
players and simulator."""

from games.level8.engine import Level8Engine

ENGINE = Level8Engine()

__all__ = ["ENGINE", "Level8Engine"]
