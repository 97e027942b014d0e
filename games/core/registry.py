"""Which engines exist, found by key, imported lazily.

A game whose package has not landed yet is reported as unavailable instead of breaking the bot,
so the lobby can say so politely.
"""

from __future__ import annotations

import importlib
from typing import cast

from games.core.engine import Engine

ENGINE_MODULES: dict[str, str] = {
    "the-game": "games.the_game",
    "heaven-hell": "games.heaven_hell",
    "level8": "games.level8",
}


def get_engine(key: str) -> Engine | None:
    """The engine for `key`, or None when that game is unknown or not implemented."""
    module_name = ENGINE_MODULES.get(key)
    if module_name is None:
        return None
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    engine = getattr(module, "ENGINE", None)
    return cast(Engine, engine) if engine is not None else None


def available_engines() -> dict[str, Engine]:
    """Every engine that can be played now."""
    found = {key: get_engine(key) for key in ENGINE_MODULES}
    return {key: engine for key, engine in found.items() if engine is not None}
