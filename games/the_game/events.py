"""What happened, for the table's "recent moves" and the game log."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.the_game.state import HintKind


class CardPlaced(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["card_placed"] = "card_placed"
    seat: int
    card: int
    pile: int
    backwards: bool
    opened: bool
    """True for the first card of the game, which made this seat the starting player."""


class TurnEnded(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["turn_ended"] = "turn_ended"
    seat: int
    placed: int
    drawn: int
    next_seat: int | None
    """None when the game ended with this turn."""


class HintGiven(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["hint_given"] = "hint_given"
    seat: int
    pile: int
    hint: HintKind
    by_computer: bool = False


class HintWithdrawn(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["hint_withdrawn"] = "hint_withdrawn"
    seat: int
    pile: int
    by_computer: bool = False


class GameEnded(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["game_ended"] = "game_ended"
    cards_left: int
    verdict: str
    stuck_seat: int | None
    """The seat that could not place its minimum, or None for a total victory."""


Event = Annotated[
    CardPlaced | TurnEnded | HintGiven | HintWithdrawn | GameEnded, Field(discriminator="kind")
]
