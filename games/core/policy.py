"""The contract of a computer player, shared by every engine's `policies`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Policy(Protocol):
    """A computer player. It sees only what its seat may see: a view and the legal actions.

    `rng` is supplied by the caller so that simulations are reproducible from a seed.
    """

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...
