"""Finished games as the standings read them: one shape for every game, no SQL, no Discord."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def _one_mode(options: Mapping[str, Any]) -> str:
    return "standard"


@dataclass(frozen=True)
class TeamRanking:
    """How the leaderboards of a cooperative game judge a team's score (lower is better, 0 a
    total victory), so that the bot ranks any cooperative game without knowing its variants. A
    cooperative game declares it on its UI (`GameUI.team_ranking`).

    - `modes` are the variants that change how hard a score is, in leaderboard order: teams are
      compared inside one player count and one mode only. Each mode is named to players by
      `<area>.leaderboard.mode.<mode>` in the game's own catalog.
    - `mode_of` gives the mode of a finished game's options.
    - `excellent_below`: a score under it counts as an excellent game on the players table.
    """

    modes: tuple[str, ...] = ("standard",)
    mode_of: Callable[[Mapping[str, Any]], str] = _one_mode
    excellent_below: int = 0


@dataclass(frozen=True)
class SeatOutcome:
    """One seat's recorded result. `user_id` is None for a computer seat and for a member who
    asked to be forgotten (then `is_computer` is False: an anonymous human)."""

    seat: int
    user_id: int | None
    is_computer: bool
    rank: int
    score: int
    won: bool


@dataclass(frozen=True)
class FinishedGame:
    game_id: int
    ended_at: float
    seats: tuple[SeatOutcome, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def has_computers(self) -> bool:
        return any(seat.is_computer for seat in self.seats)

    @property
    def members(self) -> tuple[int, ...]:
        """The known human players, by seat."""
        return tuple(seat.user_id for seat in self.seats if seat.user_id is not None)

    def seat_of(self, user_id: int) -> SeatOutcome | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)
