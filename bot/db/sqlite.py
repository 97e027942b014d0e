"""SQLite, the embedded default: one writer connection and a few reader connections, WAL mode.

Each connection lives on a thread of its own (the `sqlite3` module blocks), and each call is
one hop to that thread. Why this shape:

- SQLite lets one transaction write at a time per file, so units of work queue for the writer
  connection (`BEGIN IMMEDIATE` ... `COMMIT`, under an `asyncio.Lock`). A unit of work holds it
  only while it runs its statements, never while it talks to Discord.
- Reads go to reader connections. In WAL mode a reader sees the last committed state and never
  blocks or waits for the writer: a read can no longer run inside another coroutine's open write
  transaction and see its uncommitted rows, and reads no longer queue behind writes.
- `synchronous = NORMAL` in WAL mode syncs at checkpoints rather than at every commit: a commit
  survives the process crashing (the usual failure), and at worst the last commits before a power
  loss are lost; the database itself stays consistent. Waiting for the disk at every click is
  what made a move cost tens of milliseconds under load.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

from bot.db.base import Database, IntegrityError, Params, Row, Transaction
from bot.db.migrations import migrate_sqlite, sqlite_schema_version

T = TypeVar("T")

READERS = 4
"""Reader connections: enough for reads to overlap while a write runs on two cores."""


class _Connection:
    """A `sqlite3` connection and the one thread that may use it."""

    def __init__(self, path: Path, *, writer: bool) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._path = path
        self._writer = writer
        self._conn: sqlite3.Connection | None = None

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._call, work)

    def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        if self._conn is None:
            raise RuntimeError("the database is closed")
        return work(self._conn)

    async def open(self) -> None:
        def connect() -> None:
            conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            pragmas = ["foreign_keys = ON", "busy_timeout = 5000"]
            if self._writer:
                pragmas[:0] = ["journal_mode = WAL", "synchronous = NORMAL"]
            else:
                pragmas.append("query_only = ON")
            for pragma in pragmas:
                conn.execute(f"PRAGMA {pragma}").fetchall()
            self._conn = conn

        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._executor, connect)

    async def close(self) -> None:
        def close() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._executor, close)
        finally:
            self._executor.shutdown(wait=False)


def _rowcount(sql: str, params: Params) -> Callable[[sqlite3.Connection], int]:
    def work(conn: sqlite3.Connection) -> int:
        try:
            return conn.execute(sql, params).rowcount
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    return work


def _rows(sql: str, params: Params) -> Callable[[sqlite3.Connection], list[Row]]:
    def work(conn: sqlite3.Connection) -> list[Row]:
        try:
            return conn.execute(sql, params).fetchall()
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    return work


class SQLiteTransaction(Transaction):
    def __init__(self, conn: _Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        return await self._conn.run(_rowcount(sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        batch = list(rows)

        def work(conn: sqlite3.Connection) -> None:
            try:
                conn.executemany(sql, batch)
            except sqlite3.IntegrityError as error:
                raise IntegrityError(str(error)) from error

        await self._conn.run(work)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self._conn.run(_rows(sql, params))
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._conn.run(_rows(sql, params))


class SQLiteDatabase(Database):
    backend = "sqlite"

    def __init__(self, path: Path, writer: _Connection, readers: list[_Connection]) -> None:
        self.path = path
        self._writer = writer
        self._write_lock = asyncio.Lock()
        self._readers: asyncio.Queue[_Connection] = asyncio.Queue()
        self._all_readers = readers
        for reader in readers:
            self._readers.put_nowait(reader)

    @classmethod
    async def open_file(cls, path: Path | str) -> SQLiteDatabase:
        """Open (creating the folder and file if missing) and migrate the database."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = _Connection(path, writer=True)
        opened = [writer]
        try:
            await writer.open()
            await writer.run(migrate_sqlite)
            readers = [_Connection(path, writer=False) for _ in range(READERS)]
            for reader in readers:
                opened.append(reader)
                await reader.open()
        except BaseException:
            for conn in opened:
                await conn.close()
            raise
        return cls(path, writer, readers)

    async def close(self) -> None:
        async with self._write_lock:
            for conn in [self._writer, *self._all_readers]:
                await conn.close()

    async def _read(self, sql: str, params: Params) -> list[Row]:
        reader = await self._readers.get()
        try:
            return await reader.run(_rows(sql, params))
        finally:
            self._readers.put_nowait(reader)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self._read(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._read(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """`BEGIN IMMEDIATE` ... `COMMIT` on the writer connection, rolled back if the block
        raises (cancellation included)."""
        async with self._write_lock:
            await self._writer.run(lambda conn: conn.execute("BEGIN IMMEDIATE"))
            try:
                yield SQLiteTransaction(self._writer)
            except BaseException:
                await asyncio.shield(self._writer.run(lambda conn: conn.execute("ROLLBACK")))
                raise
            await self._writer.run(lambda conn: conn.execute("COMMIT"))

    async def schema_version(self) -> int:
        return await self._writer.run(sqlite_schema_version)

    async def backup(self, target: Path) -> None:
        """A consistent copy of the live database (SQLite's online backup API), taken on a reader
        connection while the bot runs: in WAL mode writers carry on meanwhile."""
        target.parent.mkdir(parents=True, exist_ok=True)

        def copy(conn: sqlite3.Connection) -> None:
            with sqlite3.connect(target) as destination:
                conn.backup(destination)
            destination.close()

        reader = await self._readers.get()
        try:
            await reader.run(copy)
        finally:
            self._readers.put_nowait(reader)
