"""The one place that runs a game for any engine.

Every change to a game happens under that game's `asyncio.Lock`, on a game freshly loaded from
the database, and is saved in one transaction before anything is shown. Clicks that arrive late
(a double click, a button from an earlier turn) find a changed seat version or game status and are
refused politely without changing anything.

Turns: after each accepted action every seat's legal actions are fingerprinted; a seat whose
fingerprint changed gets a new version (its old controls become out of date) and, when it has to
act, a new deadline. A single sleeping task per game (see `_plan`) wakes for the next thing due:
a computer move (after `COMPUTER_DELAY_SECONDS`), a half-time reminder or a timeout. Deadlines are
stored, so `recover()` re-arms them after a restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

from bot.guild_settings import get_guild_settings, public_locale
from bot.i18n import Texts, interaction_locale
from bot.tables import render
from bot.tables.errors import TableError
from bot.tables.records import (
    Actor,
    Game,
    GameStatus,
    Seat,
    append_action,
    insert_game,
    load_game,
    open_game_ids,
    open_game_in,
    record_results,
    save_game,
)
from bot.tables.ui import GameUI, HandContext, SeatInfo, TableContext
from games.core.engine import Engine
from games.core.errors import RuleError
from games.core.result import GameResult

if TYPE_CHECKING:
    from bot.app import CardTableBot

log = logging.getLogger(__name__)

AUTOPILOT_AFTER = 2
"""Timeouts in a row after which a seat stays on autopilot until its player is back."""

REPOST_AFTER = 50 * 60
"""Seconds after which the table is posted anew: Discord limits edits of messages over an hour."""

PREFERRED_POLICY = "heuristic"


def now() -> float:
    """Wall-clock seconds; `discord.utils.utcnow` so that SimCord's clock drives it in tests."""
    return discord.utils.utcnow().timestamp()


def fingerprint(acting: bool, legal: Sequence[BaseModel]) -> str:
    """What a seat may do right now, as a short digest: controls stay valid while it holds."""
    data = json.dumps([acting, [action.model_dump(mode="json") for action in legal]])
    return hashlib.sha256(data.encode()).hexdigest()[:16]


@dataclass
class _Wakeup:
    task: asyncio.Task[None] | None = None
    busy: bool = False


@dataclass
class Running:
    """A running game with its engine, UI and parsed state, loaded under the game's lock."""

    game: Game
    engine: Engine
    ui: GameUI
    state: BaseModel

    def to_act(self) -> list[int]:
        return sorted(self.engine.to_act(self.state))


