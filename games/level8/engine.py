"""Level 8 behind the shared engine protocol (games/core/engine.py)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from games.core.base import BaseEngine
from games.core.game_type import GameType
from games.core.result import GameResult
from games.level8 import rules
from games.level8.actions import ACTION_ADAPTER, Action
from games.level8.config import Level8Config
from games.level8.events import CardsKept, Discarded, GameEvent, SkipPlaced
from games.level8.policies import POLICIES
from games.level8.result import game_result
from games.level8.state import GameState
from games.level8.view import Level8View, make_view

GAME_TYPE = GameType(
    key="level8",
    min_players=2,
    max_players=6,
    cooperative=False,
    config_model=Level8Config,
    default_policy="heuristic",
    menu_rank=3,
)


class Level8Engine(BaseEngine[GameState, Action, Level8View]):
    game_type = GAME_TYPE
    state_model = GameState
    action_adapter = ACTION_ADAPTER
    policies = POLICIES

    def seat_count(self, state: GameState) -> int:
        return len(state.players)

    def deal(self, config: Level8Config, players: int, seed: int) -> GameState:
        return rules.new_game(config, players, seed)[0]

    def play(
        self, state: GameState, seat: int, action: Action
    ) -> tuple[GameState, list[GameEvent]]:
        return rules.apply(state, seat, action)

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def make_view(self, state: GameState, seat: int | None) -> Level8View:
        return make_view(state, seat)

    def to_act(self, state: GameState) -> list[int]:
        return rules.to_act(state)

    def result(self, state: GameState) -> GameResult | None:
        return game_result(state)

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        """A turn is several actions; it ends with a discard or a Skip (or, between rounds on
        the hard side, with the choice of cards to keep)."""
        return any(isinstance(event, Discarded | SkipPlaced | CardsKept) for event in events)
