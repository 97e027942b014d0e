"""The Game on Discord: the table, the hands and the end-of-game message (see `ui.py`)."""

from __future__ import annotations

from bot.app import CardTableBot
from cogs.the_game.ui import TheGameUI


async def setup(bot: CardTableBot) -> None:
    bot.games.register(TheGameUI())
