"""`/history [member] [game]` and `/replay number`: the server's ended games and their replays.

Everything is done in `bot.history`; this cog only reads the command's options. The buttons of
the answers are registered with the table's own at start-up (`bot.app`), so that the Replay
buttons of end-of-game messages work whether or not this cog is loaded.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.history.components import HistoryRequest
from bot.i18n.translator import command_text as _
from bot.tables.commands import game_choices
from bot.tables.components import guarded


class HistoryCommands(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """`/history` is built here: its game choices are the games the bot offers, known once
        the game cogs are loaded."""

        @app_commands.command(name=_("history.name"), description=_("history.description"))
        @app_commands.guild_only()
        @app_commands.rename(member=_("history.member.name"), game=_("history.game.name"))
        @app_commands.describe(
            member=_("history.member.description"), game=_("history.game.description")
        )
        @app_commands.choices(game=game_choices(self.bot.games))
        async def history(
            interaction: discord.Interaction[Any],
            member: discord.User | None = None,
            game: str | None = None,
        ) -> None:
            request = HistoryRequest(game, member.id if member is not None else None)
            await guarded(
                interaction,
                lambda: self.bot.history.show_page(interaction, request, edit=False),
            )

        self.__cog_app_commands__.append(history)

    @app_commands.command(name=_("replay.name"), description=_("replay.description"))
    @app_commands.guild_only()
    @app_commands.rename(number=_("replay.number.name"))
    @app_commands.describe(number=_("replay.number.description"))
    async def replay(
        self, interaction: discord.Interaction[Any], number: app_commands.Range[int, 1]
    ) -> None:
        await guarded(interaction, lambda: self.bot.history.open_replay(interaction, number))


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(HistoryCommands(bot))
