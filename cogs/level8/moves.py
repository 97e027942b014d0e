"""The last moves, one line per turn, from the public events the spectator view keeps.

A turn's steps (draw, lay down, lay off, discard or Skip) share one line; what happens to the
whole table (a new round, a rebuilt draw pile) and a turn lost to a Skip get lines of their own.
Events never name a card drawn from the draw pile, so neither do these lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import SeatInfo
from cogs.level8.words import card
from games.level8.events import (
    CardsKept,
    Discarded,
    DrewFromDiscard,
    DrewFromPile,
    LaidOff,
    LevelDisplayed,
    NothingToDraw,
    PileRebuilt,
    RoundEnded,
    RoundStarted,
    SkipPlaced,
    SkipServed,
)


def step_text(
    event: BaseModel, seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> tuple[int, str] | None:
    """A step of a seat's turn: (seat, what it did)."""
    if isinstance(event, DrewFromPile):
        return event.seat, tr("level8.move.drew_pile")
    if isinstance(event, DrewFromDiscard):
        if event.owner == event.seat:
            return event.seat, tr("level8.move.took_own", card=card(faces, event.card))
        owner = seats[event.owner].name
        return event.seat, tr("level8.move.took", card=card(faces, event.card), owner=owner)
    if isinstance(event, NothingToDraw):
        return event.seat, tr("level8.move.nothing_to_draw")
    if isinstance(event, LevelDisplayed):
        return event.seat, tr("level8.move.laid_down", level=event.level)
    if isinstance(event, LaidOff):
        return event.seat, laid_off_text([event], seats, tr, faces)
    if isinstance(event, Discarded):
        return event.seat, tr("level8.move.discarded", card=card(faces, event.card))
    if isinstance(event, SkipPlaced):
        return event.seat, tr("level8.move.skipped", name=seats[event.target].name)
    return None


def laid_off_text(
    events: Sequence[LaidOff], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> str:
    """The cards a seat laid off in its turn, as one step, by owner: "laid off 🟥R4 🟥R5 on bob,
    🟦B9 on their own" reads in one line of a phone where a step per card took three."""
    by_owner: dict[int, list[str]] = {}
    for event in events:
        by_owner.setdefault(event.owner, []).append(card(faces, event.placed.card))
    parts = [
        tr("level8.move.on_own", card=" ".join(shown))
        if owner == events[0].seat
        else tr("level8.move.on_owner", card=" ".join(shown), owner=seats[owner].name)
        for owner, shown in by_owner.items()
    ]
    return tr("level8.move.laid_off", cards=", ".join(parts))


def table_text(event: BaseModel, seats: Sequence[SeatInfo], tr: Texts) -> str | None:
    """An event of its own line."""
    if isinstance(event, RoundStarted):
        return tr("level8.move.round_started", round=event.round, name=seats[event.dealer].name)
    if isinstance(event, RoundEnded):
        return tr("level8.move.round_ended", round=event.round, name=seats[event.out].name)
    if isinstance(event, SkipServed):
        return tr("level8.move.skip_served", name=seats[event.seat].name)
    if isinstance(event, PileRebuilt):
        return tr.plural("level8.move.pile_rebuilt", event.size)
    if isinstance(event, CardsKept):
        return tr.plural("level8.move.kept", event.count, name=seats[event.seat].name)
    return None


class MoveLine(NamedTuple):
    text: str
    seat: int | None
    """Whose turn the line tells; None for what happens to the whole table."""
    going_on: bool = False
    """The turn has not ended: its seat is still playing it."""


def move_lines(
    events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> list[str]:
    return [line.text for line in turn_lines(events, seats, tr, faces)]


def turn_lines(
    events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> list[MoveLine]:
    """Oldest first. A line ends with the turn (a discard or a Skip), or when another seat acts;
    the last one may be a turn still going on."""
    lines: list[MoveLine] = []
    seat: int | None = None
    steps: list[str] = []
    # The lay-offs of the turn so far: the last step is made of them.
    laid_off: list[LaidOff] = []

    def close(going_on: bool = False) -> None:
        nonlocal seat, steps
        if seat is not None and steps:
            text = tr("level8.move.line", name=seats[seat].name, steps=" · ".join(steps))
            lines.append(MoveLine(text, seat, going_on))
        seat, steps = None, []
        laid_off.clear()

    for event in events:
        step = step_text(event, seats, tr, faces)
        if step is None:
            text = table_text(event, seats, tr)
            if text is not None:
                close()
                lines.append(MoveLine(text, None))
            continue
        if step[0] != seat:
            close()
            seat = step[0]
        if isinstance(event, LaidOff):
            if laid_off:
                steps.pop()
            laid_off.append(event)
            steps.append(laid_off_text(laid_off, seats, tr, faces))
            continue
        laid_off.clear()
        steps.append(step[1])
        if isinstance(event, Discarded | SkipPlaced):
            close()
    close(going_on=True)
    return lines
