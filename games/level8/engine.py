"""Level 8 behind the shared engine protocol (games/core/engine.py)."""

from __future__ import annotations

from typing import Any

from games.core.errors import RuleError
from games.core.result import GameResult
from games.level8 import rules
from games.level8.actions import ACTION_ADAPTER, Action
from games.level8.config import Level8Config
from games.level8.events import GameEvent
from games.level8.policies import POLICIES, Level8Policy
from games.level8.result import game_result
from games.level8.state import GameState
from games.level8.view import Level8View, make_view


class Level8Engine:
    key = "level8"
    min_players = 2
    max_players = 6
    config_model = Level8Config

    def new_game(self, config: Level8Config, players: int, seed: int) -> GameState:
        if not self.min_players <= players <= self.max_players:
            raise RuleError("player_count", min=self.min_players, max=self.max_players)
        state, _ = rules.new_game(config, players, seed)
        return state

    def load_state(self, data: str) -> GameState:
        return GameState.model_validate_json(data)

    def parse_action(self, data: str | dict[str, Any]) -> Action:
        if isinstance(data, str):
            return ACTION_ADAPTER.validate_json(data)
        return ACTION_ADAPTER.validate_python(data)

    def apply(
        self, state: GameState, seat: int, action: Action
    ) -> tuple[GameState, list[GameEvent]]:
        return rules.apply(state, seat, action)

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def view(self, state: GameState, seat: int | None) -> Level8View:
        return make_view(state, seat)

    def to_act(self, state: GameState) -> list[int]:
        return rules.to_act(state)

    def result(self, state: GameState) -> GameResult | None:
        return game_result(state)

    def policy(self, name: str) -> Level8Policy:
        if name not in POLICIES:
            raise KeyError(f"unknown level8 policy {name!r}; known: {', '.join(POLICIES)}")
        return POLICIES[name]()

    def policy_names(self) -> list[str]:
        return list(POLICIES)
