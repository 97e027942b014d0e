"""Where a click in a hand is validated: the clicker's seat, the control's seat version, and
what the control means (a legal action it carries, or the game UI's reading of a UI step).

A control whose seat version changed, or whose action is no longer legal where it was drawn, is
out of date (`None`): the hand is only drawn again. Pure: read on the game loaded under its lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Texts
from bot.tables.carried import read_ref
from bot.tables.errors import TableError
from bot.tables.presenting import hand_context, player_seat
from bot.tables.records import Game, Seat
from bot.tables.turns import Running
from bot.tables.ui import Choice
from games.core.errors import RuleError


@dataclass(frozen=True)
class Step:
    """A control of a UI step: the game's UI says what `payload` and `values` mean."""

    payload: str
    values: Sequence[str]


@dataclass(frozen=True)
class Actions:
    """A control that carries legal actions (`refs`, see `bot/tables/carried.py`)."""

    refs: Sequence[str]


Control = Step | Actions


@dataclass(frozen=True)
class HandShown:
    """The hand to show the member who clicked: their seat in `running`, drawn in `ui_state`,
    under `notice` (a catalog key) when there is something to tell."""

    running: Running
    seat: Seat
    ui_state: str = ""
    notice: str | None = None


def clicker_seat(game: Game, user_id: int, seat_number: int) -> Seat:
    seat = player_seat(game, user_id)
    if seat.seat != seat_number:
        raise TableError("not_your_seat")
    return seat


def read_click(
    running: Running, seat: Seat, version: int, control: Control, tr: Texts
) -> Choice | None:
    """What the click means, None when the control is out of date; a refusal translated for the
    clicker when the game's rules forbid it."""
    if seat.version != version:
        return None
    ctx = hand_context(running, seat.seat, "", tr)
    try:
        if isinstance(control, Step):
            return running.ui.choose(ctx, control.payload, control.values)
        if len(control.refs) != 1:
            raise RuleError("unknown_control")
        try:
            action = read_ref(ctx.legal, control.refs[0])
        except ValueError as error:
            raise RuleError("unknown_control") from error
        return None if action is None else Choice(action=action)
    except RuleError as error:
        raise TableError("rule", running.ui.describe_error(error, tr)) from error
