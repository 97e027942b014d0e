"""Level 8 (Ravensburger, 2-6 players) as a pure engine: rules, combination finder, computer
players and simulator.

Rulings beyond the rules file, in one place:
- A display is exactly the level: one group per requirement, each of exactly its size.
- Neither a display nor a lay-off may use a player's last hand card: a turn always ends with a
  discard or a Skip, and that is how a round ends.
- A lay-off names no run end; a number card's value or a wild's recorded meaning decides it.
- Serving a Skip is automatic (no choice is involved); it counts as a turn.
- `Level8Config.max_turns` (default 1500) ends a game with no winner, ranked by level, so that
  players who never go out cannot play forever.
- legal_actions() lists one display, the finder's proposal using the fewest wilds; apply()
  accepts any valid display.
"""

from games.level8.engine import Level8Engine

ENGINE = Level8Engine()

__all__ = ["ENGINE", "Level8Engine"]
