"""Lobbies: opening a table, seats for people and computers, the turn time, starting, cancelling.

Cogs and buttons call the public methods; they take the interaction so that each can acknowledge
it at the right moment (within Discord's 3 seconds) and answer in the user's language.
"""

from __future__ import annotations

import itertools
import logging
import secrets
from typing import Any

import discord

from bot.clock import now
from bot.db import IntegrityError
from bot.guild_settings import get_guild_settings
from bot.i18n import Texts, interaction_locale
from bot.tables import render
from bot.tables.components import TURN_CHOICES
from bot.tables.core import TableCore
from bot.tables.errors import TableError
from bot.tables.moves import Moves
from bot.tables.records import Game, GameStatus, Seat, insert_game, open_game_in, save_game
from bot.tables.turns import Running, refresh_turns
from games.core.base import Engine

log = logging.getLogger(__name__)

LOBBY_SEND_WINDOW = 30
"""Seconds after which a lobby whose message id was never stored is taken for one nobody saw:
its message had to go out within Discord's 3 seconds to answer `/play`, and its id is stored
right after; this leaves ample room for a slow database before a new `/play` replaces it."""


def require_host(game: Game, user_id: int) -> None:
    if user_id != game.host_id:
        raise TableError("host_only")


def adopt_lobby_message(game: Game, interaction: discord.Interaction[Any]) -> None:
    """A click on a lobby whose message id was never stored (the bot stopped between sending
    `/play`'s answer and storing its id) names that message: it is stored with the click's
    change, so that the lobby is updated from then on and a later `/play` does not take it for
    one nobody sees."""
    if game.lobby_message_id is None and interaction.message is not None:
        game.lobby_message_id = interaction.message.id


def renumber(game: Game) -> None:
    for number, seat in enumerate(game.seats):
        seat.seat = number


def leave_lobby(game: Game, user_id: int) -> bool:
    """Frees the seat; a leaving host passes the table to the next player. True when no human is
    left, which cancels the lobby."""
    seat = game.seat_of(user_id)
    if seat is None:
        raise TableError("not_seated")
    game.seats.remove(seat)
    renumber(game)
    humans = [seat.user_id for seat in game.seats if seat.user_id is not None]
    if not humans:
        game.status = GameStatus.CANCELLED
        game.ended_at = now()
        return True
    if user_id == game.host_id:
        game.host_id = humans[0]
    return False


def join(game: Game, engine: Engine, user_id: int, name: str) -> None:
    if game.seat_of(user_id) is not None:
        raise TableError("already_seated")
    if len(game.seats) >= engine.max_players:
        raise TableError("table_full", max=engine.max_players)
    game.seats.append(Seat(len(game.seats), user_id, name))


def add_computer(game: Game, engine: Engine, user_id: int) -> None:
    require_host(game, user_id)
    if len(game.seats) >= engine.max_players:
        raise TableError("table_full", max=engine.max_players)
    game.seats.append(Seat(len(game.seats), None))


def remove_computer(game: Game, user_id: int) -> None:
    require_host(game, user_id)
    computers = [seat for seat in game.seats if seat.is_computer]
    if not computers:
        raise TableError("no_computer")
    game.seats.remove(computers[-1])
    renumber(game)


