"""`TinyEngine`: the tiny game's rules, views and computer player behind the shared engine
protocol (`games.core.base.BaseEngine`), with the `GameType` that declares it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.core.base import BaseEngine
from games.core.errors import RuleError
from games.core.game_type import GameType
from games.core.policy import Policy
from games.core.result import GameResult, SeatResult, competition_ranks

DECK = 20
"""The cards are 1..DECK."""
MAX_PLAYERS = 4
MAX_CARDS = DECK // MAX_PLAYERS
"""Most cards a hand may be dealt: enough for every seat of a full table."""


class TinyConfig(BaseModel):
    """The table options, one field each (`/play tiny-game cards:3`)."""

    model_config = ConfigDict(extra="ignore")

    cards: int = Field(default=MAX_CARDS, ge=1, le=MAX_CARDS)


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


GAME_TYPE = GameType(
    key="tiny-game",
    min_players=2,
    max_players=MAX_PLAYERS,
    cooperative=False,
    config_model=TinyConfig,
    default_policy="highest",
)


class TinyEngine(BaseEngine[TinyState, TinyAction, TinyView]):
    game_type = GAME_TYPE
    state_model = TinyState
    action_adapter = _ACTION
    policies: ClassVar[Mapping[str, Callable[[], Policy]]] = {"highest": Highest}
    hidden_fields = ("hands.*",)

    def seat_count(self, state: TinyState) -> int:
        return len(state.hands)

    def deal(self, config: TinyConfig, players: int, seed: int) -> tuple[TinyState, list[Played]]:
        deck = list(range(1, DECK + 1))
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[i * config.cards : (i + 1) * config.cards]) for i in range(players)]
        return TinyState(seed=seed, hands=hands, scores=[0] * players), []

    def to_act(self, state: TinyState) -> list[int]:
        if all(not hand for hand in state.hands):
            return []
        if state.current is None:
            return list(range(len(state.hands)))
        return [state.current]

    def legal_actions(self, state: TinyState, seat: int) -> list[TinyAction]:
        if not self.to_act(state):
            return []
        actions: list[TinyAction] = []
        if seat in self.to_act(state):
            actions.extend(Play(card=card) for card in state.hands[seat])
        actions.extend([Hint(text="low"), Hint(text="high")])
        return actions

    def play(
        self, state: TinyState, seat: int, action: TinyAction
    ) -> tuple[TinyState, list[Played]]:
        if not self.to_act(state):
            raise RuleError("game_over")
        if isinstance(action, Hint):
            new = state.model_copy(deep=True)
            new.hints.append(f"{seat}:{action.text}")
            return new, []
        if isinstance(action, Pass):
            raise RuleError("no_passing")
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

    def make_view(self, state: TinyState, seat: int | None) -> TinyView:
        return TinyView(
            seat=seat,
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(hand) for hand in state.hands],
            scores=list(state.scores),
            current=state.current,
            hints=list(state.hints),
        )

    def result(self, state: TinyState) -> GameResult | None:
        if self.to_act(state):
            return None
        best = max(state.scores)
        ranks = competition_ranks(state.scores)
        return GameResult(
            cooperative=False,
            seats=[
                SeatResult(seat=i, rank=ranks[i], score=score, won=score == best)
                for i, score in enumerate(state.scores)
            ],
        )
