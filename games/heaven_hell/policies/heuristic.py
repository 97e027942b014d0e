"""The strong player: the baseline's evaluation, with card counting that reads the rows as
evidence of what the rivals keep.

The baseline deals the cards its seat cannot locate to the rivals uniformly: a rival holding 6
of 40 unknown cards has each of them with chance 6/40. Real hands are not uniform. Rows are
pushed by the players who care about them: a row that stands positive is usually one that
somebody holding that colour sent to heaven, and rivals keep the cards of colours they expect to
score and shed the cards of colours that are going to hell. So this player counts cards the same
way but scales each rival's share of a colour's unknown cards by the row's sign: up by
`positive_bias` for a positive row, down by `negative_bias` for a negative one (unchanged while
the sides are equal).

The effect on play: a thin holding in a positive colour is trusted less (a rival probably tops
it, so it is pushed to hell or shed sooner), and a holding in a negative colour is feared more
(it is the one most likely to be top, so it is shed first). The declaration uses the same
counting. Everything else (the one-move evaluation, the closing rule) is the baseline's, which
the README measures against determinised searches that did worse.

It reads only its view and the legal actions and is deterministic (`rng` is unused).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.heaven_hell.policies.baseline import BaselinePolicy, Weights
from games.heaven_hell.policies.counting import HoldingEstimate
from games.heaven_hell.view import HeavenHellView


@dataclass(frozen=True)
class RivalModel:
    """How much more (or less) of a colour the rivals are taken to hold, by the row's sign.

    Measured in duels against the baseline (see the README): 0.6 and 0.6 won the most; the
    uniform deal (0, 0) is the baseline, and the opposite reading (-0.3, -0.3) lost heavily.
    """

    positive_bias: float = 0.6
    negative_bias: float = 0.6

    def share_factor(self, diff: int) -> float:
        """The factor on a rival's share of a colour's unknown cards for a row at `diff`."""
        if diff > 0:
            return 1.0 + self.positive_bias
        if diff < 0:
            return 1.0 - self.negative_bias
        return 1.0


class HeuristicPolicy(BaselinePolicy):
    """The baseline with the rival model in its card counting."""

    name = "heuristic"

    def __init__(self, model: RivalModel | None = None, weights: Weights | None = None) -> None:
        super().__init__(weights)
        self.model = model or RivalModel()

    def estimate(self, view: HeavenHellView) -> HoldingEstimate:
        return HoldingEstimate(
            view, [self.model.share_factor(row.heaven_sum - row.hell_sum) for row in view.rows]
        )
