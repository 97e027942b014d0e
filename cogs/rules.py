"""`/rules game:<choice>`: a concise rules summary in the user's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n import Texts, interaction_locale
from bot.i18n.translator import command_text as _
from bot.tables.render import game_name

GAME_CHOICES = [
    app_commands.Choice(name=_("choice.the_game"), value="the-game"),
    app_commands.Choice(name=_("choice.heaven_hell"), value="heaven-hell"),
    app_commands.Choice(name=_("choice.level8"), value="level8"),
]


class Rules(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("rules.name"), description=_("rules.description"))
    @app_commands.rename(game=_("rules.game.name"))
    @app_commands.describe(game=_("rules.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        tr = Texts(interaction_locale(interaction))
        embed = discord.Embed(
            title=tr("rules.title", game=game_name(game, tr)),
            description=tr(f"rules.{game}"),
            colour=discord.Colour.blurple(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(Rules(bot))
