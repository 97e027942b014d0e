"""The last moves, from the public events the spectator view keeps: a line per turn, and one
per event of the round (its start, a colour's doubles revealed, its score).

A turn is one seat's line, `**bob**: cannot place any card, shows their hand: … · discards … ·
🟦B1 → 😇 heaven 🔒`: what it had to show and discard when stuck, then the card it placed, with 🔒
when that card closed its row (the row then shows its 🔒 too, so a line of its own would say it
twice). A turn is then one line of text where it took up to four, and the table, keeping one
line a seat, shows the last turn of each. Draws are left out (every turn starts with one, and
they name no card); so are the secret double choices, whose progress the players' lines
already show, until each colour's are revealed together."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import SeatInfo
from cogs.heaven_hell.words import (
    CLOSED,
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


@dataclass
class Turn:
    """What one seat did in a turn so far; `ended` once it placed a card or lost its turn."""

    seat: int
    parts: list[str] = field(default_factory=list)
    """Never empty once the turn is among the lines."""
    ended: bool = False


TurnEvent = CardPlaced | PlayerStuck | CardDiscarded | TurnSkipped


def turn_part(event: TurnEvent, tr: Texts, faces: CardFaces) -> str:
    """An event's words within its seat's turn."""
    if isinstance(event, CardPlaced):
        return tr(
            "heaven_hell.move.placed",
            card=card_face(faces, event.card),
            mark=side_face(faces, event.side),
            side=side_name(tr, event.side),
        )
    if isinstance(event, PlayerStuck):
        return tr("heaven_hell.move.stuck", cards=cards(faces, event.hand))
    if isinstance(event, CardDiscarded):
        return tr("heaven_hell.move.discarded", card=card_face(faces, event.card))
    return tr("heaven_hell.move.skipped")


def round_line(event: BaseModel, seats: Sequence[SeatInfo], tr: Texts) -> str | None:
    """A line of its own for an event of the round rather than of a seat's turn."""
    if isinstance(event, RoundStarted):
        return tr(
            "heaven_hell.move.round_started",
            round=event.round + 1,
            dealer=name_of(seats, event.dealer),
            first=name_of(seats, event.first),
        )
    if isinstance(event, DoublesRevealed):
        return revealed_line(event, seats, tr)
    if isinstance(event, RoundScored):
        scores = ", ".join(
            f"{name_of(seats, seat)} {points(value)}" for seat, value in enumerate(event.points)
        )
        return tr("heaven_hell.move.scored", round=event.round + 1, points=scores)
    return None


def revealed_line(event: DoublesRevealed, seats: Sequence[SeatInfo], tr: Texts) -> str:
    """`🎭 Doubles for 🟥R: carol ×2 · alice, bob keep theirs`: who played, then who kept."""
    choices = [f"{name_of(seats, seat)} {DOUBLE}" for seat in event.played]
    if event.kept:
        names = ", ".join(name_of(seats, seat) for seat in event.kept)
        choices.append(tr.plural("heaven_hell.move.kept", len(event.kept), names=names))
    return tr("heaven_hell.move.revealed", colour=mark(event.colour), choices=" · ".join(choices))


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
    """Oldest first; the last turn may be under way (a stuck seat still to discard)."""
    lines: list[str | Turn] = []
    for event in events:
        last = lines[-1] if lines else None
        if isinstance(event, RowClosed):
            if isinstance(last, Turn):
                last.parts[-1] += f" {CLOSED}"
        elif isinstance(event, TurnEvent):
            if not isinstance(last, Turn) or last.seat != event.seat or last.ended:
                last = Turn(event.seat)
                lines.append(last)
            last.parts.append(turn_part(event, tr, faces))
            last.ended = isinstance(event, CardPlaced | TurnSkipped)
        elif (line := round_line(event, seats, tr)) is not None:
            lines.append(line)
    return [line if isinstance(line, str) else turn_line(line, seats, tr) for line in lines]


def turn_line(turn: Turn, seats: Sequence[SeatInfo], tr: Texts) -> str:
    return tr("heaven_hell.move.turn", name=name_of(seats, turn.seat), parts=" · ".join(turn.parts))
