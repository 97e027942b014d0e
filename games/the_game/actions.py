"""What a seat can do: place a card, end its turn, or talk about piles (never about values)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.the_game.cards import ALL_CARDS, PILES
from games.the_game.state import HintKind


class PlaceCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["place"] = "place"
    card: int = Field(ge=2, le=99)
    pile: int = Field(ge=0, le=3)


class EndTurn(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["end_turn"] = "end_turn"


class GiveHint(BaseModel):
    """A public request about one pile; any seat may give it at any time."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["hint"] = "hint"
    pile: int = Field(ge=0, le=3)
    hint: HintKind
    by_computer: bool = False
    """Chosen by a computer (`TheGameEngine.as_computer_move`): the table then says that the
    computer said it, not the seat's player. A person's controls never carry it."""


class WithdrawHint(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["withdraw_hint"] = "withdraw_hint"
    pile: int = Field(ge=0, le=3)
    by_computer: bool = False


Action = Annotated[PlaceCard | EndTurn | GiveHint | WithdrawHint, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

END_TURN = EndTurn()
PLACE: dict[tuple[int, int], PlaceCard] = {
    (card, pile): PlaceCard(card=card, pile=pile) for card in ALL_CARDS for pile in PILES
}
"""Every possible placement, built once: actions are immutable, and listing legal actions is on
the simulator's hot path."""
HINTS: dict[tuple[int, HintKind], GiveHint] = {
    (pile, kind): GiveHint(pile=pile, hint=kind) for pile in PILES for kind in HintKind
}
WITHDRAWS: dict[int, WithdrawHint] = {pile: WithdrawHint(pile=pile) for pile in PILES}
