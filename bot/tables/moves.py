"""Moving a game forward: applying an action (a person's, a computer's, a stand-in's), and the
single wake-up per game that does what is due next (a computer move, a timeout, reminders).

Each wake-up either applies an action, spends a deadline or a reminder (both stored), or finds
nothing due and sleeps until the next one: it can never fire twice for the same reason, which
bounds the messages of a turn by the seats waiting in it.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Sequence
from itertools import groupby

from pydantic import BaseModel

from bot.clock import now
from bot.tables.core import TableCore
from bot.tables.deadline_queue import Wakeup
from bot.tables.errors import TableError
from bot.tables.records import (
    Actor,
    GameStatus,
    Seat,
    StaleGame,
    append_action,
    record_results,
    save_game,
)
from bot.tables.turns import (
    Running,
    computers_due,
    late_seats,
    next_wake,
    record_own_move,
    record_timeout,
    refresh_turns,
    reminders_due,
)

log = logging.getLogger(__name__)

def mentions(seats: Sequence[Seat]) -> str:
    return ", ".join(f"<@{seat.user_id}>" for seat in seats)


def people(seats: Sequence[Seat], numbers: Sequence[int]) -> list[int]:
    """The seats among `numbers` that a person plays, who a new table mentions."""
    return [number for number in numbers if not seats[number].computer_plays]


class Moves:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def apply(
        self, running: Running, seat_number: int, action: BaseModel, actor: Actor
    ) -> tuple[list[BaseModel], list[int]]:
        """Apply one action and save it in one transaction; a RuleError changes nothing.

        Returns the events and the seats that were not waiting before and must act now."""
        game, engine = running.game, running.engine
        previous = running.to_act()
        new_state, events = engine.apply(running.state, seat_number, action)
        seat = game.seat(seat_number)
        if actor is Actor.HUMAN:
            record_own_move(seat)
        ended = engine.ends_turn(events)
        if ended:
            seat.stand_in = False
        moment = now()
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
        self.plan(running)
        async with self.core.db.transaction() as conn:
            logged_events = json.dumps([event.model_dump(mode="json") for event in events])
            # The game first: its revision check is what refuses a second process that holds
            # an older copy (it then gets `StaleGame`, the usual "out of date" answer).
            seq = game.action_count
            game.action_count += 1
            await save_game(conn, game)
            await append_action(
                conn, game, seat_number, actor, action.model_dump_json(), logged_events, moment, seq
            )
            if result is not None:
                await record_results(conn, game, result)
        return list(events), [number for number in running.to_act() if number not in previous]

    async def after_action(
        self, running: Running, events: list[BaseModel], newly_to_act: list[int]
    ) -> None:
        """Arm the game's next wake-up, then show the action at the table."""
        ping = people(running.game.seats, newly_to_act)
        self.arm(running)
        with self.core.showing(running.game):
            await self.core.publisher.show_table(running, events, ping=ping)
        if running.game.status is GameStatus.FINISHED:
            with self.core.showing(running.game):
                await self.core.publisher.show_finish(running, events)
            with self.core.showing(running.game):
                await self.core.publisher.show_lobby(running.game, running.engine)

    def plan(self, running: Running) -> None:
        """Set when the game next needs attention (`Game.wake_at`, saved with the game so that
        recovery re-arms it without loading the game)."""
        moment = now()
        delay = next_wake(running, moment, self.core.host.settings.computer_delay_seconds)
        running.game.wake_at = None if delay is None else moment + delay

    def arm(self, running: Running) -> None:
        """Plan, then wake the game for its next computer move, reminder or timeout. Called
        before the change is saved, so the saved `wake_at` is the armed one."""
        self.plan(running)
        game = running.game
        if game.wake_at is None:
            self.core.timers.stop(game.id)
        else:
            self.core.timers.arm_at(game.id, game.wake_at)

    async def on_wake(self, game_id: int, wakeup: Wakeup) -> None:
        async with self.core.lock(game_id):
            if not self.core.timers.is_current(game_id, wakeup):
                return
            try:
                game = await self.core.load(game_id)
            except TableError:
                self.core.timers.stop(game_id)
                return
            if game.status is not GameStatus.RUNNING:
                self.core.timers.stop(game_id)
                return
            try:
                running = self.core.running(game)
            except TableError:
                log.warning("game %s (%s) has no engine or UI loaded", game_id, game.game_key)
                self.core.timers.stop(game_id)
                return
            try:
                await self._due(running)
            except StaleGame:
                # Another process saved this game meanwhile (a rolling restart): it owns what
                # was due; the game is re-armed from what is stored now.
                log.info("game %s: changed elsewhere while a timer fired; re-arming", game_id)
                fresh = await self.core.load(game_id)
                if fresh.status is GameStatus.RUNNING:
                    self.arm(self.core.running(fresh))

    async def _due(self, running: Running) -> None:
        """Do what is due, in this order: showing the game again when Discord may not show it
        as stored, a computer move, timeouts, reminders."""
        if running.game.table_in_doubt:
            await self._show_again(running)
        computers = computers_due(running)
        if computers:
            await self._computer_move(running, computers[0])
            return
        moment = now()
        late = late_seats(running, moment)
        if late:
            await self._time_out(running, late)
            return
        reminders = reminders_due(running, moment)
        for seat in reminders:
            seat.reminded = True
        self.arm(running)
        if reminders:
            await self.core.save(running.game)
            await self._remind(running, reminders)

    async def _show_again(self, running: Running) -> None:
        """After a crash between saving a change and showing it (recovery wakes such games at
        once): the lobby message shows that the game started (no more Join or Start), and the
        table is posted anew, the one left without a stored id deleted, mentioning whoever must
        act, since the mention they would have had may never have been sent."""
        game = running.game
        with self.core.showing(game):
            await self.core.publisher.show_lobby(game, running.engine)
        with self.core.showing(game):
            await self.core.publisher.show_table(
                running, [], ping=people(game.seats, running.to_act())
            )

    async def _remind(self, running: Running, seats: list[Seat]) -> None:
        """One reminder per deadline, naming everyone who shares it."""
        game = running.game
        tr = await self.core.public_texts(game)
        by_deadline = sorted(seats, key=lambda seat: seat.deadline or 0.0)
        with self.core.showing(game):
            for deadline, group in groupby(by_deadline, key=lambda seat: int(seat.deadline or 0)):
                named = list(group)
                when = f"<t:{deadline}:R>"
                text = tr("table.reminder", mention=mentions(named), deadline=when)
                numbers = [seat.seat for seat in named]
                label = tr("table.open_hand")
                await self.core.publisher.remind(game, text, numbers, deadline, label)

    async def _time_out(self, running: Running, seats: list[Seat]) -> None:
        """Everyone whose time ran out at once: a computer plays for them (one notice each for
        stand-ins and for seats now on autopilot), and the table shows who plays now."""
        for seat in seats:
            record_timeout(seat)
        self.arm(running)
        await self.core.save(running.game)
        tr = await self.core.public_texts(running.game)
        with self.core.showing(running.game):
            for key, autopilot in (("table.timeout", False), ("table.autopilot", True)):
                group = [seat for seat in seats if seat.autopilot is autopilot]
                if group:
                    await self.core.publisher.post(running.game, tr(key, mention=mentions(group)))
            await self.core.publisher.show_table(running, [], ping=[])

    async def _computer_move(self, running: Running, seat: Seat) -> None:
        engine = running.engine
        legal = engine.legal_actions(running.state, seat.seat)
        if not legal:
            log.error(
                "game %s: seat %s must act but has no legal action", running.game.id, seat.seat
            )
            return
        policy = engine.policy(engine.game_type.default_policy)
        rng = random.Random(f"{running.game.seed}:{running.game.action_count}")
        action = policy.choose(engine.view(running.state, seat.seat), legal, rng)
        actor = Actor.TIMEOUT if seat.stand_in and not seat.autopilot else Actor.COMPUTER
        events, newly = await self.apply(running, seat.seat, action, actor)
        await self.after_action(running, events, newly)
