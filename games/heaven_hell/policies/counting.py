"""Card counting for the heuristic: who is likely to hold the most of each colour.

Every card not in the seat's own hand, on a row, in the discard pile or revealed (the hands of the
colours already scored while the doubles are chosen colour by colour) is unknown: it is in an
opponent's hand or in the draw pile. An opponent holding `h` of the `U` unknown cards has each
of them with probability h/U; treating opponents as independent, the distribution of an
opponent's sum in a colour is a convolution of binomials (one per card value), and the strongest
rival's sum is the maximum of those. This is exact up to that independence and, unlike sampling
hands, free of noise, which measured stronger at the same cost. Plain floats and lists only:
it runs for every decision of a simulation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb

from games.heaven_hell.cards import COLOURS, VALUES_PER_COLOUR, colour_index
from games.heaven_hell.scoring import tie_break_order
from games.heaven_hell.view import HeavenHellView


def unknown_counts(view: HeavenHellView) -> list[dict[int, int]]:
    """Per colour, how many cards of each value this seat cannot locate."""
    counts = [
        {value: VALUES_PER_COLOUR.count(value) for value in sorted(set(VALUES_PER_COLOUR))}
        for _ in COLOURS
    ]
    for index, row in enumerate(view.rows):
        for value in row.heaven + row.hell:
            counts[index][value] -= 1
    for card in (view.hand or []) + view.discard:
        counts[colour_index(card.colour)][card.value] -= 1
    for score in view.scored:
        for seat, values in enumerate(score.revealed):
            if seat != view.seat:
                for value in values:
                    counts[colour_index(score.colour)][value] -= 1
    return counts


def unknown_hand_sizes(view: HeavenHellView) -> list[int]:
    """Per seat, the cards of its hand not revealed yet (all of them until the doubles phase
    reveals the colours one by one)."""
    sizes = [seat.hand_size for seat in view.seats]
    for score in view.scored:
        for seat, values in enumerate(score.revealed):
            sizes[seat] -= len(values)
    return sizes


def sum_distribution(counts: dict[int, int], share: float) -> list[float]:
    """P(sum = s) for a holder that gets each unknown card with probability `share`."""
    distribution = [1.0]
    for value, count in counts.items():
        if count <= 0:
            continue
        binomial = [
            comb(count, taken) * share**taken * (1.0 - share) ** (count - taken)
            for taken in range(count + 1)
        ]
        widened = [0.0] * (len(distribution) + value * count)
        for total, chance in enumerate(distribution):
            if chance:
                for taken, weight in enumerate(binomial):
                    widened[total + value * taken] += chance * weight
        distribution = widened
    return distribution


def _cumulative(distribution: list[float]) -> list[float]:
    running = 0.0
    result = []
    for chance in distribution:
        running += chance
        result.append(running)
    return result


class HoldingEstimate:
    """Per colour: each opponent's sum distribution, and the seat's outlook for a holding."""

    def __init__(
        self,
        view: HeavenHellView,
        seat_bias: Mapping[int, Sequence[float]] | None = None,
    ) -> None:
        """`seat_bias[s][c]` scales the share of colour c's unknown cards given to opponent s
        (none, the default, is the uniform deal)."""
        assert view.seat is not None
        order = tie_break_order(view.dealer, view.players)
        place = {seat: position for position, seat in enumerate(order)}
        my_place = place[view.seat]
        opponents = [seat_view for seat_view in view.seats if seat_view.seat != view.seat]
        counts = unknown_counts(view)
        sizes = unknown_hand_sizes(view)
        unknown = sum(sum(by_value.values()) for by_value in counts)
        # Per colour and opponent: (P(sum = s), P(sum <= s), whether I win a tie with them).
        self._rivals: list[list[tuple[list[float], list[float], bool]]] = []
        for colour, by_value in enumerate(counts):
            cache: dict[tuple[int, float], tuple[list[float], list[float]]] = {}
            rivals = []
            for opponent in opponents:
                size = sizes[opponent.seat]
                factor = 1.0 if seat_bias is None else seat_bias[opponent.seat][colour]
                if (size, factor) not in cache:
                    share = min(1.0, factor * size / unknown) if unknown else 0.0
                    distribution = sum_distribution(by_value, share)
                    cache[size, factor] = (distribution, _cumulative(distribution))
                distribution, cumulative = cache[size, factor]
                rivals.append((distribution, cumulative, my_place < place[opponent.seat]))
            self._rivals.append(rivals)
        self._cache: dict[tuple[int, int], tuple[float, float]] = {}

    def _at_most(self, colour: int, total: int) -> float:
        """P(every rival's sum <= total)."""
        chance = 1.0
        for _, cumulative, _ in self._rivals[colour]:
            if total < 0:
                return 0.0
            if total < len(cumulative):
                chance *= cumulative[total]
        return chance

    def outlook(self, colour: int, holding: int) -> tuple[float, float]:
        """(chance this seat is the top holder with `holding`, expected sum of the top rival
        when it is not)."""
        key = (colour, holding)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        top = 0.0
        if holding > 0:
            top = 1.0
            for distribution, cumulative, i_win_ties in self._rivals[colour]:
                if holding < len(cumulative):
                    below = cumulative[holding - 1]
                    top *= below + distribution[holding] if i_win_ties else below
        longest = max((len(rival[0]) for rival in self._rivals[colour]), default=1)
        rival = 0.0
        below = self._at_most(colour, holding)
        for total in range(holding + 1, longest):
            at_most = self._at_most(colour, total)
            rival += total * (at_most - below)
            below = at_most
        if holding > 0:
            rival += holding * (self._at_most(colour, holding) - top)
        result = (top, rival)
        self._cache[key] = result
        return result
