"""A member's profile in one game: their last results, their best score and their winning
streaks, from the server's finished games (oldest first, as `finished_games` reads them).

A cooperative game's score is what the team left undone (The Game: the cards left), so its
best is the lowest; a competitive game's score is what the seat reached (points, a level), so
its best is the highest. Pure: no SQL, no Discord.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.stats.model import FinishedGame, SeatOutcome

RECENT = 5
"""Results a profile lists, newest first."""


@dataclass(frozen=True)
class Profile:
    recent: list[tuple[FinishedGame, SeatOutcome]]
    """The member's last games and their seat's outcome in each, newest first."""
    best: int
    current_streak: int
    """Wins in a row up to the member's last game (0 after a loss)."""
    longest_streak: int


def profile(games: Sequence[FinishedGame], user_id: int, cooperative: bool) -> Profile | None:
    """The member's profile in these games, None when they played none."""
    played = [(game, seat) for game in games if (seat := game.seat_of(user_id)) is not None]
    if not played:
        return None
    scores = [seat.score for _, seat in played]
    current = longest = 0
    for _, seat in played:
        current = current + 1 if seat.won else 0
        longest = max(longest, current)
    return Profile(
        recent=played[-RECENT:][::-1],
        best=min(scores) if cooperative else max(scores),
        current_streak=current,
        longest_streak=longest,
    )
