"""Heaven & Hell (*Diabolo*): pure engine, computer players and simulator.

Modelling choices and rulings on top of ../shared/rules/heaven_and_hell.md, each explained
where it is implemented:

- Seats grow clockwise (seat s+1 sits to the left of seat s); round r is dealt by seat
  r % players, so the dealer moves left each round and seat 0 deals first.
- The draw is automatic at the start of a turn (actions.py): one action per turn.
- A stuck seat shows its hand, discards and draws; when the draw pile is empty at that point its
  turn is skipped, and when the pile is empty and nobody can place at all the round ends
  (rules.py).
- The double is one secret declaration per seat and round naming a positive colour or none,
  revealed together once every seat has sent it (actions.py, rules.py).
- Ties for the top holding go to the first tied seat clockwise from the dealer's left, for
  positive and negative colours alike (scoring.py); equal totals share the victory (engine.py).
"""

from games.heaven_hell.engine import HeavenHellEngine

ENGINE = HeavenHellEngine()

__all__ = ["ENGINE", "HeavenHellEngine"]
