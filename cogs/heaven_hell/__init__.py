"""Heaven & Hell on Discord: `HeavenHellUI` plugs Heaven & Hell's engine into the table
machinery.

- `table.py`: the public table (the five rows, closed rows, draw pile, hand sizes, doubles,
  round and totals, who is still choosing their double for which colour, the colours scored so
  far) and `moves.py`, its last moves, drawn from the spectator view only.
- `hand.py`: one player's ephemeral hand: a card then a side, the stuck player's discard, the
  secret choice of the double, colour by colour.
- `notices.py`: the round summary and the end-of-game message.
- `words.py`: how cards, rows and points are written.
"""

from __future__ import annotations

from bot.app import CardTableBot
from cogs.heaven_hell.ui import HeavenHellUI


async def setup(bot: CardTableBot) -> None:
    bot.games.register(HeavenHellUI())
