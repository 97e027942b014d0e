"""Migrations on a fresh file and on an already migrated one; the action log is append-only."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.db import Database
from bot.db.migrations import MIGRATIONS
from bot.talk_offences import offence_count, record_offence

TABLES = {"games", "seats", "actions", "results", "guild_settings", "talk_offences"}


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in rows} - {"sqlite_sequence"}


async def test_fresh_file_is_created_and_migrated(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "fresh.sqlite3"
    db = await Database.open(path)
    try:
        assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"  # type: ignore[index]
        assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1  # type: ignore[index]
        assert (await db.fetchone("PRAGMA user_version"))[0] == len(MIGRATIONS)  # type: ignore[index]
    finally:
        await db.close()
    assert tables(path) == TABLES


async def test_migrating_again_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "again.sqlite3"
    db = await Database.open(path)
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (1, 'fr')")
    await db.close()
    db = await Database.open(path)
    try:
        row = await db.fetchone("SELECT locale FROM guild_settings WHERE guild_id = 1")
        assert row is not None and row[0] == "fr"
        assert (await db.fetchone("PRAGMA user_version"))[0] == len(MIGRATIONS)  # type: ignore[index]
    finally:
        await db.close()
    assert tables(path) == TABLES


async def test_action_log_is_append_only(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "log.sqlite3")
    try:
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO games (guild_id, channel_id, place_id, game_key, options, config, "
                "seed, status, host_id, turn_seconds, created_at) "
                "VALUES (1, 2, 2, 'the-game', '{}', '{}', 3, 'running', 4, 300, 0)"
            )
            await conn.execute(
                "INSERT INTO actions (game_id, seq, seat, actor, action, events, created_at) "
                "VALUES (1, 0, 0, 'human', '{}', '[]', 0)"
            )
        for statement in ("UPDATE actions SET seat = 1", "DELETE FROM actions"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                async with db.transaction() as conn:
                    await conn.execute(statement)
        row = await db.fetchone("SELECT seat FROM actions")
        assert row is not None and row[0] == 0
    finally:
        await db.close()


async def test_talk_offences_are_counted_per_server(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "talk.sqlite3")
    try:
        for guild_id in (1, 1, 2):
            await record_offence(
                db,
                guild_id=guild_id,
                channel_id=5,
                game_id=None,
                user_id=7,
                message_id=9,
                kind="message",
            )
        assert await offence_count(db, 1, 7) == 2
        assert await offence_count(db, 2, 7) == 1
        assert await offence_count(db, 1, 8) == 0
    finally:
        await db.close()
