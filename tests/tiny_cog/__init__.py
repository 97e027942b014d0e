"""The tiny game on Discord, laid out like a real game's cog (`cogs/<game>/`): the example to
copy for a new game's front end. Loaded as the extension `tests.tiny_cog`, it offers the game
with nothing else in the bot knowing it.

- `ui.py`: `TinyUI`, the table and the hand (buttons that carry a legal action, and a two-step
  choice that exists only in the UI).
- `locales/`: everything it shows, in English and French, in its own area (`tiny_game.json`,
  the key `tiny-game` with `-` as `_`): its name, `/rules` summary, `/play` subcommand and table
  option (built from the engine's config), its table, hand, end-of-game message and scores.
A game under `games/` is found by `games.core.registry`; this one lives in `tests/`, so its cog
registers its engine too.
"""

from __future__ import annotations

from bot.app import CardTableBot
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE


async def setup(bot: CardTableBot) -> None:
    bot.games.register(TinyUI(), engine=ENGINE)
