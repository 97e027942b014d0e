"""The Game on Discord: `TheGameUI` plugs The Game's engine into the table machinery.

- `table.py`: the public table (piles, draw pile, hand sizes, the turn, recent moves, hints),
  rendered from the spectator view only.
- `hand.py`: one player's ephemeral hand and its controls (card, then pile; "End turn"; the
  hints menu) and what a click on them means.
- `finish.py`: the end-of-game message (verdict, cards placed, talk-rule slips, time).
- `table_talk.py`: the talk rule, a cog of its own (an extension that the tests load alone).
- `words.py`: how piles, cards, counts and hints are written, in both languages.
"""

from __future__ import annotations

from bot.app import CardTableBot
from cogs.the_game.ui import TheGameUI


async def setup(bot: CardTableBot) -> None:
    bot.games.register(TheGameUI())
    await bot.load_extension(f"{__name__}.table_talk")
