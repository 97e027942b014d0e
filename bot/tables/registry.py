"""Which games this bot can offer: an engine and a UI, both registered."""

from __future__ import annotations

from collections.abc import Callable

from bot.tables.ui import GameUI
from games.core.engine import Engine
from games.core.registry import get_engine

GAME_KEYS: tuple[str, ...] = ("the-game", "heaven-hell", "level8")
"""The games `/play` knows, in menu order."""


class GameCatalog:
    """Per-bot registry of game UIs (no process-global state: two bots in one process, as in
    tests, each have their own)."""

    def __init__(self, engine_lookup: Callable[[str], Engine | None] = get_engine) -> None:
        self._uis: dict[str, GameUI] = {}
        self._engines: dict[str, Engine] = {}
        self._lookup = engine_lookup

    def register(self, ui: GameUI, engine: Engine | None = None) -> None:
        """Offer `ui.key`. `engine` overrides the lookup in `games.core.registry` (tests plug a
        toy engine in this way)."""
        self._uis[ui.key] = ui
        if engine is not None:
            self._engines[ui.key] = engine

    def engine(self, key: str) -> Engine | None:
        return self._engines.get(key) or self._lookup(key)

    def ui(self, key: str) -> GameUI | None:
        return self._uis.get(key)

    def playable(self, key: str) -> tuple[Engine, GameUI] | None:
        """Both halves of a game, or None while either has not landed."""
        engine, ui = self.engine(key), self.ui(key)
        if engine is None or ui is None:
            return None
        return engine, ui
