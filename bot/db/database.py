"""One aiosqlite connection per bot process, in WAL mode with foreign keys on.

Writes go through `transaction()`, which serialises them on the shared connection: the table
service commits exactly one transaction per accepted action.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.db.migrations import migrate

Params = Iterable[Any] | dict[str, Any]


class Database:
    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path) -> Database:
        """Open (creating the folder and file if missing) and migrate the database."""
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000"):
                async with conn.execute(f"PRAGMA {pragma}"):
                    pass
            await migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        await self._conn.close()

    async def fetchone(self, sql: str, params: Params = ()) -> aiosqlite.Row | None:
        async with self._conn.execute(sql, params) as cursor:
            row: aiosqlite.Row | None = await cursor.fetchone()
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[aiosqlite.Row]:
        async with self._conn.execute(sql, params) as cursor:
            rows = await cursor.fetchall()
        return list(rows)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """`BEGIN IMMEDIATE` ... `COMMIT`, rolled back if the block raises."""
        async with self._write_lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")
