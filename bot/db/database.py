"""Choosing and opening the storage backend.

`DATABASE_URL=postgresql://...` selects PostgreSQL, the database several shard processes (on
several machines) share; without it the bot keeps its embedded SQLite file at `DATABASE_PATH`.
Both backends implement `bot.db.base.Database` and apply the same numbered migrations.
"""

from __future__ import annotations

from pathlib import Path

from bot.db.base import Database

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql_url(url: str) -> bool:
    return url.startswith(POSTGRESQL_SCHEMES)


async def open_database(
    path: Path, url: str | None = None, *, pool_size: int | None = None
) -> Database:
    """PostgreSQL at `url` when one is given, else the SQLite file at `path`; migrated."""
    if url:
        if not is_postgresql_url(url):
            raise ValueError("DATABASE_URL must start with postgresql://")
        from bot.db.postgres import DEFAULT_POOL_SIZE, PostgresDatabase

        return await PostgresDatabase.connect(url, pool_size or DEFAULT_POOL_SIZE)
    from bot.db.sqlite import SQLiteDatabase

    return await SQLiteDatabase.open_file(path)
