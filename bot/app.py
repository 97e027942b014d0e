"""The bot class and `create_bot`, which builds it without connecting.

`setup_hook` (run by discord.py after login, before the gateway connects) opens the database,
applies migrations, loads the cogs, registers the dynamic buttons, re-arms unfinished games and
syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import pkgutil
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.db import Database, open_database
from bot.faces.emojis import CardFaces
from bot.faces.upload import UploadReport, upload_faces
from bot.history.components import DYNAMIC_ITEMS as HISTORY_ITEMS
from bot.history.service import History
from bot.i18n.translator import CatalogTranslator
from bot.settings import Settings
from bot.tables import interactions
from bot.tables.components import DYNAMIC_ITEMS, Click
from bot.tables.publishing import DiscordPublishing
from bot.tables.registry import GameCatalog
from bot.tables.service import TableService

log = logging.getLogger(__name__)


def default_extensions() -> list[str]:
    """Every module of the `cogs` package: a new cog is picked up by adding its file.

    The package is found by name, like discord.py loads an extension, rather than imported:
    imports point down (cogs → bot → games), and the cogs import the bot."""
    spec = importlib.util.find_spec("cogs")
    if spec is None or spec.submodule_search_locations is None:
        raise RuntimeError("the cogs package is not installed beside the bot")
    locations = list(spec.submodule_search_locations)
    return [f"cogs.{module.name}" for module in pkgutil.iter_modules(locations)]


def _is_game_cog(name: str) -> bool:
    """A game's cog is a package (`cogs/<game>/`); the shared commands are single modules."""
    spec = importlib.util.find_spec(name)
    return spec is not None and spec.submodule_search_locations is not None


class CardTableBot(commands.AutoShardedBot):
    def __init__(
        self, settings: Settings, extensions: Sequence[str], *, message_content: bool = True
    ) -> None:
        """`message_content=False` runs without that privileged intent, for a bot whose owner
        has not enabled it: everything works except The Game's talk rule on messages."""
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = settings.shard_ids
        # The bot has no voice features: discord.py's warnings about missing voice libraries
        # would only puzzle whoever reads the start-up log.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.default()
        intents.message_content = message_content
        intents.members = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            **shards,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            # No cache of messages: discord.py keeps the last 1000 received (every table, lobby
            # and notice the bot posts comes back to it), about 3 KB each, and scans them at
            # every message update and deletion, thousands a minute at scale, while nothing
            # here reads them back (interactions carry their message; The Game's talk rule
            # keeps the little it needs itself).
            max_messages=None,
        )
        self.settings = settings
        self.extension_names = list(extensions)
        self.games = GameCatalog()
        self.card_faces = CardFaces()
        self.face_upload: asyncio.Task[UploadReport] | None = None
        self._db: Database | None = None
        self.publishing = DiscordPublishing(self)
        self.tables = TableService(lambda: self.db, self.games, settings, self.publishing)
        self.history = History(self, self.publishing.post_in)

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is opened in setup_hook")
        return self._db

    async def handle_table_click(
        self, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        """Every table control's click (`bot.tables.components`) reaches the tables here."""
        await interactions.handle(interaction, click)

    def serves_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard of `guild_id` (all of them unless split)."""
        if self.settings.shard_count is None or self.settings.shard_ids is None:
            return True
        return (guild_id >> 22) % self.settings.shard_count in self.settings.shard_ids

    async def setup_hook(self) -> None:
        self._db = await open_database(
            self.settings.database_path,
            self.settings.database_url,
            pool_size=self.settings.database_pool_size,
        )
        await self.tree.set_translator(CatalogTranslator())
        # Games first: the shared commands (`/play`, `/rules`, `/leaderboard`) list the games
        # registered when they load.
        for name in sorted(self.extension_names, key=lambda name: not _is_game_cog(name)):
            await self.load_extension(name)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *HISTORY_ITEMS)
        if self.settings.card_emojis:
            # In the background: a first start uploads every face, which Discord's rate limits
            # make slow; cards show as text until their face lands.
            self.face_upload = asyncio.create_task(self._upload_faces())
        recovered = await self.tables.recover()
        log.info("recovered %d running game(s)", recovered)
        if self.settings.sync_commands:
            await self._sync_commands()

    async def _upload_faces(self) -> UploadReport:
        faces = [face for ui in self.games.uis() for face in ui.faces]
        try:
            return await upload_faces(self, faces, self.card_faces)
        except discord.HTTPException as error:
            log.warning("could not list the application's emojis (%s); cards show as text", error)
            return UploadReport()

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if self.face_upload is not None:
            self.face_upload.cancel()
        if self._db is not None:
            await self.tables.shut_down()
        else:
            self.tables.close()
        await super().close()
        if self._db is not None:
            await self._db.close()
            self._db = None


def create_bot(
    settings: Settings, extensions: Sequence[str] | None = None, *, message_content: bool = True
) -> CardTableBot:
    """The bot, ready for `bot.start(token)` or a SimCord environment; nothing is opened yet."""
    return CardTableBot(
        settings,
        default_extensions() if extensions is None else extensions,
        message_content=message_content,
    )
