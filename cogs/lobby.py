"""`/play <game>`: open a table (a lobby message with its buttons) in this channel or thread.

The subcommands are the games the bot offers, each as its cog registered it (with its table
options, see `bot/tables/commands.py`); game cogs are loaded first (`bot/app.py`), so they are
all known when this cog loads.
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n.translator import command_text as _
from bot.tables.commands import play_commands


class Lobby(commands.Cog):
    play = app_commands.Group(
        name=_("play.name"), description=_("play.description"), guild_only=True
    )

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        for command in play_commands(self.bot.games):
            self.play.add_command(command)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(Lobby(bot))
