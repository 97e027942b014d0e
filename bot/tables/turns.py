"""Whose turn it is, seat versions, deadlines and what the game waits for next: pure logic.

After each accepted action every seat's legal actions are fingerprinted. A seat whose fingerprint
changed gets a new version, which makes its old controls out of date; an action that leaves a
seat's options alone (another player's public hint, say) leaves that seat's controls working.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.tables.records import Game, GameStatus, Seat
from bot.tables.ui import GameUI
from games.core.base import Engine

AUTOPILOT_AFTER = 2
"""Timeouts in a row after which a seat stays on autopilot until its player is back."""


def fingerprint(acting: bool, legal: Sequence[BaseModel]) -> str:
    """What a seat may do right now, as a short digest: controls stay valid while it holds."""
    data = json.dumps([acting, [action.model_dump(mode="json") for action in legal]])
    return hashlib.sha256(data.encode()).hexdigest()[:16]


@dataclass
class Running:
    """A running game with its engine, UI and parsed state, loaded under the game's lock."""

    game: Game
    engine: Engine
    ui: GameUI[Any]
    state: BaseModel

    def to_act(self) -> list[int]:
        return sorted(self.engine.to_act(self.state))


def refresh_turns(
    running: Running, previous_to_act: Sequence[int], moment: float, turn_ended: int | None = None
) -> None:
    """New versions for seats whose options changed; deadlines for people who must act.

    Only a seat whose person decides now has a deadline: computer seats, seats on autopilot and
    seats a computer stands in for have none, so no timer can ever remind or time out a computer.
    The turn time is per turn, not per step: a waiting person gets a fresh deadline when their
    turn begins, when the set of waiting seats changed (someone else opened The Game, which starts
    the turns proper) or when `turn_ended` is their own seat and they play again (a Skip that
    brings the turn straight back, the next colour's double, The Game alone with cards): that is
    a new turn, which also pings them (`bot.tables.applying.apply_action`).
    Placing a card, drawing or laying off within a turn, or another seat's public hint, extends
    nobody's time; nor, in a game of `GameType.simultaneous_choices`, does another seat's secret
    choice: a player who never chooses runs out of time once and is reminded once.
    """
    game = running.game
    to_act = set(running.to_act())
    each_for_itself = running.engine.game_type.simultaneous_choices
    waiting_changed = to_act != set(previous_to_act) and not each_for_itself
    for seat in game.seats:
        acting = seat.seat in to_act
        digest = fingerprint(acting, running.engine.legal_actions(running.state, seat.seat))
        changed = digest != seat.fingerprint
        if changed:
            seat.version += 1
            seat.fingerprint = digest
        if not acting:
            seat.stand_in = False
        if not acting or seat.computer_plays:
            seat.deadline = None
            seat.reminded = False
        elif waiting_changed or seat.seat == turn_ended or seat.deadline is None:
            seat.deadline = moment + game.turn_seconds
            seat.reminded = False


def reminder_at(game: Game, seat: Seat) -> float | None:
    """Half time of the seat's turn, while its player has not been reminded yet."""
    if seat.deadline is None or seat.reminded:
        return None
    return seat.deadline - game.turn_seconds / 2


def late_seats(running: Running, moment: float) -> list[Seat]:
    """Waiting people whose time has run out, all of them: when several seats may act at once
    (anyone may open The Game, secret choices), they run out together."""
    waiting = (running.game.seat(number) for number in running.to_act())
    return [seat for seat in waiting if seat.deadline is not None and seat.deadline <= moment]


def reminders_due(running: Running, moment: float) -> list[Seat]:
    """Waiting people at half time who have not been reminded yet."""
    game = running.game
    waiting = (game.seat(number) for number in running.to_act())
    return [
        seat for seat in waiting if (when := reminder_at(game, seat)) is not None and when <= moment
    ]


def computers_due(running: Running) -> list[Seat]:
    """Waiting seats a computer should play now. None while a person may act too, when the UI
    asks computers to leave the first move to people (`GameType.computers_wait_for_people`)."""
    waiting = [running.game.seat(number) for number in running.to_act()]
    computers = [seat for seat in waiting if seat.computer_plays]
    if running.engine.game_type.computers_wait_for_people and len(computers) < len(waiting):
        return []
    return computers


def next_wake(running: Running, moment: float, computer_delay: float) -> float | None:
    """Seconds until the game needs attention again, or None when it waits only for people
    who have no deadline (or is over)."""
    game = running.game
    if game.status is not GameStatus.RUNNING:
        return None
    waiting = [game.seat(number) for number in running.to_act()]
    if computers_due(running):
        return computer_delay
    moments = [
        when
        for seat in waiting
        for when in (seat.deadline, reminder_at(game, seat))
        if when is not None
    ]
    return max(0.0, min(moments) - moment) if moments else None


def record_timeout(seat: Seat) -> None:
    """A computer plays the rest of this turn; a second timeout in a row means autopilot. The
    deadline is spent: the seat can run out of time only once per turn."""
    seat.timeouts += 1
    seat.stand_in = True
    seat.deadline = None
    seat.reminded = False
    if seat.timeouts >= AUTOPILOT_AFTER:
        seat.autopilot = True


def record_own_move(seat: Seat) -> None:
    """A player who acts themselves is back in control of their seat."""
    seat.timeouts = 0
    seat.autopilot = seat.stand_in = False
