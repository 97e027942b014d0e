"""`Level8Engine`: the rules, views and computer players behind the engine contract
(`games.core.base.BaseEngine`)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from games.core.base import BaseEngine
from games.core.game_type import GameType
from games.core.result import GameResult
from games.level8 import result, rules
from games.level8.actions import ACTION_ADAPTER, Action, DisplayLevel
from games.level8.config import MAX_PLAYERS, MIN_PLAYERS, Level8Config
from games.level8.events import CardsKept, Discarded, Event, SkipPlaced
from games.level8.policies import POLICIES
from games.level8.state import Level8State
from games.level8.view import Level8View, make_view

GAME_TYPE = GameType(
    key="level8",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    cooperative=False,
    config_model=Level8Config,
    default_policy="heuristic",
)


class Level8Engine(BaseEngine[Level8State, Action, Level8View]):
    game_type = GAME_TYPE
    state_model = Level8State
    action_adapter = ACTION_ADAPTER
    policies = POLICIES
    hidden_fields = ("players.*.hand", "players.*.kept", "players.*.drawn", "draw")
    listed_by_example = (DisplayLevel,)
    """Every valid display is accepted; the legal list holds the finder's (listing them all
    would be combinatorial)."""

    def seat_count(self, state: Level8State) -> int:
        return len(state.players)

    def deal(
        self, config: Level8Config, players: int, seed: int
    ) -> tuple[Level8State, list[Event]]:
        return rules.new_game(config, players, seed)

    def play(
        self, state: Level8State, seat: int, action: Action
    ) -> tuple[Level8State, list[Event]]:
        return rules.apply(state, seat, action)

    def legal_actions(self, state: Level8State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def make_view(self, state: Level8State, seat: int | None) -> Level8View:
        return make_view(state, seat)

    def to_act(self, state: Level8State) -> list[int]:
        return rules.to_act(state)

    def result(self, state: Level8State) -> GameResult | None:
        return result.result(state)

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        """A turn is several actions; it ends with a discard or a Skip (or, between rounds on
        the hard side, with the choice of cards to keep)."""
        return any(isinstance(event, Discarded | SkipPlaced | CardsKept) for event in events)
