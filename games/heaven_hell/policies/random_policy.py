"""The baseline: any legal action, uniformly. It is the yardstick the heuristic is measured on."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.heaven_hell.actions import Action
from games.heaven_hell.view import HeavenHellView


class RandomPolicy:
    name = "random"

    def choose(
        self, view: HeavenHellView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal[rng.randrange(len(legal))]
