"""Two bot processes, each serving one of two shards, share one PostgreSQL database: both play
games in guilds of their own shard at the same time, restart, and each re-arms only its own
games while its old buttons keep working."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.bot.helpers import query
from tests.support.postgres import PostgresServer, register_database

SHARDS = 2


def test_two_shard_processes_share_one_postgresql_database(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    url = postgres_server.new_schema()
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.support.shard_process", url, str(shard), "2", tmp_path],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
        )
        for shard in range(SHARDS)
    ]
    reports = []
    for process in processes:
        out, err = process.communicate(timeout=180)
        assert process.returncode == 0, err[-3000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))

    path = tmp_path / "query.sqlite3"
    register_database(path, url)
    rows = query(path, "SELECT id, guild_id, status, action_count FROM games ORDER BY id")
    assert len(rows) == SHARDS, "one game per process, in the one database"
    for report in reports:
        assert (report["guild_id"] >> 22) % SHARDS == report["shard"]
        assert report["armed_after_restart"] == 1, "only its own shard's game is re-armed"
        assert report["locks_held"] == 0, "no lock outlives its handler"
        (game,) = [row for row in rows if row[0] == report["game_id"]]
        assert game[1] == report["guild_id"] and game[2] == "running"
        logged = query(path, "SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (game[0],))
        assert [seq for (seq,) in logged] == list(range(game[3])), "no gap, nothing twice"
        humans = query(
            path,
            "SELECT COUNT(*) FROM actions WHERE game_id = ? AND actor = 'human'",
            (game[0],),
        )
        assert humans == [(len(report["played"]),)], "each click stored once, restart or not"
