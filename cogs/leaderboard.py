"""`/leaderboard` and `/stats show|forget-me`: the server's standings and a member's statistics.

Everything is computed in `bot.stats` from the results the table service records when a game
ends; this cog only parses the command and sends the (ephemeral) answer.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.i18n import Texts, interaction_locale
from bot.i18n.translator import command_text as _
from bot.stats.board import (
    DYNAMIC_ITEMS,
    BoardRequest,
    board_message,
    forget_question,
    stats_message,
)
from bot.stats.periods import Period
from bot.tables.commands import game_choices
from bot.tables.components import guarded
from bot.tables.errors import TableError
from games.core.game_type import GameType


class Leaderboard(commands.Cog):
    stats = app_commands.Group(
        name=_("stats.name"), description=_("stats.description"), guild_only=True
    )

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """The `/leaderboard` command is built here: its choices are the games the bot offers,
        known once the game cogs are loaded."""
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

        @app_commands.command(
            name=_("leaderboard.name"), description=_("leaderboard.description")
        )
        @app_commands.guild_only()
        @app_commands.rename(game=_("leaderboard.game.name"), period=_("leaderboard.period.name"))
        @app_commands.describe(
            game=_("leaderboard.game.description"), period=_("leaderboard.period.description")
        )
        @app_commands.choices(
            game=game_choices(self.bot.games),
            period=[
                app_commands.Choice(name=_("leaderboard.period.all_time"), value="all-time"),
                app_commands.Choice(name=_("leaderboard.period.month"), value="month"),
                app_commands.Choice(name=_("leaderboard.period.week"), value="week"),
            ],
        )
        async def leaderboard(
            interaction: discord.Interaction[Any], game: str, period: str = "all-time"
        ) -> None:
            await self._leaderboard(interaction, game, period)

        self.__cog_app_commands__.append(leaderboard)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    async def _leaderboard(
        self, interaction: discord.Interaction[Any], game: str, period: str
    ) -> None:
        async def handler() -> None:
            if interaction.guild_id is None:
                raise TableError("guild_only")
            tr = Texts(interaction_locale(interaction))
            message = await board_message(
                self.bot.db,
                interaction.guild_id,
                BoardRequest.first(
                    self._game_type(game), self.bot.games.team_ranking(game), Period(period)
                ),
                interaction.user.id,
                tr,
                discord.utils.utcnow(),
            )
            await interaction.response.send_message(**message, ephemeral=True)

        await guarded(interaction, handler)

    def _game_type(self, key: str) -> GameType:
        game = self.bot.games.game_type(key)
        if game is None:
            raise TableError("coming_soon")
        return game

    @stats.command(name=_("stats.show.name"), description=_("stats.show.description"))
    @app_commands.rename(member=_("stats.show.member.name"))
    @app_commands.describe(member=_("stats.show.member.description"))
    async def show(
        self, interaction: discord.Interaction[Any], member: discord.User | None = None
    ) -> None:
        async def handler() -> None:
            if interaction.guild_id is None:
                raise TableError("guild_only")
            tr = Texts(interaction_locale(interaction))
            who = member or interaction.user
            message = await stats_message(
                self.bot.db, interaction.guild_id, who.id, tr, self.bot.games
            )
            await interaction.response.send_message(ephemeral=True, **message)

        await guarded(interaction, handler)

    @stats.command(name=_("stats.forget_me.name"), description=_("stats.forget_me.description"))
    async def forget_me(self, interaction: discord.Interaction[Any]) -> None:
        async def handler() -> None:
            tr = Texts(interaction_locale(interaction))
            question = await forget_question(self.bot.db, interaction.user.id, tr)
            await interaction.response.send_message(**question, ephemeral=True)

        await guarded(interaction, handler)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(Leaderboard(bot))
