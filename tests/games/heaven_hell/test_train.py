"""The training script's pieces: the top holder of a report, the logistic fit, a short game."""

from __future__ import annotations

import math
import random

from games.heaven_hell.cards import COLOURS
from games.heaven_hell.policies import POLICIES
from games.heaven_hell.policies.calibration import TOP_FEATURES
from games.heaven_hell.state import ColourScore, RoundReport
from games.heaven_hell.train import Sample, fit_logistic, play_and_record, top_holder


def test_the_top_holder_is_the_largest_holding_after_the_tie_break() -> None:
    holdings = [[3, 5, 5], [0, 0, 0], [4, 1, 4], [2, 0, 0], [1, 1, 1]]
    scores = [
        ColourScore(colour=colour, heaven=0, hell=0, holdings=held, scorer=None, doubled=False,
                    points=0)
        for colour, held in zip(COLOURS, holdings, strict=True)
    ]
    # Dealer 1: the tie-break order is seats 2, 0, 1.
    report = RoundReport(round=0, dealer=1, hands=[[], [], []], doubles=[None] * 3,
                         colours=scores, points=[0, 0, 0])
    assert [top_holder(report, colour, 3) for colour in range(5)] == [2, None, 2, 0, 2]


def test_the_fit_recovers_the_weights_behind_the_outcomes() -> None:
    rng = random.Random(3)
    truth = [0.5, -1.0, 2.0]
    samples: list[Sample] = []
    for _ in range(6000):
        features = [1.0, rng.uniform(-2, 2), rng.uniform(-1, 1)]
        score = sum(w * f for w, f in zip(truth, features, strict=True))
        samples.append((features, float(rng.random() < 1.0 / (1.0 + math.exp(-score)))))
    fitted = fit_logistic(samples)
    assert all(abs(a - b) < 0.25 for a, b in zip(fitted, truth, strict=True))


def test_a_game_gives_top_holder_samples() -> None:
    samples = play_and_record([POLICIES["baseline"]() for _ in range(3)], seed=11)
    assert samples
    assert all(len(features) == TOP_FEATURES for features, _ in samples)
    assert {outcome for _, outcome in samples} == {0.0, 1.0}
