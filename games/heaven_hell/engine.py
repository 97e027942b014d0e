"""`HeavenHellEngine`: the rules, views and computer players behind the engine contract
(`games.core.base.BaseEngine`)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from games.core.base import BaseEngine
from games.core.game_type import GameType
from games.core.result import GameResult
from games.heaven_hell import result, rules
from games.heaven_hell.actions import ACTION_ADAPTER, Action
from games.heaven_hell.config import MAX_PLAYERS, MIN_PLAYERS, HeavenHellConfig
from games.heaven_hell.events import CardPlaced, DoubleChosen, Event, TurnSkipped
from games.heaven_hell.policies import POLICIES
from games.heaven_hell.state import HeavenHellState
from games.heaven_hell.view import HeavenHellView, make_view

GAME_TYPE = GameType(
    key="heaven-hell",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    cooperative=False,
    config_model=HeavenHellConfig,
    default_policy="heuristic",
    simultaneous_choices=True,
)


class HeavenHellEngine(BaseEngine[HeavenHellState, Action, HeavenHellView]):
    game_type = GAME_TYPE
    state_model = HeavenHellState
    action_adapter = ACTION_ADAPTER
    policies = POLICIES
    hidden_fields = ("hands.*", "draw_pile", "choices.*")

    def seat_count(self, state: HeavenHellState) -> int:
        return state.players

    def deal(
        self, config: HeavenHellConfig, players: int, seed: int
    ) -> tuple[HeavenHellState, list[Event]]:
        return rules.new_game(config, players, seed)

    def play(
        self, state: HeavenHellState, seat: int, action: Action
    ) -> tuple[HeavenHellState, list[Event]]:
        return rules.apply(state, seat, action)

    def legal_actions(self, state: HeavenHellState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def make_view(self, state: HeavenHellState, seat: int | None) -> HeavenHellView:
        return make_view(state, seat)

    def to_act(self, state: HeavenHellState) -> list[int]:
        return rules.to_act(state)

    def result(self, state: HeavenHellState) -> GameResult | None:
        return result.result(state)

    def revealed(self, state: HeavenHellState) -> object:
        """Which seats are asked about the colour being scored follows from their hands (they
        hold it), and the table shows it, even for those who have already chosen."""
        return rules.asked_seats(state), rules.to_act(state)

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        """A turn ends with a placed card (a stuck player's discards come before it), a turn
        skipped on an empty draw pile, or a secret double choice; a stand-in stops there even
        when the same seat starts the next round or is asked about the next colour."""
        return any(isinstance(event, CardPlaced | DoubleChosen | TurnSkipped) for event in events)
