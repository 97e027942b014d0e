"""Numbered schema migrations, the same steps written for SQLite and for PostgreSQL.

Step N exists in both dialects (`MIGRATIONS[N - 1]`), and both backends apply the steps newer
than the database's version at start-up, each step and its version bump in one transaction, so
a crash never leaves a half-applied step behind. SQLite keeps the version in `user_version`;
PostgreSQL in a one-row `schema_version` table, and several processes starting at once take an
advisory lock so that only one of them migrates. Never edit a released step: append a new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import aiosqlite

SQLITE_MIGRATIONS: list[str] = [
    # 1: games, seats, the append-only action log, results, guild settings, talk-rule offences.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        place_id INTEGER NOT NULL,
        thread_id INTEGER,
        lobby_message_id INTEGER,
        table_message_id INTEGER,
        table_posted_at REAL,
        game_key TEXT NOT NULL,
        options TEXT NOT NULL,
        config TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
        host_id INTEGER NOT NULL,
        turn_seconds INTEGER NOT NULL,
        state TEXT,
        action_count INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        created_at REAL NOT NULL,
        started_at REAL,
        ended_at REAL
    );
    CREATE UNIQUE INDEX games_one_open_per_place ON games (place_id)
        WHERE status IN ('lobby', 'running');
    CREATE INDEX games_guild ON games (guild_id, status);

    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT,
        autopilot INTEGER NOT NULL DEFAULT 0,
        stand_in INTEGER NOT NULL DEFAULT 0,
        timeouts INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0,
        fingerprint TEXT NOT NULL DEFAULT '',
        deadline REAL,
        reminded INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id)
        WHERE user_id IS NOT NULL;

    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        actor TEXT NOT NULL CHECK (actor IN ('human', 'computer', 'timeout')),
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        user_id INTEGER,
        is_computer INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_user ON results (user_id);

    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        locale TEXT,
        turn_seconds INTEGER,
        talk_rule TEXT CHECK (talk_rule IN ('delete', 'warn', 'off'))
    );

    CREATE TABLE talk_offences (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        game_id INTEGER REFERENCES games (id),
        user_id INTEGER NOT NULL,
        message_id INTEGER,
        kind TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE INDEX talk_offences_user ON talk_offences (guild_id, user_id);
    """,
    # 2: leaderboards: the server's minimum number of games to be ranked (NULL: the default, 3),
    # and an index for reading a server's finished games of one kind by date.
    """
    ALTER TABLE guild_settings ADD COLUMN leaderboard_min_games INTEGER
        CHECK (leaderboard_min_games BETWEEN 1 AND 100);
    CREATE INDEX games_standings ON games (guild_id, game_key, status, ended_at);
    """,
    # 3: exactly-once writes across processes and fast recovery. `revision` grows with every
    # saved change of a game and each save checks it (optimistic concurrency: a second process
    # holding an older copy of the game cannot overwrite a newer one). `wake_at` is when the
    # game next needs attention (a computer move, a reminder, a timeout), so start-up re-arms
    # timers from one indexed query without parsing any game.
    """
    ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN wake_at REAL;
    CREATE INDEX games_open ON games (status, id);
    """,
    # 4: Discord's side after a crash. `table_posting_since` is set (and saved) just before a
    # new table message is posted and cleared by the save that stores its id: while it is set,
    # a table may be on Discord that the database does not know, and the next showing of the
    # table (at start-up, recovery) looks for it from that moment and deletes it.
    """
    ALTER TABLE games ADD COLUMN table_posting_since REAL;
    """,
    # 5: game history. A server's ended games newest first (all games, or one kind), the games
    # a member sat at, and which seats a member asked to be forgotten from (their seat then
    # reads "a former member", not a computer). Only ended games with at least one action are
    # listed, which the partial indexes hold, and members forgotten before this step are found
    # by their anonymous results.
    """
    ALTER TABLE seats ADD COLUMN former_member INTEGER NOT NULL DEFAULT 0;
    UPDATE seats SET former_member = 1 WHERE user_id IS NULL AND EXISTS (
        SELECT 1 FROM results r
        WHERE r.game_id = seats.game_id AND r.seat = seats.seat AND r.is_computer = 0
            AND r.user_id IS NULL
    );
    CREATE INDEX games_history ON games (guild_id, ended_at, id)
        WHERE status IN ('finished', 'cancelled') AND action_count > 0;
    CREATE INDEX games_history_of_game ON games (guild_id, game_key, ended_at, id)
        WHERE status IN ('finished', 'cancelled') AND action_count > 0;
    CREATE INDEX seats_user ON seats (user_id, game_id) WHERE user_id IS NOT NULL;
    """,
]

