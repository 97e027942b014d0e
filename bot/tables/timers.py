"""Where a game's timer is set, and what it does when it fires.

A running game has at most one timer: its next computer move, reminder or timeout. The unit of
work plans it (`plan`) on the game it saves (`Game.wake_at`, stored so that recovery re-arms it
without loading the game) and arms it once the lock is released, in the process's game timers
(`bot.tables.deadline_queue`). When it fires, `due` works out what is due, in this order:
showing the game again when Discord may not show it as stored, a computer move, timeouts,
reminders. Each firing either applies an action, spends a deadline or a reminder (both stored),
or finds nothing due and sleeps until the next: it can never fire twice for the same reason,
which bounds the messages of a turn by the seats waiting in it.
"""

from __future__ import annotations

import logging

from bot.tables.applying import apply_action, computer_action, people
from bot.tables.changes import Change, Notice
from bot.tables.records import Game, GameStatus, Seat
from bot.tables.turns import (
    Running,
    computers_due,
    late_seats,
    next_wake,
    record_timeout,
    reminders_due,
)

log = logging.getLogger(__name__)


def plan(running: Running | None, game: Game, moment: float, computer_delay: float) -> None:
    """Set when the game next needs attention (`Game.wake_at`); None once it is not running."""
    if running is None or game.status is not GameStatus.RUNNING:
        game.wake_at = None
        return
    delay = next_wake(running, moment, computer_delay)
    game.wake_at = None if delay is None else moment + delay


def mentions(seats: list[Seat]) -> str:
    return ", ".join(f"<@{seat.user_id}>" for seat in seats)


def due(running: Running, moment: float, in_doubt: bool) -> Change:
    """What the game's timer finds due now. A game whose table is `in_doubt` (recovery wakes it
    at once: a crash between saving a change and showing it) first shows the lobby as started
    and the table anew, mentioning whoever must act, since the mention they would have had may
    never have been sent; the table's post deletes the one left without a stored id."""
    game = running.game
    change = Change(game, running)
    if in_doubt:
        change = Change(game, running, ping=people(game.seats, running.to_act()), table=True)
        change.lobby = True
    computers = computers_due(running)
    if computers:
        chosen = computer_action(running, computers[0])
        if chosen is None:
            log.error("game %s: seat %s must act but has no legal action", game.id, computers[0])
            return change
        applied = apply_action(running, computers[0].seat, *chosen, moment)
        applied.lobby = applied.lobby or change.lobby
        applied.ping = sorted({*change.ping, *applied.ping})
        return applied
    late = late_seats(running, moment)
    if late:
        for seat in late:
            record_timeout(seat)
        for key, autopilot in (("table.timeout", False), ("table.autopilot", True)):
            group = [seat for seat in late if seat.autopilot is autopilot]
            if group:
                change.notices.append(Notice(key, {"mention": mentions(group)}))
        change.table = True
        return change
    change.reminders = reminders_due(running, moment)
    for seat in change.reminders:
        seat.reminded = True
    return change
