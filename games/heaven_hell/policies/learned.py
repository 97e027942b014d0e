"""The heuristic with a learned top-holder chance.

It plays like `heuristic` (one-move look-ahead over the baseline's value of a position, the
rival model in its card counting, the same declaration), but the chance of topping each colour
at the end of the round goes through the logistic correction of `calibration.py`, fitted on
simulated rounds by `train.py` (weights in `learned_weights.py`, one set per player count).
The README records what it gained (nothing measurable) and the other learned evaluations tried.

It reads only its view and the legal actions and is deterministic (`rng` is unused).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.heaven_hell.actions import AnyAction, DeclareDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import Side, colour_index
from games.heaven_hell.config import ROW_LIMIT
from games.heaven_hell.policies.baseline import (
    ColourOutlook,
    RowState,
    position_value,
    round_clock,
    sign_chances,
)
from games.heaven_hell.policies.calibration import logistic, top_features
from games.heaven_hell.policies.counting import HoldingEstimate
from games.heaven_hell.policies.heuristic import HeuristicPolicy
from games.heaven_hell.policies.learned_weights import TOP
from games.heaven_hell.view import HeavenHellView


class Position:
    """The rows and, per colour, the sum and the number of the seat's own cards."""

    def __init__(self, rows: list[RowState], holdings: list[int], counts: list[int]) -> None:
        self.rows = rows
        self.holdings = holdings
        self.counts = counts

    @classmethod
    def of(cls, view: HeavenHellView) -> Position:
        holdings = [0] * len(view.rows)
        counts = [0] * len(view.rows)
        for card in view.hand or []:
            index = colour_index(card.colour)
            holdings[index] += card.value
            counts[index] += 1
        rows = [(row.heaven_sum, row.hell_sum, len(row.heaven), len(row.hell))
                for row in view.rows]
        return cls(rows, holdings, counts)

    def after(self, action: PlaceCard | DiscardStuck) -> Position:
        """The position once `action` is made."""
        rows, holdings, counts = list(self.rows), list(self.holdings), list(self.counts)
        index = colour_index(action.colour)
        holdings[index] -= action.value
        counts[index] -= 1
        if isinstance(action, PlaceCard):
            heaven, hell, heaven_cards, hell_cards = rows[index]
            if action.side is Side.HEAVEN:
                rows[index] = (heaven + action.value, hell, heaven_cards + 1, hell_cards)
            else:
                rows[index] = (heaven, hell + action.value, heaven_cards, hell_cards + 1)
        return Position(rows, holdings, counts)


def top_chance(
    estimate: HoldingEstimate, position: Position, colour: int, clock: int,
    weights: Sequence[float],
) -> float:
    """The learned chance that this seat tops `colour` at the end of the round."""
    holding = position.holdings[colour]
    if holding <= 0:
        return 0.0
    counted = estimate.outlook(colour, holding)[0]
    return logistic(weights, top_features(counted, holding, position.counts[colour], clock))


class LearnedPolicy(HeuristicPolicy):
    """The heuristic with the learned top-holder chance in its evaluation."""

    name = "learned"

    def choose(
        self, view: HeavenHellView, legal: Sequence[AnyAction], rng: random.Random
    ) -> AnyAction:
        if len(legal) == 1:
            return legal[0]
        estimate = self.estimate(view)
        position = Position.of(view)
        if isinstance(legal[0], DeclareDouble):
            return self._declare(legal, estimate, position.holdings)
        best_action = legal[0]
        best_value = -math.inf
        for action in legal:
            assert isinstance(action, PlaceCard | DiscardStuck)
            value = self._value(view, estimate, position.after(action))
            if value > best_value:
                best_action, best_value = action, value
        return best_action

    def _value(self, view: HeavenHellView, estimate: HoldingEstimate, position: Position) -> float:
        clock = round_clock(position.rows, view.closed_rows_to_end)
        horizon = self.weights.fill_share * clock
        rival_weight = self.weights.rival_scale / (view.players - 1)
        weights = TOP[view.players]
        colours: list[ColourOutlook] = []
        for index, row in enumerate(position.rows):
            positive, negative = sign_chances(row, min(ROW_LIMIT - row[2] - row[3], horizon))
            top = top_chance(estimate, position, index, clock, weights)
            rival = estimate.outlook(index, position.holdings[index])[1]
            colours.append((positive, negative, top * position.holdings[index],
                            rival_weight * rival))
        return position_value(colours, self.weights)
