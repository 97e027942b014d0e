"""`/rules game:<choice>`: a concise rules summary in the user's language.

The choices are the games the bot offers, read when the cog loads (after the game cogs)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n import Texts, interaction_locale
from bot.i18n.translator import command_text as _
from bot.tables.commands import area, game_choices
from bot.tables.render import game_name


class Rules(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        @app_commands.command(name=_("rules.name"), description=_("rules.description"))
        @app_commands.rename(game=_("rules.game.name"))
        @app_commands.describe(game=_("rules.game.description"))
        @app_commands.choices(game=game_choices(self.bot.games))
        async def rules(interaction: discord.Interaction[Any], game: str) -> None:
            tr = Texts(interaction_locale(interaction))
            embed = discord.Embed(
                title=tr("rules.title", game=game_name(game, tr)),
                description=tr(f"{area(game)}.rules"),
                colour=discord.Colour.blurple(),
            )
            faces = self.faces(game)
            if faces:
                embed.add_field(name=tr("rules.faces"), value=faces, inline=False)
            await interaction.response.send_message(embed=embed, ephemeral=True)

        self.__cog_app_commands__.append(rules)

    def faces(self, game: str) -> str:
        """The game's cards as they look on the table, once the faces are uploaded; nothing
        before (their text faces are what the rules' words already describe)."""
        ui = self.bot.games.ui(game)
        keys = ui.rules_faces if ui is not None else ()
        shown = [emoji for key in keys if (emoji := self.bot.card_faces.emoji(key))]
        return " ".join(str(emoji) for emoji in shown)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(Rules(bot))
