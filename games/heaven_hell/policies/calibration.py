"""A learned correction of the heuristic's chance of topping a colour.

The baseline's evaluation values a colour by the chance the row ends positive or negative times
the chance this seat is the top holder times its holding. The top-holder chance comes from card
counting that treats the current hand as the end-of-round hand, and measured on simulated rounds
it is badly overconfident: with a few turns to go, a holding the counting gives 96 % ends on
top only 60-75 % of the time, and 80 % only about half the time, because the seat still has
to place cards and the rivals still draw. So the learned policy passes that chance through a
logistic model fitted on what actually happened (`train.py`), with the round's clock (the cards
the row closest to ending the round still needs), the holding and the number of cards behind
it among its inputs.

Plain floats and lists only: this runs for every candidate move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.heaven_hell.config import ROW_LIMIT

CLIP = 0.005
"""The counting's chance is clipped to [CLIP, 1 - CLIP] before taking its logit."""


def logit(chance: float) -> float:
    clipped = min(1.0 - CLIP, max(CLIP, chance))
    return math.log(clipped / (1.0 - clipped))


def logistic(weights: Sequence[float], features: Sequence[float]) -> float:
    score = sum(weight * feature for weight, feature in zip(weights, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def top_features(counted: float, holding: int, count: int, clock: int) -> list[float]:
    """Inputs of the top-holder model: a constant, the counting's chance as a logit, alone and
    times the time left, the time left, the holding and the number of cards behind it."""
    time_left = clock / ROW_LIMIT
    evidence = logit(counted)
    return [1.0, evidence, evidence * time_left, time_left, holding / 10.0, count / 3.0]


TOP_FEATURES = len(top_features(0.5, 0, 0, 0))
