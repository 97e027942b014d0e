"""The simulators' computer players draw from a generator unrelated to the deal."""

from __future__ import annotations

import random

from games.core.seeding import policy_rng


def test_policy_generator_is_reproducible_and_not_the_deal_generator() -> None:
    assert policy_rng(7).random() == policy_rng(7).random()
    assert policy_rng(7).random() != policy_rng(8).random()
    players, deal = policy_rng(7), random.Random(7)
    assert [players.random() for _ in range(5)] != [deal.random() for _ in range(5)]
