"""Heaven & Hell (*Diabolo*): pure engine, computer players and simulator.

Modelling choices and rulings on top of ../shared/rules/heaven_and_hell.md, each explained
where it is implemented:

- Seats grow clockwise (seat s+1 sits to the left of seat s); round r is dealt by seat
  r % players, so the dealer moves left each round and seat 0 deals first.
- The draw is automatic at the start of a turn (actions.py): one action per turn.
- A stuck seat shows its hand, discards and draws; when the draw pile is empty at that point its
  turn is skipped, and when the pile is empty and nobody can place at all the round ends
  (rules.py).
- The round's colours are scored one by one in row order; before each positive colour, the seats
  still holding their double and holding a card of it choose in secret to play it there or keep
  it, revealed together once all have chosen; a colour nobody is asked about is scored at once
  (actions.py, rules.py).
- Ties for the top holding go to the first tied seat clockwise from the dealer's left, for
  positive and negative colours alike (scoring.py); equal totals share the victory (engine.py).
"""

from games.heaven_hell.engine import HeavenHellEngine

ENGINE = HeavenHellEngine()

__all__ = ["ENGINE", "HeavenHellEngine"]
