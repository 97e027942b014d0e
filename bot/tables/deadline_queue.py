"""A deadline queue: wake-ups by key, each calling its handler at its moment.

The table service keeps three: the games' timers (every running game of this process has at
most one armed wake-up, its next computer move, reminder or timeout; the key is the game id),
the outboxes' flushes (keyed by channel id, `bot.tables.outbox`) and the live hands' redraws
(keyed by a hand's serial, `bot.tables.live_hands`). Wake-ups wait in a heap ordered by moment,
and a single task per queue sleeps until the earliest: arming 100,000 games at start-up costs
100,000 heap pushes, not 100,000 sleeping tasks.
The sleeper waits in `bot.clock.sleep` on the bot's clock (`bot.clock.now`), so SimCord's
`advance_time` drives it in tests.

A due wake-up runs in a task of its own. Re-arming replaces a key's wake-up; one that already
woke and waits for the game's lock finds itself superseded (`is_current`) and steps aside instead
of being cancelled half-way through saving a move.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot import clock

log = logging.getLogger(__name__)

EARLY = 0.001
"""Seconds early a wake-up may fire: the clock and the sleep can disagree by rounding."""


@dataclass(eq=False)
class Wakeup:
    key: int
    at: float
    woke: bool = False
    dropped: bool = False


class DeadlineQueue:
    def __init__(self, on_wake: Callable[[int, Wakeup], Awaitable[None]], what: str) -> None:
        """`what` names a key in the log ("game 12": the key is a game id)."""
        self._on_wake = on_wake
        self._what = what
        self._armed: dict[int, Wakeup] = {}
        self._heap: list[tuple[float, int, Wakeup]] = []
        self._order = itertools.count()
        self._sleeper: asyncio.Task[None] | None = None
        self._sleeping_until: float | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self._closed = False

    def __len__(self) -> int:
        """Keys with an armed wake-up."""
        return len(self._armed)

    def arm(self, key: int, delay: float | None) -> None:
        """Wake for `key` in `delay` seconds, replacing any earlier wake-up; None disarms."""
        if delay is None:
            self.stop(key)
            return
        self.arm_at(key, clock.now() + delay)

    def arm_at(self, key: int, at: float, *, start: bool = True) -> None:
        """Wake for `key` at the moment `at` (seconds since the epoch, `bot.clock.now`).
        `start=False` only queues it (recovery queues every game, then calls `start` once)."""
        if self._closed:
            return
        self.stop(key)
        wakeup = Wakeup(key, at)
        self._armed[key] = wakeup
        heapq.heappush(self._heap, (at, next(self._order), wakeup))
        if len(self._heap) > 2 * len(self._armed) + 64:
            self._compact()
        if start:
            self.start(at)

    def start(self, at: float | None = None) -> None:
        """Make sure the sleeper wakes by `at` (by the earliest queued moment when None)."""
        if self._closed or not self._heap:
            return
        if at is None:
            at = self._heap[0][0]
        idle = self._sleeper is None or self._sleeper.done()
        if idle or (self._sleeping_until is not None and at < self._sleeping_until):
            self._restart_sleeper()

    def stop(self, key: int) -> None:
        previous = self._armed.pop(key, None)
        if previous is not None:
            previous.dropped = True

    def is_current(self, key: int, wakeup: Wakeup) -> bool:
        return self._armed.get(key) is wakeup

    def close(self) -> None:
        """Forget every wake-up and wake nothing any more (the bot is closing: what is due
        is left to the next process, which re-arms it from the database)."""
        self._closed = True
        self._armed.clear()
        self._heap.clear()
        if self._sleeper is not None:
            self._sleeper.cancel()
        self._sleeper = None
        self._sleeping_until = None

    def _compact(self) -> None:
        """Drop replaced entries: re-arming leaves the old entry in the heap until it surfaces,
        and a busy process re-arms at every move."""
        self._heap = [entry for entry in self._heap if not entry[2].dropped]
        heapq.heapify(self._heap)

    def _restart_sleeper(self) -> None:
        """The sleeper only ever waits in `clock.sleep` (it hands due work to other tasks
        synchronously), so cancelling it never interrupts anything. Until the new sleeper runs,
        `_sleeping_until` is None: it will look at the heap's earliest entry itself, so arming
        many games in a row starts one sleeper, not one each."""
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()
        self._sleeping_until = None
        self._sleeper = asyncio.create_task(self._sleep())

    async def _sleep(self) -> None:
        try:
            while self._heap:
                at, _, wakeup = self._heap[0]
                if wakeup.dropped:
                    heapq.heappop(self._heap)
                    continue
                delay = at - clock.now()
                if delay > EARLY:
                    self._sleeping_until = at
                    await clock.sleep(delay)
                    continue
                heapq.heappop(self._heap)
                wakeup.woke = True
                task = asyncio.create_task(self._wake(wakeup))
                self._handlers.add(task)
                task.add_done_callback(self._handlers.discard)
        finally:
            if self._sleeper is asyncio.current_task():
                self._sleeping_until = None
                self._sleeper = None

    async def _wake(self, wakeup: Wakeup) -> None:
        """Nobody awaits this task: an error is logged here with its key, or it would only
        surface, without context, when the task is garbage-collected."""
        if self._closed or not self.is_current(wakeup.key, wakeup):
            return
        try:
            await self._on_wake(wakeup.key, wakeup)
        except Exception:
            log.exception("%s %s: what was due failed", self._what, wakeup.key)
        finally:
            # Spent and not replaced by the handler: the key waits for nothing timed now.
            if self._armed.get(wakeup.key) is wakeup:
                del self._armed[wakeup.key]
