"""Any legal action, uniformly: the floor every other policy must clear."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.level8.actions import Action
from games.level8.view import Level8View


class RandomPolicy:
    name = "random"

    def choose(self, view: Level8View, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))
