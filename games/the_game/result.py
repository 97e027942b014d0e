"""The outcome of a finished game of The Game: one team result, graded as the rules grade it."""

from __future__ import annotations

from games.core.result import GameResult, SeatResult
from games.the_game.state import TheGameState

EXCELLENT_BELOW = 10
"""The rules call a game that ends with fewer cards left than this an excellent result."""


def verdict(cards_left: int) -> str:
    """The rules' own grading of a finished game, as a stable key for translated messages."""
    if cards_left == 0:
        return "total_victory"
    if cards_left < EXCELLENT_BELOW:
        return "excellent"
    return "count"


def result(state: TheGameState) -> GameResult | None:
    """The team's shared outcome: every seat ranks first with the same score, the cards left."""
    if not state.over:
        return None
    left = state.cards_left
    placed = [0] * state.players
    for placement in state.placements:
        placed[placement.seat] += 1
    return GameResult(
        cooperative=True,
        seats=[
            SeatResult(seat=seat, rank=1, score=left, won=left == 0)
            for seat in range(state.players)
        ],
        summary={"cards_left": left, "verdict": verdict(left), "cards_placed": placed},
    )
