"""`/help`: what the bot does and its commands, in the user's language.

The games and their `/play` subcommands are the ones the bot offers, read from its catalog of
games (this cog loads after the game cogs)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n import Texts, interaction_locale
from bot.i18n.translator import command_text as _
from bot.tables.commands import area
from bot.tables.render import game_name


def listing(items: list[str], last: str) -> str:
    """"a, b and c": the items with `last` before the final one."""
    return last.join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else "".join(items)


class Help(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("help.name"), description=_("help.description"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        tr = Texts(interaction_locale(interaction))
        keys = [game.key for game in self.bot.games.game_types()]
        play = tr("commands.play.name")
        text = tr(
            "help.text",
            games=listing([f"**{game_name(key, tr)}**" for key in keys], tr("help.and")),
            commands=listing(
                [f"`/{play} {tr(f'{area(key)}.play.name')}`" for key in keys],
                tr("help.or"),
            ),
        )
        embed = discord.Embed(title=tr("help.title"), description=text)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(Help(bot))