class TableService:
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._wakeups: dict[int, _Wakeup] = {}

    # ------------------------------------------------------------------ basics

    @property
    def db(self) -> Any:
        return self.bot.db

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def game(self, game_id: int) -> Game | None:
        return await load_game(self.db, game_id)

    async def game_in(self, place_id: int) -> Game | None:
        """The lobby or running game of a channel or thread (the talk rule uses this too)."""
        return await open_game_in(self.db, place_id)

    async def _locked_game(self, game_id: int) -> Game:
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
        assert game.state is not None
        return Running(game, engine, ui, engine.load_state(game.state))

    async def _save(self, game: Game) -> None:
        async with self.db.transaction() as conn:
            await save_game(conn, game)

    async def public_texts(self, game: Game) -> Texts:
        return Texts(await public_locale(self.db, self.bot.get_guild(game.guild_id), game.guild_id))

    def seat_infos(self, game: Game, tr: Texts) -> list[SeatInfo]:
        guild = self.bot.get_guild(game.guild_id)
        infos: list[SeatInfo] = []
        for seat in game.seats:
            if seat.user_id is None:
                name = tr("table.computer", n=seat.seat + 1)
            else:
                member = guild.get_member(seat.user_id) if guild is not None else None
                name = member.display_name if member is not None else f"<@{seat.user_id}>"
            infos.append(SeatInfo(seat.seat, name, seat.user_id, seat.autopilot))
        return infos

    # ------------------------------------------------------------------- lobby

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_key: str,
        options: dict[str, Any],
    ) -> Game:
        """A new lobby with the host in seat 1; refused while the channel has an open game."""
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
            seats=[Seat(0, host_id)],
        )
        try:
            async with self.db.transaction() as conn:
                await insert_game(conn, game)
        except Exception as error:
            if "UNIQUE" in str(error):
                raise TableError("place_busy") from error
            raise
        return game

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.lock(game_id):
            game = await self._locked_game(game_id)
            game.lobby_message_id = message_id
            await self._save(game)

    async def lobby_message(self, game: Game, tr: Texts) -> dict[str, Any]:
        engine, _ = self._engine_ui(game.game_key)
        embed = render.lobby_embed(game, engine, self.seat_infos(game, tr), tr)
        return {"embed": embed, "view": render.lobby_view(game, tr)}

    async def lobby_click(
        self, interaction: discord.Interaction[Any], game_id: int, op: str
    ) -> None:
        """A lobby button. The click is acknowledged at once; the lobby message is edited under
        the lock so that concurrent clicks can never show an older seat list last."""
        await interaction.response.defer()
        user = interaction.user
        async with self.lock(game_id):
            game = await self._locked_game(game_id)
            if op == "cancel":
                manager = bool(interaction.permissions.manage_guild)
                await self._cancel(game, user.id, manager=manager)
                return
            if game.status is not GameStatus.LOBBY:
                raise TableError("lobby_closed")
            engine, _ = self._engine_ui(game.game_key)
            if op == "join":
                self._join(game, engine, user.id)
            elif op == "leave":
                if self._leave_lobby(game, user.id):
                    await self._save(game)
                    await self._show_lobby(game)
                    await self._cancelled(game)
                    return
            elif op == "add":
                self._require_host(game, user.id)
                if len(game.seats) >= engine.max_players:
                    raise TableError("table_full", max=engine.max_players)
                game.seats.append(Seat(len(game.seats), None))
            elif op == "remove":
                self._require_host(game, user.id)
                computers = [seat for seat in game.seats if seat.is_computer]
                if not computers:
                    raise TableError("no_computer")
                game.seats.remove(computers[-1])
                self._renumber(game)
            elif op == "start":
                self._require_host(game, user.id)
                if len(game.seats) < engine.min_players:
                    raise TableError("too_few_players", min=engine.min_players)
                await self._start(game, interaction.message)
                return
            await self._save(game)
            await self._show_lobby(game)

    async def turn_time_click(
        self, interaction: discord.Interaction[Any], game_id: int, seconds: int
    ) -> None:
        await interaction.response.defer()
        async with self.lock(game_id):
            game = await self._locked_game(game_id)
            if game.status is not GameStatus.LOBBY:
                raise TableError("lobby_closed")
            self._require_host(game, interaction.user.id)
            game.turn_seconds = seconds
            await self._save(game)
            await self._show_lobby(game)

    def _require_host(self, game: Game, user_id: int) -> None:
        if user_id != game.host_id:
            raise TableError("host_only")

    @staticmethod
    def _renumber(game: Game) -> None:
        for number, seat in enumerate(game.seats):
            seat.seat = number

    def _join(self, game: Game, engine: Engine, user_id: int) -> None:
        if game.seat_of(user_id) is not None:
            raise TableError("already_seated")
        if len(game.seats) >= engine.max_players:
            raise TableError("table_full", max=engine.max_players)
        game.seats.append(Seat(len(game.seats), user_id))

    def _leave_lobby(self, game: Game, user_id: int) -> bool:
        """Frees the seat; the host's leaving passes the lobby to the next player. True when no
        human is left and the lobby is therefore cancelled."""
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        game.seats.remove(seat)
        self._renumber(game)
        if not game.humans:
            game.status = GameStatus.CANCELLED
            game.ended_at = now()
            return True
        if user_id == game.host_id:
            game.host_id = game.humans[0].user_id or game.host_id
        return False

    async def _show_lobby(self, game: Game) -> None:
        if game.lobby_message_id is None:
            return
        tr = await self.public_texts(game)
        message = self.bot.get_partial_messageable(game.channel_id).get_partial_message(
            game.lobby_message_id
        )
        await message.edit(content=None, **await self.lobby_message(game, tr))

    # ------------------------------------------------------------------- start

    async def _start(self, game: Game, lobby: discord.Message | None) -> None:
        engine, ui = self._engine_ui(game.game_key)
        config = engine.config_model.model_validate_json(game.config)
        state = engine.new_game(config, len(game.seats), game.seed)
        tr = await self.public_texts(game)
        thread = await self._open_thread(game, lobby, tr)
        if thread is not None:
            game.thread_id = thread.id
            game.place_id = thread.id
        game.status = GameStatus.RUNNING
        game.started_at = now()
        game.state = state.model_dump_json()
        running = Running(game, engine, ui, state)
        self._refresh_turns(running, previous_to_act=[])
        await self._save(game)
        await self._show_lobby(game)
        await self._show_table(running, [], ping=running.to_act())
        self._plan(running)

    async def _open_thread(
        self, game: Game, lobby: discord.Message | None, tr: Texts
    ) -> discord.Thread | None:
        """A public thread from the lobby message when the bot may create one and post in it."""
        if lobby is None:
            return None
        channel = self.bot.get_channel(game.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        me = channel.guild.me
        permissions = channel.permissions_for(me)
        if not (permissions.create_public_threads and permissions.send_messages_in_threads):
            return None
        name = tr("table.thread_name", game=render.game_name(game.game_key, tr), id=game.id)
        try:
            return await lobby.create_thread(name=name[:100])
        except discord.HTTPException:
            log.warning("could not open a thread for game %s; playing in the channel", game.id)
            return None

    # ------------------------------------------------------------------ cancel

    async def cancel(self, interaction: discord.Interaction[Any], game: Game) -> None:
        """`/game cancel`: the host, or anyone with Manage Server."""
        manager = bool(interaction.permissions.manage_guild)
        async with self.lock(game.id):
            await self._cancel(
                await self._locked_game(game.id), interaction.user.id, manager=manager
            )

    async def _cancel(self, game: Game, user_id: int, *, manager: bool) -> None:
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
        self._stop(game.id)
        await self._show_lobby(game)
        if game.table_message_id is not None:
            tr = await self.public_texts(game)
            await self._post(game, tr("table.cancelled"))
            await self._edit_table(game, view=None)

    # -------------------------------------------------------------------- play

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Open (or reopen) the clicking player's hand as an ephemeral message."""
        game = await self._locked_game(game_id)
        seat = self._player_seat(game, interaction.user.id)
        running = self._running(game)
        tr = Texts(interaction_locale(interaction))
        await interaction.response.send_message(
            ephemeral=True, **self._hand_message(running, seat, "", tr, notice=None)
        )

    def _player_seat(self, game: Game, user_id: int) -> Seat:
        if game.status is not GameStatus.RUNNING:
            raise TableError("not_running" if game.status is GameStatus.LOBBY else "game_over")
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError("not_playing")
        return seat

    def _hand_message(
        self, running: Running, seat: Seat, ui_state: str, tr: Texts, notice: str | None
    ) -> dict[str, Any]:
        ctx = self._hand_context(running, seat.seat, ui_state, tr)
        panel = running.ui.render_hand(ctx)
        header = [notice] if notice else []
        if seat.seat in ctx.to_act and seat.deadline is not None and not seat.computer_plays:
            header.append(tr("table.your_turn", deadline=f"<t:{int(seat.deadline)}:R>"))
        return {
            "content": render.framed_content(panel, header),
            "embeds": panel.embeds,
            "view": render.hand_view(running.game.id, seat.seat, seat.version, panel)
            or discord.utils.MISSING,
        }

    def _hand_context(self, running: Running, seat: int, ui_state: str, tr: Texts) -> HandContext:
        return HandContext(
            game_id=running.game.id,
            seat=seat,
            view=running.engine.view(running.state, seat),
            legal=running.engine.legal_actions(running.state, seat),
            seats=self.seat_infos(running.game, tr),
            to_act=running.to_act(),
            ui_state=ui_state,
            tr=tr,
        )

    async def act(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat_number: int,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        """A click on a hand control. Out-of-date controls only refresh the hand."""
        await interaction.response.defer()
        tr = Texts(interaction_locale(interaction))
        async with self.lock(game_id):
            game = await self._locked_game(game_id)
            seat = self._player_seat(game, interaction.user.id)
            if seat.seat != seat_number:
                raise TableError("not_your_seat")
            running = self._running(game)
            if seat.version != version:
                await interaction.edit_original_response(
                    **self._hand_message(running, seat, "", tr, notice=tr("table.stale"))
                )
                return
            ctx = self._hand_context(running, seat.seat, "", tr)
            try:
                choice = running.ui.choose(ctx, payload, values)
                if choice.action is None:
                    await interaction.edit_original_response(
                        **self._hand_message(running, seat, choice.ui_state, tr, notice=None)
                    )
                    return
                events, newly = await self._apply(running, seat.seat, choice.action, Actor.HUMAN)
            except RuleError as error:
                raise TableError("rule", running.ui.describe_error(error, tr)) from error
            await interaction.edit_original_response(
                **self._hand_message(
                    running, running.game.seat(seat.seat), choice.ui_state, tr, None
                )
            )
            await self._after_action(running, events, newly)

    async def back(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """ "I'm back": the seat leaves autopilot and its player has a fresh turn time."""
        tr = Texts(interaction_locale(interaction))
        async with self.lock(game_id):
            game = await self._locked_game(game_id)
            seat = self._player_seat(game, interaction.user.id)
            if not seat.autopilot:
                raise TableError("not_on_autopilot")
            seat.autopilot = False
            seat.stand_in = False
            seat.timeouts = 0
            seat.reminded = False
            if seat.deadline is not None:
                seat.deadline = now() + game.turn_seconds
            await self._save(game)
            running = self._running(game)
            await interaction.response.send_message(tr("table.welcome_back"), ephemeral=True)
            await self._show_table(running, [], ping=[])
            self._plan(running)

    async def leave(self, interaction: discord.Interaction[Any], game: Game) -> None:
        """`/game leave`: frees a lobby seat, or hands a running seat to a computer player."""
        tr = Texts(interaction_locale(interaction))
        async with self.lock(game.id):
            game = await self._locked_game(game.id)
            user_id = interaction.user.id
            if game.status is GameStatus.LOBBY:
                cancelled = self._leave_lobby(game, user_id)
                await self._save(game)
                await interaction.response.send_message(tr("lobby.left"), ephemeral=True)
                await self._show_lobby(game)
                if cancelled:
                    await self._cancelled(game)
                return
            seat = self._player_seat(game, user_id)
            seat.user_id = None
            seat.autopilot = seat.stand_in = False
            seat.deadline = None
            if not game.humans:
                game.status = GameStatus.CANCELLED
                game.ended_at = now()
            await self._save(game)
            await interaction.response.send_message(tr("table.you_left"), ephemeral=True)
            public = await self.public_texts(game)
            await self._post(game, public("table.left", mention=f"<@{user_id}>", n=seat.seat + 1))
            if game.status is GameStatus.CANCELLED:
                await self._cancelled(game)
                return
            running = self._running(game)
            await self._show_table(running, [], ping=[])
            self._plan(running)

    # ------------------------------------------------------------ applying

    async def _apply(
        self, running: Running, seat_number: int, action: BaseModel, actor: Actor
    ) -> tuple[list[BaseModel], list[int]]:
        """Apply one action and save it in one transaction; raises RuleError untouched.

        Returns the events and the seats that were not waiting before and must act now."""
        game, engine = running.game, running.engine
        previous = running.to_act()
        new_state, events = engine.apply(running.state, seat_number, action)
        seat = game.seat(seat_number)
        if actor is Actor.HUMAN:
            seat.timeouts = 0
            seat.autopilot = seat.stand_in = False
        seq_time = now()
        running.state = new_state
        game.state = new_state.model_dump_json()
        self._refresh_turns(running, previous_to_act=previous)
        result = engine.result(new_state)
        if result is not None:
            game.status = GameStatus.FINISHED
            game.ended_at = seq_time
            game.outcome = result.model_dump_json()
            for each in game.seats:
                each.deadline = None
        async with self.db.transaction() as conn:
            await append_action(
                conn,
                game,
                seat_number,
                actor,
                action.model_dump_json(),
                json.dumps([event.model_dump(mode="json") for event in events]),
                seq_time,
            )
            game.action_count += 1
            await save_game(conn, game)
            if result is not None:
                await record_results(conn, game, result)
        return list(events), [number for number in running.to_act() if number not in previous]

    def _refresh_turns(self, running: Running, previous_to_act: Sequence[int]) -> None:
        """New versions for seats whose options changed; deadlines for seats that must act.

        A waiting seat gets a fresh deadline when its own options changed or when the set of
        waiting seats changed (someone else opened the game or made their secret choice); an
        action that leaves both alone, such as a public hint, does not extend anybody's time."""
        game = running.game
        to_act = set(running.to_act())
        waiting_changed = to_act != set(previous_to_act)
        moment = now()
        for seat in game.seats:
            acting = seat.seat in to_act
            legal = running.engine.legal_actions(running.state, seat.seat)
            digest = fingerprint(acting, legal)
            changed = digest != seat.fingerprint
            if changed:
                seat.version += 1
                seat.fingerprint = digest
            if not acting:
                seat.deadline = None
                seat.reminded = False
                seat.stand_in = False
            elif waiting_changed or changed or seat.deadline is None:
                seat.deadline = moment + game.turn_seconds
                seat.reminded = False

    async def _after_action(
        self, running: Running, events: list[BaseModel], newly_to_act: list[int]
    ) -> None:
        ping = [number for number in newly_to_act if not running.game.seat(number).computer_plays]
        await self._show_table(running, events, ping=ping)
        if running.game.status is GameStatus.FINISHED:
            self._stop(running.game.id)
        else:
            self._plan(running)

    # ----------------------------------------------------------- the table

    async def _show_table(
        self, running: Running, events: Sequence[BaseModel], *, ping: Sequence[int]
    ) -> None:
        """Edit the public table, or post it anew (with mentions) when a player who was not
        already waiting must now act, or when the message is too old to edit."""
        game = running.game
        tr = await self.public_texts(game)
        seats = self.seat_infos(game, tr)
        finished = game.status is GameStatus.FINISHED
        to_act = [] if finished else running.to_act()
        panel = running.ui.render_table(
            TableContext(
                game.id,
                running.engine.view(running.state, None),
                events,
                seats,
                to_act,
                finished,
                tr,
            )
        )
        header = [render.turn_line(game, seats, to_act, tr)]
        if finished and game.outcome is not None:
            header = render.results_lines(GameResult.model_validate_json(game.outcome), seats, tr)
        content = render.framed_content(panel, header)
        view = render.table_view(game, seats, tr)
        fresh_ping = [number for number in ping if seats[number].user_id is not None]
        old = game.table_message_id
        too_old = game.table_posted_at is None or now() - game.table_posted_at > REPOST_AFTER
        if old is not None and not fresh_ping and not too_old:
            await self._edit_table(game, content=content, embeds=panel.embeds, view=view)
            return
        channel = self.bot.get_partial_messageable(game.place_id)
        message = await channel.send(
            content=content,
            embeds=panel.embeds,
            view=view or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        game.table_message_id = message.id
        game.table_posted_at = now()
        await self._save(game)
        if old is not None:
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                log.info("old table message %s of game %s already gone", old, game.id)

    async def _edit_table(self, game: Game, **fields: Any) -> None:
        if game.table_message_id is None:
            return
        message = self.bot.get_partial_messageable(game.place_id).get_partial_message(
            game.table_message_id
        )
        try:
            await message.edit(**fields)
        except discord.NotFound:
            log.info("table message of game %s was deleted", game.id)

    async def _post(self, game: Game, text: str) -> None:
        channel = self.bot.get_partial_messageable(game.place_id)
        await channel.send(
            text, allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False)
        )

    # ------------------------------------------------------ timers and computers

    def _plan(self, running: Running) -> None:
        """(Re)arm the game's single wake-up for the next computer move, reminder or timeout."""
        game = running.game
        delay = self._next_delay(running)
        previous = self._wakeups.get(game.id)
        if previous is not None and previous.task is not None and not previous.busy:
            previous.task.cancel()
        if delay is None:
            self._wakeups.pop(game.id, None)
            return
        wakeup = _Wakeup()
        self._wakeups[game.id] = wakeup
        wakeup.task = asyncio.create_task(self._wake(game.id, delay, wakeup))

    def _stop(self, game_id: int) -> None:
        previous = self._wakeups.pop(game_id, None)
        if previous is not None and previous.task is not None and not previous.busy:
            previous.task.cancel()

    def _next_delay(self, running: Running) -> float | None:
        game = running.game
        if game.status is not GameStatus.RUNNING:
            return None
        to_act = running.to_act()
        if any(game.seat(number).computer_plays for number in to_act):
            return self.bot.settings.computer_delay_seconds
        moments: list[float] = []
        for number in to_act:
            seat = game.seat(number)
            if seat.deadline is None:
                continue
            moments.append(seat.deadline)
            if not seat.reminded:
                moments.append(seat.deadline - game.turn_seconds / 2)
        if not moments:
            return None
        return max(0.0, min(moments) - now())

    async def _wake(self, game_id: int, delay: float, wakeup: _Wakeup) -> None:
        await asyncio.sleep(delay)
        wakeup.busy = True
        if self._wakeups.get(game_id) is not wakeup:
            return
        async with self.lock(game_id):
            if self._wakeups.get(game_id) is not wakeup:
                return
            game = await load_game(self.db, game_id)
            if game is None or game.status is not GameStatus.RUNNING:
                self._wakeups.pop(game_id, None)
                return
            running = self._running(game)
            await self._due(running)

    async def _due(self, running: Running) -> None:
        """Do the one thing that is due: a computer move, else a timeout, else reminders."""
        game = running.game
        to_act = running.to_act()
        for number in to_act:
            seat = game.seat(number)
            if seat.computer_plays:
                await self._computer_move(running, seat)
                return
        moment = now()
        for number in to_act:
            seat = game.seat(number)
            if seat.deadline is not None and seat.deadline <= moment:
                await self._time_out(running, seat)
                return
        reminders = [
            game.seat(number)
            for number in to_act
            if game.seat(number).deadline is not None
            and not game.seat(number).reminded
            and (game.seat(number).deadline or 0) - game.turn_seconds / 2 <= moment
        ]
        if reminders:
            for seat in reminders:
                seat.reminded = True
            await self._save(game)
            tr = await self.public_texts(game)
            for seat in reminders:
                await self._post(
                    game,
                    tr(
                        "table.reminder",
                        mention=f"<@{seat.user_id}>",
                        deadline=f"<t:{int(seat.deadline or 0)}:R>",
                    ),
                )
        self._plan(running)

    async def _time_out(self, running: Running, seat: Seat) -> None:
        game = running.game
        seat.timeouts += 1
        seat.stand_in = True
        if seat.timeouts >= AUTOPILOT_AFTER:
            seat.autopilot = True
        await self._save(game)
        tr = await self.public_texts(game)
        key = "table.autopilot" if seat.autopilot else "table.timeout"
        await self._post(game, tr(key, mention=f"<@{seat.user_id}>"))
        if seat.autopilot:
            await self._show_table(running, [], ping=[])
        self._plan(running)

    async def _computer_move(self, running: Running, seat: Seat) -> None:
        engine = running.engine
        view = engine.view(running.state, seat.seat)
        legal = engine.legal_actions(running.state, seat.seat)
        if not legal:
            log.error(
                "game %s: seat %s must act but has no legal action", running.game.id, seat.seat
            )
            return
        names = engine.policy_names()
        policy = engine.policy(PREFERRED_POLICY if PREFERRED_POLICY in names else names[0])
        rng = random.Random(f"{running.game.seed}:{running.game.action_count}")
        action = policy.choose(view, legal, rng)
        actor = Actor.TIMEOUT if seat.stand_in and not seat.autopilot else Actor.COMPUTER
        events, newly = await self._apply(running, seat.seat, action, actor)
        await self._after_action(running, events, newly)

    # ---------------------------------------------------------------- status

    async def status_text(self, game: Game, tr: Texts) -> str:
        lines = [
            tr(
                "status.title",
                game=render.game_name(game.game_key, tr),
                id=game.id,
                status=tr(f"status.{game.status}"),
            )
        ]
        seats = self.seat_infos(game, tr)
        for info in seats:
            line = render.seat_line(info, tr)
            if info.autopilot:
                line += " " + tr("status.on_autopilot")
            lines.append(line)
        if game.status is GameStatus.RUNNING:
            running = self._running(game)
            lines.append(render.turn_line(game, seats, running.to_act(), tr))
        return "\n".join(line for line in lines if line)

    # -------------------------------------------------------------- recovery

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
            self._plan(self._running(game))
            count += 1
        return count