class Lobbies:
    def __init__(self, core: TableCore, moves: Moves) -> None:
        self.core = core
        self.moves = moves
        self._dealt = itertools.count()

    def _new_seed(self) -> int:
        """A new game's seed: random, unless the settings fix the deals (`DEAL_SEED`, for tests
        and demonstrations)."""
        settings = self.core.host.settings
        if settings.deal_seed is None:
            return secrets.randbits(62)
        return settings.deal_seed + settings.deal_seed_step * next(self._dealt)

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
        engine, ui = self.core.engine_ui(game_key)
        busy = await open_game_in(self.core.db, channel_id)
        if busy is not None and not await self._unseen(busy):
            raise TableError("place_busy")
        try:
            config = ui.make_config(engine, options)
        except ValueError as error:
            raise TableError("bad_options") from error
        settings = await get_guild_settings(self.core.db, guild_id)
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
            turn_seconds=turn_seconds
            or settings.turn_seconds
            or self.core.host.settings.turn_seconds,
            created_at=now(),
            seats=seats or [Seat(0, host_id, host_name)],
        )
        try:
            async with self.core.db.transaction() as conn:
                if busy is not None:
                    busy.status = GameStatus.CANCELLED
                    busy.ended_at = now()
                    await save_game(conn, busy)
                await insert_game(conn, game)
        except IntegrityError as error:
            raise TableError("place_busy") from error
        return game

    async def play_again(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """"Play again" under a finished game: a new lobby in the game's channel, with its seats
        (people and computers, in their order) and options, hosted by whoever pressed; people
        who do not want another game leave it as any lobby."""
        tr = Texts(interaction_locale(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        old = await self.core.load(game_id)
        if old.status is not GameStatus.FINISHED:
            raise TableError("not_finished")
        if old.seat_of(interaction.user.id) is None:
            raise TableError("not_playing")
        seats = [Seat(seat.seat, seat.user_id, seat.name) for seat in old.seats]
        game = await self.create_lobby(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            game_key=old.game_key,
            options=old.options,
            seats=seats,
            turn_seconds=old.turn_seconds,
        )
        channel = self.core.host.get_partial_messageable(game.channel_id)
        message = await channel.send(**await self.lobby_message(game))
        await self.set_lobby_message(game.id, message.id)
        await interaction.followup.send(tr("lobby.again", place=f"<#{game.channel_id}>"))

    async def _unseen(self, game: Game) -> bool:
        """A lobby whose message nobody can see: the bot stopped after storing it but before
        sending its message (or before storing the message's id, see `adopt_lobby_message`), or
        someone deleted the message. Its host got "the application did not respond" or saw it
        go, and does what a player would: `/play` again. Nobody else can be waiting in it, as
        joining takes its buttons, so a new `/play` replaces it rather than being refused, and
        recovery leaves lobbies alone: a lobby posted again hours later would surprise more
        than it helps. A message that Discord cannot return for another reason (an outage, a
        permission) keeps the lobby."""
        if game.status is not GameStatus.LOBBY:
            return False
        if game.lobby_message_id is None:
            return now() - game.created_at > LOBBY_SEND_WINDOW
        channel = self.core.host.get_partial_messageable(game.channel_id)
        try:
            await channel.fetch_message(game.lobby_message_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            return False
        return False

    async def lobby_message(self, game: Game) -> dict[str, Any]:
        """The lobby's embed and buttons, in the server's language."""
        engine, _ = self.core.engine_ui(game.game_key)
        return self.core.publisher.lobby_message(game, engine, await self.core.public_texts(game))

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.core.lock(game_id):
            game = await self.core.load(game_id)
            game.lobby_message_id = message_id
            await self.core.save(game)

    async def lobby_click(
        self, interaction: discord.Interaction[Any], game_id: int, op: str
    ) -> None:
        """A lobby button. The click is acknowledged at once and the lobby message edited under
        the lock, so concurrent clicks can never leave an older seat list on screen."""
        await interaction.response.defer()
        user_id = interaction.user.id
        core = self.core
        async with core.lock(game_id):
            game = await core.load(game_id)
            adopt_lobby_message(game, interaction)
            if op == "cancel":
                await self.cancel_game(game, user_id, bool(interaction.permissions.manage_guild))
                return
            if game.status is not GameStatus.LOBBY:
                # Only a message left behind shows a closed lobby's buttons: one whose update
                # a crash or Discord prevented, or one replaced by a new `/play` (`_unseen`).
                with core.showing(game):
                    await interaction.edit_original_response(**await self.lobby_message(game))
                raise TableError("lobby_closed")
            engine, _ = core.engine_ui(game.game_key)
            if op == "start":
                await self._start(game, engine, user_id, interaction.message)
                return
            if op == "leave" and leave_lobby(game, user_id):
                await core.save(game)
                await core.cancelled(game)
                return
            if op == "join":
                join(game, engine, user_id, interaction.user.display_name)
            elif op == "add":
                add_computer(game, engine, user_id)
            elif op == "remove":
                remove_computer(game, user_id)
            await core.save(game)
            with core.showing(game):
                await core.publisher.show_lobby(game, engine)

    async def turn_time_click(
        self, interaction: discord.Interaction[Any], game_id: int, value: str
    ) -> None:
        """The lobby's turn-time menu. `value` is whatever the client sent: only the choices the
        menu offers (and the lobby's current time) are accepted, never a forged number."""
        await interaction.response.defer()
        core = self.core
        async with core.lock(game_id):
            game = await core.load(game_id)
            adopt_lobby_message(game, interaction)
            if game.status is not GameStatus.LOBBY:
                raise TableError("lobby_closed")
            require_host(game, interaction.user.id)
            engine, _ = core.engine_ui(game.game_key)
            offered = {str(seconds) for seconds in (*TURN_CHOICES, game.turn_seconds)}
            if value not in offered:
                raise TableError("bad_turn_time")
            game.turn_seconds = int(value)
            await core.save(game)
            with core.showing(game):
                await core.publisher.show_lobby(game, engine)

    async def _start(
        self, game: Game, engine: Engine, user_id: int, lobby: discord.Message | None
    ) -> None:
        require_host(game, user_id)
        if len(game.seats) < engine.min_players:
            raise TableError("too_few_players", min=engine.min_players)
        core = self.core
        _, ui = core.engine_ui(game.game_key)
        config = engine.config_model.model_validate_json(game.config)
        state, events = engine.new_game(config, len(game.seats), game.seed)
        thread = await self._open_thread(game, lobby)
        if thread is not None:
            game.thread_id = game.place_id = thread.id
        game.status = GameStatus.RUNNING
        game.started_at = now()
        game.state = state.model_dump_json()
        running = Running(game, engine, ui, state)
        refresh_turns(running, previous_to_act=[], moment=now())
        self.moves.arm(running)
        await core.save(game)
        with core.showing(game):
            await core.publisher.show_lobby(game, engine)
        with core.showing(game):
            await core.publisher.show_table(running, events, ping=running.to_act())

    async def _open_thread(
        self, game: Game, lobby: discord.Message | None
    ) -> discord.Thread | None:
        """A public thread from the lobby message when the bot may create one and post in it;
        the one it already has when a Start stopped by a crash opened it before the game was
        stored."""
        channel = self.core.host.get_channel(game.channel_id)
        if lobby is None or not isinstance(channel, discord.TextChannel):
            return None
        permissions = channel.permissions_for(channel.guild.me)
        if not (permissions.create_public_threads and permissions.send_messages_in_threads):
            return None
        if lobby.thread is not None:
            return lobby.thread
        tr = await self.core.public_texts(game)
        name = tr("table.thread_name", game=render.game_name(game.game_key, tr), id=game.id)
        try:
            return await lobby.create_thread(name=name[:100])
        except discord.HTTPException:
            log.warning("could not open a thread for game %s; playing in the channel", game.id)
            return None

    async def ask_cancel(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """`/game cancel`: the host, or anyone with Manage Server, is asked to confirm first (a
        cancel cannot be undone), in a private question whose buttons work after a restart."""
        tr = Texts(interaction_locale(interaction))
        game = await self.core.load(game_id)
        may_cancel(game, interaction.user.id, bool(interaction.permissions.manage_guild))
        name = render.game_name(game.game_key, tr)
        await interaction.response.send_message(
            tr("table.cancel.question", game=name, id=game.id),
            view=render.cancel_view(game.id, interaction.user.id, tr),
            ephemeral=True,
        )

    async def answer_cancel(
        self, interaction: discord.Interaction[Any], game_id: int, asker_id: int, answer: str
    ) -> None:
        """The answer to `/game cancel`'s question, from the member it was asked of. The
        question becomes the outcome, without buttons: cancelled (the table says so publicly, so
        this only acknowledges), kept, or why it could not be (the game ended meanwhile, the
        member lost the right to cancel it)."""
        if interaction.user.id != asker_id:
            raise TableError("cancel_not_yours")
        tr = Texts(interaction_locale(interaction))
        await interaction.response.defer()
        manager = bool(interaction.permissions.manage_guild)
        try:
            if answer == "yes":
                async with self.core.lock(game_id):
                    await self.cancel_game(await self.core.load(game_id), asker_id, manager)
                text = tr("table.cancel.done")
            else:
                game = await self.core.load(game_id)
                if not game.is_open:
                    raise game_closed(game)
                text = tr("table.cancel.kept")
        except TableError as error:
            text = error.text(tr)
        await interaction.edit_original_response(content=text, view=None)

    async def cancel_game(self, game: Game, user_id: int, manager: bool) -> None:
        may_cancel(game, user_id, manager)
        game.status = GameStatus.CANCELLED
        game.ended_at = now()
        for seat in game.seats:
            seat.deadline = None
        await self.core.save(game)
        await self.core.cancelled(game)


def game_closed(game: Game) -> TableError:
    """The refusal of anything asked of a game no longer open, saying how it ended."""
    return TableError("game_cancelled" if game.status is GameStatus.CANCELLED else "game_over")


def may_cancel(game: Game, user_id: int, manager: bool) -> None:
    """A game still open, cancelled by its host or a member with Manage Server."""
    if not game.is_open:
        raise game_closed(game)
    if user_id != game.host_id and not manager:
        raise TableError("cancel_forbidden")
