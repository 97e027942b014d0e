"""What the tables' Discord side needs from the bot (the database, the registered games, the
settings and Discord's REST helpers), as a protocol. The bot class satisfies it structurally, so
nothing under `bot/tables/` imports `bot.app`, which imports the tables: imports only point down.
"""

from __future__ import annotations

from typing import Protocol

import discord

from bot.db import Database
from bot.faces.emojis import CardFaces
from bot.settings import Settings
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
