"""SQLite, the embedded default: a writer connection and a reader connection, WAL mode.

Why this shape:

- SQLite lets one transaction write at a time per file, so units of work queue for the writer
  connection (`BEGIN IMMEDIATE` ... `COMMIT`, under an `asyncio.Lock`). A unit of work holds it
  only while it runs its statements, never while it talks to Discord.
- Reads go to the reader connection. In WAL mode a reader sees the last committed state and
  never waits for the writer: a read can no longer run inside another coroutine's open write
  transaction and see its uncommitted rows, and reads no longer queue behind writes.
- Statements run on the event loop's thread. With WAL and `synchronous = NORMAL` a statement on
  this database is a few tens of microseconds of work in memory and the page cache, far less
  than handing it to a worker thread and back: under load (8 members acting at once on two busy
  cores) those hand-offs, each waiting for the GIL and a free core, were most of a click's
  latency. The two things that can take long are moved off the loop: waiting for the write lock
  held by another process (`BEGIN IMMEDIATE` is first tried without waiting, then waited for on
  a worker thread) and checkpoints, the only step that waits for the disk (automatic
  checkpoints are off; a worker thread checkpoints after every `CHECKPOINT_EVERY` commits).
- `synchronous = NORMAL` in WAL mode syncs at checkpoints rather than at every commit: a commit
  survives the process crashing (the usual failure); at worst the last commits before a power
  loss are lost, and the database itself stays consistent.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path

from bot.db.base import Database, IntegrityError, Params, Row, Transaction
from bot.db.migrations import migrate_sqlite, sqlite_schema_version

CHECKPOINT_EVERY = 500
"""Commits between two background checkpoints (SQLite's own default is about 1000 pages)."""

WAIT_FOR_WRITER_MS = 5000
"""How long a unit of work waits for another process's write transaction before failing."""


def _connect(path: Path, *pragmas: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    for pragma in ("foreign_keys = ON", *pragmas):
        conn.execute(f"PRAGMA {pragma}").fetchall()
    return conn


class SQLiteTransaction(Transaction):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            return self._conn.execute(sql, params).rowcount
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        try:
            rows: list[Row] = self._conn.execute(sql, params).fetchall()
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        return rows


class SQLiteDatabase(Database):
    backend = "sqlite"

    def __init__(self, path: Path, writer: sqlite3.Connection, reader: sqlite3.Connection) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._commits = 0
        self._checkpoint: asyncio.Future[None] | None = None

    @classmethod
    async def open_file(cls, path: Path | str) -> SQLiteDatabase:
        """Open (creating the folder and file if missing) and migrate the database."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = _connect(
            path, "journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 5000"
        )
        try:
            migrate_sqlite(writer)
            writer.execute("PRAGMA busy_timeout = 0").fetchall()
            writer.execute("PRAGMA wal_autocheckpoint = 0").fetchall()
            reader = _connect(path, "query_only = ON", "busy_timeout = 1000")
        except BaseException:
            writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        async with self._write_lock:
            if self._checkpoint is not None:
                await asyncio.gather(self._checkpoint, return_exceptions=True)
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self._worker, self._checkpoint_now)
            self._writer.close()
            self._reader.close()
            self._worker.shutdown(wait=False)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        rows: list[Row] = self._reader.execute(sql, params).fetchall()
        return rows

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """`BEGIN IMMEDIATE` ... `COMMIT` on the writer connection, rolled back if the block
        raises (cancellation included)."""
        async with self._write_lock:
            await self._begin()
            try:
                yield SQLiteTransaction(self._writer)
            except BaseException:
                if self._writer.in_transaction:
                    self._writer.execute("ROLLBACK")
                raise
            self._writer.execute("COMMIT")
            self._commits += 1
            if self._commits % CHECKPOINT_EVERY == 0:
                self._start_checkpoint()

    async def _begin(self) -> None:
        try:
            self._writer.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise

        def wait_and_begin() -> None:
            """Another process writes: wait for it on the worker thread, not the loop."""
            self._writer.execute(f"PRAGMA busy_timeout = {WAIT_FOR_WRITER_MS}").fetchall()
            try:
                self._writer.execute("BEGIN IMMEDIATE")
            finally:
                self._writer.execute("PRAGMA busy_timeout = 0").fetchall()

        await asyncio.get_running_loop().run_in_executor(self._worker, wait_and_begin)

    def _start_checkpoint(self) -> None:
        if self._checkpoint is not None and not self._checkpoint.done():
            return
        loop = asyncio.get_running_loop()
        self._checkpoint = loop.run_in_executor(self._worker, self._checkpoint_now)

    def _checkpoint_now(self) -> None:
        """Copy the WAL into the database file and sync it, on a connection of its own (a
        PASSIVE checkpoint never blocks the writer or the readers)."""
        conn = _connect(self.path, "busy_timeout = 1000")
        try:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        finally:
            conn.close()

    async def schema_version(self) -> int:
        return sqlite_schema_version(self._reader)

    async def backup(self, target: Path) -> None:
        """A consistent copy of the live database (SQLite's online backup API), taken on the
        worker thread while the bot runs: in WAL mode writers carry on meanwhile."""
        from bot.db.backup import backup

        await asyncio.get_running_loop().run_in_executor(self._worker, backup, self.path, target)
