"""What the heuristic knows and guesses about the hidden cards, from its view alone.

- `Knowledge`: card counting, the cards that can still be drawn and those a seat is known to
  hold.
- `Opponents`: hands dealt to the opponents consistently with that knowledge, to judge how much
  a discard would help them (denial); `fast_missing` answers their thousands of questions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

from games.level8.cards import deck, is_number, is_wild, value_of
from games.level8.events import (
    Discarded,
    DrewFromDiscard,
    LaidOff,
    LevelDisplayed,
    PileRebuilt,
    RoundStarted,
)
from games.level8.finder import missing_cards, plan_level
from games.level8.levels import GroupKind, Requirement
from games.level8.view import Level8View

SAMPLED_HANDS = 12
"""Hands dealt to the opponents per discard decision, shared among them: enough to rank the
spare cards, few enough to keep a decision within a few milliseconds."""


class Knowledge:
    """What the seat knows about the hidden cards, from public information only.

    `unseen` are the cards that may be in the draw pile or in another hand: not in this hand,
    not displayed, not on a discard pile (as far back as the recent events reach since the
    pile was last rebuilt), not known to be in another hand. `held[seat]` are the cards a seat
    took from a discard pile this round and has not shown since.
    """

    def __init__(self, view: Level8View) -> None:
        assert view.seat is not None and view.hand is not None
        self.held: dict[int, set[int]] = {p.seat: set() for p in view.players}
        buried: set[int] = set()
        for event in view.recent:
            if isinstance(event, RoundStarted):
                buried.clear()
                self.held = {p.seat: set() for p in view.players}
            elif isinstance(event, PileRebuilt):
                buried.clear()
            elif isinstance(event, Discarded):
                buried.add(event.card)
                self.held[event.seat].discard(event.card)
            elif isinstance(event, DrewFromDiscard):
                buried.discard(event.card)
                self.held[event.seat].add(event.card)
            elif isinstance(event, LaidOff):
                self.held[event.seat].discard(event.placed.card)
            elif isinstance(event, LevelDisplayed):
                shown = {placed.card for group in event.groups for placed in group.cards}
                self.held[event.seat] -= shown
        self.held[view.seat] = set()
        seen = set(view.hand) | buried
        for player in view.players:
            seen.update(placed.card for group in player.groups for placed in group.cards)
            if player.discard_top is not None:
                seen.add(player.discard_top)
            seen |= self.held[player.seat]
        self.unseen = [card for card in deck(view.config.deck) if card not in seen]
        self.by_value = Counter(value_of(card) for card in self.unseen if is_number(card))

    def unseen_of_value(self, value: int) -> int:
        return self.by_value[value]


def _partitions(items: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to share out `items` into blocks, as each block's total, largest first."""
    if not items:
        return [()]
    first, rest = items[0], items[1:]
    found: set[tuple[int, ...]] = set()
    for totals in _partitions(rest):
        found.add(tuple(sorted((first, *totals), reverse=True)))
        for i in range(len(totals)):
            joined = (*totals[:i], totals[i] + first, *totals[i + 1 :])
            found.add(tuple(sorted(joined, reverse=True)))
    return sorted(found)


@cache
def _set_shares(sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    return _partitions(sizes)


def fast_missing(hand: Sequence[int], requirements: tuple[Requirement, ...]) -> int:
    """`missing_cards` in microseconds when a level asks only for sets, as the opponent samples
    need thousands of answers: the sets sharing one value are a block, and the largest blocks
    take the values held most often (sorted pairing maximises the sum of minima)."""
    if any(r.kind is not GroupKind.SET for r in requirements):
        return missing_cards(hand, requirements)
    counts = sorted(Counter(value_of(c) for c in hand if is_number(c)).values(), reverse=True)
    wilds = sum(1 for c in hand if is_wild(c))
    used = max(
        sum(min(total, count) for total, count in zip(totals, counts, strict=False))
        for totals in _set_shares(tuple(r.size for r in requirements))
    )
    return max(0, sum(r.size for r in requirements) - used - wilds)


KEPT_FROM = 6
"""A sampled opponent hand is dealt this many cards too many and sheds cards its plan can
spare: real hands have kept what their level needs, random ones would be too far from it."""


class Opponents:
    """Sampled hands of the opponents still short of their level, to judge a discard by.

    Each sampled hand holds the cards the opponent is known to hold plus unseen cards drawn
    with the policy's generator, pruned to the hand size as a player keeping its level's cards
    would have pruned it (`KEPT_FROM`); `danger(card)` is the expected number of these opponents
    whose missing count the card would lower, which is exactly when a player who draws
    discards only to progress would take it.
    """

    def __init__(self, view: Level8View, knowledge: Knowledge, rng: random.Random) -> None:
        waiting = [
            p for p in view.players if p.seat != view.seat and not p.displayed and p.hand_size
        ]
        self.hands: list[tuple[tuple[Requirement, ...], list[int], int, float]] = []
        if not waiting:
            return
        per = max(1, SAMPLED_HANDS // len(waiting))
        for player in waiting:
            known = sorted(knowledge.held[player.seat])[: player.hand_size]
            size = min(player.hand_size - len(known), len(knowledge.unseen))
            requirements = tuple(player.requirements)
            extra = min(KEPT_FROM, len(knowledge.unseen) - size)
            for _ in range(per):
                sample = [*known, *rng.sample(knowledge.unseen, size + extra)]
                for _ in range(extra):
                    used = plan_level(sample, requirements).used
                    spare = [c for c in sample[len(known) :] if is_number(c) and c not in used]
                    if not spare:
                        break
                    sample.remove(rng.choice(spare))
                sample = sample[: player.hand_size]
                self.hands.append(
                    (requirements, sample, fast_missing(sample, requirements), 1 / per)
                )

    def danger(self, card: int) -> float:
        return sum(
            weight
            for requirements, hand, missing, weight in self.hands
            if missing and fast_missing([*hand, card], requirements) < missing
        )
