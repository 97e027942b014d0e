"""The table service: the one place that runs a game for any engine, driven by plain values
(who, which game, which action, which locale).

Every change to a game goes through one unit of work (`bot.tables.unit_of_work`): a person's
action (`act`), a computer's move, a timeout or a reminder (the game's timer, `_on_wake`), a
lobby change, a cancel. The front end passes in how to answer the person who acted (`reply`) and
gets its changes through `Publishing` (on Discord, `bot.tables.publishing`; the Discord
interactions are turned into these calls by `bot.tables.interactions`). A test, a replay or
another front end drives a table the same way, without Discord.

Game cogs plug in through `bot.tables.ui.GameUI` (see its docstring); everything here is generic
over the engine contract `games.core.base.BaseEngine`.
"""

from __future__ import annotations

import itertools
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.clock import now
from bot.db import Database, IntegrityError
from bot.guild_settings import get_guild_settings
from bot.i18n import Texts
from bot.settings import Settings
from bot.tables.applying import apply_action
from bot.tables.changes import Change, Notice, Publishing
from bot.tables.clicks import Control, HandShown, clicker_seat, read_click
from bot.tables.components import TURN_CHOICES, LobbyOp
from bot.tables.deadline_queue import DeadlineQueue, Wakeup
from bot.tables.errors import TableError
from bot.tables.lobby_rules import (
    LOBBY_SEND_WINDOW,
    add_computer,
    adopt_lobby_message,
    can_start,
    join,
    leave_lobby,
    may_cancel,
    remove_computer,
    require_host,
)
from bot.tables.presenting import player_seat
from bot.tables.records import (
    Actor,
    Game,
    GameStatus,
    Seat,
    StaleGame,
    insert_game,
    last_game_in,
    open_game_in,
    save_game,
)
from bot.tables.recovery import recover
from bot.tables.registry import GameCatalog
from bot.tables.timers import due, plan
from bot.tables.turns import Running, record_own_move, refresh_turns
from bot.tables.unit_of_work import UnitOfWork
from games.core.errors import RuleError

log = logging.getLogger(__name__)

Reply = Callable[[], Awaitable[None]]


@dataclass(frozen=True)
class Lobby:
    """Who clicked a lobby control, and on which lobby message."""

    user_id: int
    name: str
    message_id: int | None = None
    manager: bool = False


