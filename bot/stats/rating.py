"""Skill ratings for the competitive games, replayed from the recorded results.

The model is openskill's Plackett-Luce (a Bayesian rating for free-for-all games of any size,
with shared places). Ratings are not stored: they are recomputed by replaying a period's finished
games in the order they ended, so a leaderboard for "this month" is the rating this month's games
alone would give, and erasing a member (forget-me) needs no stored rating to be fixed.

Computer seats and forgotten members take part in each game they sat in as anonymous opponents
with a fresh default rating: beating them counts like beating a newcomer, and they are never
listed. What ranks players is the conservative ordinal mu - 3 sigma, which starts at 0 and only
grows when a player has both won and played enough for the model to be confident; what players
read is that ordinal on a familiar, Elo-like scale (`Rating.points`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.stats.model import FinishedGame

BASE_POINTS = 1500
"""A newcomer's points: openskill's default rating (mu 25, sigma 25/3) has ordinal 0, and 1500 is
where Elo ladders start everyone."""

POINTS_PER_SKILL = 400 / (math.log(10) * math.sqrt(2) * PlackettLuce().beta)
"""Points per unit of the model's skill (about 29.5), chosen so that a gap in points means what
it means in Elo. Between two players the model is sure of, Plackett-Luce gives the first the
chance 1 / (1 + exp(-(mu1 - mu2) / c)) of finishing ahead, with c = sqrt(2) * beta; Elo gives
1 / (1 + 10 ** (-(r1 - r2) / 400)). The two agree when r1 - r2 = (mu1 - mu2) * 400 /
(c * ln 10): 400 points are 10 to 1 odds, 200 points about 3 to 1, as on a chess ladder."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def points(self) -> int:
        """The ordinal on the Elo-like scale: `BASE_POINTS` for a newcomer, rising with wins
        as the model grows sure of them. An affine map with a positive slope, then rounded, so
        it orders players exactly as the ordinal does (players closer than a point share one
        number, and a rank). A player's first games move it a lot (a first loss in three
        costs about 80 points), which is why it reads as provisional until the server's
        minimum of games."""
        return round(BASE_POINTS + POINTS_PER_SKILL * self.ordinal)


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
