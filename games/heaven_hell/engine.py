"""`HeavenHellEngine`: the engine protocol of games/core/engine.py over the pure rules."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from games.core.base import BaseEngine
from games.core.game_type import GameType
from games.core.result import GameResult, SeatResult, competition_ranks
from games.heaven_hell.actions import ACTION_ADAPTER, AnyAction
from games.heaven_hell.config import MAX_PLAYERS, MIN_PLAYERS, HeavenHellConfig
from games.heaven_hell.events import AnyEvent, CardPlaced, DoubleChosen, TurnSkipped
from games.heaven_hell.policies import POLICIES
from games.heaven_hell.rules import apply, legal_actions, new_game, to_act
from games.heaven_hell.state import HeavenHellState, Phase
from games.heaven_hell.view import HeavenHellView, build_view

GAME_TYPE = GameType(
    key="heaven-hell",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    cooperative=False,
    config_model=HeavenHellConfig,
    default_policy="heuristic",
    menu_rank=2,
    simultaneous_choices=True,
)


class HeavenHellEngine(BaseEngine[HeavenHellState, AnyAction, HeavenHellView]):
    game_type = GAME_TYPE
    state_model = HeavenHellState
    action_adapter = ACTION_ADAPTER
    policies = POLICIES

    def seat_count(self, state: HeavenHellState) -> int:
        return state.players

    def deal(self, config: HeavenHellConfig, players: int, seed: int) -> HeavenHellState:
        return new_game(config, players, seed)[0]

    def play(
        self, state: HeavenHellState, seat: int, action: AnyAction
    ) -> tuple[HeavenHellState, list[AnyEvent]]:
        return apply(state, seat, action)

    def legal_actions(self, state: HeavenHellState, seat: int) -> list[AnyAction]:
        return legal_actions(state, seat)

    def make_view(self, state: HeavenHellState, seat: int | None) -> HeavenHellView:
        return build_view(state, seat)

    def to_act(self, state: HeavenHellState) -> list[int]:
        return to_act(state)

    def result(self, state: HeavenHellState) -> GameResult | None:
        """Equal totals share a place, and the first place is a win for each of them."""
        if state.phase is not Phase.FINISHED:
            return None
        totals = state.totals()
        ranks = competition_ranks(totals)
        return GameResult(
            cooperative=False,
            seats=[
                SeatResult(seat=seat, rank=ranks[seat], score=totals[seat], won=ranks[seat] == 1)
                for seat in range(state.players)
            ],
            summary={
                "round_points": [list(report.points) for report in state.reports],
                "totals": totals,
            },
        )

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        """A turn ends with a placed card (a stuck player's discards come before it), a turn
        skipped on an empty draw pile, or a secret double choice; a stand-in stops there even
        when the same seat starts the next round or is asked about the next colour."""
        return any(isinstance(event, CardPlaced | DoubleChosen | TurnSkipped) for event in events)
