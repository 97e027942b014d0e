"""Displayed groups and the checks that decide what a group may hold.

A wild on the table always carries one recorded meaning: a value in a run or a set, a colour in
a colour group. Storing it lets every later lay-off be checked against plain numbers, and lets
the table show what each wild stands for.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from games.core.errors import RuleError
from games.level8.cards import (
    COLOURS,
    MAX_VALUE,
    MIN_VALUE,
    colour_of,
    is_skip,
    is_wild,
    value_of,
)
from games.level8.levels import GroupKind, Requirement


class PlacedCard(BaseModel):
    """A card in a group; `wild_as` is the wild's recorded meaning and None for number cards."""

    model_config = ConfigDict(frozen=True)

    card: int
    wild_as: int | None = None


class Group(BaseModel):
    """A displayed group. Runs are kept in ascending order so their ends are first and last."""

    kind: GroupKind
    cards: list[PlacedCard]

    @property
    def low(self) -> int:
        return meaning(self.cards[0], GroupKind.RUN)

    @property
    def high(self) -> int:
        return meaning(self.cards[-1], GroupKind.RUN)

    @property
    def key(self) -> int:
        """The shared value of a set or the shared colour of a colour group."""
        return meaning(self.cards[0], self.kind)


def meaning(placed: PlacedCard, kind: GroupKind) -> int:
    """What a placed card counts as in a group of `kind`: a value, or a colour for colour groups."""
    if placed.wild_as is not None:
        return placed.wild_as
    return colour_of(placed.card) if kind is GroupKind.COLOUR else value_of(placed.card)


def meaning_range(kind: GroupKind) -> range:
    return range(len(COLOURS)) if kind is GroupKind.COLOUR else range(MIN_VALUE, MAX_VALUE + 1)


def check_placed(placed: PlacedCard, kind: GroupKind) -> None:
    """A wild needs a meaning that exists, a number card must not claim one, a Skip never fits."""
    if is_skip(placed.card):
        raise RuleError("skip_in_display", card=placed.card)
    if is_wild(placed.card):
        if placed.wild_as is None:
            raise RuleError("wild_meaning_required", card=placed.card)
        if placed.wild_as not in meaning_range(kind):
            raise RuleError("invalid_wild_meaning", card=placed.card, wild_as=placed.wild_as)
    elif placed.wild_as is not None:
        raise RuleError("meaning_on_number_card", card=placed.card)


def build_group(requirement: Requirement, cards: Sequence[PlacedCard]) -> Group:
    """Check `cards` against one requirement of a level and return the group as displayed."""
    if len(cards) != requirement.size:
        raise RuleError(
            "wrong_group_size", kind=requirement.kind.value, size=requirement.size, got=len(cards)
        )
    kind = requirement.kind
    for placed in cards:
        check_placed(placed, kind)
    meanings = [meaning(placed, kind) for placed in cards]
    if kind is GroupKind.RUN:
        ordered = sorted(cards, key=lambda placed: meaning(placed, kind))
        values = sorted(meanings)
        if any(b != a + 1 for a, b in itertools.pairwise(values)):
            raise RuleError("not_a_run", values=values)
        return Group(kind=kind, cards=ordered)
    if len(set(meanings)) != 1:
        raise RuleError("not_a_set" if kind is GroupKind.SET else "not_one_colour")
    return Group(kind=kind, cards=list(cards))


def lay_off_meanings(group: Group, card: int) -> list[int | None]:
    """Every way `card` can join `group`: None for a fitting number card, meanings for a wild."""
    if is_skip(card):
        return []
    if group.kind is GroupKind.RUN:
        ends = [v for v in (group.low - 1, group.high + 1) if MIN_VALUE <= v <= MAX_VALUE]
        if is_wild(card):
            return list(ends)
        return [None] if value_of(card) in ends else []
    if is_wild(card):
        return [group.key]
    own = colour_of(card) if group.kind is GroupKind.COLOUR else value_of(card)
    return [None] if own == group.key else []


def add_to_group(group: Group, placed: PlacedCard) -> Group:
    """The group with `placed` added at the end where its meaning belongs."""
    if group.kind is GroupKind.RUN and meaning(placed, GroupKind.RUN) < group.low:
        return Group(kind=group.kind, cards=[placed, *group.cards])
    return Group(kind=group.kind, cards=[*group.cards, placed])
