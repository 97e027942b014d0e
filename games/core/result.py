"""The outcome of a finished game, in one shape for every engine.

The table service records it and the leaderboards read it without knowing which game it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict


class SeatResult(BaseModel):
    """One seat's outcome. `rank` is 1 for the winner(s); equal ranks mean a shared place.

    In a cooperative game every seat has rank 1 and `score` is the team's score.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    rank: int
    score: int
    won: bool


class GameResult(BaseModel):
    """`summary` holds engine-specific figures (for example The Game's cards left and verdict)."""

    model_config = ConfigDict(frozen=True)

    cooperative: bool
    seats: list[SeatResult]
    summary: dict[str, Any] = {}


def competition_ranks(strengths: Sequence[Any]) -> list[int]:
    """Each seat's place by strength (higher is better); equal strengths share a place and the
    next place is skipped (1, 1, 3), as board games rank ties."""
    return [1 + sum(1 for other in strengths if other > strength) for strength in strengths]
