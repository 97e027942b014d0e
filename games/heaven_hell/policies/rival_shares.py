"""A learned per-rival model for the card counting: what each rival's placements say it holds.

The baseline deals the cards its seat cannot locate to the rivals uniformly. Real hands are not
uniform, and the placements of this round, public at the table, say a lot about whose they are:
in simulated games a rival that sent a card of a positive colour to heaven holds about twice
the uniform share of that colour's unseen cards, one that sent a card of it to hell about half,
and rivals that placed nothing in a colour hold close to the average of its sign. So each rival's
share of each colour's unknown cards is scaled by a factor: a base looked up by (the row's sign,
how many cards that rival placed on heaven and on hell of that colour this round, each capped
at 2), plus a linear correction for what the count leaves out (`FEATURES`: the values placed,
the rival's placements in other colours, its hand size, how much of the colour is unseen, how
far the row leans). `train.py` measures both on simulated games and writes them to
`learned_weights.py`; the factor's distance from 1 is stretched by `STRENGTH`: the duels
preferred sharper factors than the measured means, as they did for the flat rival model this
replaces (README).

The placements come from the view's recent public events, since the round started; a long
round may have pushed its first placements out of that window, which only makes the evidence
thinner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.heaven_hell.cards import COLOURS, Side, colour_index
from games.heaven_hell.events import CardPlaced, RoundStarted
from games.heaven_hell.policies.counting import unknown_counts
from games.heaven_hell.view import HeavenHellView

PLACED_CAP = 2
"""Placements per seat, colour and side are counted up to this many."""
STRENGTH = 1.5
"""How far the factors are stretched from 1 (1: the measured ratios)."""
FLOOR = 0.2
"""The smallest factor; a rival is never taken to hold none of a colour it may hold."""

ShareKey = tuple[int, int, int]
"""(sign of the row: -1, 0, 1; cards the rival placed on heaven; on hell), counts capped."""

FEATURES = (
    "mean value the rival placed on heaven in the colour (0 if none)",
    "mean value the rival placed on hell in the colour (0 if none)",
    "cards the rival placed in other colours",
    "the rival's hand size",
    "the colour's share of the unknown cards, times the number of colours",
    "the row's heaven sum minus its hell sum, over 10",
)
"""The inputs of the linear correction, in order."""

Placed = tuple[int, int, int, int]
"""Per seat and colour this round: cards on heaven, on hell, their value sums."""


def row_sign(heaven: int, hell: int) -> int:
    return (heaven > hell) - (heaven < hell)


def round_evidence(view: HeavenHellView) -> dict[tuple[int, int], Placed]:
    """Per (seat, colour): cards placed on heaven and on hell this round and their values, as
    far as the view's recent events reach."""
    start = 0
    for index, event in enumerate(view.recent):
        if isinstance(event, RoundStarted):
            start = index + 1
    placed: dict[tuple[int, int], Placed] = {}
    for event in view.recent[start:]:
        if isinstance(event, CardPlaced):
            key = (event.seat, colour_index(event.card.colour))
            heaven, hell, heaven_values, hell_values = placed.get(key, (0, 0, 0, 0))
            value = event.card.value
            if event.side is Side.HEAVEN:
                placed[key] = (heaven + 1, hell, heaven_values + value, hell_values)
            else:
                placed[key] = (heaven, hell + 1, heaven_values, hell_values + value)
    return placed


def share_key(sign: int, placed: Sequence[int]) -> ShareKey:
    return sign, min(placed[0], PLACED_CAP), min(placed[1], PLACED_CAP)


class RivalEvidence:
    """What the view says about every rival and colour: the table key and the correction's
    inputs, computed once per decision (training reads the same)."""

    def __init__(self, view: HeavenHellView) -> None:
        self._placed = round_evidence(view)
        self._by_seat = [0] * view.players
        for (seat, _), (heaven, hell, _, _) in self._placed.items():
            self._by_seat[seat] += heaven + hell
        counts = [sum(by_value.values()) for by_value in unknown_counts(view)]
        unknown = sum(counts) or 1
        self._unseen = [len(COLOURS) * count / unknown for count in counts]
        self._rows = [(row_sign(row.heaven_sum, row.hell_sum),
                       (row.heaven_sum - row.hell_sum) / 10) for row in view.rows]
        self._sizes = {seat.seat: seat.hand_size for seat in view.seats}

    def key(self, seat: int, colour: int) -> ShareKey:
        return share_key(self._rows[colour][0], self._placed.get((seat, colour), (0, 0, 0, 0)))

    def features(self, seat: int, colour: int) -> tuple[float, ...]:
        heaven, hell, heaven_values, hell_values = self._placed.get((seat, colour), (0, 0, 0, 0))
        return (
            heaven_values / heaven if heaven else 0.0,
            hell_values / hell if hell else 0.0,
            float(self._by_seat[seat] - heaven - hell),
            float(self._sizes[seat]),
            self._unseen[colour],
            self._rows[colour][1],
        )


def predicted_share(
    evidence: RivalEvidence,
    seat: int,
    colour: int,
    shares: Mapping[ShareKey, float],
    correction: Sequence[float],
) -> float:
    """The measured actual-over-uniform share: the key's base plus the linear correction."""
    features = evidence.features(seat, colour)
    return shares[evidence.key(seat, colour)] + sum(
        weight * value for weight, value in zip(correction, features, strict=True))


def seat_factors(
    view: HeavenHellView,
    shares: Mapping[ShareKey, float],
    correction: Sequence[float] | None = None,
) -> dict[int, list[float]]:
    """Per seat, per colour: the factor on that seat's share of the colour's unknown cards
    (no correction: the table alone)."""
    evidence = RivalEvidence(view)
    weights = correction if correction is not None else [0.0] * len(FEATURES)
    return {
        seat: [
            max(FLOOR, 1.0 + STRENGTH * (predicted_share(evidence, seat, colour, shares,
                                                         weights) - 1.0))
            for colour in range(len(view.rows))
        ]
        for seat in range(view.players)
    }
