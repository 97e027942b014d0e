"""Which games this bot can offer: an engine and a UI, both registered.

A game's cog registers its UI (and, for a game outside `games/`, its engine); every list that
players see (`/play`, `/rules`, `/leaderboard`, `/stats`, `/help`) is read from here, in the
games' menu order, so no shared file names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from discord import app_commands

from bot.stats.model import TeamRanking
from bot.tables.ui import GameUI
from games.core.base import Engine
from games.core.game_type import GameType
from games.core.registry import get_engine

PlayCommand = app_commands.Command[Any, ..., None]
"""A game's `/play` subcommand (see `bot/tables/commands.py`)."""


class GameCatalog:
    """Per-bot registry of game UIs (no process-global state: two bots in one process, as in
    tests, each have their own)."""

    def __init__(self, engine_lookup: Callable[[str], Engine | None] = get_engine) -> None:
        self._uis: dict[str, GameUI[Any]] = {}
        self._engines: dict[str, Engine] = {}
        self._lookup = engine_lookup

    def register(self, ui: GameUI[Any], engine: Engine | None = None) -> None:
        """Offer `ui.key`. `engine` overrides the lookup in `games.core.registry` (a game whose
        engine lives outside `games/`, such as the tests' own games, is plugged in this way).
        The game's `/play` subcommand is built from its engine's config model
        (`bot/tables/commands.py`)."""
        self._uis[ui.key] = ui
        if engine is not None:
            self._engines[ui.key] = engine

    def engine(self, key: str) -> Engine | None:
        return self._engines.get(key) or self._lookup(key)

    def ui(self, key: str) -> GameUI[Any] | None:
        return self._uis.get(key)

    def uis(self) -> list[GameUI[Any]]:
        """Every registered UI, in registration order (the card faces are gathered from them)."""
        return list(self._uis.values())

    def playable(self, key: str) -> tuple[Engine, GameUI[Any]] | None:
        """Both halves of a game, or None while either has not landed."""
        engine, ui = self.engine(key), self.ui(key)
        if engine is None or ui is None:
            return None
        return engine, ui

    def game_type(self, key: str) -> GameType | None:
        """What a playable game declares about itself, under the key it is offered as (tests
        register a stand-in engine under a real game's key), None for a game this bot does not
        offer."""
        found = self.playable(key)
        return replace(found[0].game_type, key=key) if found is not None else None

    def game_types(self) -> list[GameType]:
        """Every playable game, in menu order (`GameUI.menu_rank`)."""
        ranked = sorted(self._uis.values(), key=lambda ui: (ui.menu_rank, ui.key))
        found = [self.game_type(ui.key) for ui in ranked]
        return [game for game in found if game is not None]

    def team_ranking(self, key: str) -> TeamRanking:
        """How the leaderboards judge the team scores of the cooperative game `key`."""
        ui = self._uis.get(key)
        return ui.team_ranking if ui is not None else TeamRanking()
