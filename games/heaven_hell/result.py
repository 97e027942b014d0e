"""The ranking of a finished game of Heaven & Hell, by total points over every round."""

from __future__ import annotations

from games.core.result import GameResult, SeatResult, competition_ranks
from games.heaven_hell.state import HeavenHellState, Phase


def result(state: HeavenHellState) -> GameResult | None:
    """Equal totals share a place, and the first place is a win for each of them."""
    if state.phase is not Phase.FINISHED:
        return None
    totals = state.totals()
    ranks = competition_ranks(totals)
    return GameResult(
        cooperative=False,
        seats=[
            SeatResult(seat=seat, rank=ranks[seat], score=totals[seat], won=ranks[seat] == 1)
            for seat in range(state.players)
        ],
        summary={
            "round_points": [list(report.points) for report in state.reports],
            "totals": totals,
        },
    )
