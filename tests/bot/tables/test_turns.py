"""`bot/tables/turns.py` on its own: whose controls stay valid, who has a deadline, who is
reminded or late, when computers move and when the game next needs attention. Pure functions over
a game record and the tiny engine, no Discord and no database."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Texts
from bot.tables.records import Game, GameStatus, Seat
from bot.tables.render import turn_line
from bot.tables.turns import (
    AUTOPILOT_AFTER,
    Running,
    computers_due,
    fingerprint,
    late_seats,
    next_wake,
    record_own_move,
    record_timeout,
    refresh_turns,
    reminders_due,
)
from bot.tables.ui import SeatInfo
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE as TINY_ENGINE
from tests.tiny_game.engine import GAME_TYPE, Hint, Play, TinyConfig, TinyEngine

TURN = 300
START = 1_000.0


class PatientEngine(TinyEngine):
    game_type = replace(GAME_TYPE, computers_wait_for_people=True)


class SecretChoicesEngine(TinyEngine):
    game_type = replace(GAME_TYPE, simultaneous_choices=True)


def started(
    users: list[int | None], engine: TinyEngine = TINY_ENGINE, moment: float = START
) -> Running:
    """A game just started: every seat may open, so everyone waits."""
    game = Game(
        id=1, guild_id=1, channel_id=1, place_id=1, game_key="tiny-game", options={}, config="{}",
        seed=7, status=GameStatus.RUNNING, host_id=1, turn_seconds=TURN, created_at=moment,
        seats=[Seat(seat=n, user_id=user) for n, user in enumerate(users)],
    )
    state = engine.new_game(TinyConfig(), len(users), seed=7)[0]
    running = Running(game=game, engine=engine, ui=TinyUI(), state=state)
    refresh_turns(running, [], moment)
    return running


def act(running: Running, seat: int, action: object, moment: float) -> None:
    previous = running.to_act()
    running.state, _ = running.engine.apply(running.state, seat, action)  # type: ignore[arg-type]
    refresh_turns(running, previous, moment)


def first_card(running: Running, seat: int) -> Play:
    return next(a for a in running.engine.legal_actions(running.state, seat) if isinstance(a, Play))


def test_the_fingerprint_follows_what_a_seat_may_do_and_whether_it_acts() -> None:
    legal = [Play(card=3), Hint(text="low")]
    assert fingerprint(True, legal) == fingerprint(True, list(legal))
    assert fingerprint(True, legal) != fingerprint(False, legal)
    assert fingerprint(True, legal) != fingerprint(True, legal[:1])


def test_at_the_start_people_get_the_turn_time_and_computers_none() -> None:
    running = started([11, None, 12])
    alice, computer, bob = running.game.seats
    assert alice.deadline == bob.deadline == START + TURN
    assert computer.deadline is None
    assert all(seat.version == 1 for seat in running.game.seats)


def test_a_public_hint_leaves_everybody_s_controls_and_time_alone() -> None:
    running = started([11, 12])
    before = [(seat.version, seat.deadline) for seat in running.game.seats]
    act(running, 1, Hint(text="low"), START + 100)
    assert [(seat.version, seat.deadline) for seat in running.game.seats] == before


def test_the_opening_starts_the_turn_of_whoever_waits_with_a_fresh_time() -> None:
    running = started([11, 12, 13])
    act(running, 0, first_card(running, 0), START + 100)
    waiting = running.to_act()
    assert waiting == [1]
    bob, carol = running.game.seats[1], running.game.seats[2]
    assert bob.deadline == START + 100 + TURN
    assert carol.deadline is None
    assert running.game.seats[0].version == 2


def test_with_secret_choices_another_seat_s_choice_gives_nobody_more_time() -> None:
    running = started([11, 12, 13], engine=SecretChoicesEngine())
    act(running, 0, first_card(running, 0), START + 100)
    assert running.game.seats[1].deadline == START + TURN


def test_half_time_reminds_once_and_the_deadline_makes_the_seat_late() -> None:
    running = started([11, 12])
    assert reminders_due(running, START + TURN / 2 - 1) == []
    due = reminders_due(running, START + TURN / 2)
    assert [seat.seat for seat in due] == [0, 1]
    for seat in due:
        seat.reminded = True
    assert reminders_due(running, START + TURN - 1) == []
    assert late_seats(running, START + TURN - 1) == []
    assert [seat.seat for seat in late_seats(running, START + TURN)] == [0, 1]


def test_computers_leave_a_shared_first_move_to_people_when_the_game_says_so() -> None:
    eager = started([11, None])
    assert [seat.seat for seat in computers_due(eager)] == [1]
    patient = started([11, None], engine=PatientEngine())
    assert computers_due(patient) == []
    act(patient, 0, first_card(patient, 0), START + 5)
    assert [seat.seat for seat in computers_due(patient)] == [1]


def test_a_first_move_anyone_may_make_is_said_so_naming_the_people_with_their_time() -> None:
    """A game without its own wording gets the table's: the people who may move first, pinged,
    and the time left; computers, who wait, are not named; once someone opened, turns as usual."""
    patient = started([11, None, 12], engine=PatientEngine())
    tr = Texts("en")
    seats = [SeatInfo(0, "alice", 11, False), SeatInfo(1, "Computer 2", None, False)]
    seats.append(SeatInfo(2, "bob", 12, False))
    line = turn_line(patient.game, seats, patient.to_act(), tr, first_mover=True)
    deadline = int(START + TURN)
    assert line == (
        f"▶️ Anyone may make the first move: <@11>, <@12> (time runs out <t:{deadline}:R>)."
    )
    act(patient, 0, first_card(patient, 0), START + 5)
    line = turn_line(patient.game, seats, patient.to_act(), tr, first_mover=True)
    assert line == "▶️ Turn: Computer 2"


def test_the_next_wake_is_a_computer_s_pause_else_the_nearest_reminder_or_deadline() -> None:
    assert next_wake(started([11, None]), START, computer_delay=1.5) == 1.5
    people = started([11, 12])
    assert next_wake(people, START + 10, computer_delay=1.5) == TURN / 2 - 10
    for seat in people.game.seats:
        seat.reminded = True
    assert next_wake(people, START + 200, computer_delay=1.5) == TURN - 200
    people.game.status = GameStatus.FINISHED
    assert next_wake(people, START + 200, computer_delay=1.5) is None


def test_two_timeouts_in_a_row_mean_autopilot_until_the_player_acts_again() -> None:
    seat = Seat(seat=0, user_id=11, deadline=START + TURN)
    record_timeout(seat)
    assert (seat.stand_in, seat.autopilot, seat.deadline) == (True, False, None)
    assert seat.computer_plays
    for _ in range(AUTOPILOT_AFTER - 1):
        record_timeout(seat)
    assert seat.autopilot
    record_own_move(seat)
    assert (seat.timeouts, seat.autopilot, seat.stand_in) == (0, False, False)
    assert not seat.computer_plays
