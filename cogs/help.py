"""`/help`: what the bot does and its commands, in the user's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n import Texts, interaction_locale
from bot.i18n.translator import command_text as _


class Help(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("help.name"), description=_("help.description"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        tr = Texts(interaction_locale(interaction))
        embed = discord.Embed(title=tr("help.title"), description=tr("help.text"))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(Help(bot))
