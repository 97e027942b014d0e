"""Which engines exist: every package of `games` that exports an `ENGINE`, found by scanning.

A game is registered by being there, the way a cog is loaded by being in `cogs/`: no list to edit
elsewhere. Packages without an `ENGINE` (this one, `games.core`) are skipped.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import cast

import games
from games.core.base import Engine


@cache
def _discovered() -> dict[str, tuple[str, Engine]]:
    """key -> (package name, engine), by key (the order players see is the bot's: each game's
    `GameUI.menu_rank`)."""
    found: list[tuple[str, Engine]] = []
    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg:
            continue
        name = f"{games.__name__}.{module.name}"
        engine = getattr(importlib.import_module(name), "ENGINE", None)
        if engine is not None:
            found.append((name, cast(Engine, engine)))
    found.sort(key=lambda entry: entry[1].key)
    return {engine.key: (name, engine) for name, engine in found}


def get_engine(key: str) -> Engine | None:
    """The engine for `key`, or None when no package of `games` declares that game."""
    entry = _discovered().get(key)
    return entry[1] if entry is not None else None


def available_engines() -> dict[str, Engine]:
    """Every engine that can be played, by key."""
    return {key: engine for key, (_name, engine) in _discovered().items()}


def game_package(key: str) -> str | None:
    """The package that declares `key` (`games.<name>`), for tools that load its modules."""
    entry = _discovered().get(key)
    return entry[0] if entry is not None else None
