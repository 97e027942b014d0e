"""`make play` keeps to its own SQLite file whatever the environment says about the database,
and a bad value it does read (TURN_SECONDS) stops it with the bot's one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.playground.page import ROOT, start


def test_an_exported_database_url_does_not_take_the_playground_to_a_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing listens on port 1: had the playground followed DATABASE_URL, it would have
    failed to start (and with a real server, written into it)."""
    monkeypatch.setenv("DATABASE_URL", "postgresql://cardtable:secret@127.0.0.1:1/cardtable")
    database = tmp_path / "data" / "playground.sqlite3"
    running = start(database)
    try:
        status, _ = running.get("/api/state")
        assert status == 200
        assert database.exists()
    finally:
        assert running.stop() == 0


def test_a_bad_turn_time_is_one_line_without_traceback(tmp_path: Path) -> None:
    environment = {name: value for name, value in os.environ.items() if name != "DISCORD_TOKEN"}
    environment["TURN_SECONDS"] = "abc"
    result = subprocess.run(
        [sys.executable, "-m", "playground", "--port", "0", "--database", str(tmp_path / "p.db")],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "Invalid setting TURN_SECONDS: Input should be a valid integer, unable to parse string "
        "as an integer."
    ]
