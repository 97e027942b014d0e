"""Card counting for the heuristic: who is likely to hold the most of each colour.

Every card not in the seat's own hand, on a row or in the discard pile is unknown: it is in an
opponent's hand or in the draw pile. Dealing those unknown cards at random to the opponents
(each gets as many as their public hand size) many times gives, per colour, a sample of the
strongest opponent holding. The seat's chance to be the top holder with a given sum, and the
expected sum of the rival who scores instead, follow from those samples. Plain ints and lists
only: this runs for every decision of a simulation.
"""

from __future__ import annotations

import random

from games.heaven_hell.cards import COLOURS, VALUES_PER_COLOUR, colour_index
from games.heaven_hell.scoring import tie_break_order
from games.heaven_hell.view import HeavenHellView


def unknown_cards(view: HeavenHellView) -> list[tuple[int, int]]:
    """(colour index, value) of every card whose place this seat does not know."""
    counts = [
        {value: VALUES_PER_COLOUR.count(value) for value in set(VALUES_PER_COLOUR)}
        for _ in COLOURS
    ]
    for index, row in enumerate(view.rows):
        for value in row.heaven + row.hell:
            counts[index][value] -= 1
    for card in (view.hand or []) + view.discard:
        counts[colour_index(card.colour)][card.value] -= 1
    return [
        (index, value)
        for index, by_value in enumerate(counts)
        for value, count in by_value.items()
        for _ in range(count)
    ]


class HoldingEstimate:
    """Per colour and sample: the strongest opponent sum and that opponent's tie-break place."""

    def __init__(self, view: HeavenHellView, rng: random.Random, samples: int) -> None:
        assert view.seat is not None
        order = tie_break_order(view.dealer, view.players)
        place = {seat: position for position, seat in enumerate(order)}
        self.my_place = place[view.seat]
        opponents = [seat_view for seat_view in view.seats if seat_view.seat != view.seat]
        pool = unknown_cards(view)
        colours = len(COLOURS)
        self.best: list[list[tuple[int, int]]] = [[] for _ in COLOURS]
        dealt = sum(opponent.hand_size for opponent in opponents)
        size = len(pool)
        draw = rng.random
        for _ in range(samples):
            # A partial Fisher-Yates shuffle: only the cards dealt to opponents need drawing.
            for i in range(dealt):
                j = i + int(draw() * (size - i))
                pool[i], pool[j] = pool[j], pool[i]
            best = [0] * colours
            best_place = [len(order)] * colours
            start = 0
            for opponent in opponents:
                sums = [0] * colours
                for colour, value in pool[start:start + opponent.hand_size]:
                    sums[colour] += value
                start += opponent.hand_size
                opponent_place = place[opponent.seat]
                for colour in range(colours):
                    total = sums[colour]
                    if total > best[colour] or (
                        total == best[colour] and total > 0 and opponent_place < best_place[colour]
                    ):
                        best[colour] = total
                        best_place[colour] = opponent_place
            for colour in range(colours):
                self.best[colour].append((best[colour], best_place[colour]))
        self._cache: dict[tuple[int, int], tuple[float, float]] = {}

    def outlook(self, colour: int, holding: int) -> tuple[float, float]:
        """(chance this seat is the top holder with `holding`, expected sum of the top rival
        when it is not)."""
        key = (colour, holding)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        wins = 0
        rival = 0
        for best, best_place in self.best[colour]:
            if holding > 0 and (holding > best or (holding == best and self.my_place < best_place)):
                wins += 1
            else:
                rival += best
        count = len(self.best[colour]) or 1
        result = (wins / count, rival / count)
        self._cache[key] = result
        return result
