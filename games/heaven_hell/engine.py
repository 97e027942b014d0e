"""`HeavenHellEngine`: the engine protocol of games/core/engine.py over the pure rules."""

from __future__ import annotations

from typing import Any

from games.core.errors import RuleError
from games.core.result import GameResult, SeatResult
from games.heaven_hell.actions import ACTION_ADAPTER, AnyAction
from games.heaven_hell.config import MAX_PLAYERS, MIN_PLAYERS, HeavenHellConfig
from games.heaven_hell.events import AnyEvent
from games.heaven_hell.policies import POLICIES
from games.heaven_hell.policies.base import HeavenHellPolicy
from games.heaven_hell.rules import apply, legal_actions, new_game, to_act
from games.heaven_hell.state import HeavenHellState, Phase
from games.heaven_hell.view import HeavenHellView, build_view


def ranking(totals: list[int]) -> list[int]:
    """Competition ranks: equal totals share a place (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


class HeavenHellEngine:
    key = "heaven-hell"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    config_model = HeavenHellConfig

    def new_game(self, config: HeavenHellConfig, players: int, seed: int) -> HeavenHellState:
        return new_game(config, players, seed)[0]

    def load_state(self, data: str) -> HeavenHellState:
        return HeavenHellState.model_validate_json(data)

    def parse_action(self, data: str | dict[str, Any]) -> AnyAction:
        if isinstance(data, str):
            return ACTION_ADAPTER.validate_json(data)
        return ACTION_ADAPTER.validate_python(data)

    def apply(
        self, state: HeavenHellState, seat: int, action: AnyAction
    ) -> tuple[HeavenHellState, list[AnyEvent]]:
        return apply(state, seat, action)

    def legal_actions(
        self, state: HeavenHellState, seat: int
    ) -> list[AnyAction]:
        return legal_actions(state, seat)

    def view(self, state: HeavenHellState, seat: int | None) -> HeavenHellView:
        if seat is not None and not 0 <= seat < state.players:
            raise RuleError("invalid_seat", seat=seat)
        return build_view(state, seat)

    def to_act(self, state: HeavenHellState) -> list[int]:
        return to_act(state)

    def result(self, state: HeavenHellState) -> GameResult | None:
        if state.phase is not Phase.FINISHED:
            return None
        totals = state.totals()
        ranks = ranking(totals)
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

    def policy(self, name: str) -> HeavenHellPolicy:
        factory = POLICIES.get(name)
        if factory is None:
            raise KeyError(f"unknown policy {name!r}; known: {', '.join(POLICIES)}")
        return factory()

    def policy_names(self) -> list[str]:
        return list(POLICIES)
