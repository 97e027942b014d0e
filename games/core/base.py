"""`BaseEngine`: what every engine adapter does the same way, written once.

An adapter over a game's pure rules declares its `GameType`, its state model, its action adapter
and its computer players, and implements the game-specific steps. The base gives every game the
same refusals: a wrong player count, a seat outside the game and malformed input are all
`RuleError`s with one code each, whatever the game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core.engine import Policy
from games.core.errors import RuleError
from games.core.game_type import GameType
from games.core.result import GameResult

StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=BaseModel)
ViewT = TypeVar("ViewT", bound=BaseModel)


class BaseEngine(ABC, Generic[StateT, ActionT, ViewT]):
    game_type: ClassVar[GameType]
    state_model: ClassVar[type[BaseModel]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    policies: ClassVar[Mapping[str, Callable[[], Policy]]]

    @property
    def key(self) -> str:
        return self.game_type.key

    @property
    def min_players(self) -> int:
        return self.game_type.min_players

    @property
    def max_players(self) -> int:
        return self.game_type.max_players

    @property
    def config_model(self) -> type[BaseModel]:
        return self.game_type.config_model

    def new_game(self, config: BaseModel, players: int, seed: int) -> StateT:
        if not self.min_players <= players <= self.max_players:
            raise RuleError("player_count", min=self.min_players, max=self.max_players)
        return self.deal(config, players, seed)

    def load_state(self, data: str) -> StateT:
        state: StateT = self.state_model.model_validate_json(data)  # type: ignore[assignment]
        return state

    def parse_action(self, data: str | dict[str, Any]) -> ActionT:
        """Malformed input is a rule error too, so callers handle one kind of refusal."""
        try:
            if isinstance(data, str):
                action: ActionT = self.action_adapter.validate_json(data)
            else:
                action = self.action_adapter.validate_python(data)
        except ValidationError as exc:
            raise RuleError("invalid_action", detail=str(exc.errors()[0]["msg"])) from exc
        return action

    def apply(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[BaseModel]]:
        self.check_seat(state, seat)
        new, events = self.play(state, seat, action)
        return new, list(events)

    def view(self, state: StateT, seat: int | None) -> ViewT:
        if seat is not None:
            self.check_seat(state, seat)
        return self.make_view(state, seat)

    def check_seat(self, state: StateT, seat: int) -> None:
        if not 0 <= seat < self.seat_count(state):
            raise RuleError("unknown_seat", seat=seat)

    def policy(self, name: str) -> Policy:
        factory = self.policies.get(name)
        if factory is None:
            raise KeyError(f"unknown {self.key} policy {name!r}; known: {', '.join(self.policies)}")
        return factory()

    def policy_names(self) -> list[str]:
        return list(self.policies)

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        """By default no event marks a turn's end: a stand-in hands the seat back once the seat
        no longer has to act."""
        return False

    def as_computer_move(self, action: ActionT) -> ActionT:
        """By default a computer's move is applied as any other: nothing it does is shown as
        said by someone."""
        return action

    @abstractmethod
    def seat_count(self, state: StateT) -> int:
        """How many seats `state` has."""

    @abstractmethod
    def deal(self, config: Any, players: int, seed: int) -> StateT:
        """A new game for a player count already checked."""

    @abstractmethod
    def play(self, state: StateT, seat: int, action: Any) -> tuple[StateT, Sequence[BaseModel]]:
        """The rules' `apply`, for a seat already checked."""

    @abstractmethod
    def make_view(self, state: StateT, seat: int | None) -> ViewT:
        """What `seat` may see (None: a spectator), for a seat already checked."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]: ...

    @abstractmethod
    def to_act(self, state: StateT) -> list[int]: ...

    @abstractmethod
    def result(self, state: StateT) -> GameResult | None: ...
