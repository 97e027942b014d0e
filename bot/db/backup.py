"""`python -m bot.db.backup FILE`: a consistent copy of the SQLite database while the bot runs.

It uses SQLite's online backup API on a connection of its own: in WAL mode the bot keeps reading
and writing meanwhile, and the copy is the database as of one moment (a plain `cp` of a live
file and its `-wal` can be torn). With `DATABASE_URL` set the database is PostgreSQL: back it up
with `pg_dump` instead (see `docs/scaling.md`).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import aiosqlite

from bot.settings import Settings


async def backup(source: Path, target: Path) -> None:
    """Copy the live database at `source` to `target` (replaced if it exists), on aiosqlite's
    threads: the copy never runs on the caller's event loop."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    async with (
        aiosqlite.connect(f"file:{source}?mode=ro", uri=True) as live,
        aiosqlite.connect(partial) as copy,
    ):
        await live.backup(copy, pages=1024)
    partial.replace(target)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot.db.backup FILE", file=sys.stderr)
        return 2
    settings = Settings()
    if settings.database_url:
        print("DATABASE_URL is PostgreSQL: back it up with pg_dump.", file=sys.stderr)
        return 2
    if not settings.database_path.exists():
        print(f"No database at {settings.database_path}.", file=sys.stderr)
        return 1
    asyncio.run(backup(settings.database_path, Path(argv[0])))
    print(f"Copied {settings.database_path} to {argv[0]}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
