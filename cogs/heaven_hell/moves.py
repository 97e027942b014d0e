"""The last moves, one line per event worth telling, from the public events the spectator view
keeps. Draws are left out (every turn starts with one, and they name no card); so are the
secret double choices, whose progress the players' lines already show, until each colour's are
revealed together."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import SeatInfo
from cogs.heaven_hell.words import (
    DOUBLE,
    card_face,
    cards,
    mark,
    name_of,
    points,
    side_face,
    side_name,
)
from games.heaven_hell.cards import Colour
from games.heaven_hell.events import (
    CardDiscarded,
    CardPlaced,
    DoublesRevealed,
    PlayerStuck,
    RoundScored,
    RoundStarted,
    RowClosed,
    TurnSkipped,
)


def move_line(
    event: BaseModel, seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> str | None:
    if isinstance(event, CardPlaced):
        return tr(
            "heaven_hell.move.placed",
            name=name_of(seats, event.seat),
            card=card_face(faces, event.card),
            mark=side_face(faces, event.side),
            side=side_name(tr, event.side),
        )
    if isinstance(event, RowClosed):
        return tr("heaven_hell.move.row_closed", colour=mark(event.colour))
    if isinstance(event, PlayerStuck):
        name = name_of(seats, event.seat)
        return tr("heaven_hell.move.stuck", name=name, cards=cards(faces, event.hand))
    if isinstance(event, CardDiscarded):
        return tr(
            "heaven_hell.move.discarded",
            name=name_of(seats, event.seat),
            card=card_face(faces, event.card),
        )
    if isinstance(event, TurnSkipped):
        return tr("heaven_hell.move.skipped", name=name_of(seats, event.seat))
    if isinstance(event, RoundStarted):
        return tr(
            "heaven_hell.move.round_started",
            round=event.round + 1,
            dealer=name_of(seats, event.dealer),
            first=name_of(seats, event.first),
        )
    if isinstance(event, DoublesRevealed):
        choices = [
            *(f"{name_of(seats, seat)} {DOUBLE}" for seat in event.played),
            *(tr("heaven_hell.move.kept", name=name_of(seats, seat)) for seat in event.kept),
        ]
        return tr(
            "heaven_hell.move.revealed", colour=mark(event.colour), choices=" · ".join(choices)
        )
    if isinstance(event, RoundScored):
        scores = ", ".join(
            f"{name_of(seats, seat)} {points(value)}" for seat, value in enumerate(event.points)
        )
        return tr("heaven_hell.move.scored", round=event.round + 1, points=scores)
    return None


def doubles_text(doubles: Sequence[Colour | None], seats: Sequence[SeatInfo], tr: Texts) -> str:
    """Who played their double where, once revealed: "alice ×2 🟥R · bob none"."""
    parts = []
    for seat, colour in enumerate(doubles):
        what = tr("heaven_hell.no_double") if colour is None else f"{DOUBLE} {mark(colour)}"
        parts.append(f"{name_of(seats, seat)} {what}")
    return " · ".join(parts)


def move_lines(
    events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> list[str]:
    """Oldest first."""
    return [line for event in events if (line := move_line(event, seats, tr, faces)) is not None]
