"""The baseline: the first heuristic, kept unchanged as the yardstick for the strong `heuristic`.

One-move look-ahead over an estimate of the round's outcome.

Each candidate action (placement, stuck discard) is scored by the expected points of this seat
minus the average expected points of the others when the round ends:

- per colour, the chance the row ends positive or negative is a normal approximation of the
  cards still to come (none if the move ends the round: then the signs are exact);
- per colour, the chance of being the top holder and the rival's expected sum come from card
  counting (`counting.HoldingEstimate`);
- the double is worth the best single positive colour once more, and rivals' positive points
  weigh more than their negative ones because they may double them too.

So it pushes its strong colours to heaven, the colours rivals hold to hell, keeps cards it needs
to stay top, sheds cards of colours that will end negative for it, and closes the last row when
the current signs favour it. The double, asked colour by colour at the end of the round, is
played on the colour being scored when its expected gain there (chance to be the top holder
times the holding) is at least that of every positive colour still to come; the hands revealed
for the colours already scored sharpen the counting behind it (`counting.py`). With nothing
revealed this picks the colour the single end-of-round declaration of the first engine picked.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.heaven_hell.actions import Action, ChooseDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import COLOURS, VALUES_PER_COLOUR, Side, colour_index
from games.heaven_hell.config import ROW_LIMIT, SIDE_LIMIT
from games.heaven_hell.policies.counting import HoldingEstimate
from games.heaven_hell.view import HeavenHellView

MEAN_VALUE = sum(VALUES_PER_COLOUR) / len(VALUES_PER_COLOUR)
MEAN_SQUARE = sum(v * v for v in VALUES_PER_COLOUR) / len(VALUES_PER_COLOUR)


@dataclass(frozen=True)
class Weights:
    """The heuristic's knobs, tuned with duels between variants (see the bench).

    - `fill_share`: share of the gap of the row that will end the round that each other open row
      is expected to receive before the end.
    - `rival_scale`: how much the rivals' expected points count against this seat's, relative to
      an even share among them (1: this seat's points minus the rivals' average).
    - `double_weight`: how much of the best positive colour's expected gain the double adds.
    - `rival_double`: extra weight of a rival's positive points for the double they may add.
    """

    fill_share: float = 0.3
    rival_scale: float = 1.0
    double_weight: float = 1.0
    rival_double: float = 0.6

# A row as the evaluation sees it: heaven sum, hell sum, heaven cards, hell cards.
RowState = tuple[int, int, int, int]


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def sign_chances(row: RowState, additions: float) -> tuple[float, float]:
    """(P(row ends positive), P(row ends negative)) with `additions` more cards expected."""
    heaven, hell, heaven_cards, hell_cards = row
    diff = heaven - hell
    if additions <= 0:
        return (1.0, 0.0) if diff > 0 else (0.0, 1.0) if diff < 0 else (0.0, 0.0)
    heaven_slots = SIDE_LIMIT - heaven_cards
    hell_slots = SIDE_LIMIT - hell_cards
    to_heaven = min(heaven_slots, additions * heaven_slots / (heaven_slots + hell_slots))
    to_hell = min(hell_slots, additions - to_heaven)
    mean = diff + MEAN_VALUE * (to_heaven - to_hell)
    spread = math.sqrt(MEAN_SQUARE * (to_heaven + to_hell))
    return _phi((mean - 0.5) / spread), _phi((-mean - 0.5) / spread)


class BaselinePolicy:
    """Deterministic: the same view and legal actions give the same choice (`rng` is unused)."""

    name = "baseline"

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()

    def choose(
        self, view: HeavenHellView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        estimate = self.estimate(view)
        holdings = [0] * len(COLOURS)
        for card in view.hand or []:
            holdings[colour_index(card.colour)] += card.value
        if isinstance(legal[0], ChooseDouble):
            return self._choose_double(view, legal, estimate, holdings)
        rows: list[RowState] = [
            (row.heaven_sum, row.hell_sum, len(row.heaven), len(row.hell)) for row in view.rows
        ]
        evaluator = _Evaluator(view, estimate, self.weights)
        best_action: Action = legal[0]
        best_value = -math.inf
        for action in legal:
            value = evaluator.after(action, rows, holdings)
            if value > best_value:
                best_action, best_value = action, value
        return best_action

    def estimate(self, view: HeavenHellView) -> HoldingEstimate:
        """Card counting: the cards this seat cannot locate, dealt to the rivals uniformly
        (`HeuristicPolicy` replaces this with a model of what rivals keep)."""
        return HoldingEstimate(view)

    @staticmethod
    def _choose_double(
        view: HeavenHellView,
        legal: Sequence[Action],
        estimate: HoldingEstimate,
        holdings: list[int],
    ) -> Action:
        assert view.asking is not None
        here = colour_index(view.asking)

        def gain(index: int) -> float:
            return estimate.outlook(index, holdings[index])[0] * holdings[index]

        later = [
            colour_index(colour)
            for colour in view.positive_colours
            if colour_index(colour) > here
        ]
        play = gain(here) > 0 and gain(here) >= max(map(gain, later), default=0.0)
        return next(
            action for action in legal if isinstance(action, ChooseDouble) and action.play is play
        )


class _Evaluator:
    def __init__(
        self,
        view: HeavenHellView,
        estimate: HoldingEstimate,
        weights: Weights,
    ) -> None:
        self.estimate = estimate
        self.weights = weights
        self.rows_to_end = view.closed_rows_to_end
        self.rival_weight = weights.rival_scale / (view.players - 1)

    def after(
        self, action: Action, rows: list[RowState], holdings: list[int]
    ) -> float:
        new_rows = list(rows)
        new_holdings = list(holdings)
        if isinstance(action, PlaceCard | DiscardStuck):
            new_holdings[colour_index(action.colour)] -= action.value
        if isinstance(action, PlaceCard):
            index = colour_index(action.colour)
            heaven, hell, heaven_cards, hell_cards = rows[index]
            if action.side is Side.HEAVEN:
                new_rows[index] = (heaven + action.value, hell, heaven_cards + 1, hell_cards)
            else:
                new_rows[index] = (heaven, hell + action.value, heaven_cards, hell_cards + 1)
        return self.value(new_rows, new_holdings)

    def value(self, rows: list[RowState], holdings: list[int]) -> float:
        gaps = [ROW_LIMIT - row[2] - row[3] for row in rows]
        open_gaps = sorted(gap for gap in gaps if gap > 0)
        needed = self.rows_to_end - (len(rows) - len(open_gaps))
        horizon = self.weights.fill_share * open_gaps[needed - 1] if needed > 0 else 0.0
        total = 0.0
        best_double = 0.0
        for index, row in enumerate(rows):
            additions = min(gaps[index], horizon)
            positive, negative = sign_chances(row, additions)
            holding = holdings[index]
            top, rival = self.estimate.outlook(index, holding)
            mine = top * holding
            rival_points = self.rival_weight * rival
            total += positive * (mine - rival_points * (1.0 + self.weights.rival_double))
            total -= negative * (mine - rival_points)
            best_double = max(best_double, positive * mine)
        return total + self.weights.double_weight * best_double
