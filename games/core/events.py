"""The newest public events a state keeps for a table's "last moves", kept the same way by every
game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

E = TypeVar("E")


def newest(kept: Sequence[E], new: Sequence[E], limit: int) -> list[E]:
    """`kept` followed by `new`, oldest first, cut to the last `limit`."""
    return [*kept, *new][-limit:]
