"""What a seat can do, as a discriminated union parsed from JSON by its `type`.

Turn order: one draw (`DrawFromPile` or `DrawFromDiscard`), then optionally `DisplayLevel`
and `LayOff`s, then `Discard` or `PlaySkip` ends the turn. `KeepCards` is the hard side's
between-rounds choice. A lay-off names no run end: a number card's value or a wild's meaning
already says which end it extends.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from games.level8.groups import PlacedCard


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True)


class DrawFromPile(_Action):
    kind: Literal["draw_pile"] = "draw_pile"


class DrawFromDiscard(_Action):
    """Take the top card of `owner`'s discard pile (any seat, one's own included)."""

    kind: Literal["draw_discard"] = "draw_discard"
    owner: int


class DisplayLevel(_Action):
    """The whole level at once: one group per requirement, in the level card's order."""

    kind: Literal["display"] = "display"
    groups: list[list[PlacedCard]]


class LayOff(_Action):
    """Add `card` to group `group` of `owner`'s display; `wild_as` is a wild's meaning."""

    kind: Literal["lay_off"] = "lay_off"
    card: int
    owner: int
    group: int
    wild_as: int | None = None


class Discard(_Action):
    """End the turn with `card` on one's own discard pile (a Skip may simply be discarded)."""

    kind: Literal["discard"] = "discard"
    card: int


class PlaySkip(_Action):
    """End the turn by placing Skip `card` in front of `target`."""

    kind: Literal["play_skip"] = "play_skip"
    card: int
    target: int


class KeepCards(_Action):
    """Hard side: the hand cards (at most 4) carried into the next round.

    The cards are a set, kept in ascending order: the same choice made in another order (a
    menu's values come in the order they were picked) is the same action, the one
    `legal_actions` lists."""

    kind: Literal["keep"] = "keep"
    cards: list[int]

    @field_validator("cards")
    @classmethod
    def _ascending(cls, cards: list[int]) -> list[int]:
        return sorted(cards)


Action = Annotated[
    DrawFromPile | DrawFromDiscard | DisplayLevel | LayOff | Discard | PlaySkip | KeepCards,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
