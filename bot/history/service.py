"""What `/history`, the replay buttons and the share button do, driven by one interaction each.

Every answer is ephemeral (the history and a replay are the asking member's), except a shared
step, which goes to the channel through the table publisher's per-channel outbox, so that it
waits its turn within the channel's rate limit like every other message of the bot there.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

import discord

from bot.db import Database
from bot.faces.emojis import CardFaces
from bot.guild_settings import public_locale
from bot.history.components import HistoryRequest
from bot.history.records import PastGame, history_page, past_game, replay_source
from bot.history.render import history_message, replay_message, shared_message
from bot.history.timeline import Timeline, TimelineCache
from bot.i18n import Texts, interaction_locale
from bot.tables.errors import TableError
from bot.tables.registry import GameCatalog
from bot.tables.ui import GameUI
from games.core.errors import RuleError

log = logging.getLogger(__name__)


class HistoryHost(Protocol):
    """What the history needs from the bot: its database, the games it offers and its card
    faces (a replay shows the cards as the live table did)."""

    games: GameCatalog
    card_faces: CardFaces

    @property
    def db(self) -> Database: ...


class ChannelPost(Protocol):
    """Posts a message in a channel through that channel's outbox (the table publisher's)."""

    async def __call__(self, channel_id: int, **message: Any) -> None: ...


class History:
    def __init__(self, host: HistoryHost, post_in: ChannelPost) -> None:
        self.host = host
        self.post_in = post_in
        self.timelines = TimelineCache()

    async def show_page(
        self, interaction: discord.Interaction[Any], request: HistoryRequest, *, edit: bool
    ) -> None:
        """A page of the server's history: a new ephemeral message, or the clicked one
        redrawn."""
        guild_id = _guild(interaction)
        tr = Texts(interaction_locale(interaction))
        page = await history_page(
            self.host.db, guild_id, request.page, request.game_key, request.member_id
        )
        message = history_message(page, request, tr)
        if edit:
            await interaction.response.edit_message(**message)
        else:
            await interaction.response.send_message(ephemeral=True, **message)

    async def open_replay(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """A new ephemeral replay of the game, at its start."""
        tr = Texts(interaction_locale(interaction))
        game, timeline, ui = await self._replay(interaction, game_id, tr, ephemeral=True)
        message = replay_message(
            game, timeline, timeline.step(0), ui, tr, self.host.card_faces
        )
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **message)
        else:
            await interaction.response.send_message(ephemeral=True, **message)

    async def step(self, interaction: discord.Interaction[Any], game_id: int, number: int) -> None:
        """The clicked replay, redrawn at step `number`."""
        tr = Texts(interaction_locale(interaction))
        game, timeline, ui = await self._replay(interaction, game_id, tr, ephemeral=False)
        message = replay_message(
            game, timeline, timeline.step(number), ui, tr, self.host.card_faces
        )
        if interaction.response.is_done():
            await interaction.edit_original_response(**message)
        else:
            await interaction.response.edit_message(**message)

    async def share(self, interaction: discord.Interaction[Any], game_id: int, number: int) -> None:
        """Post the replay's step in the channel, in the server's language, once per click."""
        tr = Texts(interaction_locale(interaction))
        guild_id = _guild(interaction)
        channel_id = interaction.channel_id
        if channel_id is None:
            raise TableError("guild_only")
        game, timeline, ui = await self._replay(interaction, game_id, tr, ephemeral=True)
        public = Texts(await public_locale(self.host.db, interaction.guild, guild_id))
        step = timeline.step(number)
        message = shared_message(
            game, timeline, step, ui, interaction.user.id, public, self.host.card_faces
        )
        await self.post_in(channel_id, **message)
        done = tr("history.share_done", step=step.number)
        if interaction.response.is_done():
            await interaction.followup.send(done, ephemeral=True)
        else:
            await interaction.response.send_message(done, ephemeral=True)

    async def _replay(
        self, interaction: discord.Interaction[Any], game_id: int, tr: Texts, *, ephemeral: bool
    ) -> tuple[PastGame, Timeline, GameUI[Any]]:
        """The ended game of this server, its rebuilt timeline and its UI. A game not in the
        cache is rebuilt off the event loop, after deferring the interaction (a long game takes
        a moment); `ephemeral` says how a new answer will be sent."""
        guild_id = _guild(interaction)
        game = await past_game(self.host.db, guild_id, game_id)
        if game is None:
            raise TableError("no_replay", tr("history.error.no_replay", id=game_id))
        found = self.host.games.playable(game.game_key)
        if found is None:
            raise TableError("coming_soon")
        engine, ui = found
        timeline = self.timelines.get(game_id)
        if timeline is None:
            source = await replay_source(self.host.db, guild_id, game_id)
            assert source is not None
            if ephemeral:
                await interaction.response.defer(ephemeral=True, thinking=True)
            else:
                await interaction.response.defer()
            try:
                timeline = await asyncio.to_thread(
                    Timeline,
                    engine,
                    source.config,
                    len(game.seats),
                    source.seed,
                    source.actions,
                    ui.round_of,
                )
            except (RuleError, ValueError) as error:
                # The engine no longer accepts this log (its rules or models changed since the
                # game was played): say so rather than show a step it never reached.
                log.warning("game %s no longer replays: %s", game_id, error)
                raise TableError("unreplayable", tr("history.error.unreplayable")) from error
            self.timelines.put(game_id, timeline)
        return game, timeline, ui


def _guild(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise TableError("guild_only")
    return interaction.guild_id
