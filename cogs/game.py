"""`/game hand|status|leave|cancel` for the game of the channel or thread it is used in."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n.translator import command_text as _
from bot.tables import interactions
from bot.tables.components import guarded
from bot.tables.errors import TableError
from bot.tables.records import Game


class GameCommands(commands.Cog):
    game = app_commands.Group(
        name=_("game.name"), description=_("game.description"), guild_only=True
    )

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def _here(self, interaction: discord.Interaction[Any]) -> Game:
        """The open game of the channel or thread; otherwise a refusal that says how the last
        game played there ended, if there was one."""
        place = interaction.channel_id or 0
        game = await self.bot.tables.game_in(place)
        if game is not None:
            return game
        ended = await interactions.ended_here(interaction, place)
        raise TableError("no_game_here", ended)

    @game.command(name=_("game.hand.name"), description=_("game.hand.description"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def handler() -> None:
            game = await self._here(interaction)
            await interactions.show_hand(interaction, game.id)

        await guarded(interaction, handler)

    @game.command(name=_("game.status.name"), description=_("game.status.description"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async def handler() -> None:
            game = await self._here(interaction)
            text = await interactions.status(interaction, game)
            await interaction.response.send_message(text, ephemeral=True)

        await guarded(interaction, handler)

    @game.command(name=_("game.leave.name"), description=_("game.leave.description"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        async def handler() -> None:
            await interactions.leave(interaction, (await self._here(interaction)).id)

        await guarded(interaction, handler)

    @game.command(name=_("game.cancel.name"), description=_("game.cancel.description"))
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        async def handler() -> None:
            game = await self._here(interaction)
            await interactions.ask_cancel(interaction, game.id)

        await guarded(interaction, handler)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(GameCommands(bot))
