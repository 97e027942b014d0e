"""The strong player: the baseline's evaluation, with card counting that reads each rival's
placements as evidence of what it keeps.

The baseline deals the cards its seat cannot locate to the rivals uniformly: a rival holding 6
of 40 unknown cards has each of them with chance 6/40. Real hands are not uniform. Rows are
pushed by the players who care about them: a row that stands positive is usually one that
somebody holding that colour sent to heaven, and rivals keep the cards of colours they expect to
score and shed the cards of colours that are going to hell. So this player counts cards the same
way but scales each rival's share of a colour's unknown cards by a factor looked up by the
row's sign and by how many cards of that colour this rival sent to heaven and to hell this
round, plus a small linear correction for the values it placed, its placements in other
colours and how much of the colour is still unseen (`rival_shares.py`; both measured on
simulated games by `train.py`).

The effect on play: a thin holding in a positive colour is trusted less when a rival has been
sending that colour to heaven (it probably tops it), and a holding in a negative colour is
feared less when the rivals who pushed it to hell are the ones likely to hold it. The
choice of the double, colour by colour, uses the same counting. Everything else (the one-move
evaluation, the closing rule, the double) is the baseline's, which the README measures against
searches, planning and learned evaluations that did worse.

It reads only its view and the legal actions and is deterministic (`rng` is unused).
"""

from __future__ import annotations

from games.heaven_hell.policies.baseline import BaselinePolicy
from games.heaven_hell.policies.counting import HoldingEstimate
from games.heaven_hell.policies.learned_weights import CORRECTION, SHARES
from games.heaven_hell.policies.rival_shares import seat_factors
from games.heaven_hell.view import HeavenHellView


class HeuristicPolicy(BaselinePolicy):
    """The baseline with the per-rival shares in its card counting."""

    name = "heuristic"

    def estimate(self, view: HeavenHellView) -> HoldingEstimate:
        return HoldingEstimate(view, seat_bias=seat_factors(
            view, SHARES[view.players], CORRECTION[view.players]))
