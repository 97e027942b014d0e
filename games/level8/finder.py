"""The combination finder: can a hand display a level, and with which cards?

It serves the computer player (how far is my hand from my level?) and the table (propose a
display for the cards a player selected). The search computes the fewest wilds a level needs
from the hand's number cards; the level can be displayed when the hand holds that many wilds.

Why it is fast without trying subsets of the hand:
- Requirements are searched runs first, then sets, then colour groups. Runs and sets only care
  about values, and all number cards of one value are interchangeable for them, so each slot
  takes one canonical card of its value (or a wild when the value is missing). Using a number
  card where one exists is never worse than a wild (exchange argument: the wild could take that
  card's place in whichever group used it).
- Colour groups come last and only care about colour counts. To steer the earlier groups away
  from the colour the colour group will need, the search is run once per "reserved" colour: run
  and set slots prefer cards of other colours and branch (card or wild) only when the reserved
  colour is the sole choice.
- Identical consecutive requirements (two pairs, two runs of 3) are searched in non-decreasing
  order of value or start, which removes their permutations.
- Results are memoised on (requirement index, remaining-card bitmask, order bound), and whole
  answers on (number-card bitmask, level).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from games.level8.cards import (
    COLOURS,
    MAX_VALUE,
    MIN_VALUE,
    VALUES,
    is_number,
    is_wild,
    number_card,
)
from games.level8.groups import PlacedCard
from games.level8.levels import GroupKind, Requirement

VALUE_MASKS: dict[int, int] = {
    value: sum(1 << number_card(value, colour) for colour in COLOURS) for value in VALUES
}
COLOUR_MASKS: tuple[int, ...] = tuple(
    sum(1 << number_card(value, colour) for value in VALUES) for colour in COLOURS
)
_KIND_ORDER = {GroupKind.RUN: 0, GroupKind.SET: 1, GroupKind.COLOUR: 2}

Slot = tuple[int | None, int]
"""A card id (None for a wild) and what it counts as: a value, or a colour in colour groups."""


@dataclass(frozen=True)
class Plan:
    """The cheapest way found to build a level from number cards plus `wilds_needed` wilds.

    `groups` follow the level's requirement order; `used` are the number cards it takes.
    """

    wilds_needed: int
    groups: tuple[tuple[Slot, ...], ...]

    @property
    def used(self) -> frozenset[int]:
        return frozenset(card for group in self.groups for card, _ in group if card is not None)


_NO_PLAN: tuple[int, tuple[tuple[Slot, ...], ...]] = (1 << 30, ())


def _lowest(bits: int) -> int:
    return (bits & -bits).bit_length() - 1


def _take(bits: int, count: int) -> list[int]:
    """The `count` lowest card ids in `bits`."""
    taken: list[int] = []
    while bits and len(taken) < count:
        low = bits & -bits
        taken.append(low.bit_length() - 1)
        bits ^= low
    return taken


class _Search:
    def __init__(self, requirements: Sequence[Requirement], reserved: int | None) -> None:
        self.requirements = requirements
        self.reserved_mask = COLOUR_MASKS[reserved] if reserved is not None else 0
        self.memo: dict[tuple[int, int, int], tuple[int, tuple[tuple[Slot, ...], ...]]] = {}

    def solve(self, index: int, mask: int, bound: int) -> tuple[int, tuple[tuple[Slot, ...], ...]]:
        if index == len(self.requirements):
            return (0, ())
        key = (index, mask, bound)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        requirement = self.requirements[index]
        same_next = (
            index + 1 < len(self.requirements) and self.requirements[index + 1] == requirement
        )
        best = _NO_PLAN
        for order, wilds, used, slots in self._candidates(requirement, mask, bound):
            if wilds >= best[0]:
                continue
            sub_cost, sub_groups = self.solve(index + 1, mask & ~used, order if same_next else 0)
            if wilds + sub_cost < best[0]:
                best = (wilds + sub_cost, (slots, *sub_groups))
                if best[0] == 0:
                    break
        self.memo[key] = best
        return best

    def _choices(self, bits: int) -> list[int | None]:
        """Which card fills a slot of a value present as `bits`: prefer other colours."""
        if not bits:
            return [None]
        free = bits & ~self.reserved_mask
        if free:
            return [_lowest(free)]
        return [_lowest(bits), None]

    def _candidates(
        self, requirement: Requirement, mask: int, bound: int
    ) -> Iterator[tuple[int, int, int, tuple[Slot, ...]]]:
        """Groups to try: (order key, wilds needed, bitmask of cards used, slots)."""
        size = requirement.size
        if requirement.kind is GroupKind.RUN:
            all_wild_seen = False
            for start in range(max(bound, MIN_VALUE), MAX_VALUE - size + 2):
                window = range(start, start + size)
                if not any(mask & VALUE_MASKS[v] for v in window):
                    if all_wild_seen:
                        continue
                    all_wild_seen = True
                options = [self._choices(mask & VALUE_MASKS[v]) for v in window]
                for combo in product(*options):
                    yield start, *_summary(combo), tuple(zip(combo, window, strict=True))
        elif requirement.kind is GroupKind.SET:
            all_wild_seen = False
            for value in range(max(bound, MIN_VALUE), MAX_VALUE + 1):
                bits = mask & VALUE_MASKS[value]
                if not bits:
                    if not all_wild_seen:
                        all_wild_seen = True
                        yield value, size, 0, tuple((None, value) for _ in range(size))
                    continue
                free = _take(bits & ~self.reserved_mask, size)
                reserved = _take(bits & self.reserved_mask, size - len(free))
                for extra in range(len(reserved), -1, -1):
                    cards: list[int | None] = [*free, *reserved[:extra]]
                    cards += [None] * (size - len(cards))
                    yield value, *_summary(cards), tuple((card, value) for card in cards)
        else:
            for colour in range(max(bound, 0), len(COLOURS)):
                taken: list[int | None] = list(_take(mask & COLOUR_MASKS[colour], size))
                taken += [None] * (size - len(taken))
                yield colour, *_summary(taken), tuple((card, colour) for card in taken)


def _summary(cards: Sequence[int | None]) -> tuple[int, int]:
    """How many wilds a group's slots need and the bitmask of the cards it uses."""
    wilds = used = 0
    for card in cards:
        if card is None:
            wilds += 1
        else:
            used |= 1 << card
    return wilds, used


