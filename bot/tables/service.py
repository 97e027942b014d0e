"""The one place that runs a game for any engine: lobby, seats, turns, timers, recovery.

Every change to a game happens under that game's `asyncio.Lock`, on the game freshly loaded from
the database, and is saved before anything is shown; an accepted action is one transaction
(state, action log, seats, results). Clicks that arrive late (a double click, a button from an
earlier turn) find a changed seat version or game status and are refused politely, changing
nothing.

Cogs and buttons call the public methods; they take the interaction so that each can acknowledge
it at the right moment (within Discord's 3 seconds) and answer in the user's language.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

from bot.clock import now
from bot.db import Database
from bot.guild_settings import get_guild_settings
from bot.i18n import Texts, interaction_locale
from bot.tables import render
from bot.tables.components import TURN_CHOICES
from bot.tables.errors import TableError
from bot.tables.publisher import TablePublisher
from bot.tables.records import (
    Actor,
    Game,
    GameStatus,
    Seat,
    append_action,
    insert_game,
    load_actions,
    load_game,
    open_game_ids,
    open_game_in,
    record_results,
    save_game,
)
from bot.tables.replay import replay
from bot.tables.turns import (
    Running,
    computers_due,
    next_wake,
    record_own_move,
    record_timeout,
    refresh_turns,
)
from bot.tables.ui import GameUI, HandContext
from bot.tables.wakeups import Wakeup, Wakeups
from games.core.engine import Engine
from games.core.errors import RuleError

if TYPE_CHECKING:
    from bot.app import CardTableBot

log = logging.getLogger(__name__)

PREFERRED_POLICY = "heuristic"
"""The computer player used for empty seats and absent players, when the engine has it."""


class TableService:
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        self.publisher = TablePublisher(bot)
        self._locks: dict[int, asyncio.Lock] = {}
        self._wakeups = Wakeups(self._on_wake)

    # ------------------------------------------------------------------ basics

    @property
    def db(self) -> Database:
        return self.bot.db

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @asynccontextmanager
    async def _locked_for(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> AsyncIterator[None]:
        """The game's lock for an interaction that answers with a new ephemeral message. When
        another handler holds the lock (a computer move publishing its table, possibly slowed by
        rate limits), the interaction is deferred first: Discord drops answers after 3 seconds.
        The answer then goes out through `_reply`, which sees the deferral."""
        lock = self.lock(game_id)
        if lock.locked() and not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with lock:
            yield

    @staticmethod
    async def _reply(interaction: discord.Interaction[Any], **message: Any) -> None:
        """An ephemeral answer, as a follow-up when `_locked_for` had to defer."""
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **message)
        else:
            await interaction.response.send_message(ephemeral=True, **message)

    async def game_in(self, place_id: int) -> Game | None:
        """The lobby or running game of a channel or thread (the talk rule uses this too)."""
        return await open_game_in(self.db, place_id)

    async def public_texts(self, game: Game) -> Texts:
        return await self.publisher.texts(game)

    async def _load(self, game_id: int) -> Game:
        game = await load_game(self.db, game_id)
        if game is None:
            raise TableError("no_game")
        return game

    def _engine_ui(self, key: str) -> tuple[Engine, GameUI]:
        found = self.bot.games.playable(key)
        if found is None:
            raise TableError("coming_soon")
        return found

    def _running(self, game: Game) -> Running:
        engine, ui = self._engine_ui(game.game_key)
        if game.state is None:
            raise TableError("not_running")
        return Running(game, engine, ui, engine.load_state(game.state))

    async def _save(self, game: Game) -> None:
        async with self.db.transaction() as conn:
            await save_game(conn, game)

    @contextmanager
    def _showing(self, game: Game) -> Iterator[None]:
        """Around showing a change that is already saved (and its timer armed). Discord refusing
        it (a locked or deleted thread, a permission taken away, an outage) must neither stall
        the game nor tell the player that nothing changed: it is logged, and the next change
        shows the table again."""
        try:
            yield
        except discord.HTTPException:
            log.warning("game %s: Discord refused an update of the table", game.id, exc_info=True)

    # ------------------------------------------------------------------- lobby

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game_key: str,
        options: dict[str, Any],
    ) -> Game:
        """A new lobby with the host in seat 1; refused while the place has an open game."""
        engine, ui = self._engine_ui(game_key)
        if await open_game_in(self.db, channel_id) is not None:
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
            seed=secrets.randbits(62),
            status=GameStatus.LOBBY,
            host_id=host_id,
            turn_seconds=settings.turn_seconds or self.bot.settings.turn_seconds,
            created_at=now(),
            seats=[Seat(0, host_id, host_name)],
        )
        try:
            async with self.db.transaction() as conn:
                await insert_game(conn, game)
        except sqlite3.IntegrityError as error:
            raise TableError("place_busy") from error
        return game

    async def lobby_message(self, game: Game) -> dict[str, Any]:
        """The lobby's embed and buttons, in the server's language."""
        engine, _ = self._engine_ui(game.game_key)
        return self.publisher.lobby_message(game, engine, await self.public_texts(game))

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.lock(game_id):
            game = await self._load(game_id)
            game.lobby_message_id = message_id
            await self._save(game)

    async def lobby_click(
        self, interaction: discord.Interaction[Any], game_id: int, op: str
    ) -> None:
        """A lobby button. The click is acknowledged at once and the lobby message edited under
        the lock, so concurrent clicks can never leave an older seat list on screen."""
        await interaction.response.defer()
        user_id = interaction.user.id
        async with self.lock(game_id):
            game = await self._load(game_id)
            if op == "cancel":
                await self._cancel(game, user_id, bool(interaction.permissions.manage_guild))
                return
            if game.status is not GameStatus.LOBBY:
                raise TableError("lobby_closed")
            engine, _ = self._engine_ui(game.game_key)
            if op == "start":
                await self._start(game, engine, user_id, interaction.message)
                return
            if op == "leave" and self._leave_lobby(game, user_id):
                await self._save(game)
                await self._cancelled(game)
                return
            if op == "join":
                self._join(game, engine, user_id, interaction.user.display_name)
            elif op == "add":
                self._add_computer(game, engine, user_id)
            elif op == "remove":
                self._remove_computer(game, user_id)
            await self._save(game)
            with self._showing(game):
                await self.publisher.show_lobby(game, engine)

    async def turn_time_click(
        self, interaction: discord.Interaction[Any], game_id: int, value: str
    ) -> None:
        """The lobby's turn-time menu. `value` is whatever the client sent: only the choices the
        menu offers (and the lobby's current time) are accepted, never a forged number."""
        await interaction.response.defer()
        async with self.lock(game_id):
            game = await self._load(game_id)
            if game.status is not GameStatus.LOBBY:
                raise TableError("lobby_closed")
            self._require_host(game, interaction.user.id)
            engine, _ = self._engine_ui(game.game_key)
            offered = {str(seconds) for seconds in (*TURN_CHOICES, game.turn_seconds)}
            if value not in offered:
                raise TableError("bad_turn_time")
            game.turn_seconds = int(value)
            await self._save(game)
            with self._showing(game):
                await self.publisher.show_lobby(game, engine)

    @staticmethod
    def _require_host(game: Game, user_id: int) -> None:
        if user_id != game.host_id:
            raise TableError("host_only")

    @staticmethod
    def _renumber(game: Game) -> None:
        for number, seat in enumerate(game.seats):
            seat.seat = number

    @staticmethod
    def _join(game: Game, engine: Engine, user_id: int, name: str) -> None:
        if game.seat_of(user_id) is not None:
            raise TableError("already_seated")
        if len(game.seats) >= engine.max_players:
            raise TableError("table_full", max=engine.max_players)
        game.seats.append(Seat(len(game.seats), user_id, name))

    def _add_computer(self, game: Game, engine: Engine, user_id: int) -> None:
        self._require_host(game, user_id)
        if len(game.seats) >= engine.max_players:
            raise TableError("table_full", max=engine.max_players)
        game.seats.append(Seat(len(game.seats), None))

    def _remove_computer(self, game: Game, user_id: int) -> None:
        self._require_host(game, user_id)
        computers = [seat for seat in game.seats if seat.is_computer]
        if not computers:
            raise TableError("no_computer")
        game.seats.remove(computers[-1])
        self._renumber(game)

    def _leave_lobby(self, game: Game, user_id: int) -> bool:
        """Frees the seat; a leaving host passes the table to the next player. True when no
        human is left, which cancels the lobby."""
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        game.seats.remove(seat)
        self._renumber(game)
        humans = [seat.user_id for seat in game.seats if seat.user_id is not None]
        if not humans:
            game.status = GameStatus.CANCELLED
            game.ended_at = now()
            return True
        if user_id == game.host_id:
            game.host_id = humans[0]
        return False

    async def _start(
        self, game: Game, engine: Engine, user_id: int, lobby: discord.Message | None
    ) -> None:
        self._require_host(game, user_id)
        if len(game.seats) < engine.min_players:
            raise TableError("too_few_players", min=engine.min_players)
        _, ui = self._engine_ui(game.game_key)
        config = engine.config_model.model_validate_json(game.config)
        state = engine.new_game(config, len(game.seats), game.seed)
        thread = await self._open_thread(game, lobby)
        if thread is not None:
            game.thread_id = game.place_id = thread.id
        game.status = GameStatus.RUNNING
        game.started_at = now()
        game.state = state.model_dump_json()
        running = Running(game, engine, ui, state)
        refresh_turns(running, previous_to_act=[], moment=now())
        await self._save(game)
        self._arm(running)
        with self._showing(game):
            await self.publisher.show_lobby(game, engine)
        with self._showing(game):
            await self.publisher.show_table(running, [], ping=running.to_act())

    async def _open_thread(
        self, game: Game, lobby: discord.Message | None
    ) -> discord.Thread | None:
        """A public thread from the lobby message when the bot may create one and post in it."""
        channel = self.bot.get_channel(game.channel_id)
        if lobby is None or not isinstance(channel, discord.TextChannel):
            return None
        permissions = channel.permissions_for(channel.guild.me)
        if not (permissions.create_public_threads and permissions.send_messages_in_threads):
            return None
        tr = await self.public_texts(game)
        name = tr("table.thread_name", game=render.game_name(game.game_key, tr), id=game.id)
        try:
            return await lobby.create_thread(name=name[:100])
        except discord.HTTPException:
            log.warning("could not open a thread for game %s; playing in the channel", game.id)
            return None

    # ------------------------------------------------------------------ cancel

    async def cancel(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """`/game cancel`: the host, or anyone with Manage Server."""
        manager = bool(interaction.permissions.manage_guild)
        async with self.lock(game_id):
            await self._cancel(await self._load(game_id), interaction.user.id, manager)

    async def _cancel(self, game: Game, user_id: int, manager: bool) -> None:
        if not game.is_open:
            raise TableError("game_over")
        if user_id != game.host_id and not manager:
            raise TableError("cancel_forbidden")
        game.status = GameStatus.CANCELLED
        game.ended_at = now()
        for seat in game.seats:
            seat.deadline = None
        await self._save(game)
        await self._cancelled(game)

    async def _cancelled(self, game: Game) -> None:
        """Show a cancelled game as such: the lobby without buttons, a notice at the table."""
        self._wakeups.stop(game.id)
        engine, _ = self._engine_ui(game.game_key)
        with self._showing(game):
            await self.publisher.show_lobby(game, engine)
        if game.table_message_id is not None:
            tr = await self.public_texts(game)
            with self._showing(game):
                await self.publisher.edit_table(game, view=None)
            with self._showing(game):
                await self.publisher.post(game, tr("table.cancelled"))

    # -------------------------------------------------------------------- play

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Open (or reopen) the player's hand as an ephemeral message with its controls. Under the
        lock, so that the hand never mixes a move being saved with the one before."""
        tr = Texts(interaction_locale(interaction))
        async with self._locked_for(interaction, game_id):
            game = await self._load(game_id)
            seat = self._player_seat(game, interaction.user.id)
            message = self._hand_message(self._running(game), seat, "", tr, notice=None)
        if message["view"] is None:
            del message["view"]
        await self._reply(interaction, **message)

    @staticmethod
    def _player_seat(game: Game, user_id: int) -> Seat:
        if game.status is not GameStatus.RUNNING:
            raise TableError("not_running" if game.status is GameStatus.LOBBY else "game_over")
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError("not_playing")
        return seat

    def _hand_context(self, running: Running, seat: int, ui_state: str, tr: Texts) -> HandContext:
        return HandContext(
            game_id=running.game.id,
            seat=seat,
            view=running.engine.view(running.state, seat),
            legal=running.engine.legal_actions(running.state, seat),
            seats=self.publisher.seat_infos(running.game, tr),
            to_act=running.to_act(),
            ui_state=ui_state,
            tr=tr,
        )

    def _hand_message(
        self, running: Running, seat: Seat, ui_state: str, tr: Texts, notice: str | None
    ) -> dict[str, Any]:
        """Content, embeds and view of a hand; `view` is None (which clears old controls when
        editing) when the UI offers no control."""
        ctx = self._hand_context(running, seat.seat, ui_state, tr)
        panel = running.ui.render_hand(ctx)
        header = [notice] if notice else []
        if seat.seat in ctx.to_act and seat.deadline is not None and not seat.computer_plays:
            header.append(tr("table.your_turn", deadline=f"<t:{int(seat.deadline)}:R>"))
        return {
            "content": render.framed_content(panel, header),
            "embeds": panel.embeds,
            "view": render.hand_view(running.game.id, seat.seat, seat.version, panel),
        }

    async def act(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat_number: int,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        """A click on a hand control. An out-of-date control only refreshes the hand."""
        await interaction.response.defer()
        tr = Texts(interaction_locale(interaction))
        async with self.lock(game_id):
            game = await self._load(game_id)
            seat = self._player_seat(game, interaction.user.id)
            if seat.seat != seat_number:
                raise TableError("not_your_seat")
            running = self._running(game)
            if seat.version != version:
                stale = self._hand_message(running, seat, "", tr, notice=tr("table.stale"))
                await interaction.edit_original_response(**stale)
                return
            try:
                choice = running.ui.choose(
                    self._hand_context(running, seat.seat, "", tr), payload, values
                )
                if choice.action is None:
                    shown = self._hand_message(running, seat, choice.ui_state, tr, notice=None)
                    await interaction.edit_original_response(**shown)
                    return
                events, newly = await self._apply(running, seat.seat, choice.action, Actor.HUMAN)
            except RuleError as error:
                raise TableError("rule", running.ui.describe_error(error, tr)) from error
            shown = self._hand_message(running, seat, choice.ui_state, tr, notice=None)
            with self._showing(game):
                await interaction.edit_original_response(**shown)
            await self._after_action(running, events, newly)

    async def back(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """ "I'm back": the seat leaves autopilot and its player gets a fresh turn time."""
        tr = Texts(interaction_locale(interaction))
        async with self._locked_for(interaction, game_id):
            game = await self._load(game_id)
            seat = self._player_seat(game, interaction.user.id)
            if not seat.autopilot:
                raise TableError("not_on_autopilot")
            record_own_move(seat)
            if seat.deadline is not None:
                seat.deadline = now() + game.turn_seconds
                seat.reminded = False
            await self._save(game)
            await self._reply(interaction, content=tr("table.welcome_back"))
            running = self._running(game)
            self._arm(running)
            with self._showing(game):
                await self.publisher.show_table(running, [], ping=[])

    async def leave(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """`/game leave`: frees a lobby seat, or hands a running seat to a computer player."""
        tr = Texts(interaction_locale(interaction))
        user_id = interaction.user.id
        async with self._locked_for(interaction, game_id):
            game = await self._load(game_id)
            engine, _ = self._engine_ui(game.game_key)
            if game.status is GameStatus.LOBBY:
                cancelled = self._leave_lobby(game, user_id)
                await self._save(game)
                await self._reply(interaction, content=tr("lobby.left"))
                if cancelled:
                    await self._cancelled(game)
                    return
                with self._showing(game):
                    await self.publisher.show_lobby(game, engine)
                return
            seat = self._player_seat(game, user_id)
            seat.user_id = seat.name = None
            seat.autopilot = seat.stand_in = False
            if not game.humans:
                game.status = GameStatus.CANCELLED
                game.ended_at = now()
            elif user_id == game.host_id:
                game.host_id = game.humans[0].user_id or game.host_id
            await self._save(game)
            await self._reply(interaction, content=tr("table.you_left"))
            running = self._running(game) if game.status is GameStatus.RUNNING else None
            if running is not None:
                self._arm(running)
            public = await self.public_texts(game)
            with self._showing(game):
                await self.publisher.post(
                    game, public("table.left", mention=f"<@{user_id}>", n=seat.seat + 1)
                )
            if running is None:
                await self._cancelled(game)
                return
            with self._showing(game):
                await self.publisher.show_table(running, [], ping=[])

    async def status_text(self, game: Game, tr: Texts) -> str:
        """`/game status`: the game, its seats and whose turn it is."""
        name = render.game_name(game.game_key, tr)
        lines = [tr("status.title", game=name, id=game.id, status=tr(f"status.{game.status}"))]
        seats = self.publisher.seat_infos(game, tr)
        for info in seats:
            suffix = " " + tr("status.on_autopilot") if info.autopilot else ""
            lines.append(render.seat_line(info, tr) + suffix)
        if game.status is GameStatus.RUNNING:
            lines.append(render.turn_line(game, seats, self._running(game).to_act(), tr))
        return "\n".join(line for line in lines if line)

    # ---------------------------------------------------------------- applying

    async def _apply(
        self, running: Running, seat_number: int, action: BaseModel, actor: Actor
    ) -> tuple[list[BaseModel], list[int]]:
        """Apply one action and save it in one transaction; a RuleError changes nothing.

        Returns the events and the seats that were not waiting before and must act now."""
        game, engine = running.game, running.engine
        previous = running.to_act()
        new_state, events = engine.apply(running.state, seat_number, action)
        if actor is Actor.HUMAN:
            record_own_move(game.seat(seat_number))
        moment = now()
        running.state = new_state
        game.state = new_state.model_dump_json()
        refresh_turns(running, previous, moment)
        if running.ui.ends_turn(events):
            game.seat(seat_number).stand_in = False
        result = engine.result(new_state)
        if result is not None:
            game.status = GameStatus.FINISHED
            game.ended_at = moment
            game.outcome = result.model_dump_json()
            for seat in game.seats:
                seat.deadline = None
        async with self.db.transaction() as conn:
            logged_events = json.dumps([event.model_dump(mode="json") for event in events])
            await append_action(
                conn, game, seat_number, actor, action.model_dump_json(), logged_events, moment
            )
            game.action_count += 1
            await save_game(conn, game)
            if result is not None:
                await record_results(conn, game, result)
        return list(events), [number for number in running.to_act() if number not in previous]

    async def _after_action(
        self, running: Running, events: list[BaseModel], newly_to_act: list[int]
    ) -> None:
        """Arm the game's next wake-up, then show the action at the table."""
        seats = running.game.seats
        ping = [number for number in newly_to_act if not seats[number].computer_plays]
        self._arm(running)
        with self._showing(running.game):
            await self.publisher.show_table(running, events, ping=ping)
        if running.game.status is GameStatus.FINISHED:
            with self._showing(running.game):
                await self.publisher.show_finish(running, events)

    # ------------------------------------------------------ timers and computers

    def _arm(self, running: Running) -> None:
        """Wake the game for its next computer move, reminder or timeout."""
        delay = next_wake(running, now(), self.bot.settings.computer_delay_seconds)
        self._wakeups.arm(running.game.id, delay)

    async def _on_wake(self, game_id: int, wakeup: Wakeup) -> None:
        async with self.lock(game_id):
            if not self._wakeups.is_current(game_id, wakeup):
                return
            game = await load_game(self.db, game_id)
            if game is None or game.status is not GameStatus.RUNNING:
                self._wakeups.stop(game_id)
                return
            await self._due(self._running(game))

    async def _due(self, running: Running) -> None:
        """Do what is due, in this order: a computer move, a timeout, reminders."""
        game = running.game
        waiting = [game.seat(number) for number in running.to_act()]
        computers = computers_due(running)
        if computers:
            await self._computer_move(running, computers[0])
            return
        moment = now()
        late = next((s for s in waiting if s.deadline is not None and s.deadline <= moment), None)
        if late is not None:
            await self._time_out(running, late)
            return
        reminders = [
            seat
            for seat in waiting
            if seat.deadline is not None
            and not seat.reminded
            and seat.deadline - game.turn_seconds / 2 <= moment
        ]
        for seat in reminders:
            seat.reminded = True
        if reminders:
            await self._save(game)
        self._arm(running)
        if reminders:
            tr = await self.public_texts(game)
            with self._showing(game):
                for seat in reminders:
                    deadline = f"<t:{int(seat.deadline or moment)}:R>"
                    mention = f"<@{seat.user_id}>"
                    await self.publisher.post(
                        game, tr("table.reminder", mention=mention, deadline=deadline)
                    )

    async def _time_out(self, running: Running, seat: Seat) -> None:
        record_timeout(seat)
        await self._save(running.game)
        self._arm(running)
        tr = await self.public_texts(running.game)
        key = "table.autopilot" if seat.autopilot else "table.timeout"
        with self._showing(running.game):
            await self.publisher.post(running.game, tr(key, mention=f"<@{seat.user_id}>"))
            if seat.autopilot:
                await self.publisher.show_table(running, [], ping=[])

    async def _computer_move(self, running: Running, seat: Seat) -> None:
        engine = running.engine
        legal = engine.legal_actions(running.state, seat.seat)
        if not legal:
            log.error(
                "game %s: seat %s must act but has no legal action", running.game.id, seat.seat
            )
            return
        names = engine.policy_names()
        policy = engine.policy(PREFERRED_POLICY if PREFERRED_POLICY in names else names[0])
        rng = random.Random(f"{running.game.seed}:{running.game.action_count}")
        action = policy.choose(engine.view(running.state, seat.seat), legal, rng)
        actor = Actor.TIMEOUT if seat.stand_in and not seat.autopilot else Actor.COMPUTER
        events, newly = await self._apply(running, seat.seat, action, actor)
        await self._after_action(running, events, newly)

    # ---------------------------------------------------------------- recovery

    async def recover(self) -> int:
        """Re-arm the timers of every running game this process serves; returns their count.

        Lobbies need nothing: their buttons are dynamic items that find the game by id."""
        count = 0
        for game_id, guild_id in await open_game_ids(self.db):
            if not self.bot.serves_guild(guild_id):
                continue
            game = await load_game(self.db, game_id)
            if game is None or game.status is not GameStatus.RUNNING:
                continue
            if self.bot.games.playable(game.game_key) is None:
                log.warning("game %s (%s) has no engine or UI loaded", game_id, game.game_key)
                continue
            self._arm(await self._recovered(game))
            count += 1
        return count

    async def _recovered(self, game: Game) -> Running:
        """The running game, replayed from its seed and action log when its snapshot no longer
        loads; the rebuilt snapshot is saved so later loads are fast again."""
        try:
            return self._running(game)
        except ValueError:
            log.warning("game %s: snapshot unreadable, replaying its action log", game.id)
        engine, _ = self._engine_ui(game.game_key)
        actions = await load_actions(self.db, game.id)
        state = replay(engine, game.config, len(game.seats), game.seed, actions)
        game.state = state.model_dump_json()
        await self._save(game)
        return self._running(game)
