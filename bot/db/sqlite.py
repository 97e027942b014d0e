"""SQLite, the embedded default, through aiosqlite: a writer and a reader connection on one file
in WAL mode.

Why this shape:

- Every statement runs on its connection's own thread (aiosqlite), never on the event loop: a
  slow disk, a checkpoint or a wait for another process's lock holds up that connection's queue,
  not every table of the process.
- Each call to aiosqlite is one hand-off to a thread and back (a statement run through a
  cursor is two: the statement, then closing the cursor), and under load (8 members acting at
  once on two busy cores) hand-offs are most of what a click waits for. So a save is one:
  `write` runs the whole transaction (its first write begins it, as the `sqlite3` module issues
  `BEGIN IMMEDIATE` in the same call, see `_connect`; its statements; the check of their changed
  rows; COMMIT, or ROLLBACK) in one function on the connection's thread, through aiosqlite's
  `_execute`, the queue every one of its own calls goes through (it has no public name).
- SQLite lets one transaction write at a time per file, so units of work queue for the writer
  connection under an `asyncio.Lock`; a unit of work holds it only while it runs its statements,
  never while it talks to Discord. Until its first write a unit of work reads on the writer
  connection outside a transaction, which nobody can change meanwhile: this process is the only
  writer (SQLite serves one process; several shard processes share PostgreSQL).
- Reads go to the reader connection. In WAL mode a reader sees the last committed state and
  never waits for the writer: a read never sees another coroutine's uncommitted rows, and reads
  do not queue behind writes.
- Durability. `synchronous = NORMAL` in WAL mode writes each commit to the WAL without waiting
  for the disk; the WAL reaches the disk at each checkpoint (before its pages are copied into the
  database file). So a commit survives the process crashing as soon as it returns. It survives a
  power loss once the next checkpoint has run: within `CHECKPOINT_EVERY` commits, at the first
  commit `CHECKPOINT_SECONDS` or more after the previous checkpoint, or when the storage is
  closed. Commits followed by a quiet spell wait for the next commit or the close (no timer, so
  that no clock but the bot's own drives the storage). The database stays consistent either way.
- The WAL's size is bounded, across restarts too. SQLite's automatic checkpoint is off (it would
  run inside whichever commit crosses its threshold); instead the writer checkpoints between two
  units of work: `TRUNCATE` at start-up (a process killed before it checkpointed leaves its WAL
  behind), then `RESTART` as said above. Holding the write lock, the checkpoint copies every
  frame, so the next commit starts the WAL over (a checkpoint beside running commits can fall
  behind them for good), and `journal_size_limit` then shrinks the file to `WAL_SIZE_LIMIT`.
  Units of work wait for it (a few milliseconds every few hundred commits); readers do not.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal

import aiosqlite

from bot.db.base import (
    Database,
    IntegrityError,
    Params,
    Row,
    Transaction,
    Write,
    WriteRefused,
)
from bot.db.migrations import migrate_sqlite, sqlite_schema_version

CHECKPOINT_EVERY = 500
"""Commits between two checkpoints (SQLite's own default is about 1000 pages)."""

CHECKPOINT_SECONDS = 10.0
"""A commit this long after the previous checkpoint is followed by one, however few commits came
between."""

WAL_SIZE_LIMIT = 4 * 1024 * 1024
"""Bytes the WAL file is truncated to when it starts over after a checkpoint."""

WAIT_FOR_WRITER_MS = 5000
"""How long a statement waits for another connection's lock before failing."""

_IsolationLevel = Literal["IMMEDIATE"] | None


async def _connect(
    path: Path, isolation_level: _IsolationLevel, *pragmas: str
) -> aiosqlite.Connection:
    """A connection on its own thread. With `isolation_level="IMMEDIATE"` the `sqlite3` module
    begins a transaction (`BEGIN IMMEDIATE`) in the same call as the first INSERT, UPDATE or
    DELETE outside one; with None nothing begins implicitly."""
    pending = aiosqlite.connect(path, isolation_level=isolation_level)
    # aiosqlite's worker thread is not a daemon: a connection left open (a process stopping on an
    # error before `close`) would keep the interpreter from ever exiting. Committed work is on
    # disk already and SQLite rolls back an unfinished transaction when the file is next opened,
    # so the thread may die with the process. aiosqlite has no public switch for it; the thread
    # starts when the connection is awaited, so it is marked just before.
    pending._thread.daemon = True
    conn = await pending
    try:
        conn.row_factory = sqlite3.Row
        common = ("foreign_keys = ON", f"busy_timeout = {WAIT_FOR_WRITER_MS}")
        await conn.executescript("".join(f"PRAGMA {pragma};" for pragma in (*common, *pragmas)))
    except BaseException:
        await conn.close()
        raise
    return conn


async def _fetchall(conn: aiosqlite.Connection, sql: str, params: Params) -> list[Row]:
    try:
        return list(await conn.execute_fetchall(sql, params))
    except sqlite3.IntegrityError as error:
        raise IntegrityError(str(error)) from error


def _run_writes(conn: sqlite3.Connection, writes: Sequence[Write]) -> None:
    """`SQLiteDatabase.write`'s transaction, on the connection's thread: each cursor closed as
    soon as its statement has run (see `SQLiteTransaction`), rolled back on any failure."""
    try:
        for index, write in enumerate(writes):
            if write.rows is None:
                cursor = conn.execute(write.sql, write.params)
            else:
                cursor = conn.executemany(write.sql, [tuple(row) for row in write.rows])
            changed = cursor.rowcount
            cursor.close()
            if write.expect is not None and changed != write.expect:
                raise WriteRefused(index)
        conn.commit()
    except BaseException:
        conn.rollback()
        raise


class SQLiteTransaction(Transaction):
    """Each cursor is closed on the connection's thread as soon as its statement has run. Left
    to the garbage collector, a `sqlite3` cursor resets its statement whenever it is collected,
    and that statement is shared, through the connection's statement cache, with the next use of
    the same SQL: collected in the middle of that use, it made the statement fail with "bad
    parameter or other API misuse" (under load, about one save of seats in a few hundred after
    reminders and timeouts; the same save run again went through)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            async with self._conn.execute(sql, params) as cursor:
                return cursor.rowcount
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            async with self._conn.executemany(sql, [tuple(row) for row in rows]):
                pass
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await _fetchall(self._conn, sql, params)


class SQLiteDatabase(Database):
    backend = "sqlite"

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._uncheckpointed = 0
        self._checkpointed_at = time.monotonic()
        self._checkpoint: asyncio.Task[None] | None = None

    @classmethod
    async def open_file(cls, path: Path | str) -> SQLiteDatabase:
        """Open (creating the folder and file if missing) and migrate the database, then
        checkpoint whatever is in the WAL (a previous process killed before it checkpointed)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        opened: list[aiosqlite.Connection] = []
        try:
            writer = await _connect(
                path,
                "IMMEDIATE",
                "journal_mode = WAL",
                "synchronous = NORMAL",
                "wal_autocheckpoint = 0",
                f"journal_size_limit = {WAL_SIZE_LIMIT}",
            )
            opened.append(writer)
            await migrate_sqlite(writer)
            await writer.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")
            opened.append(await _connect(path, None, "query_only = ON"))
        except BaseException:
            for conn in opened:
                await conn.close()
            raise
        return cls(path, *opened)

    async def close(self) -> None:
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        async with self._write_lock:
            await self._writer.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")
            for conn in (self._reader, self._writer):
                await conn.close()

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await _fetchall(self._reader, sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One unit of work on the writer connection, committed when the block ends and rolled
        back if it raises (cancellation included)."""
        async with self._write_lock:
            try:
                yield SQLiteTransaction(self._writer)
            except BaseException:
                await self._writer.rollback()
                raise
            await self._writer.commit()
            self._committed()

    async def write(self, writes: Sequence[Write]) -> None:
        """The whole transaction in one hand-off to the writer's thread (see the module's
        docstring)."""
        async with self._write_lock:
            try:
                await self._writer._execute(  # type: ignore[no-untyped-call]
                    _run_writes, self._writer._conn, writes
                )
            except sqlite3.IntegrityError as error:
                raise IntegrityError(str(error)) from error
            self._committed()

    def _committed(self) -> None:
        self._uncheckpointed += 1
        due = self._uncheckpointed >= CHECKPOINT_EVERY or (
            time.monotonic() - self._checkpointed_at >= CHECKPOINT_SECONDS
        )
        if due and (self._checkpoint is None or self._checkpoint.done()):
            self._uncheckpointed = 0
            self._checkpointed_at = time.monotonic()
            self._checkpoint = asyncio.create_task(self._checkpoint_now())

    async def _checkpoint_now(self) -> None:
        """Sync the WAL, copy all of it into the database file and sync that, between two units
        of work (see the module's docstring)."""
        async with self._write_lock:
            await self._writer.execute_fetchall("PRAGMA wal_checkpoint(RESTART)")

    async def schema_version(self) -> int:
        return await sqlite_schema_version(self._reader)
