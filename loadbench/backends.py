"""Running a benchmark's measure on each database backend `--backend` names, since both
benchmarks (`python -m loadbench` and `python -m loadbench.history`) compare SQLite with
PostgreSQL the same way."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Awaitable, Callable
from typing import Any

Measure = Callable[[str, str | None], Awaitable[dict[str, Any]]]
"""The figures of one backend, given its name and, for PostgreSQL, the database's URL."""


async def on_each_backend(
    options: argparse.Namespace, what: str, measure: Measure
) -> dict[str, Any]:
    """The figures by backend. PostgreSQL is `--database-url` when given, otherwise a throw-away
    local server started here and removed afterwards, so a run leaves nothing behind. Each
    backend's figures are also printed to stderr as soon as they are known, since a whole run
    takes minutes."""
    backends = ("sqlite", "postgresql") if options.backend == "both" else (options.backend,)
    results: dict[str, Any] = {}
    for backend in backends:
        server = None
        url: str | None = None
        if backend == "postgresql":
            if options.database_url:
                url = options.database_url
            else:
                from bot.db.local_server import start_local_server

                server = start_local_server()
                url = server.new_schema()
        try:
            print(f"{backend}: {options.games} {what} ...", file=sys.stderr, flush=True)
            results[backend] = await measure(backend, url)
            print(json.dumps(results[backend], indent=1), file=sys.stderr, flush=True)
        finally:
            if server is not None:
                server.stop()
                shutil.rmtree(server.root, ignore_errors=True)
    return results
