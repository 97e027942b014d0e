"""Skill ratings for the competitive games, replayed from the recorded results.

The model is openskill's Plackett-Luce (a Bayesian rating for free-for-all games of any size,
with shared places). Ratings are not stored: they are recomputed by replaying a period's finished
games in the order they ended, so a leaderboard for "this month" is the rating this month's games
alone would give, and erasing a member (forget-me) needs no stored rating to be fixed.

Computer seats and forgotten members take part in each game they sat in as anonymous opponents
with a fresh default rating: beating them counts like beating a newcomer, and they are never
listed. The displayed value is the conservative ordinal mu - 3 sigma, which starts at 0 and only
grows when a player has both won and played enough for the model to be confident.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.stats.model import FinishedGame


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def replay_ratings(games: Iterable[FinishedGame]) -> dict[int, Rating]:
    """Each known member's rating after every game, applied oldest first."""
    model = PlackettLuce()
    ratings: dict[int, PlackettLuceRating] = {}
    for game in sorted(games, key=lambda each: (each.ended_at, each.game_id)):
        if game.players < 2:
            continue
        before = [
            ratings.get(seat.user_id, model.rating())
            if seat.user_id is not None
            else model.rating()
            for seat in game.seats
        ]
        after = model.rate([[rating] for rating in before], ranks=[s.rank for s in game.seats])
        for seat, (rating,) in zip(game.seats, after, strict=True):
            if seat.user_id is not None:
                ratings[seat.user_id] = rating
    return {user: Rating(rating.mu, rating.sigma) for user, rating in ratings.items()}