class TableService:
    def __init__(
        self,
        db: Callable[[], Database],
        games: GameCatalog,
        settings: Settings,
        publishing: Publishing,
    ) -> None:
        self.games = games
        self.settings = settings
        self.publishing = publishing
        self.timers = DeadlineQueue(self._on_wake, "game")
        self._dealt = itertools.count()
        self.work = UnitOfWork(db, games, settings, publishing, self.timers)

    @property
    def db(self) -> Database:
        return self.work.db

    def close(self) -> None:
        """Stop waking games and showing them (the bot stops; another process or a restart
        takes over what is due)."""
        self.timers.close()
        self.publishing.close()

    async def shut_down(self) -> None:
        """Close cleanly: stop, and store what publishing still holds in memory."""
        self.timers.close()
        await self.publishing.shut_down()

    async def recover(self) -> int:
        """Re-arm the timers of the running games this process serves; their number."""
        return await recover(self.db, self.settings, self.timers)

    # Reading

    async def game_in(self, place_id: int) -> Game | None:
        """The lobby or running game of a channel or thread (the talk rule uses this too)."""
        return await open_game_in(self.db, place_id)

    async def last_game_in(self, guild_id: int, place_id: int) -> Game | None:
        return await last_game_in(self.db, guild_id, place_id)

    async def load(self, game_id: int) -> Game:
        """The game as stored."""
        return await self.work.load(game_id)

    async def hand(self, game_id: int, user_id: int) -> HandShown:
        """A member's hand, as stored: a change is saved in one transaction, so no lock is
        needed to see it whole."""
        game = await self.work.load(game_id)
        seat = player_seat(game, user_id)
        return HandShown(self.work.running(game), seat)

    def running(self, game: Game) -> Running | None:
        return self.work.running(game) if game.status is GameStatus.RUNNING else None

    # Lobbies

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game_key: str,
        options: dict[str, Any],
        seats: list[Seat] | None = None,
        turn_seconds: int | None = None,
    ) -> Game:
        """A new lobby with the host in seat 1 (or the given `seats`, the host among them);
        refused while the place has an open game, unless that game is a lobby nobody can see
        (`_unseen`), which the new one replaces."""
        engine, ui = self.work.engine_ui(game_key)
        busy = await open_game_in(self.db, channel_id)
        if busy is not None and not await self._unseen(busy):
            raise TableError("place_busy")
        try:
            config = ui.make_config(engine, options)
        except ValueError as error:
            raise TableError("bad_options") from error
        settings = await get_guild_settings(self.db, guild_id)
        game = Game(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            place_id=channel_id,
            game_key=game_key,
            options=options,
            config=config.model_dump_json(),
            seed=self._new_seed(),
            status=GameStatus.LOBBY,
            host_id=host_id,
            turn_seconds=turn_seconds or settings.turn_seconds or self.settings.turn_seconds,
            created_at=now(),
            seats=seats or [Seat(0, host_id, host_name)],
        )
        try:
            async with self.db.transaction() as conn:
                if busy is not None:
                    busy.cancel(now())
                    await save_game(conn, busy)
                await insert_game(conn, game)
        except IntegrityError as error:
            raise TableError("place_busy") from error
        finally:
            if busy is not None:
                self.work.forget(busy.id)
        return game

    def _new_seed(self) -> int:
        """A new game's seed: random, unless the settings fix the deals (`DEAL_SEED`, for tests
        and demonstrations)."""
        if self.settings.deal_seed is None:
            return secrets.randbits(62)
        return self.settings.deal_seed + self.settings.deal_seed_step * next(self._dealt)

    async def _unseen(self, game: Game) -> bool:
        """A lobby whose message nobody can see: the bot stopped after storing it but before
        sending its message (or before storing the message's id, see `adopt_lobby_message`), or
        someone deleted the message. Its host got "the application did not respond" or saw it
        go, and does what a player would: `/play` again. Nobody else can be waiting in it, as
        joining takes its buttons, so a new `/play` replaces it rather than being refused, and
        recovery leaves lobbies alone: a lobby posted again hours later would surprise more
        than it helps."""
        if game.status is not GameStatus.LOBBY:
            return False
        if game.lobby_message_id is None:
            return now() - game.created_at > LOBBY_SEND_WINDOW
        return not await self.publishing.lobby_seen(game)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        def apply(game: Game) -> Change:
            game.lobby_message_id = message_id
            return Change(game)

        await self.work.run(game_id, apply)

    async def play_again(self, game_id: int, user_id: int, name: str) -> Game:
        """"Play again" under a finished game: a new lobby in the game's channel, with its seats
        (people and computers, in their order) and options, hosted by whoever pressed; people
        who do not want another game leave it as any lobby."""
        old = await self.work.load(game_id)
        if old.status is not GameStatus.FINISHED:
            raise TableError("not_finished")
        if old.seat_of(user_id) is None:
            raise TableError("not_playing")
        return await self.create_lobby(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_id=user_id,
            host_name=name,
            game_key=old.game_key,
            options=old.options,
            seats=[Seat(seat.seat, seat.user_id, seat.name) for seat in old.seats],
            turn_seconds=old.turn_seconds,
        )

    async def lobby(self, game_id: int, op: LobbyOp, who: Lobby) -> None:
        """A lobby button other than Start (`start`)."""

        def apply(game: Game) -> Change:
            adopt_lobby_message(game, who.message_id)
            if op == "cancel":
                may_cancel(game, who.user_id, who.manager)
                return self._cancel(game)
            if game.status is not GameStatus.LOBBY:
                raise TableError("lobby_closed")
            engine, _ = self.work.engine_ui(game.game_key)
            if op == "leave":
                leave_lobby(game, who.user_id, now())
            elif op == "join":
                join(game, engine, who.user_id, who.name)
            elif op == "add":
                add_computer(game, engine, who.user_id)
            elif op == "remove":
                remove_computer(game, who.user_id)
            return Change(game, lobby=True)

        await self.work.run(game_id, apply)

    async def can_start(self, game_id: int, user_id: int) -> Game:
        """The lobby as stored, when `user_id` may start it now (a front end checks before it
        opens the game's thread); a refusal otherwise."""
        game = await self.work.load(game_id)
        engine, _ = self.work.engine_ui(game.game_key)
        can_start(game, engine, user_id)
        return game

    async def start(
        self, game_id: int, who: Lobby, place_id: int | None = None
    ) -> None:
        """Start the game, played in `place_id` (its thread) when the front end opened one."""

        def apply(game: Game) -> Change:
            adopt_lobby_message(game, who.message_id)
            engine, ui = self.work.engine_ui(game.game_key)
            can_start(game, engine, who.user_id)
            config = engine.config_model.model_validate_json(game.config)
            state, events = engine.new_game(config, len(game.seats), game.seed)
            if place_id is not None:
                game.thread_id = game.place_id = place_id
            game.status = GameStatus.RUNNING
            game.started_at = now()
            game.state = state.model_dump_json()
            running = Running(game, engine, ui, state)
            refresh_turns(running, previous_to_act=[], moment=now())
            change = Change(game, running, ping=running.to_act(), table=True, lobby=True)
            change.events = list(events)
            return change

        await self.work.run(game_id, apply)

    async def set_turn_time(self, game_id: int, value: str, who: Lobby) -> None:
        """The lobby's turn-time menu. `value` is whatever the client sent: only the choices the
        menu offers (and the lobby's current time) are accepted, never a forged number."""

        def apply(game: Game) -> Change:
            adopt_lobby_message(game, who.message_id)
            if game.status is not GameStatus.LOBBY:
                raise TableError("lobby_closed")
            require_host(game, who.user_id)
            offered = {str(seconds) for seconds in (*TURN_CHOICES, game.turn_seconds)}
            if value not in offered:
                raise TableError("bad_turn_time")
            game.turn_seconds = int(value)
            return Change(game, lobby=True)

        await self.work.run(game_id, apply)

    async def can_cancel(self, game_id: int, user_id: int, manager: bool) -> Game:
        """The game as stored, when `user_id` may cancel it (a front end asks to confirm
        first); a refusal otherwise."""
        game = await self.work.load(game_id)
        may_cancel(game, user_id, manager)
        return game

    async def cancel(self, game_id: int, user_id: int, manager: bool) -> None:
        """`/game cancel`, confirmed: the host, or anyone with Manage Server."""

        def apply(game: Game) -> Change:
            may_cancel(game, user_id, manager)
            return self._cancel(game)

        await self.work.run(game_id, apply)

    def _cancel(self, game: Game) -> Change:
        """The game cancelled; a started one keeps its position, which its table shows."""
        running = self.work.running(game) if game.state is not None else None
        game.cancel(now())
        return Change(game, running, lobby=True)

    # Playing

    async def act(
        self,
        user_id: int,
        game_id: int,
        seat_number: int,
        version: int,
        control: Control,
        locale: str,
        reply: Callable[[HandShown], Awaitable[None]],
    ) -> None:
        """A click on a control of `user_id`'s hand, drawn for their seat at `version`: applied
        when it still means an action; an out-of-date control only draws the hand again.
        `reply` shows the member their hand afterwards."""
        tr = Texts(locale)
        shown: list[HandShown] = []

        def apply(game: Game) -> Change | None:
            seat = clicker_seat(game, user_id, seat_number)
            running = self.work.running(game)
            choice = read_click(running, seat, version, control, tr)
            if choice is None:
                shown.append(HandShown(running, seat, notice="table.stale"))
                return None
            if choice.action is None:
                shown.append(HandShown(running, seat, choice.ui_state))
                return None
            try:
                change = apply_action(running, seat.seat, choice.action, Actor.HUMAN, now())
            except RuleError as error:
                raise TableError("rule", running.ui.describe_error(error, tr)) from error
            shown.append(HandShown(running, seat, choice.ui_state))
            return change

        async def answer() -> None:
            # The last: a change worked out on a copy made old elsewhere is worked out again.
            await reply(shown[-1])

        try:
            await self.work.run(game_id, apply, reply=answer)
        except StaleGame:
            # Another process (a rolling restart, a change of shard count) applied a move to
            # this game since it was loaded: this click lost, nothing of it was stored.
            fresh = await self.work.load(game_id)
            seat = player_seat(fresh, user_id)
            await reply(HandShown(self.work.running(fresh), seat, notice="table.stale"))

    async def back(self, user_id: int, game_id: int, reply: Reply) -> None:
        """ "I'm back": the seat leaves autopilot and, when it must act, its player gets a fresh
        turn time."""

        def apply(game: Game) -> Change:
            seat = player_seat(game, user_id)
            if not seat.autopilot:
                raise TableError("not_on_autopilot")
            record_own_move(seat)
            running = self.work.running(game)
            refresh_turns(running, running.to_act(), now())
            return Change(game, running, table=True)

        await self.work.run(game_id, apply, reply=reply)

    async def leave(
        self, user_id: int, game_id: int, reply: Callable[[str], Awaitable[None]]
    ) -> None:
        """`/game leave`: frees a lobby seat, or hands a running seat to a computer player;
        `reply` gets what to tell the member (a catalog key)."""
        told: list[str] = []

        def apply(game: Game) -> Change:
            if game.status is GameStatus.LOBBY:
                leave_lobby(game, user_id, now())
                told.append("lobby.left")
                return Change(game, lobby=True)
            seat = player_seat(game, user_id)
            seat.user_id = seat.name = None
            seat.autopilot = seat.stand_in = False
            told.append("table.you_left")
            left = Notice("table.left", {"mention": f"<@{user_id}>", "n": seat.seat + 1})
            if not game.humans:
                change = self._cancel(game)
                change.notices.append(left)
                return change
            if user_id == game.host_id:
                game.host_id = game.humans[0].user_id or game.host_id
            running = self.work.running(game)
            refresh_turns(running, running.to_act(), now())
            return Change(game, running, notices=[left], table=True)

        async def answer() -> None:
            await reply(told[-1])

        await self.work.run(game_id, apply, reply=answer)

    # The game's timer

    async def _on_wake(self, game_id: int, wakeup: Wakeup) -> None:
        """The game's timer fired: what is due (`bot.tables.timers.due`), as one change."""
        idle: list[Game] = []

        def apply(game: Game) -> Change | None:
            if game.status is not GameStatus.RUNNING:
                return None
            try:
                running = self.work.running(game)
            except TableError:
                log.warning("game %s (%s) has no engine or UI loaded", game_id, game.game_key)
                return None
            change = due(running, now(), self.publishing.in_doubt(game))
            if change.shows_nothing:
                plan(running, game, now(), self.settings.computer_delay_seconds)
                idle.append(game)
                return None
            return change

        def wanted() -> bool:
            return self.timers.is_current(game_id, wakeup)

        try:
            await self.work.run(game_id, apply, wanted=wanted)
        except TableError as error:
            if not isinstance(error, StaleGame):
                self.timers.stop(game_id)
                return
            # Another process saved this game meanwhile (a rolling restart): it owns what was
            # due; the game is re-armed from what is stored now.
            log.info("game %s: changed elsewhere while a timer fired; re-arming", game_id)
            fresh = await self.work.load(game_id)
            plan(self.running(fresh), fresh, now(), self.settings.computer_delay_seconds)
            self.work.arm(fresh)
        if idle:
            self.work.arm(idle[0])
