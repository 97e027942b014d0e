"""What every part of the table service shares: the host, the publisher, the per-game locks,
the wake-ups, and loading, saving and showing a game.

Every change to a game happens under that game's lock, on the game freshly loaded from the
database, and is saved before anything is shown. Clicks that arrive late (a double click, a
button from an earlier turn) find a changed seat version or game status and are refused politely,
changing nothing. The lock only covers this process: between processes, the save itself checks
the game's revision (`records.save_game`), and the loser of that race is refused the same way.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import discord

from bot.db import Database
from bot.i18n import Texts
from bot.tables.deadline_queue import DeadlineQueue, Wakeup
from bot.tables.errors import TableError
from bot.tables.host import TableHost
from bot.tables.locks import GameLock, LockTable
from bot.tables.publisher import TablePublisher
from bot.tables.records import Game, GameStatus, load_actions, load_game, save_game
from bot.tables.replay import replay
from bot.tables.turns import Running
from bot.tables.ui import GameUI
from games.core.engine import Engine

log = logging.getLogger(__name__)

WakeHandler = Callable[[int, Wakeup], Awaitable[None]]


class TableCore:
    def __init__(self, host: TableHost, on_wake: WakeHandler) -> None:
        self.host = host
        self.publisher = TablePublisher(host, self.lock, self.load)
        self.timers = DeadlineQueue(on_wake)
        self.locks = LockTable()

    @property
    def db(self) -> Database:
        return self.host.db

    def lock(self, game_id: int) -> GameLock:
        """The game's lock; it leaves the lock table when released with nobody waiting."""
        return self.locks.lock(game_id)

    @asynccontextmanager
    async def locked_for(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> AsyncIterator[None]:
        """The game's lock for an interaction that answers with a new ephemeral message. When
        another handler holds the lock (a computer move publishing its table, possibly slowed by
        rate limits), the interaction is deferred first: Discord drops answers after 3 seconds.
        The answer then goes out through `reply`, which sees the deferral."""
        if self.lock(game_id).locked() and not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        # Asked for again after the deferral: the lock seen before it may have been released and
        # left the lock table meanwhile.
        async with self.lock(game_id):
            yield

    @staticmethod
    async def reply(interaction: discord.Interaction[Any], **message: Any) -> int | None:
        """An ephemeral answer, as a follow-up when `locked_for` had to defer; the id of the
        message shown, when Discord tells it."""
        if interaction.response.is_done():
            sent = await interaction.followup.send(ephemeral=True, wait=True, **message)
            return sent.id
        callback = await interaction.response.send_message(ephemeral=True, **message)
        return callback.message_id

    async def public_texts(self, game: Game) -> Texts:
        return await self.publisher.texts(game)

    async def load(self, game_id: int) -> Game:
        """The game as stored; a running game whose snapshot no longer loads (an engine upgrade
        changed its state model, a damaged row) is first rebuilt from its seed and action log,
        and the rebuilt snapshot saved so later loads are fast again."""
        game = await load_game(self.db, game_id)
        if game is None:
            raise TableError("no_game")
        if game.status is GameStatus.RUNNING and game.state is not None:
            found = self.host.games.playable(game.game_key)
            if found is not None:
                try:
                    game.parsed = (game.state, found[0].load_state(game.state))
                except ValueError:
                    await self._rebuild(game)
        return game

    async def _rebuild(self, game: Game) -> None:
        log.warning("game %s: snapshot unreadable, replaying its action log", game.id)
        engine, _ = self.engine_ui(game.game_key)
        actions = await load_actions(self.db, game.id)
        state = replay(engine, game.config, len(game.seats), game.seed, actions)
        game.state = state.model_dump_json()
        await self.save(game)

    def engine_ui(self, key: str) -> tuple[Engine, GameUI[Any]]:
        found = self.host.games.playable(key)
        if found is None:
            raise TableError("coming_soon")
        return found

    def running(self, game: Game) -> Running:
        engine, ui = self.engine_ui(game.game_key)
        if game.state is None:
            raise TableError("not_running")
        if game.parsed is not None and game.parsed[0] is game.state:
            return Running(game, engine, ui, game.parsed[1])
        return Running(game, engine, ui, engine.load_state(game.state))

    async def save(self, game: Game) -> None:
        async with self.db.transaction() as conn:
            await save_game(conn, game)

    @contextmanager
    def showing(self, game: Game) -> Iterator[None]:
        """Around showing a change that is already saved (and its timer armed). Discord refusing
        it (a locked or deleted thread, a permission taken away, an outage) must neither stall
        the game nor tell the player that nothing changed: it is logged, and the next change
        shows the table again."""
        try:
            yield
        except discord.HTTPException:
            log.warning("game %s: Discord refused an update of the table", game.id, exc_info=True)

    async def cancelled(self, game: Game) -> None:
        """Show a cancelled game as such: the lobby without buttons, a notice at the table."""
        self.timers.stop(game.id)
        self.publisher.changed(game.id)
        with self.showing(game):
            await self.publisher.retire_reminders(game, [])
        engine, _ = self.engine_ui(game.game_key)
        with self.showing(game):
            await self.publisher.show_lobby(game, engine)
        if game.table_message_id is not None:
            tr = await self.public_texts(game)
            with self.showing(game):
                await self.publisher.hide_table_controls(game)
            with self.showing(game):
                await self.publisher.post(game, tr("table.cancelled"))
