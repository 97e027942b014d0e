"""PostgreSQL through asyncpg: the database several shard processes share.

A pool of connections serves the process. A read takes any free connection for one statement
(it sees committed data only: PostgreSQL has no dirty reads); a unit of work holds one
connection for its whole transaction (READ COMMITTED), so concurrent units of work run in
parallel and never share a connection. Whether a write may happen at all is decided by the
database, not by this process: each save of a game checks the game's `revision` (see
`bot.tables.records.save_game`), which also holds between processes.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.db.base import (
    Database,
    IntegrityError,
    Params,
    Row,
    Transaction,
    Write,
    numbered_placeholders,
)
from bot.db.migrations import migrate_postgresql, postgresql_schema_version

DEFAULT_POOL_SIZE = 10

_CHANGED = re.compile(r"(\d+)$")


def _changed_rows(status: str) -> int:
    """Rows changed, from asyncpg's command status ("UPDATE 3", "INSERT 0 1", "SELECT 2")."""
    found = _CHANGED.search(status or "")
    return int(found.group(1)) if found else 0


async def _keep_session(conn: Any) -> None:
    """What the pool runs when a connection comes back, after rolling back a transaction left
    open: nothing. asyncpg's default sends `RESET ALL`, `UNLISTEN *`, `CLOSE ALL` and
    `pg_advisory_unlock_all()`, one more round trip per read and per unit of work (a read was
    two where it needs one), to undo session state this bot never sets: its only lock is
    transaction-scoped (`pg_advisory_xact_lock`), it listens to nothing, keeps no cursor and
    changes no setting after connecting."""


class PostgresTransaction(Transaction):
    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            status = await self._conn.execute(numbered_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return _changed_rows(status)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        batch = [tuple(row) for row in rows]
        if not batch:
            return
        try:
            await self._conn.executemany(numbered_placeholders(sql), batch)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        try:
            row: Row | None = await self._conn.fetchrow(numbered_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        try:
            rows: list[Row] = await self._conn.fetch(numbered_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return rows


class PostgresDatabase(Database):
    backend = "postgresql"

    def __init__(self, url: str, pool: Any) -> None:
        self.url = url
        self._pool = pool

    @classmethod
    async def connect(cls, url: str, pool_size: int = DEFAULT_POOL_SIZE) -> PostgresDatabase:
        """Connect to `url` (`postgresql://user:password@host:port/database`, extra query
        parameters being server settings such as `search_path`) and migrate the database."""
        # No idle-connection or statement-cache expiry: asyncpg arms (and cancels) a loop timer
        # for those at every query and every release, thousands a second under load, for no
        # benefit to a process that queries all the time (the statement cache stays bounded
        # by its size).
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=pool_size,
            max_inactive_connection_lifetime=0,
            max_cached_statement_lifetime=0,
            reset=_keep_session,
        )
        try:
            async with pool.acquire() as conn:
                await migrate_postgresql(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(url, pool)

    async def close(self) -> None:
        await self._pool.close()

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        row: Row | None = await self._pool.fetchrow(numbered_placeholders(sql), *params)
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        rows: list[Row] = await self._pool.fetch(numbered_placeholders(sql), *params)
        return rows

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield PostgresTransaction(conn)

    async def write(self, writes: Sequence[Write]) -> None:
        """One statement alone in one round trip (PostgreSQL runs it as a transaction of its
        own); several between BEGIN and COMMIT on one connection."""
        async with self._pool.acquire() as conn:
            transaction = PostgresTransaction(conn)
            if len(writes) == 1:
                await transaction.run(writes[0])
                return
            async with conn.transaction():
                for index, write in enumerate(writes):
                    await transaction.run(write, index)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await postgresql_schema_version(conn)
