"""The heuristic's turn ends: which pile it draws from and which card it throws away (dead
cards, denial, cards taken only to be thrown back)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from games.level8.actions import Action, DrawFromDiscard, DrawFromPile
from games.level8.cards import is_number, is_skip, is_wild
from games.level8.finder import Plan, missing_cards, plan_level
from games.level8.levels import Requirement
from games.level8.policies.baseline import closeness
from games.level8.policies.card_counting import Knowledge, Opponents
from games.level8.policies.table_fit import (
    DEAD_STEPS,
    dead_cards,
    distance_to_table,
    helps_displayed,
    planned_distance,
    table_fits,
)
from games.level8.view import Level8View, PublicPlayer

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison


def choose_draw(
    view: Level8View, me: PublicPlayer, hand: list[int], legal: Sequence[Action]
) -> Action:
    tops = [(a, view.players[a.owner].discard_top) for a in legal if isinstance(a, DrawFromDiscard)]
    for action, card in tops:
        if card is not None and is_wild(card):
            return action
    if me.displayed:
        for action, card in tops:
            if card is not None and _fits_after_draw(view, hand, card):
                return action
    else:
        base = (missing_cards(hand, me.requirements), dead_cards(hand, me.requirements, view))
        best: tuple[tuple[int, int], Action] | None = None
        for action, card in tops:
            if card is None or not is_number(card):
                continue
            after = _after_taking(hand, card, me.requirements, view)
            if after >= base or _throws_back(view, me, hand, card):
                continue
            if best is None or after < best[0]:
                best = (after, action)
        if best is not None:
            return best[1]
    pile = [a for a in legal if isinstance(a, DrawFromPile)]
    return pile[0] if pile else legal[0]


def _fits_after_draw(view: Level8View, hand: list[int], card: int) -> bool:
    """Whether a drawn `card` could be laid off this turn: after the hand's own lay-offs, or
    beyond a run end when the held wilds can bridge the gap, one per missing value (wilds wait
    in the hand for exactly this, `lay_off_now`).

    Never when the hand goes out this turn whatever it draws (the taken card would be the
    last one, discarded), nor for a card that fits now only where a hand card goes too (it
    was thrown back): a discard top thrown back the same turn is a draw lost, not denial, as
    the card lies on a discard pile again."""
    if not is_number(card):
        return False
    fitting = table_fits(view, hand)
    if fitting == sum(1 for c in hand if not is_wild(c)):
        return False
    if table_fits(view, [*hand, card]) > fitting:
        return True
    return 0 < distance_to_table(view, card) <= sum(1 for c in hand if is_wild(c))


def _after_taking(
    hand: list[int], card: int, requirements: Sequence[Requirement], view: Level8View
) -> tuple[int, int]:
    """(cards missing, dead cards) after taking `card` and throwing the best other spare."""
    bigger = [*hand, card]
    missing = missing_cards(bigger, requirements)
    used = plan_level(bigger, requirements).used
    spare = [c for c in bigger if is_number(c) and c not in used and c != card]
    dead = min(
        (dead_cards([h for h in bigger if h != c], requirements, view) for c in spare),
        default=dead_cards(bigger, requirements, view),
    )
    return (missing, dead)


def choose_discard(view: Level8View, me: PublicPlayer, hand: list[int], rng: random.Random) -> int:
    """A Skip first, never a wild while a number card is left. Among number cards: before
    displaying, one my plan can spare, none a displayed opponent could lay off and, if
    possible, one that would not fit my display either; after displaying, one furthest from
    fitting the table. Among those equally good, the one least useful to the opponents, then
    before displaying the one furthest from fitting the planned display or the table."""
    numbers = [card for card in hand if is_number(card)]
    skips = [card for card in hand if is_skip(card)]
    if skips:
        return skips[0]
    if not numbers:
        return hand[0]
    plan = None if me.displayed else plan_level(hand, me.requirements)
    shortlist = _shortlist(view, me, hand, numbers, plan)
    if len(shortlist) == 1:
        return shortlist[0]
    opponents = Opponents(view, Knowledge(view), rng)

    def nearness(card: int) -> int:
        if plan is None:
            return 0
        return -planned_distance(view, plan, me.requirements, card)

    return min(
        shortlist,
        key=lambda c: (
            opponents.danger(c),
            nearness(c),
            closeness(c, hand, me.requirements),
        ),
    )


def _shortlist(
    view: Level8View, me: PublicPlayer, hand: list[int], numbers: list[int], plan: Plan | None
) -> list[int]:
    """The number cards `choose_discard` throws first, before denial and the tie-breaks;
    `plan` is the hand's before displaying, None after."""
    if plan is None:
        return _best_by(numbers, lambda c: -min(distance_to_table(view, c), DEAD_STEPS))
    spare = [card for card in numbers if card not in plan.used]
    if spare:
        return _best_by(
            spare,
            lambda c: (
                helps_displayed(view, c),
                dead_cards([h for h in hand if h != c], me.requirements, view),
            ),
        )
    return _best_by(
        numbers,
        lambda c: (
            missing_cards([h for h in hand if h != c], me.requirements),
            helps_displayed(view, c),
        ),
    )


def _throws_back(view: Level8View, me: PublicPlayer, hand: list[int], card: int) -> bool:
    """Whether the discard after taking `card` (before displaying) may be `card` itself.

    `_after_taking` throws the spare that leaves the fewest dead cards, but the discard never
    throws a card a displayed opponent could lay off while another will do: when every other
    spare helps one, the taken card went straight back onto the pile it could be taken from,
    a draw lost for nothing (issue 26). A Skip in the hand ends the turn instead."""
    if any(is_skip(c) for c in hand):
        return False
    bigger = [*hand, card]
    numbers = [c for c in bigger if is_number(c)]
    return card in _shortlist(view, me, bigger, numbers, plan_level(bigger, me.requirements))


def _best_by(cards: list[int], key: Callable[[int], SupportsRichComparison]) -> list[int]:
    """The cards with the smallest key; the costly comparisons run on these only."""
    keys = [key(card) for card in cards]
    best = min(keys)
    return [card for card, k in zip(cards, keys, strict=True) if k == best]
