"""The computer players' random generator in simulations, kept apart from the deal.

A game's deck is shuffled from its seed; if the players' generator were seeded with the same
number, a policy could rebuild the deck from it. Deriving it through a hash of a tagged string
makes the two streams unrelated by construction, whatever a policy does with its generator.
"""

from __future__ import annotations

import hashlib
import random


def policy_rng(deal_seed: int) -> random.Random:
    digest = hashlib.sha256(f"computer-players/{deal_seed}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))
