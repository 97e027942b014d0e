"""`TheGameEngine`: the rules, views and computer players behind the shared engine protocol."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from games.core.engine import Policy
from games.core.errors import RuleError
from games.core.result import GameResult
from games.the_game import rules
from games.the_game.actions import ACTION_ADAPTER, Action
from games.the_game.config import MAX_PLAYERS, MIN_PLAYERS, TheGameConfig
from games.the_game.events import TheGameEvent
from games.the_game.policies import POLICIES, make_policy
from games.the_game.state import TheGameState
from games.the_game.view import TheGameView, make_view


class TheGameEngine:
    key = "the-game"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    config_model = TheGameConfig

    def new_game(self, config: TheGameConfig, players: int, seed: int) -> TheGameState:
        return rules.new_game(config, players, seed)

    def load_state(self, data: str) -> TheGameState:
        return TheGameState.model_validate_json(data)

    def parse_action(self, data: str | dict[str, Any]) -> Action:
        """Malformed input is a rule error too, so callers handle one kind of refusal."""
        try:
            if isinstance(data, str):
                return ACTION_ADAPTER.validate_json(data)
            return ACTION_ADAPTER.validate_python(data)
        except ValidationError as exc:
            raise RuleError("invalid_action", detail=str(exc.errors()[0]["msg"])) from exc

    def apply(
        self, state: TheGameState, seat: int, action: Action
    ) -> tuple[TheGameState, list[TheGameEvent]]:
        return rules.apply(state, seat, action)

    def legal_actions(self, state: TheGameState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def view(self, state: TheGameState, seat: int | None) -> TheGameView:
        return make_view(state, seat)

    def to_act(self, state: TheGameState) -> list[int]:
        return rules.to_act(state)

    def result(self, state: TheGameState) -> GameResult | None:
        return rules.result(state)

    def policy(self, name: str) -> Policy:
        """Computer players at a table read and give hints: they must be good partners."""
        return make_policy(name, hints=True)

    def policy_names(self) -> list[str]:
        return list(POLICIES)
