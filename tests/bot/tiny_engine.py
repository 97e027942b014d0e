"""A toy card game for testing the table service (2-4 players), through the real Engine protocol.

Each seat is dealt a few cards from 1..20. Any seat may open (like The Game); then seats play in
order, one card per turn, until every hand is empty. Any seat may also post a public hint at any
time (like The Game's pile hints), which must not disturb anybody's controls. Highest total wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.core.errors import RuleError
from games.core.result import GameResult, SeatResult


class TinyConfig(BaseModel):
    model_config = ConfigDict(extra="ignore")

    cards: int = 5


class TinyState(BaseModel):
    seed: int
    hands: list[list[int]]
    scores: list[int]
    current: int | None = None
    hints: list[str] = []


class Play(BaseModel):
    kind: Literal["play"] = "play"
    card: int


class Hint(BaseModel):
    kind: Literal["hint"] = "hint"
    text: Literal["low", "high"]


class Pass(BaseModel):
    """Never legal: lets tests see how a UI's rejected move is reported."""

    kind: Literal["pass"] = "pass"


TinyAction = Annotated[Play | Hint | Pass, Field(discriminator="kind")]
_ACTION = TypeAdapter(TinyAction)


class Played(BaseModel):
    kind: Literal["played"] = "played"
    seat: int
    card: int


class TinyView(BaseModel):
    seat: int | None
    hand: list[int] | None
    hand_sizes: list[int]
    scores: list[int]
    current: int | None
    hints: list[str]


class Highest:
    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        plays = [action for action in legal if isinstance(action, Play)]
        return max(plays, key=lambda action: action.card)


class TinyEngine:
    key = "tiny"
    min_players = 2
    max_players = 4
    config_model = TinyConfig

    def new_game(self, config: BaseModel, players: int, seed: int) -> BaseModel:
        assert isinstance(config, TinyConfig)
        deck = list(range(1, 21))
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[i * config.cards : (i + 1) * config.cards]) for i in range(players)]
        return TinyState(seed=seed, hands=hands, scores=[0] * players)

    def load_state(self, data: str) -> BaseModel:
        return TinyState.model_validate_json(data)

    def parse_action(self, data: str | dict[str, Any]) -> BaseModel:
        if isinstance(data, str):
            return _ACTION.validate_json(data)
        return _ACTION.validate_python(data)

    def to_act(self, state: BaseModel) -> list[int]:
        assert isinstance(state, TinyState)
        if all(not hand for hand in state.hands):
            return []
        if state.current is None:
            return list(range(len(state.hands)))
        return [state.current]

    def legal_actions(self, state: BaseModel, seat: int) -> list[BaseModel]:
        assert isinstance(state, TinyState)
        if not self.to_act(state):
            return []
        actions: list[BaseModel] = []
        if seat in self.to_act(state):
            actions.extend(Play(card=card) for card in state.hands[seat])
        actions.extend([Hint(text="low"), Hint(text="high")])
        return actions

    def apply(
        self, state: BaseModel, seat: int, action: BaseModel
    ) -> tuple[BaseModel, list[BaseModel]]:
        assert isinstance(state, TinyState)
        if not self.to_act(state):
            raise RuleError("game_over")
        if isinstance(action, Hint):
            new = state.model_copy(deep=True)
            new.hints.append(f"{seat}:{action.text}")
            return new, []
        if isinstance(action, Pass):
            raise RuleError("no_passing")
        assert isinstance(action, Play)
        if seat not in self.to_act(state):
            raise RuleError("not_your_turn")
        if action.card not in state.hands[seat]:
            raise RuleError("no_such_card", card=action.card)
        new = state.model_copy(deep=True)
        new.hands[seat].remove(action.card)
        new.scores[seat] += action.card
        players = len(new.hands)
        following = [(seat + step) % players for step in range(1, players + 1)]
        new.current = next((s for s in following if new.hands[s]), None)
        return new, [Played(seat=seat, card=action.card)]

    def view(self, state: BaseModel, seat: int | None) -> BaseModel:
        assert isinstance(state, TinyState)
        return TinyView(
            seat=seat,
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(hand) for hand in state.hands],
            scores=list(state.scores),
            current=state.current,
            hints=list(state.hints),
        )

    def result(self, state: BaseModel) -> GameResult | None:
        assert isinstance(state, TinyState)
        if self.to_act(state):
            return None
        best = max(state.scores)
        ranks = [1 + sum(other > score for other in state.scores) for score in state.scores]
        return GameResult(
            cooperative=False,
            seats=[
                SeatResult(seat=i, rank=ranks[i], score=score, won=score == best)
                for i, score in enumerate(state.scores)
            ],
        )

    def policy(self, name: str) -> Highest:
        return Highest()

    def policy_names(self) -> list[str]:
        return ["highest"]


TINY_ENGINE = TinyEngine()
