"""Per-game locks that exist only while someone holds or waits for them.

A lock per game serialises the handlers of one game inside a process (the database's revision
check does it between processes). Keeping every game's lock forever made the table grow with
every game ever touched; here a lock leaves the table as soon as it is released with nobody
waiting, so the table holds at most the games being handled right now.

Handing out a lock and starting to wait for it happen without an `await` in between (`async
with locks.lock(game_id)`), so no coroutine can hold a lock that already left the table.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from bot.spans import span


class GameLock(asyncio.Lock):
    """An `asyncio.Lock` that removes itself from its table once free and unwanted."""

    def __init__(self, table: LockTable, key: int) -> None:
        super().__init__()
        self._table = table
        self._key = key

    async def acquire(self) -> Literal[True]:
        try:
            with span("lock"):
                return await super().acquire()
        except BaseException:
            self._forget_if_unused()
            raise

    def release(self) -> None:
        super().release()
        self._forget_if_unused()

    def _forget_if_unused(self) -> None:
        if not self.locked() and not self._waiters:
            self._table._forget(self._key, self)


class LockTable:
    def __init__(self) -> None:
        self._locks: dict[int, GameLock] = {}

    def lock(self, key: int) -> GameLock:
        """The lock of `key`, created on first use; acquire it right away."""
        found = self._locks.get(key)
        if found is None:
            found = self._locks[key] = GameLock(self, key)
        return found

    def __len__(self) -> int:
        return len(self._locks)

    def _forget(self, key: int, lock: GameLock) -> None:
        if self._locks.get(key) is lock:
            del self._locks[key]

    def __repr__(self) -> str:
        held: Any = sorted(self._locks)
        return f"LockTable({held})"
