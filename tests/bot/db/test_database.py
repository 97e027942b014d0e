"""The storage layer on both backends: migrations on a fresh database and on a migrated one, the
append-only action log, and SQLite's own settings (WAL, foreign keys)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.db import Database, IntegrityError, open_database
from bot.db.migrations import MIGRATIONS
from bot.talk_offences import offence_count, record_offence

pytestmark = pytest.mark.both_backends

TABLES = {"games", "seats", "actions", "results", "guild_settings", "talk_offences"}


async def table_names(db: Database) -> set[str]:
    if db.backend == "sqlite":
        rows = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row[0] for row in rows} - {"sqlite_sequence"}
    rows = await db.fetchall(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    )
    return {row[0] for row in rows} - {"schema_version"}


async def test_fresh_database_is_migrated(db: Database) -> None:
    assert await db.schema_version() == len(MIGRATIONS)
    assert await table_names(db) == TABLES


async def test_migrating_again_is_a_no_op(
    db: Database, tmp_path: Path, database_url: str | None
) -> None:
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (1, 'fr')")
    again = await open_database(tmp_path / "test.sqlite3", database_url)
    try:
        row = await again.fetchone("SELECT locale FROM guild_settings WHERE guild_id = 1")
        assert row is not None and row[0] == "fr"
        assert await again.schema_version() == len(MIGRATIONS)
        assert await table_names(again) == TABLES
    finally:
        await again.close()


async def test_action_log_is_append_only(db: Database) -> None:
    async with db.transaction() as conn:
        game_id = await conn.insert(
            "INSERT INTO games (guild_id, channel_id, place_id, game_key, options, config, "
            "seed, status, host_id, turn_seconds, created_at) "
            "VALUES (1, 2, 2, 'the-game', '{}', '{}', 3, 'running', 4, 300, 0)"
        )
        await conn.execute(
            "INSERT INTO actions (game_id, seq, seat, actor, action, events, created_at) "
            "VALUES (?, 0, 0, 'human', '{}', '[]', 0)",
            (game_id,),
        )
    for statement in ("UPDATE actions SET seat = 1", "DELETE FROM actions"):
        with pytest.raises(IntegrityError, match="append-only"):
            async with db.transaction() as conn:
                await conn.execute(statement)
    row = await db.fetchone("SELECT seat FROM actions")
    assert row is not None and row[0] == 0


async def test_a_failed_unit_of_work_leaves_nothing_behind(db: Database) -> None:
    with pytest.raises(IntegrityError):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (1, 'fr')")
            await conn.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (1, 'en')")
    assert await db.fetchall("SELECT * FROM guild_settings") == []


async def test_talk_offences_are_counted_per_server(db: Database) -> None:
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


async def test_discord_ids_keep_all_64_bits(db: Database) -> None:
    big = (1 << 63) - 1
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (?)", (big,))
    row = await db.fetchone("SELECT guild_id FROM guild_settings")
    assert row is not None and row[0] == big


async def test_sqlite_file_is_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "fresh.sqlite3"
    db = await open_database(path)
    try:
        assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"  # type: ignore[index]
        assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1  # type: ignore[index]
        assert (await db.fetchone("PRAGMA user_version"))[0] == len(MIGRATIONS)  # type: ignore[index]
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:
        assert (conn.execute("SELECT COUNT(*) FROM games").fetchone() or [None])[0] == 0


def test_the_bot_reaches_sqlite_through_aiosqlite_only() -> None:
    """Every connection the bot opens is aiosqlite's, whose statements run on a thread of
    their own: a `sqlite3.connect` would run them on the event loop."""
    root = Path(__file__).resolve().parents[3]
    direct = [
        str(path.relative_to(root))
        for package in ("bot", "cogs", "playground", "loadbench")
        for path in (root / package).rglob("*.py")
        if "sqlite3.connect(" in path.read_text(encoding="utf-8")
    ]
    assert direct == []
