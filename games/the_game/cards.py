"""The numbers and pile rules of The Game on plain ints.

The engine and the computer players share these functions; the players call them millions of
times during their look-ahead, which is why they take ints and tuples rather than models.
"""

from __future__ import annotations

from collections.abc import Sequence

LOWEST_CARD = 2
HIGHEST_CARD = 99
ALL_CARDS: tuple[int, ...] = tuple(range(LOWEST_CARD, HIGHEST_CARD + 1))

PILE_COUNT = 4
PILES: tuple[int, ...] = tuple(range(PILE_COUNT))
START_TOPS: tuple[int, ...] = (1, 1, 100, 100)
"""Piles 0 and 1 ascend from a virtual 1; piles 2 and 3 descend from a virtual 100."""

BACKWARDS_STEP = 10


def can_place(card: int, pile: int, top: int) -> bool:
    """Higher than the top on an ascending pile (lower on a descending one), or exactly 10 back."""
    if pile < 2:
        return card > top or card == top - BACKWARDS_STEP
    return card < top or card == top + BACKWARDS_STEP


def is_backwards(card: int, pile: int, top: int) -> bool:
    """Whether placing `card` on `pile` is the backwards trick (it moves the pile back by 10)."""
    if pile < 2:
        return card == top - BACKWARDS_STEP
    return card == top + BACKWARDS_STEP


def can_place_count(hand: Sequence[int], tops: Sequence[int], needed: int) -> bool:
    """Whether some sequence of `needed` placements from `hand` exists.

    A one-card check is not enough: a card that fits nowhere now may fit after another card made
    a backwards trick possible, so this searches sequences depth-first.
    """
    if needed <= 0:
        return True
    if len(hand) < needed:
        return False
    for index, card in enumerate(hand):
        for pile in PILES:
            if can_place(card, pile, tops[pile]):
                if needed == 1:
                    return True
                rest = [*hand[:index], *hand[index + 1 :]]
                new_tops = tuple(card if p == pile else tops[p] for p in PILES)
                if can_place_count(rest, new_tops, needed - 1):
                    return True
    return False
