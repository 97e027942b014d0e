"""SQLite's write-ahead log stays bounded and reaches the database file: across processes killed
before they checkpointed, under a long run of commits in one process, and after a pause."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bot.db.sqlite as sqlite_backend
from bot.db import Database, open_database


def wal_size(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


async def commit_rows(db: Database, first: int, count: int) -> None:
    for number in range(first, first + count):
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?)", (number, "x" * 500)
            )


async def test_restarts_after_kills_do_not_grow_the_wal(tmp_path: Path) -> None:
    """A killed process never closes its storage: each "process" here is left open, idle, as a
    dead one leaves the file (its WAL not checkpointed), and the next one opens beside it. Each
    writes 100 units of work, fewer than a checkpoint's worth."""
    path = tmp_path / "bot.sqlite3"
    left_open: list[Database] = []
    sizes: list[int] = []
    try:
        for restart in range(30):
            db = await open_database(path)
            left_open.append(db)
            assert wal_size(path) == 0, "start-up checkpoints what the previous process left"
            await commit_rows(db, restart * 100, 100)
            sizes.append(wal_size(path))
    finally:
        for db in left_open:
            await db.close()
    assert max(sizes) < 2 * min(sizes), f"one process's commits, never all of them: {sizes}"
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM guild_settings").fetchone() == (3000,)


async def test_a_long_run_of_commits_keeps_the_wal_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_backend, "CHECKPOINT_EVERY", 25)
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path)
    sizes: list[int] = []
    try:
        for batch in range(40):
            await commit_rows(db, batch * 25, 25)
            sizes.append(wal_size(path))
    finally:
        await db.close()
    assert max(sizes) <= 2 * sizes[0], f"the WAL starts over after each checkpoint: {sizes}"


async def test_a_commit_reaches_the_database_file_by_the_next_one_after_the_delay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With `synchronous = NORMAL` only a checkpoint syncs: a commit must not wait for hundreds
    more. The database file copied without its WAL shows what was checkpointed."""
    monkeypatch.setattr(sqlite_backend, "CHECKPOINT_SECONDS", 0.05)
    path = tmp_path / "bot.sqlite3"
    db = await open_database(path)
    try:
        await commit_rows(db, 1, 1)
        await asyncio.sleep(0.1)
        await commit_rows(db, 2, 1)
        await asyncio.sleep(0.3)
        shutil.copy(path, tmp_path / "file-only.sqlite3")
    finally:
        await db.close()
    with sqlite3.connect(tmp_path / "file-only.sqlite3") as conn:
        rows = conn.execute("SELECT guild_id FROM guild_settings ORDER BY guild_id").fetchall()
    assert rows == [(1,), (2,)]


def test_a_process_that_never_closes_its_storage_still_exits(tmp_path: Path) -> None:
    """A bot stopping on an error before `close` must not hang: aiosqlite's worker threads
    would otherwise keep the interpreter waiting for ever at exit."""
    script = (
        "import asyncio, sys\n"
        "from pathlib import Path\n"
        "from bot.db import open_database\n"
        "async def main() -> None:\n"
        "    db = await open_database(Path(sys.argv[1]))\n"
        "    sys.modules['__main__'].kept = db\n"
        "asyncio.run(main())\n"
        "print('done')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "open.sqlite3")],
        capture_output=True,
        text=True,
        timeout=20,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "done"
