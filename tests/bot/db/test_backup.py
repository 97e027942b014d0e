"""The SQLite online backup copies a database that is being written, consistently."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.db import open_database
from bot.db.backup import backup


async def test_a_backup_taken_while_writing_is_consistent(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "live.sqlite3")
    try:
        stop = asyncio.Event()

        async def keep_writing() -> None:
            number = 0
            while not stop.is_set():
                async with db.transaction() as conn:
                    await conn.execute(
                        "INSERT INTO guild_settings (guild_id) VALUES (?)", (number,)
                    )
                    await conn.execute(
                        "INSERT INTO guild_settings (guild_id) VALUES (?)", (number + 1,)
                    )
                number += 2
                await asyncio.sleep(0)

        writer = asyncio.create_task(keep_writing())
        await asyncio.sleep(0.05)
        await backup(tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3")
        stop.set()
        await writer
    finally:
        await db.close()
    with sqlite3.connect(tmp_path / "copy.sqlite3") as copy:
        (count,) = copy.execute("SELECT COUNT(*) FROM guild_settings").fetchone()
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert count > 0 and count % 2 == 0, "whole units of work only"
