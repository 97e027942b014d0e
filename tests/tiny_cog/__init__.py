"""The tiny game on Discord, laid out like a real game's cog (`cogs/<game>/`): the example to
copy for a new game's front end. Loaded as the extension `tests.tiny_cog`, it offers the game
with nothing else in the bot knowing it.

- `ui.py`: `TinyUI`, the table and the hand (buttons that carry a legal action, and a two-step
  choice that exists only in the UI).
- `play.py`: the `/play tiny` subcommand and its table option.
- `locales/`: everything it shows, in English and French: its table and hand (`tiny.json`), its
  command and option (`commands.json`), its name in lists (`games.json`), its `/rules` summary
  (`rules.json`) and its option in the lobby (`lobby.json`).

A game under `games/` is found by `games.core.registry`; this one lives in `tests/`, so its cog
registers its engine too.
"""

from __future__ import annotations

from bot.app import CardTableBot
from tests.tiny_cog.play import play_command
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE


async def setup(bot: CardTableBot) -> None:
    bot.games.register(TinyUI(), engine=ENGINE, play=play_command)
