"""The policy shape of this game: the core `Policy` protocol with this game's types."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from games.heaven_hell.actions import AnyAction
from games.heaven_hell.view import HeavenHellView


class HeavenHellPolicy(Protocol):
    name: str

    def choose(
        self, view: HeavenHellView, legal: Sequence[AnyAction], rng: random.Random
    ) -> AnyAction: ...
