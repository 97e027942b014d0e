"""Simulator entry point: `python -m games.bench <game> [options]`.

Each game owns its simulator in `games/<game>/bench.py` with a `main(argv)`; this module only
dispatches, so a game's options and figures stay next to its engine.
"""

from __future__ import annotations

import importlib
import sys

from games.core.registry import available_engines, game_package


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    package = game_package(args[0]) if args else None
    if package is None:
        games = ", ".join(available_engines())
        print(f"usage: python -m games.bench <game> [options]; game is one of: {games}",
              file=sys.stderr)
        return 2
    module = importlib.import_module(f"{package}.bench")
    result: int = module.main(args[1:])
    return result


if __name__ == "__main__":
    raise SystemExit(main())
