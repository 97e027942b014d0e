"""Applying one action to a running game: the engine, the turn bookkeeping and the end of the
game, on the game as loaded under its lock. Nothing here is saved or shown: the unit of work
saves what this returns (`bot.tables.unit_of_work`) and publishing shows it.

Used alike for a person's action (`bot.tables.clicks`), a computer's and a stand-in's
(`bot.tables.timers`)."""

from __future__ import annotations

import random

from pydantic import BaseModel

from bot.tables.changes import Change, Logged
from bot.tables.records import Actor, GameStatus, Seat
from bot.tables.turns import Running, record_own_move, refresh_turns


def people(seats: list[Seat], numbers: list[int]) -> list[int]:
    """The seats among `numbers` that a person plays, who a new table mentions."""
    return [number for number in numbers if not seats[number].computer_plays]


def apply_action(
    running: Running, seat_number: int, action: BaseModel, actor: Actor, moment: float
) -> Change:
    """Apply one action; a RuleError changes nothing.

    The change pings the people whose turn begins now: those that were not waiting before and
    must act, and the acting seat when its turn ended and it must act again (a Skip that brings
    the turn straight back, a seat alone with cards), since a new turn notifies its player
    whoever had the previous one."""
    game, engine = running.game, running.engine
    previous = running.to_act()
    new_state, events = engine.apply(running.state, seat_number, action)
    seat = game.seat(seat_number)
    if actor is Actor.HUMAN:
        record_own_move(seat)
    ended = engine.ends_turn(events)
    if ended:
        seat.stand_in = False
    running.state = new_state
    game.state = new_state.model_dump_json()
    refresh_turns(running, previous, moment, turn_ended=seat_number if ended else None)
    result = engine.result(new_state)
    if result is not None:
        game.status = GameStatus.FINISHED
        game.ended_at = moment
        game.outcome = result.model_dump_json()
        for each in game.seats:
            each.deadline = None
    again = seat_number if ended else None
    newly = [number for number in running.to_act() if number not in previous or number == again]
    return Change(
        game,
        running,
        events=list(events),
        ping=people(game.seats, newly),
        table=True,
        lobby=result is not None,
        logged=Logged(seat_number, actor, action, list(events), moment, result),
    )


def computer_action(running: Running, seat: Seat) -> tuple[BaseModel, Actor] | None:
    """The move the game's default policy chooses for `seat` (a computer seat, autopilot or a
    stand-in), from the seat's view only; None when the seat has no legal action (a bug of the
    engine, logged by the caller)."""
    engine = running.engine
    legal = engine.legal_actions(running.state, seat.seat)
    if not legal:
        return None
    policy = engine.policy(engine.game_type.default_policy)
    rng = random.Random(f"{running.game.seed}:{running.game.action_count}")
    chosen = policy.choose(engine.view(running.state, seat.seat), legal, rng)
    action = engine.as_computer_move(chosen)
    actor = Actor.TIMEOUT if seat.stand_in and not seat.autopilot else Actor.COMPUTER
    return action, actor
