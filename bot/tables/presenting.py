"""What a game looks like to a member, in their language: seats, the lobby message, the table's
context for a game's UI, a seat's hand and `/game status`. Pure: drawn from a loaded game, never
from Discord."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.spans import timed
from bot.tables import render
from bot.tables.errors import TableError
from bot.tables.fitting import draw_fitting
from bot.tables.lobby_rules import game_closed
from bot.tables.records import OPEN_STATUSES, Game, GameStatus, Seat
from bot.tables.turns import Running
from bot.tables.ui import HandContext, SeatInfo, TableContext
from games.core.base import Engine
from games.core.result import GameResult


def seat_infos(game: Game, tr: Texts) -> list[SeatInfo]:
    infos: list[SeatInfo] = []
    for seat in game.seats:
        if seat.user_id is None:
            name = tr("table.computer", n=seat.seat + 1)
        else:
            name = seat.name or f"<@{seat.user_id}>"
        infos.append(SeatInfo(seat.seat, name, seat.user_id, seat.autopilot))
    return infos


@timed("render")
def lobby_message(game: Game, engine: Engine, tr: Texts) -> dict[str, Any]:
    """The lobby's embed and buttons."""
    embed = render.lobby_embed(game, engine, seat_infos(game, tr), tr)
    return {"embed": embed, "view": render.lobby_view(game, tr)}


def table_context(
    running: Running, events: Sequence[BaseModel], tr: Texts, faces: CardFaces
) -> TableContext[BaseModel]:
    game = running.game
    finished = game.status in (GameStatus.FINISHED, GameStatus.CANCELLED)
    return TableContext(
        game_id=game.id,
        view=running.engine.view(running.state, None),
        events=events,
        seats=seat_infos(game, tr),
        to_act=[] if finished else running.to_act(),
        finished=finished,
        tr=tr,
        faces=faces,
    )


def player_seat(game: Game, user_id: int) -> Seat:
    """The seat of a member who may act in the game; a refusal saying why not otherwise."""
    if game.status is GameStatus.LOBBY:
        raise TableError("not_running")
    if game.status is not GameStatus.RUNNING:
        raise game_closed(game)
    seat = game.seat_of(user_id)
    if seat is None:
        raise TableError("not_playing")
    return seat


def hand_context(
    running: Running, seat: int, ui_state: str, tr: Texts, faces: CardFaces | None = None
) -> HandContext[BaseModel]:
    """`faces` are left out where nothing is drawn (a click read)."""
    return HandContext(
        game_id=running.game.id,
        seat=seat,
        view=running.engine.view(running.state, seat),
        legal=running.engine.legal_actions(running.state, seat),
        seats=seat_infos(running.game, tr),
        to_act=running.to_act(),
        ui_state=ui_state,
        tr=tr,
        faces=faces if faces is not None else CardFaces(),
    )


@timed("render")
def hand_message(
    running: Running,
    seat: Seat,
    ui_state: str,
    tr: Texts,
    notice: str | None,
    faces: CardFaces,
) -> dict[str, Any]:
    """Content, embeds and view of a hand; `view` is None (which clears old controls when
    editing) when the UI offers no control."""
    ctx = hand_context(running, seat.seat, ui_state, tr, faces)
    panel = draw_fitting(running.ui.render_hand, ctx)
    header = [notice] if notice else []
    if seat.seat in ctx.to_act and seat.deadline is not None and not seat.computer_plays:
        header.append(tr("table.your_turn", deadline=f"<t:{int(seat.deadline)}:R>"))
    return {
        "content": render.framed_content(panel, header),
        "embeds": panel.embeds,
        "view": render.hand_view(running.game.id, seat.seat, seat.version, panel, ctx.legal),
    }


def status_text(game: Game, running: Running | None, tr: Texts) -> str:
    """`/game status`: the game, its seats and whose turn it is."""
    name = render.game_name(game.game_key, tr)
    lines = [tr("status.title", game=name, id=game.id, status=tr(f"status.{game.status}"))]
    seats = seat_infos(game, tr)
    for info in seats:
        suffix = " " + tr("status.on_autopilot") if info.autopilot else ""
        lines.append(render.seat_line(info, tr) + suffix)
    if running is not None:
        first_mover = running.engine.game_type.computers_wait_for_people
        to_act = running.to_act()
        lines.append(render.turn_line(game, seats, to_act, tr, first_mover=first_mover))
    return "\n".join(line for line in lines if line)


def ended_text(game: Game, tr: Texts) -> str | None:
    """Which game was played where none is open any more, and how it ended (its results as the
    final table gives them); None while it is open."""
    if game.status in OPEN_STATUSES:
        return None
    name = render.game_name(game.game_key, tr)
    if game.status is GameStatus.CANCELLED:
        return tr("errors.cancelled_here", game=name, id=game.id)
    lines = [tr("errors.ended_here", game=name, id=game.id)]
    if game.outcome is not None:
        outcome = GameResult.model_validate_json(game.outcome)
        lines += render.results_lines(outcome, seat_infos(game, tr), tr, game.game_key)
    return "\n".join(lines)
