"""`python -m playground` (what `make play` calls): start the bot against SimCord, serve the page
on 127.0.0.1 and print its address; Ctrl-C saves the world and stops.

No token and no network: the bot never connects to Discord.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.settings import Settings, settings_problem
from playground.server import listen, serve
from playground.session import Playground, playground_settings

DEFAULT_PORT = 8765
DEFAULT_DATABASE = Path("data") / "playground.sqlite3"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m playground", description=__doc__)
    parser.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("PLAYGROUND_PORT", DEFAULT_PORT)),
        help=f"port on 127.0.0.1 (default {DEFAULT_PORT}, or PLAYGROUND_PORT; 0 = any free port)",
    )
    parser.add_argument(
        "--database",
        type=Path,
        default=DEFAULT_DATABASE,
        help="the bot's SQLite file; the simulated server is kept beside it (.world)",
    )
    parser.add_argument(
        "--computer-delay",
        type=float,
        default=1.0,
        help="seconds before each computer move (default 1)",
    )
    return parser.parse_args(argv)


def world_path(database: Path) -> Path:
    return database.with_suffix(".world")


async def run(args: argparse.Namespace, settings: Settings) -> int:
    try:
        sock = listen(args.port)
    except OSError as error:
        print(
            f"Cannot listen on 127.0.0.1:{args.port} ({error.strerror}); "
            "choose another port with PLAYGROUND_PORT=... make play",
            file=sys.stderr,
        )
        return 1
    port = int(sock.getsockname()[1])
    playground = Playground(settings, world_path(args.database))
    await playground.start()
    try:
        runner = await serve(playground, sock)
        games = "new server" if not playground.restored else f"kept in {args.database}"
        print(f"Playground ({games}): open http://127.0.0.1:{port}/  (Ctrl-C to stop)", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        await runner.cleanup()
    finally:
        await playground.stop()
    return 0


def main() -> int:
    args = parse_args(sys.argv[1:])
    try:
        settings = playground_settings(args.database, args.computer_delay)
    except ValidationError as error:
        print(f"{settings_problem(error)}.", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(run(args, settings))
    return 130


if __name__ == "__main__":
    raise SystemExit(main())
