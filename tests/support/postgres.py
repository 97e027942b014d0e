"""A real PostgreSQL server for the test suite, started by the suite itself, no network needed
(see `bot.db.local_server` for where the server comes from and how it runs as root).

When no server can start, the PostgreSQL runs are skipped with the reason, visibly (`-rs`);
under CI (`CI` set) that is a failure instead. Each test gets a schema of its own
(`search_path` in its URL), which is much faster than a database of its own and as isolated.
"""

from __future__ import annotations

import atexit
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.db.local_server import PostgresServer, run_sync, start_local_server

__all__ = ["PostgresServer", "postgres_server", "register_database", "registered_url", "run_sync"]

_REGISTERED: dict[Path, str] = {}


def register_database(path: Path, url: str) -> None:
    """Tests name their database by the settings' `database_path`; a test running on
    PostgreSQL registers its URL under that path so helpers reading "the database at path"
    (`tests.bot.helpers.query`) read PostgreSQL instead."""
    _REGISTERED[path] = url


def registered_url(path: Path) -> str | None:
    return _REGISTERED.get(path)


_SERVER: PostgresServer | None = None
_FAILURE: str | None = None


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The suite's PostgreSQL server, started on first use; skips (with the reason) where none
    can start. Under CI (`CI` set) not starting is a failure, not a skip."""
    global _SERVER, _FAILURE
    if _SERVER is None and _FAILURE is None:
        try:
            _SERVER = start_local_server()
        except RuntimeError as error:
            _FAILURE = str(error)
    if _SERVER is None:
        if os.environ.get("CI"):
            pytest.fail(_FAILURE or "PostgreSQL did not start", pytrace=False)
        pytest.skip(_FAILURE or "PostgreSQL did not start")
    atexit.register(stop_server)
    yield _SERVER
    stop_server()


def stop_server() -> None:
    """Stop the suite's server and remove its folder (at the end of the session, or at exit if
    the session ended abruptly)."""
    global _SERVER
    if _SERVER is not None:
        _SERVER.stop()
        shutil.rmtree(_SERVER.root, ignore_errors=True)
        _SERVER = None
