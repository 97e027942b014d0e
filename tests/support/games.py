"""Every game the bot offers, as its cogs register them, and the tests' example game: what tests
that cover every game iterate over, so that a new game is tested by being registered."""

from __future__ import annotations

import importlib
from functools import cache

from bot.tables.registry import GameCatalog
from bot.tables.ui import GameUI
from games.core.base import Engine
from tests.support.catalogs import ROOT
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE as TINY_ENGINE


@cache
def registered_games() -> GameCatalog:
    """The games a bot offers once it has loaded every game cog (`cogs/<game>/`, each with its
    `GameUI` in `ui.py`) and the tests' example game (`tests/tiny_cog`, with its engine)."""
    catalog = GameCatalog()
    for path in sorted((ROOT / "cogs").glob("*/ui.py")):
        module = importlib.import_module(f"cogs.{path.parent.name}.ui")
        for ui in vars(module).values():
            if isinstance(ui, type) and issubclass(ui, GameUI) and ui.__module__ == module.__name__:
                catalog.register(ui())
    catalog.register(TinyUI(), engine=TINY_ENGINE)
    return catalog


def game_keys() -> list[str]:
    """The registered games' keys, in menu order."""
    return [game.key for game in registered_games().game_types()]


def engine_of(key: str) -> Engine:
    engine = registered_games().engine(key)
    assert engine is not None, key
    return engine
