"""The contract between a game engine and everything that runs it (bot, simulator, tests).

An engine is a stateless object whose methods are pure functions over pydantic models. The table
service in `bot/` drives any engine through this protocol only, which is what lets one lobby,
one lock, one timer and one persistence layer serve all three games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from games.core.game_type import GameType
from games.core.result import GameResult


@runtime_checkable
class Policy(Protocol):
    """A computer player. It sees only what its seat may see: a view and the legal actions.

    `rng` is supplied by the caller so that simulations are reproducible from a seed.
    """

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


class Engine(Protocol):
    """What a game package exports as `ENGINE`.

    - `game_type` is what the game declares about itself (games/core/game_type.py); `key` and
      the player counts repeat it for the callers that only need those.
    - `new_game` derives all randomness from `seed`; the same seed and actions give the same state.
    - `apply` returns the new state and a list of events, or raises `RuleError` and changes nothing.
    - `to_act` lists the seats the game is waiting on (usually one; several when any seated player
      may act, such as opening The Game, or secret simultaneous choices). Empty when finished.
    - `view(state, None)` is the spectator view: no hand at all.
    - `ends_turn(events)` tells whether the events of one action ended the acting seat's turn,
      so that a computer standing in for a player who ran out of time hands the seat back there,
      even when the same seat plays next (The Game alone).
    - `as_computer_move(action)` is the action as applied when a computer chose it (for a
      computer seat, a seat on autopilot or a player who ran out of time): an engine whose
      table tells who said something marks it there (The Game's pile hints), so that a
      computer's words are never shown as a person's.
    """

    @property
    def game_type(self) -> GameType: ...

    @property
    def key(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def config_model(self) -> type[BaseModel]: ...

    def new_game(self, config: BaseModel, players: int, seed: int) -> BaseModel: ...

    def load_state(self, data: str) -> BaseModel: ...

    def parse_action(self, data: str | dict[str, Any]) -> BaseModel: ...

    def apply(
        self, state: BaseModel, seat: int, action: BaseModel
    ) -> tuple[BaseModel, list[BaseModel]]: ...

    def legal_actions(self, state: BaseModel, seat: int) -> list[BaseModel]: ...

    def view(self, state: BaseModel, seat: int | None) -> BaseModel: ...

    def to_act(self, state: BaseModel) -> list[int]: ...

    def result(self, state: BaseModel) -> GameResult | None: ...

    def ends_turn(self, events: Sequence[BaseModel]) -> bool: ...

    def as_computer_move(self, action: BaseModel) -> BaseModel: ...

    def policy(self, name: str) -> Policy: ...

    def policy_names(self) -> list[str]: ...
