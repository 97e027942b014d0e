"""`TheGameEngine`: the rules, views and computer players behind the engine contract
(`games.core.base.BaseEngine`)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from games.core.base import BaseEngine
from games.core.game_type import GameType
from games.core.result import GameResult
from games.the_game import result, rules
from games.the_game.actions import ACTION_ADAPTER, Action, GiveHint, WithdrawHint
from games.the_game.config import MAX_PLAYERS, MIN_PLAYERS, TheGameConfig
from games.the_game.events import Event, TurnEnded
from games.the_game.policies import POLICIES
from games.the_game.state import TheGameState
from games.the_game.view import TheGameView, make_view

GAME_TYPE = GameType(
    key="the-game",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    cooperative=True,
    config_model=TheGameConfig,
    default_policy="heuristic",
    computers_wait_for_people=True,
)


class TheGameEngine(BaseEngine[TheGameState, Action, TheGameView]):
    game_type = GAME_TYPE
    state_model = TheGameState
    action_adapter = ACTION_ADAPTER
    policies = POLICIES
    hidden_fields = ("hands.*", "draw_pile")

    def seat_count(self, state: TheGameState) -> int:
        return state.players

    def deal(
        self, config: TheGameConfig, players: int, seed: int
    ) -> tuple[TheGameState, list[Event]]:
        return rules.new_game(config, players, seed)

    def play(
        self, state: TheGameState, seat: int, action: Action
    ) -> tuple[TheGameState, list[Event]]:
        return rules.apply(state, seat, action)

    def legal_actions(self, state: TheGameState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def make_view(self, state: TheGameState, seat: int | None) -> TheGameView:
        return make_view(state, seat)

    def to_act(self, state: TheGameState) -> list[int]:
        return rules.to_act(state)

    def result(self, state: TheGameState) -> GameResult | None:
        return result.result(state)

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        """Alone at the table, the same seat plays again: a stand-in must still stop."""
        return any(isinstance(event, TurnEnded) for event in events)

    def as_computer_move(self, action: Action) -> Action:
        """A computer's hint (given or withdrawn) is marked as its own: the table says "🤖 for
        Bob", not "Bob", when a computer plays Bob's seat."""
        if isinstance(action, GiveHint | WithdrawHint):
            return action.model_copy(update={"by_computer": True})
        return action