POSTGRESQL_MIGRATIONS: list[str] = [
    # 1: as SQLite's step 1; Discord ids and seeds are 64-bit (BIGINT), times DOUBLE PRECISION,
    # flags INTEGER so that the same statements and values work on both backends.
    """
    CREATE TABLE games (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        place_id BIGINT NOT NULL,
        thread_id BIGINT,
        lobby_message_id BIGINT,
        table_message_id BIGINT,
        table_posted_at DOUBLE PRECISION,
        game_key TEXT NOT NULL,
        options TEXT NOT NULL,
        config TEXT NOT NULL,
        seed BIGINT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
        host_id BIGINT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        state TEXT,
        action_count INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        created_at DOUBLE PRECISION NOT NULL,
        started_at DOUBLE PRECISION,
        ended_at DOUBLE PRECISION
    );
    CREATE UNIQUE INDEX games_one_open_per_place ON games (place_id)
        WHERE status IN ('lobby', 'running');
    CREATE INDEX games_guild ON games (guild_id, status);

    CREATE TABLE seats (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        user_id BIGINT,
        name TEXT,
        autopilot INTEGER NOT NULL DEFAULT 0,
        stand_in INTEGER NOT NULL DEFAULT 0,
        timeouts INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0,
        fingerprint TEXT NOT NULL DEFAULT '',
        deadline DOUBLE PRECISION,
        reminded INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id)
        WHERE user_id IS NOT NULL;

    CREATE TABLE actions (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        actor TEXT NOT NULL CHECK (actor IN ('human', 'computer', 'timeout')),
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'the action log is append-only'
                USING ERRCODE = 'integrity_constraint_violation';
        END;
    $$;
    CREATE TRIGGER actions_no_update BEFORE UPDATE OR DELETE ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_append_only();
    CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
        FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only();

    CREATE TABLE results (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        user_id BIGINT,
        is_computer INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_user ON results (user_id);

    CREATE TABLE guild_settings (
        guild_id BIGINT PRIMARY KEY,
        locale TEXT,
        turn_seconds INTEGER,
        talk_rule TEXT CHECK (talk_rule IN ('delete', 'warn', 'off'))
    );

    CREATE TABLE talk_offences (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        game_id BIGINT REFERENCES games (id),
        user_id BIGINT NOT NULL,
        message_id BIGINT,
        kind TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX talk_offences_user ON talk_offences (guild_id, user_id);
    """,
    # 2: as SQLite's step 2.
    """
    ALTER TABLE guild_settings ADD COLUMN leaderboard_min_games INTEGER
        CHECK (leaderboard_min_games BETWEEN 1 AND 100);
    CREATE INDEX games_standings ON games (guild_id, game_key, status, ended_at);
    """,
    # 3: as SQLite's step 3.
    """
    ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN wake_at DOUBLE PRECISION;
    CREATE INDEX games_open ON games (status, id);
    """,
    # 4: as SQLite's step 4.
    """
    ALTER TABLE games ADD COLUMN table_posting_since DOUBLE PRECISION;
    """,
    # 5: as SQLite's step 5.
    """
    ALTER TABLE seats ADD COLUMN former_member INTEGER NOT NULL DEFAULT 0;
    UPDATE seats SET former_member = 1 WHERE user_id IS NULL AND EXISTS (
        SELECT 1 FROM results r
        WHERE r.game_id = seats.game_id AND r.seat = seats.seat AND r.is_computer = 0
            AND r.user_id IS NULL
    );
    CREATE INDEX games_history ON games (guild_id, ended_at, id)
        WHERE status IN ('finished', 'cancelled') AND action_count > 0;
    CREATE INDEX games_history_of_game ON games (guild_id, game_key, ended_at, id)
        WHERE status IN ('finished', 'cancelled') AND action_count > 0;
    CREATE INDEX seats_user ON seats (user_id, game_id) WHERE user_id IS NOT NULL;
    """,
]


@dataclass(frozen=True)
class Migration:
    sqlite: str
    postgresql: str


MIGRATIONS: list[Migration] = [
    Migration(sqlite, postgresql)
    for sqlite, postgresql in zip(SQLITE_MIGRATIONS, POSTGRESQL_MIGRATIONS, strict=True)
]

POSTGRESQL_MIGRATION_LOCK = 7_310_517_001
"""The advisory lock key held while a PostgreSQL database is migrated (any fixed number)."""


async def sqlite_schema_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0]) if rows else 0


async def migrate_sqlite(conn: aiosqlite.Connection) -> int:
    """Apply every step newer than the file's version; returns the resulting version."""
    current = await sqlite_schema_version(conn)
    for number, step in enumerate(MIGRATIONS, start=1):
        if number <= current:
            continue
        await conn.executescript(
            f"BEGIN IMMEDIATE;\n{step.sqlite}\nPRAGMA user_version = {number};\nCOMMIT;"
        )
        current = number
    return current


async def postgresql_schema_version(conn: Any) -> int:
    """`conn` is an asyncpg connection (asyncpg ships no type information)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate_postgresql(conn: Any) -> int:
    """Apply every step newer than the database's version, under an advisory lock so that
    processes starting together migrate once; returns the resulting version."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", POSTGRESQL_MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    current = 0
    for number, step in enumerate(MIGRATIONS, start=1):
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", POSTGRESQL_MIGRATION_LOCK)
            current = await postgresql_schema_version(conn)
            if number <= current:
                continue
            await conn.execute(step.postgresql)
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
            current = number
    return current
