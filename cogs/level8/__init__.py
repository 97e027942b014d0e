"""Level 8 on Discord: `Level8UI` plugs Level 8's engine into the table machinery.

- `table.py`: the public table (levels, displayed groups, discard tops, draw pile, hand sizes,
  Skips) and `moves.py`, its last moves, drawn from the spectator view only.
- `hand.py`: one player's ephemeral hand; each step of a turn has its module: `draw.py`,
  `display.py` (the finder's proposal) and `builder.py` (one's own groups), `lay_off.py`,
  `end_turn.py` (discard or Skip), `keep.py` (the hard side's cards kept between rounds).
- `notices.py`: the round summary and the end-of-game message.
- `words.py`: how cards, wilds, groups and levels are written; `payloads.py`: how the
  controls of UI-only steps (the group builder, the lay-off card menu, the keep menu) carry
  cards and groups in their payloads. Every other control carries its legal engine action.
"""

from __future__ import annotations

from bot.app import CardTableBot
from cogs.level8.ui import Level8UI


async def setup(bot: CardTableBot) -> None:
    bot.games.register(Level8UI())
