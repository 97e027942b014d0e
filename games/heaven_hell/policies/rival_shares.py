"""A learned per-rival model for the card counting: what each rival's placements say it holds.

The baseline deals the cards its seat cannot locate to the rivals uniformly. Real hands are not
uniform, and the placements of this round, public at the table, say a lot about whose they are:
in simulated games a rival that sent a card of a positive colour to heaven holds about twice
the uniform share of that colour's unseen cards, one that sent a card of it to hell about half,
and rivals that placed nothing in a colour hold close to the average of its sign. So each rival's
share of each colour's unknown cards is scaled by a factor looked up by (the row's sign, how
many cards that rival placed on heaven and on hell of that colour this round, each capped at 2).
The factors are the measured ratios (`train.py` writes them to `learned_weights.py`), their
distance from 1 stretched by `STRENGTH`: the duels preferred sharper factors than the measured
means, as they did for the flat rival model this replaces (README).

The placements come from the view's recent public events, since the round started; a long
round may have pushed its first placements out of that window, which only makes the evidence
thinner.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.heaven_hell.cards import Side, colour_index
from games.heaven_hell.events import CardPlaced, RoundStarted
from games.heaven_hell.view import HeavenHellView

PLACED_CAP = 2
"""Placements per seat, colour and side are counted up to this many."""
STRENGTH = 1.5
"""How far the factors are stretched from 1 (1: the measured ratios)."""
FLOOR = 0.2
"""The smallest factor; a rival is never taken to hold none of a colour it may hold."""

ShareKey = tuple[int, int, int]
"""(sign of the row: -1, 0, 1; cards the rival placed on heaven; on hell), counts capped."""


def row_sign(heaven: int, hell: int) -> int:
    return (heaven > hell) - (heaven < hell)


def round_placements(view: HeavenHellView) -> dict[tuple[int, int], tuple[int, int]]:
    """Per (seat, colour): cards placed on heaven and on hell this round, as far as the view's
    recent events reach."""
    start = 0
    for index, event in enumerate(view.recent):
        if isinstance(event, RoundStarted):
            start = index + 1
    placed: dict[tuple[int, int], tuple[int, int]] = {}
    for event in view.recent[start:]:
        if isinstance(event, CardPlaced):
            key = (event.seat, colour_index(event.card.colour))
            heaven, hell = placed.get(key, (0, 0))
            if event.side is Side.HEAVEN:
                placed[key] = (heaven + 1, hell)
            else:
                placed[key] = (heaven, hell + 1)
    return placed


def share_key(sign: int, placed: tuple[int, int]) -> ShareKey:
    return sign, min(placed[0], PLACED_CAP), min(placed[1], PLACED_CAP)


def seat_factors(
    view: HeavenHellView, shares: Mapping[ShareKey, float]
) -> dict[int, list[float]]:
    """Per seat, per colour: the factor on that seat's share of the colour's unknown cards."""
    placed = round_placements(view)
    signs = [row_sign(row.heaven_sum, row.hell_sum) for row in view.rows]
    return {
        seat: [
            max(FLOOR, 1.0 + STRENGTH * (shares[share_key(sign, placed.get((seat, colour),
                                                                            (0, 0)))] - 1.0))
            for colour, sign in enumerate(signs)
        ]
        for seat in range(view.players)
    }
