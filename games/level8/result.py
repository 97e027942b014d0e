"""The ranking of a finished game of Level 8: the winner first, then everyone by level reached."""

from __future__ import annotations

from games.core.result import GameResult, SeatResult, competition_ranks
from games.level8.state import Level8State, Phase


def result(state: Level8State) -> GameResult | None:
    """Ties in level share a rank; after the turn limit nobody has won."""
    if state.phase is not Phase.OVER:
        return None

    def strength(seat: int) -> tuple[bool, int]:
        return (seat == state.winner, state.players[seat].level)

    ranks = competition_ranks([strength(seat) for seat in range(len(state.players))])
    seats = [
        SeatResult(
            seat=seat,
            rank=ranks[seat],
            score=player.level,
            won=seat == state.winner,
        )
        for seat, player in enumerate(state.players)
    ]
    return GameResult(
        cooperative=False,
        seats=seats,
        summary={
            "rounds": state.round,
            "turns": state.turns,
            "winner": state.winner,
            "end_reason": state.end_reason.value if state.end_reason else None,
        },
    )
