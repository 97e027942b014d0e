"""Counting what a piece of work asks of the database, at the drivers: hand-offs to aiosqlite's
connection threads on SQLite (each one a trip to a thread and back), round trips to the server
on PostgreSQL (asyncpg's prepared-statement executions, batches and simple queries such as BEGIN
and COMMIT). Counted at the drivers, not at `bot.db`, so that a call of the storage interface
that makes several trips counts as several."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiosqlite
import asyncpg
import pytest


class Trips:
    def __init__(self) -> None:
        self.count = 0

    def since(self, mark: int) -> int:
        return self.count - mark


def count_trips(monkeypatch: pytest.MonkeyPatch) -> Trips:
    """From now on, every hand-off to an aiosqlite thread and every PostgreSQL round trip of
    this process, counted in the returned `Trips`."""
    trips = Trips()

    def counting(original: Callable[..., Any]) -> Callable[..., Any]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            trips.count += 1
            return await original(*args, **kwargs)

        return counted

    monkeypatch.setattr(
        aiosqlite.Connection, "_execute", counting(aiosqlite.Connection._execute)
    )
    for name in ("_execute", "_executemany"):
        monkeypatch.setattr(
            asyncpg.Connection, name, counting(getattr(asyncpg.Connection, name))
        )
    simple = asyncpg.Connection.execute

    async def execute(self: asyncpg.Connection, query: str, *args: Any, **kwargs: Any) -> Any:
        if not args:  # a simple query (BEGIN, COMMIT): with arguments it is `_execute`'s
            trips.count += 1
        return await simple(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "execute", execute)
    return trips
