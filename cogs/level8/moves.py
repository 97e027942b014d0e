"""The last moves, one line per turn, from the public events the spectator view keeps.

A turn's steps (draw, lay down, lay off, discard or Skip) share one line; what happens to the
whole table (a new round, a rebuilt draw pile) and a turn lost to a Skip get lines of their own.
Events never name a card drawn from the draw pile, so neither do these lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

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
    """Cards a seat laid off in a row, as one step, by owner: "laid off 🟥R4 🟥R5 on bob, 🟦B9
    on their own" reads in one line of a phone where a step per card took three."""
    parts = []
    for owner, same in groupby(events, key=lambda event: event.owner):
        shown = " ".join(card(faces, event.placed.card) for event in same)
        if owner == events[0].seat:
            parts.append(tr("level8.move.on_own", card=shown))
        else:
            parts.append(tr("level8.move.on_owner", card=shown, owner=seats[owner].name))
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


def move_lines(
    events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> list[str]:
    """Oldest first. A line ends with the turn (a discard or a Skip), or when another seat acts."""
    lines: list[str] = []
    seat: int | None = None
    steps: list[str] = []
    # The lay-offs the last step is made of.
    laid_off: list[LaidOff] = []

    def close() -> None:
        nonlocal seat, steps
        if seat is not None and steps:
            lines.append(tr("level8.move.line", name=seats[seat].name, steps=" · ".join(steps)))
        seat, steps = None, []
        laid_off.clear()

    for event in events:
        step = step_text(event, seats, tr, faces)
        if step is None:
            text = table_text(event, seats, tr)
            if text is not None:
                close()
                lines.append(text)
            continue
        if step[0] != seat:
            close()
            seat = step[0]
        if isinstance(event, LaidOff) and laid_off:
            laid_off.append(event)
            steps[-1] = laid_off_text(laid_off, seats, tr, faces)
            continue
        laid_off[:] = [event] if isinstance(event, LaidOff) else []
        steps.append(step[1])
        if isinstance(event, Discarded | SkipPlaced):
            close()
    close()
    return lines
