"""What happened, for the table's log and rendering. Events never carry a hidden card:
a card drawn from the draw pile is not named."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.level8.groups import Group, PlacedCard
from games.level8.phases import EndReason


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)


class RoundStarted(_Event):
    kind: Literal["round_started"] = "round_started"
    round: int
    dealer: int
    first: int


class DrewFromPile(_Event):
    kind: Literal["drew_from_pile"] = "drew_from_pile"
    seat: int


class DrewFromDiscard(_Event):
    kind: Literal["drew_from_discard"] = "drew_from_discard"
    seat: int
    owner: int
    card: int


class NothingToDraw(_Event):
    """Every pile is empty (extremely rare): the turn goes on without a draw."""

    kind: Literal["nothing_to_draw"] = "nothing_to_draw"
    seat: int


class PileRebuilt(_Event):
    kind: Literal["pile_rebuilt"] = "pile_rebuilt"
    size: int


class LevelDisplayed(_Event):
    kind: Literal["level_displayed"] = "level_displayed"
    seat: int
    level: int
    groups: list[Group]


class LaidOff(_Event):
    kind: Literal["laid_off"] = "laid_off"
    seat: int
    owner: int
    group: int
    placed: PlacedCard


class Discarded(_Event):
    kind: Literal["discarded"] = "discarded"
    seat: int
    card: int


class SkipPlaced(_Event):
    kind: Literal["skip_placed"] = "skip_placed"
    seat: int
    target: int
    card: int


class SkipServed(_Event):
    """`seat` lost its turn and put its Skip face up under the draw pile."""

    kind: Literal["skip_served"] = "skip_served"
    seat: int


class RoundEnded(_Event):
    """`before` and `levels` are every seat's level before and after the round's moves up."""

    kind: Literal["round_ended"] = "round_ended"
    round: int
    out: int
    before: list[int]
    levels: list[int]


class CardsKept(_Event):
    kind: Literal["cards_kept"] = "cards_kept"
    seat: int
    count: int


class GameEnded(_Event):
    kind: Literal["game_ended"] = "game_ended"
    winner: int | None
    reason: EndReason


Event = Annotated[
    RoundStarted
    | DrewFromPile
    | DrewFromDiscard
    | NothingToDraw
    | PileRebuilt
    | LevelDisplayed
    | LaidOff
    | Discarded
    | SkipPlaced
    | SkipServed
    | RoundEnded
    | CardsKept
    | GameEnded,
    Field(discriminator="kind"),
]
