"""`/play <game>`: open a table (a lobby message with its buttons) in this channel or thread.

Options per game, as passed to `GameUI.make_config` (see `bot/tables/ui.py`):
- the-game: `expert` (bool), `smaller_hands` (bool)
- heaven-hell: none
- level8: `deck` ("fr" | "en2016" | "de2016"), `hard` (bool)
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n.translator import command_text as _
from bot.tables.components import guarded
from bot.tables.errors import TableError


class Lobby(commands.Cog):
    play = app_commands.Group(
        name=_("play.name"), description=_("play.description"), guild_only=True
    )

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def _open(
        self, interaction: discord.Interaction[Any], key: str, options: dict[str, Any]
    ) -> None:
        async def handler() -> None:
            channel = interaction.channel
            if interaction.guild is None:
                raise TableError("guild_only")
            if not isinstance(channel, (discord.TextChannel, discord.Thread)):
                raise TableError("wrong_channel")
            tables = self.bot.tables
            game = await tables.create_lobby(
                guild_id=interaction.guild.id,
                channel_id=channel.id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game_key=key,
                options=options,
            )
            await interaction.response.send_message(**await tables.lobby_message(game))
            message = await interaction.original_response()
            await tables.set_lobby_message(game.id, message.id)

        await guarded(interaction, handler)

    @play.command(name=_("play.the_game.name"), description=_("play.the_game.description"))
    @app_commands.rename(
        expert=_("play.opt.expert.name"), smaller_hands=_("play.opt.smaller_hands.name")
    )
    @app_commands.describe(
        expert=_("play.opt.expert.description"),
        smaller_hands=_("play.opt.smaller_hands.description"),
    )
    async def the_game(
        self,
        interaction: discord.Interaction[Any],
        expert: bool = False,
        smaller_hands: bool = False,
    ) -> None:
        await self._open(
            interaction, "the-game", {"expert": expert, "smaller_hands": smaller_hands}
        )

    @play.command(name=_("play.heaven_hell.name"), description=_("play.heaven_hell.description"))
    async def heaven_hell(self, interaction: discord.Interaction[Any]) -> None:
        await self._open(interaction, "heaven-hell", {})

    @play.command(name=_("play.level8.name"), description=_("play.level8.description"))
    @app_commands.rename(deck=_("play.opt.deck.name"), hard=_("play.opt.hard.name"))
    @app_commands.describe(deck=_("play.opt.deck.description"), hard=_("play.opt.hard.description"))
    @app_commands.choices(
        deck=[
            app_commands.Choice(name=_("play.opt.deck.fr"), value="fr"),
            app_commands.Choice(name=_("play.opt.deck.en2016"), value="en2016"),
            app_commands.Choice(name=_("play.opt.deck.de2016"), value="de2016"),
        ]
    )
    async def level8(
        self, interaction: discord.Interaction[Any], deck: str = "fr", hard: bool = False
    ) -> None:
        await self._open(interaction, "level8", {"deck": deck, "hard": hard})


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(Lobby(bot))
