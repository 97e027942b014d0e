"""The heuristic with learned per-rival shares in its card counting.

It plays like `heuristic` (the baseline's one-move look-ahead and declaration) but its card
counting reads each rival's placements of this round: every rival's share of a colour's unknown
cards is scaled by the factor `rival_shares.py` looks up, measured on simulated games by
`train.py` (`learned_weights.py`), instead of the heuristic's flat factors by the row's sign.
The README records what it gained (a little, within the noise) and the learned evaluations that
did not pay.

It reads only its view and the legal actions and is deterministic (`rng` is unused).
"""

from __future__ import annotations

from games.heaven_hell.policies.counting import HoldingEstimate
from games.heaven_hell.policies.heuristic import HeuristicPolicy
from games.heaven_hell.policies.learned_weights import SHARES
from games.heaven_hell.policies.rival_shares import seat_factors
from games.heaven_hell.view import HeavenHellView


class LearnedPolicy(HeuristicPolicy):
    """The heuristic with the learned per-rival shares."""

    name = "learned"

    def estimate(self, view: HeavenHellView) -> HoldingEstimate:
        return HoldingEstimate(view, seat_bias=seat_factors(view, SHARES[view.players]))
