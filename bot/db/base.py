"""The storage interface every backend implements, and what callers need to use it.

Callers write SQL once, with `?` placeholders and portable SQL (both SQLite and PostgreSQL
accept `INSERT ... ON CONFLICT ... DO UPDATE`, `RETURNING`, partial indexes); a backend turns the
placeholders into its own. All SQL lives under `bot/` (records, settings, statistics), never in
cogs.

The unit of work is explicit:

- `fetchone` / `fetchall` read committed data on a connection of their own, so a read never sees
  the uncommitted rows of another coroutine's open transaction, and never waits behind a write.
- `transaction()` gives a `Transaction` on its own connection for one unit of work, committed when
  the block ends and rolled back if it raises. Its statements cannot interleave with anyone
  else's: one connection is never shared by two coroutines at once (sharing one was what raised
  `sqlite3.InterfaceError` under load).
- `write()` runs a list of statements known in advance (`Write`) as one transaction, each
  statement's count of changed rows checked where it says so: a backend sends it as few times as
  it can (one hand-off to SQLite's thread; on PostgreSQL no BEGIN and COMMIT for one statement).
  A unit of work that need not read in the middle of its transaction (a game's save) uses it.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol


class Row(Protocol):
    """A result row, by column name or position (`sqlite3.Row` and `asyncpg.Record` both are)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


Params = Sequence[Any]


class IntegrityError(Exception):
    """A constraint refused a write (a unique index, the append-only log), whatever the backend.
    The transaction it happened in is rolled back."""


class WriteRefused(Exception):
    """A statement of `Database.write` changed another number of rows than it had to (a save
    whose revision check found the game saved by someone else): nothing of the batch is stored."""

    def __init__(self, index: int) -> None:
        super().__init__(f"statement {index} of the batch changed an unexpected number of rows")
        self.index = index


@dataclass(frozen=True)
class Write:
    """One statement of `Database.write`: run once with `params`, or once per row of `rows`;
    when `expect` is set (for a statement run once), the rows it changes must number exactly
    that, or the whole batch is rolled back and `WriteRefused` raised."""

    sql: str
    params: Params = ()
    rows: Sequence[Params] | None = None
    expect: int | None = None


class Transaction(ABC):
    """One unit of work on a connection that nobody else uses until it commits or rolls back."""

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    @abstractmethod
    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def run(self, write: Write, index: int = 0) -> None:
        """One statement of a batch (`Database.write`), `index` naming it when it is refused."""
        if write.rows is not None:
            await self.executemany(write.sql, write.rows)
            return
        changed = await self.execute(write.sql, write.params)
        if write.expect is not None and changed != write.expect:
            raise WriteRefused(index)

    async def insert(self, sql: str, params: Params = ()) -> int:
        """An `INSERT` into a table with an `id` column; returns the new row's id."""
        row = await self.fetchone(f"{sql} RETURNING id", params)
        assert row is not None
        return int(row[0])


class Database(ABC):
    """A bot process's storage: SQLite (embedded, the default) or PostgreSQL (shared by shard
    processes). Open one with `bot.db.open_database`."""

    backend: str
    """"sqlite" or "postgresql"."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    @abstractmethod
    async def write(self, writes: Sequence[Write]) -> None:
        """Run `writes` in order as one transaction (see `Write`); `IntegrityError` or
        `WriteRefused` when it is refused, and then nothing of it is stored."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()


_QUESTION_MARKS = re.compile(r"'(?:[^']|'')*'|\?")


@lru_cache(maxsize=1024)
def numbered_placeholders(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, ...`, leaving quoted strings alone."""
    counter = 0

    def number(match: re.Match[str]) -> str:
        nonlocal counter
        if match.group(0) != "?":
            return match.group(0)
        counter += 1
        return f"${counter}"

    return _QUESTION_MARKS.sub(number, sql)
