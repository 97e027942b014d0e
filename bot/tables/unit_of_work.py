"""The one way a game changes: take the game's lock, load it, apply the change, save it once,
release the lock, then arm its timer and hand the change to publishing.

One transaction holds everything the change stores: the game and its seats, the action (logged),
its results when it ended, its next wake-up (`Game.wake_at`) and what the table's post must find
stored (`Publishing.prepare`). Nothing under the lock waits on Discord; the person who acted is
answered (`reply`) and publishing talks to Discord once it is released, in the order in which the
game's changes were saved, so that what Discord shows always ends on the latest state.

The lock only covers this process: between processes, the save itself checks the game's revision
(`records.save_change`), and the loser of that race gets `StaleGame`, with nothing stored.

Each open game is kept in memory as this process last read or saved it (a private copy, without
its parsed state), and a change or a read starts from that copy rather than from the database: a
click then makes one trip to the database (its save), or none (a hand opened). Another process
may have changed the game meanwhile (two processes serve a server for a moment, during a rolling
restart); the save of a change worked out on such a copy is refused by the revision check, and
the change is then worked out again on the game as stored. A read from such a copy shows the game
as this process last knew it, until its next change.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot.clock import now
from bot.db import Database
from bot.settings import Settings
from bot.tables.changes import Change, Publishing
from bot.tables.deadline_queue import DeadlineQueue
from bot.tables.errors import TableError
from bot.tables.locks import LockTable
from bot.tables.records import (
    Game,
    GameStatus,
    LoggedRow,
    StaleGame,
    load_actions,
    load_game,
    save_change,
)
from bot.tables.registry import GameCatalog
from bot.tables.replay import replay
from bot.tables.timers import plan
from bot.tables.turns import Running
from bot.tables.ui import GameUI
from games.core.base import Engine

log = logging.getLogger(__name__)

Apply = Callable[[Game], Change | None]
"""A change, worked out on the game freshly loaded under its lock: None when it changes nothing
(a refusal raises `TableError` instead)."""

Reply = Callable[[], Awaitable[None]]


class UnitOfWork:
    def __init__(
        self,
        db: Callable[[], Database],
        games: GameCatalog,
        settings: Settings,
        publishing: Publishing,
        timers: DeadlineQueue,
    ) -> None:
        self._db = db
        self.games = games
        self.settings = settings
        self.publishing = publishing
        self.timers = timers
        self.locks = LockTable()
        self._published: dict[int, asyncio.Future[None]] = {}
        """By game, the publishing of its latest saved change: the next one waits for it."""
        self._kept: dict[int, Game] = {}
        """By open game, the game as this process last read or saved it (see the module's
        docstring); never handed out itself, only copies."""

    @property
    def db(self) -> Database:
        return self._db()

    async def run(
        self,
        game_id: int,
        apply: Apply,
        *,
        reply: Reply | None = None,
        wanted: Callable[[], bool] | None = None,
    ) -> Change | None:
        """Run one change of `game_id`; `reply` answers whoever caused it once the lock is
        released (also when nothing changed), `wanted` is asked under the lock whether the change
        is still to be made (a timer that another replaced)."""
        async with self.locks.lock(game_id):
            if wanted is not None and not wanted():
                return None
            change = await self._change(game_id, apply)
            if change is not None:
                turn = self._take_turn(game_id)
        if change is None:
            if reply is not None:
                await reply()
            return None
        failed: Exception | None = None
        try:
            self.arm(change.game)
            if reply is not None:
                try:
                    await reply()
                except Exception as error:
                    # The change is saved: it is shown all the same, then the error reported.
                    failed = error
            await turn.wait_for_previous()
            await self.publishing.publish(change)
        finally:
            turn.done()
        if failed is not None:
            raise failed
        return change

    async def _change(self, game_id: int, apply: Apply) -> Change | None:
        """Apply and save, under the game's lock; once more on the game as stored when the copy
        kept in memory was made old by another process (its save refused)."""
        from_memory = game_id in self._kept
        while True:
            game = await self.load(game_id)
            self.publishing.recall(game)
            change = apply(game)
            if change is None:
                return None
            try:
                await self.save(change)
            except StaleGame:
                self.forget(game_id)
                if not from_memory:
                    raise
                from_memory = False
                continue
            return change

    def forget(self, game_id: int) -> None:
        """Read the game from the database next time (it was changed outside a unit of work)."""
        self._kept.pop(game_id, None)

    def _keep(self, game: Game) -> None:
        if game.is_open:
            self._kept[game.id] = _copied(game)
        else:
            self._kept.pop(game.id, None)

    async def save(self, change: Change) -> None:
        """Plan the game's next wake-up, let publishing note what the change's post needs, and
        store it all in one transaction; `StaleGame` when another process saved the game since
        it was loaded (nothing is stored then)."""
        game = change.game
        moment = now()
        plan(change.running, game, moment, self.settings.computer_delay_seconds)
        await self.publishing.prepare(change)
        logged = change.logged
        if logged is None:
            await save_change(self.db, game)
            self._keep(game)
            return
        seq = game.action_count
        game.action_count += 1
        row = LoggedRow(
            seq,
            logged.seat,
            logged.actor,
            logged.action.model_dump_json(),
            json.dumps([event.model_dump(mode="json") for event in logged.events]),
            logged.at,
        )
        try:
            # The game's UPDATE first: its revision check is what refuses a second process
            # that holds an older copy (it then gets `StaleGame`, the usual "out of date"
            # answer), and with it the action's entry and the results.
            await save_change(self.db, game, row, logged.result)
        except BaseException:
            game.action_count = seq
            raise
        self._keep(game)

    def arm(self, game: Game) -> None:
        """Wake the game for its next computer move, reminder or timeout, as saved."""
        if game.status is GameStatus.RUNNING and game.wake_at is not None:
            self.timers.arm_at(game.id, game.wake_at)
        else:
            self.timers.stop(game.id)

    def _take_turn(self, game_id: int) -> _Turn:
        """A place in the line of the game's publishing, taken under the lock right after the
        save: changes are published in the order in which they were saved."""
        previous = self._published.get(game_id)
        mine: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._published[game_id] = mine
        return _Turn(self._published, game_id, previous, mine)

    async def load(self, game_id: int) -> Game:
        """The game as stored (as kept in memory, see the module's docstring); a running game
        whose snapshot no longer loads (an engine upgrade changed its state model, a damaged row)
        is first rebuilt from its seed and action log, and the rebuilt snapshot saved so later
        loads are fast again (once per such game, in a transaction of its own)."""
        kept = self._kept.get(game_id)
        if kept is not None:
            game = _copied(kept)
        else:
            found = await load_game(self.db, game_id)
            if found is None:
                raise TableError("no_game")
            game = found
        if game.status is GameStatus.RUNNING and game.state is not None:
            playable = self.games.playable(game.game_key)
            if playable is not None:
                engine = playable[0]
                try:
                    game.parsed = (game.state, engine.load_state(game.state))
                except ValueError:
                    await self._rebuild(game)
        if kept is None:
            self._keep(game)
        return game

    async def _rebuild(self, game: Game) -> None:
        log.warning("game %s: snapshot unreadable, replaying its action log", game.id)
        engine, _ = self.engine_ui(game.game_key)
        actions = await load_actions(self.db, game.id)
        state = replay(engine, game.config, len(game.seats), game.seed, actions)
        game.state = state.model_dump_json()
        game.parsed = (game.state, state)
        try:
            await save_change(self.db, game)
        except StaleGame:
            log.info("game %s: rebuilt elsewhere meanwhile", game.id)

    def engine_ui(self, key: str) -> tuple[Engine, GameUI[Any]]:
        found = self.games.playable(key)
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


class _Turn:
    def __init__(
        self,
        line: dict[int, asyncio.Future[None]],
        game_id: int,
        previous: asyncio.Future[None] | None,
        mine: asyncio.Future[None],
    ) -> None:
        self._line, self._game_id, self._previous, self._mine = line, game_id, previous, mine

    async def wait_for_previous(self) -> None:
        if self._previous is not None:
            await asyncio.shield(self._previous)

    def done(self) -> None:
        self._mine.set_result(None)
        if self._line.get(self._game_id) is self._mine:
            del self._line[self._game_id]


def _copied(game: Game) -> Game:
    """A copy of `game` that changes to the other leave alone (its seats are changed in place),
    without its parsed state (the engine's state is parsed again from the snapshot)."""
    return replace(
        game,
        options=dict(game.options),
        seats=[replace(seat) for seat in game.seats],
        stored_seats=game.stored_seats,
        parsed=None,
    )
