"""A computer player's picture of the table, extracted from a view into plain ints.

The look-ahead evaluates thousands of placements per turn, so it never touches pydantic models:
everything it needs (own hand, pile tops, which values are still unseen, partners' hints) is
copied here once per decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.the_game.cards import HIGHEST_CARD, LOWEST_CARD, PILE_COUNT
from games.the_game.state import HintKind
from games.the_game.view import TheGameView


@dataclass(frozen=True, slots=True)
class Table:
    seat: int
    hand: tuple[int, ...]
    tops: tuple[int, ...]
    required: int
    draw_pile_size: int
    live: tuple[bool, ...]
    """live[v]: card v is still to be played (in a hand or the draw pile), by counting the
    placements."""
    foreign_hints: tuple[frozenset[HintKind], ...]
    """Per pile, the kinds of hint other seats currently ask for."""


def read_table(view: TheGameView, hints: bool = True) -> Table:
    """With `hints` off, partners' hints are ignored (a table that plays without talk)."""
    if view.seat is None or view.hand is None:
        raise ValueError("a computer player needs a seat's view, not a spectator's")
    live = [LOWEST_CARD <= value <= HIGHEST_CARD for value in range(101)]
    for placement in view.placements:
        live[placement.card] = False
    per_pile: list[set[HintKind]] = [set() for _ in range(PILE_COUNT)]
    for hint in view.hints if hints else ():
        if hint.seat != view.seat:
            per_pile[hint.pile].add(hint.kind)
    return Table(
        seat=view.seat,
        hand=tuple(view.hand),
        tops=tuple(view.tops),
        required=view.still_required,
        draw_pile_size=view.draw_pile_size,
        live=tuple(live),
        foreign_hints=tuple(frozenset(kinds) for kinds in per_pile),
    )
