"""The two seams between the table machinery and the bot, as protocols.

`TableHost` is what the machinery needs from the bot (the database, the registered games, the
settings and Discord's REST helpers); `TableClient` is what a button needs from the bot (the
service's click handlers). The bot class satisfies both structurally, so nothing under
`bot/tables/` imports `bot.app`, which imports the tables: imports only point down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import discord

from bot.db import Database
from bot.faces.emojis import CardFaces
from bot.settings import Settings
from bot.tables.records import Game
from bot.tables.registry import GameCatalog


class TableHost(Protocol):
    settings: Settings
    games: GameCatalog
    card_faces: CardFaces

    @property
    def db(self) -> Database: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    def serves_guild(self, guild_id: int) -> bool: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None: ...

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...


class TableActions(Protocol):
    """The click handlers of `TableService` that the dynamic items call, and the lobby steps of
    the `/play` commands."""

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game_key: str,
        options: dict[str, Any],
    ) -> Game: ...

    async def lobby_message(self, game: Game) -> dict[str, Any]: ...

    async def set_lobby_message(self, game_id: int, message_id: int) -> None: ...

    async def lobby_click(
        self, interaction: discord.Interaction[Any], game_id: int, op: str
    ) -> None: ...

    async def turn_time_click(
        self, interaction: discord.Interaction[Any], game_id: int, value: str
    ) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def back(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def play_again(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def answer_cancel(
        self, interaction: discord.Interaction[Any], game_id: int, asker_id: int, answer: str
    ) -> None: ...

    async def step(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat_number: int,
        version: int,
        payload: str,
        values: Sequence[str],
    ) -> None: ...

    async def move(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat_number: int,
        version: int,
        refs: Sequence[str],
    ) -> None: ...


class TableClient(Protocol):
    tables: TableActions
