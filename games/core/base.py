"""`BaseEngine`: the one contract between a game engine and everything that runs it (bot,
simulator, tests), and what every engine does the same way, written once.

An engine is a stateless object whose methods are pure functions over pydantic models. The table
service in `bot/` drives any engine through this class only, which is what lets one lobby, one
lock, one timer and one persistence layer serve every game.

A game's adapter (`games/<game>/engine.py`) declares its `GameType`, its state model, its action
adapter, its computer players and its hidden fields, and implements the game-specific steps over
its pure rules (`rules.py`: `new_game`, `apply`, `legal_actions`, `to_act`; `view.py`:
`make_view`; `result.py`: `result`). The base gives every game the same refusals: a wrong player
count, a seat outside the game and malformed input are all `RuleError`s with one code each,
whatever the game, so the rules never check a seat number themselves.

- `new_game` derives all randomness from `seed` (the same seed and actions give the same state)
  and returns the state with the events of the deal, like `apply`.
- `apply` returns the new state and a list of events, or raises `RuleError` and changes nothing.
- `to_act` lists the seats the game is waiting on (usually one; several when any seated player
  may act, such as opening The Game, or secret simultaneous choices). Empty when finished.
- `view(state, None)` is the spectator view: no hidden information at all.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core.errors import RuleError
from games.core.game_type import GameType
from games.core.policy import Policy
from games.core.result import GameResult

StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=BaseModel)
ViewT = TypeVar("ViewT", bound=BaseModel)


class BaseEngine(ABC, Generic[StateT, ActionT, ViewT]):
    """A game's engine. Besides the methods below, a game declares:

    - `game_type`, `state_model`, `action_adapter` (its discriminated action union) and
      `policies` (its computer players by name, each built without arguments);
    - `hidden_fields`: where its state holds what some seats may not see, as dotted paths into
      the state's JSON form, `*` standing for a seat's index (`"hands.*"`: each seat's hand,
      seen by that seat alone; `"draw_pile"`: seen by nobody). Everything else is public. The
      contract test (tests/games/test_engine_contract.py) deals these values differently and
      checks that no view but their owner's changes;
    - `listed_by_example`: the action types whose legal list gives one example among many
      (Level 8 lists the finder's display and accepts any valid one), so that tests do not
      expect every other such action to be refused.
    """

    game_type: ClassVar[GameType]
    state_model: ClassVar[type[BaseModel]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    policies: ClassVar[Mapping[str, Callable[[], Policy]]]
    hidden_fields: ClassVar[tuple[str, ...]]
    listed_by_example: ClassVar[tuple[type[BaseModel], ...]] = ()

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

    def new_game(
        self, config: BaseModel, players: int, seed: int
    ) -> tuple[StateT, list[BaseModel]]:
        if not self.min_players <= players <= self.max_players:
            raise RuleError("player_count", min=self.min_players, max=self.max_players)
        state, events = self.deal(config, players, seed)
        return state, list(events)

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

    def revealed(self, state: StateT) -> object:
        """What the rules make public about the `hidden_fields` at `state`: views may show
        it, so the contract test deals secrets anew only in ways that keep it. By default, who
        is waited on (`to_act`)."""
        return self.to_act(state)

    def policy(self, name: str) -> Policy:
        factory = self.policies.get(name)
        if factory is None:
            raise KeyError(f"unknown {self.key} policy {name!r}; known: {', '.join(self.policies)}")
        return factory()

    def policy_names(self) -> list[str]:
        return list(self.policies)

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        """Whether the events of one action ended the acting seat's turn.

        The table service gives a seat a fresh turn time, and a computer standing in for a
        player who ran out of time hands the seat back, when the seat stops being waited on
        (`to_act`). A game in which the same seat may be waited on again right after its turn
        ended (a turn of several actions, a player alone at the table, a seat that starts the
        next round or is asked the next question) must say so here, or that seat keeps the old
        deadline and the stand-in keeps playing. By default no event ends a turn."""
        return False

    def as_computer_move(self, action: ActionT) -> ActionT:
        """The action as applied when a computer chose it (for a computer seat, a seat on
        autopilot or a player who ran out of time): an engine whose table tells who said
        something marks it there (The Game's pile hints), so that a computer's words are never
        shown as a person's. By default a computer's move is applied as any other."""
        return action

    @abstractmethod
    def seat_count(self, state: StateT) -> int:
        """How many seats `state` has."""

    @abstractmethod
    def deal(self, config: Any, players: int, seed: int) -> tuple[StateT, Sequence[BaseModel]]:
        """A new game and the events of its deal, for a player count already checked."""

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


Engine = BaseEngine[Any, Any, Any]
"""Any game's engine, for the callers that run every game alike (the bot, the simulator)."""