def plan_level(hand: Iterable[int], requirements: Sequence[Requirement]) -> Plan:
    """The plan needing the fewest wilds to build `requirements` from the hand's number cards."""
    return _plan_for_mask(_number_mask(hand), tuple(requirements))


def _number_mask(hand: Iterable[int]) -> int:
    mask = 0
    for card in hand:
        if is_number(card):
            mask |= 1 << card
    return mask


def _search_order(requirements: Sequence[Requirement]) -> list[int]:
    """The requirements' indexes in the order the search fills them (the most constrained
    kinds and the largest groups first)."""
    return sorted(range(len(requirements)), key=lambda i: (
        _KIND_ORDER[requirements[i].kind], -requirements[i].size, i
    ))


def _as_plan(found: tuple[int, tuple[tuple[Slot, ...], ...]], order: list[int]) -> Plan:
    """A search's result with its groups put back in the requirements' own order."""
    groups: list[tuple[Slot, ...]] = [()] * len(order)
    for position, original in enumerate(order):
        groups[original] = found[1][position]
    return Plan(wilds_needed=found[0], groups=tuple(groups))


@lru_cache(maxsize=8192)
def _plan_for_mask(mask: int, requirements: tuple[Requirement, ...]) -> Plan:
    """Cached: the computer player and the legal-action list ask about the same hands often."""
    order = _search_order(requirements)
    ordered = [requirements[i] for i in order]
    colour_sizes = [r.size for r in ordered if r.kind is GroupKind.COLOUR]
    reserves: list[tuple[int, int | None]] = [(0, None)]
    if colour_sizes:
        counts = [(mask & colour_mask).bit_count() for colour_mask in COLOUR_MASKS]
        reserves = sorted(
            ((max(0, colour_sizes[0] - counts[c]), c) for c in range(len(COLOURS)) if counts[c]),
            key=lambda pair: pair[0],
        ) or [(0, None)]
    best = _NO_PLAN
    for at_least, reserved in reserves:
        if at_least >= best[0]:
            break
        found = _Search(ordered, reserved).solve(0, mask, 0)
        if found[0] < best[0]:
            best = found
            if best[0] == 0:
                break
    return _as_plan(best, order)


class _OneColourSearch(_Search):
    """The search with its colour group held to one colour (the reserved one)."""

    def __init__(self, requirements: Sequence[Requirement], colour: int) -> None:
        super().__init__(requirements, colour)
        self.colour = colour

    def _candidates(
        self, requirement: Requirement, mask: int, bound: int
    ) -> Iterator[tuple[int, int, int, tuple[Slot, ...]]]:
        for candidate in super()._candidates(requirement, mask, bound):
            if requirement.kind is not GroupKind.COLOUR or candidate[0] == self.colour:
                yield candidate


def plans_by_colour(hand: Iterable[int], requirements: Sequence[Requirement]) -> list[Plan]:
    """For a level with a colour group, the cheapest plan with that group in each colour the
    hand holds (the finder keeps the first colour among equally cheap ones); otherwise the
    finder's plan alone. A player may prefer the colour that leaves the fewest cards behind."""
    cards = list(hand)
    if not any(r.kind is GroupKind.COLOUR for r in requirements):
        return [plan_level(cards, requirements)]
    mask = _number_mask(cards)
    order = _search_order(requirements)
    ordered = [requirements[i] for i in order]
    plans: list[Plan] = []
    for colour in range(len(COLOURS)):
        if not mask & COLOUR_MASKS[colour]:
            continue
        found = _OneColourSearch(ordered, colour).solve(0, mask, 0)
        if found[0] < _NO_PLAN[0]:
            plans.append(_as_plan(found, order))
    return plans


def missing_cards(hand: Iterable[int], requirements: Sequence[Requirement]) -> int:
    """How many more cards (at best) the hand needs before it can display the level."""
    cards = list(hand)
    wilds = sum(1 for card in cards if is_wild(card))
    return max(0, plan_level(cards, requirements).wilds_needed - wilds)


def find_display(
    hand: Iterable[int], requirements: Sequence[Requirement]
) -> list[list[PlacedCard]] | None:
    """A valid display of the level using only cards of `hand`, or None when there is none.

    Groups follow the requirement order and each wild carries its meaning, ready to be sent as a
    display action.
    """
    cards = list(hand)
    wilds = sorted(card for card in cards if is_wild(card))
    plan = plan_level(cards, requirements)
    if plan.wilds_needed > len(wilds):
        return None
    spare = iter(wilds)
    return [
        [
            PlacedCard(card=card) if card is not None else PlacedCard(card=next(spare), wild_as=m)
            for card, m in group
        ]
        for group in plan.groups
    ]

