"""Every game the bot offers, as its cogs register them, and the tests' example game: what tests
that cover every game iterate over, so that a new game is tested by being registered."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from _pytest.fixtures import FixtureFunctionDefinition

from bot.tables.commands import area
from bot.tables.registry import GameCatalog
from bot.tables.ui import GameUI
from games.core.base import Engine
from tests.support.bots import CORE_EXTENSIONS, GameRegistration
from tests.support.catalogs import ROOT
from tests.support.table_driver import ActionDriver, TableDriver
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


def faced_game_keys() -> list[str]:
    """The keys of the registered games whose cards have faces (`GameUI.faces`)."""
    return [key for key in game_keys() if (ui := registered_games().ui(key)) and ui.faces]


def engine_of(key: str) -> Engine:
    engine = registered_games().engine(key)
    assert engine is not None, key
    return engine


DEFAULT_SEED = 1
"""The deal of a game whose tests have no seed of their own (`tests/bot/<area>/conftest.py`)."""


def own_module(key: str, name: str) -> ModuleType | None:
    """The game's own test module `tests.bot.<area>.<name>`, if it has one."""
    package = f"tests.bot.{area(key)}"
    if importlib.util.find_spec(package) is None:
        return None
    module = f"{package}.{name}"
    return importlib.import_module(module) if importlib.util.find_spec(module) else None


@dataclass(frozen=True)
class GameUnderTest:
    """A registered game as the tests that cover every game play it: its cog, its driver (its
    own `tests/bot/<area>/driver.py`, or `ActionDriver` when it has no steps of its own in the
    UI), its deal and its own checks (`tests/bot/<area>/checks.py`)."""

    key: str
    extension: str
    driver: type[TableDriver[Any, Any]]
    seed: int
    hooks: ModuleType | None

    @classmethod
    def of(cls, key: str) -> GameUnderTest:
        ui = registered_games().ui(key)
        assert ui is not None
        driver_module, conftest = own_module(key, "driver"), own_module(key, "conftest")
        return cls(
            key=key,
            extension=type(ui).__module__.rpartition(".")[0],
            driver=driver_module.Driver
            if driver_module is not None
            else ActionDriver.of(engine_of(key), key),
            seed=conftest.SEED if conftest is not None else DEFAULT_SEED,
            hooks=own_module(key, "checks"),
        )

    def hook(self, name: str) -> Callable[..., Any] | None:
        return getattr(self.hooks, name, None) if self.hooks is not None else None

    def flag(self, name: str, default: bool) -> bool:
        """A yes/no the game's own checks declare (`tests/bot/<area>/checks.py`), else
        `default`."""
        return bool(getattr(self.hooks, name, default)) if self.hooks is not None else default


def games_under_test() -> list[GameUnderTest]:
    return [GameUnderTest.of(key) for key in game_keys()]


def every_game_fixtures(
    *extensions: str, keys: Sequence[str] | None = None
) -> tuple[
    FixtureFunctionDefinition,
    FixtureFunctionDefinition,
    FixtureFunctionDefinition,
    FixtureFunctionDefinition,
]:
    """The fixtures of a test module run once per registered game: `game`, the bot with that
    game's own cog (which registers it, as on a server; the tiny game's with its engine) beside
    the core extensions and `extensions`, and the game's usual deal; `keys` narrows them to some
    of the games. The module binds them to the names `game`, `bot_extensions`, `register_games`
    and `fixed_deal`, under which pytest finds them."""

    @pytest.fixture(params=game_keys() if keys is None else keys)
    def game(request: pytest.FixtureRequest) -> GameUnderTest:
        return GameUnderTest.of(request.param)

    @pytest.fixture
    def bot_extensions(game: GameUnderTest) -> list[str]:
        return [*CORE_EXTENSIONS, game.extension, *extensions]

    @pytest.fixture
    def register_games() -> GameRegistration:
        return lambda _bot: None

    @pytest.fixture
    def fixed_deal(game: GameUnderTest) -> dict[str, int]:
        return {"deal_seed": game.seed}

    return game, bot_extensions, register_games, fixed_deal
