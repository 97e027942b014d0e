"""The rules of a lobby: seats for people and computers, who may start, leave or cancel. Pure
functions on a loaded game; the service applies them in its units of work."""

from __future__ import annotations

from bot.tables.errors import TableError
from bot.tables.records import Game, GameStatus, Seat
from games.core.base import Engine

LOBBY_SEND_WINDOW = 30
"""Seconds after which a lobby whose message id was never stored is taken for one nobody saw:
its message had to go out within Discord's 3 seconds to answer `/play`, and its id is stored
right after; this leaves ample room for a slow database before a new `/play` replaces it."""


def require_host(game: Game, user_id: int) -> None:
    if user_id != game.host_id:
        raise TableError("host_only")


def adopt_lobby_message(game: Game, message_id: int | None) -> None:
    """A click on a lobby whose message id was never stored (the bot stopped between sending
    `/play`'s answer and storing its id) names that message: it is stored with the click's
    change, so that the lobby is updated from then on and a later `/play` does not take it for
    one nobody sees."""
    if game.lobby_message_id is None and message_id is not None:
        game.lobby_message_id = message_id


def renumber(game: Game) -> None:
    for number, seat in enumerate(game.seats):
        seat.seat = number


def leave_lobby(game: Game, user_id: int, moment: float) -> None:
    """Frees the seat; a leaving host passes the table to the next player. The lobby is
    cancelled when no human is left."""
    seat = game.seat_of(user_id)
    if seat is None:
        raise TableError("not_seated")
    game.seats.remove(seat)
    renumber(game)
    humans = [seat.user_id for seat in game.seats if seat.user_id is not None]
    if not humans:
        game.cancel(moment)
    elif user_id == game.host_id:
        game.host_id = humans[0]


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


def can_start(game: Game, engine: Engine, user_id: int) -> None:
    """Refuses a Start that cannot happen: the lobby closed, not its host, too few players."""
    if game.status is not GameStatus.LOBBY:
        raise TableError("lobby_closed")
    require_host(game, user_id)
    if len(game.seats) < engine.min_players:
        raise TableError("too_few_players", min=engine.min_players)


def game_closed(game: Game) -> TableError:
    """The refusal of anything asked of a game no longer open, saying how it ended."""
    return TableError("game_cancelled" if game.status is GameStatus.CANCELLED else "game_over")


def may_cancel(game: Game, user_id: int, manager: bool) -> None:
    """A game still open, cancelled by its host or a member with Manage Server (`/game cancel`,
    the lobby's Cancel)."""
    if not game.is_open:
        raise game_closed(game)
    if user_id != game.host_id and not manager:
        raise TableError("cancel_forbidden")
