"""Numbered schema migrations, applied in order at start-up.

The schema version lives in SQLite's `user_version`, so re-running the migrations on a migrated
file is a no-op. Never edit a released migration: append a new one.
"""

from __future__ import annotations

import aiosqlite

MIGRATIONS: list[str] = [
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
]


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: aiosqlite.Connection) -> int:
    """Apply every migration newer than the file's version; returns the resulting version.

    Each migration and its version bump commit together, so a crash never leaves a half-applied
    step behind.
    """
    current = await schema_version(conn)
    for number, script in enumerate(MIGRATIONS, start=1):
        if number <= current:
            continue
        await conn.executescript(
            f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
        )
        current = number
    return current
