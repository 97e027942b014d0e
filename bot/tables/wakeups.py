"""One sleeping task per game that wakes the service when something is due.

The task is an `asyncio.sleep`, so SimCord's `advance_time` drives it in tests. Re-arming cancels
the previous task only while it still sleeps; a task that already woke and waits for the game's
lock finds itself superseded (`is_current`) and steps aside instead of being cancelled half-way
through saving a move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Wakeup:
    task: asyncio.Task[None] | None = None
    woke: bool = False


class Wakeups:
    def __init__(self, on_wake: Callable[[int, Wakeup], Awaitable[None]]) -> None:
        self._on_wake = on_wake
        self._armed: dict[int, Wakeup] = {}

    def arm(self, game_id: int, delay: float | None) -> None:
        """Wake for `game_id` in `delay` seconds, replacing any earlier wake-up; None disarms."""
        self.stop(game_id)
        if delay is None:
            return
        wakeup = Wakeup()
        self._armed[game_id] = wakeup
        wakeup.task = asyncio.create_task(self._sleep(game_id, delay, wakeup))

    def stop(self, game_id: int) -> None:
        previous = self._armed.pop(game_id, None)
        if previous is not None and previous.task is not None and not previous.woke:
            previous.task.cancel()

    def is_current(self, game_id: int, wakeup: Wakeup) -> bool:
        return self._armed.get(game_id) is wakeup

    async def _sleep(self, game_id: int, delay: float, wakeup: Wakeup) -> None:
        """Nobody awaits this task: an error is logged here with its game, or it would only
        surface, without context, when the task is garbage-collected."""
        await asyncio.sleep(delay)
        wakeup.woke = True
        if self.is_current(game_id, wakeup):
            try:
                await self._on_wake(game_id, wakeup)
            except Exception:
                log.exception("game %s: what was due (a computer move or a timer) failed", game_id)
