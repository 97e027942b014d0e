"""The rows of every leaderboard, their fair ranks and their pages. Pure: no SQL, no Discord.

Ranks follow standard competition ranking: rows whose ranking values are equal share the rank
of the first of them and the next rank skips (1, 2, 2, 4). The order inside a tie (by a
secondary figure, then by id) only makes pages stable; it never changes a rank.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.stats.model import FinishedGame, TeamRanking
from bot.stats.rating import replay_ratings

T = TypeVar("T")

PAGE_SIZE = 10
DEFAULT_MIN_GAMES = 3


@dataclass(frozen=True)
class Ranked(Generic[T]):
    rank: int
    row: T


def shared_ranks(rows: Sequence[T], key: Callable[[T], Hashable]) -> list[Ranked[T]]:
    """Rank `rows`, already in leaderboard order: equal `key` values share a rank."""
    ranked: list[Ranked[T]] = []
    for index, row in enumerate(rows):
        tied = index > 0 and key(row) == key(rows[index - 1])
        ranked.append(Ranked(ranked[-1].rank if tied else index + 1, row))
    return ranked


# ------------------------------------------------------------------ competitive games


@dataclass(frozen=True)
class RatedPlayer:
    user_id: int
    rating: int
    """Points on the Elo-like scale (`Rating.points`), as shown and compared for ties."""
    games: int
    wins: int
    with_computers: int
    """How many of `games` had computer seats (they count, and are marked)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def rated_players(games: Sequence[FinishedGame]) -> dict[int, RatedPlayer]:
    """Every member who played one of `games`, with the rating the games give them."""
    ratings = replay_ratings(games)
    played: dict[int, list[tuple[bool, bool]]] = defaultdict(list)
    for game in games:
        for seat in game.seats:
            if seat.user_id is not None:
                played[seat.user_id].append((seat.won, game.has_computers))
    return {
        user: RatedPlayer(
            user_id=user,
            rating=ratings[user].points,
            games=len(outcomes),
            wins=sum(won for won, _ in outcomes),
            with_computers=sum(computers for _, computers in outcomes),
        )
        for user, outcomes in played.items()
        if user in ratings
    }


def competitive_board(games: Sequence[FinishedGame], min_games: int) -> list[Ranked[RatedPlayer]]:
    """Members with at least `min_games` games, best rating first."""
    rows = [row for row in rated_players(games).values() if row.games >= min_games]
    rows.sort(key=lambda row: (-row.rating, -row.wins, row.user_id))
    return shared_ranks(rows, key=lambda row: row.rating)


def unranked_players(games: Sequence[FinishedGame], min_games: int) -> list[RatedPlayer]:
    """Members with fewer than `min_games` games, listed below the ranking with their count of
    games so that a first game shows on the leaderboard: nearest to being ranked first."""
    rows = [row for row in rated_players(games).values() if row.games < min_games]
    return sorted(rows, key=lambda row: (-row.games, row.user_id))


# ------------------------------------------------------------------ cooperative games


def team_score(game: FinishedGame) -> int:
    """The team's score: every seat of a cooperative result carries it (lower is better)."""
    return min(seat.score for seat in game.seats)


@dataclass(frozen=True)
class TeamResult:
    """A team's best result in one category (player count and mode); `mode_rank` is the mode's
    place in its game's leaderboard order."""

    players: int
    mode: str
    mode_rank: int
    score: int
    members: tuple[int, ...]
    computers: int
    anonymous: int
    ended_at: float
    game_id: int

    @property
    def with_computers(self) -> bool:
        return self.computers > 0

    @property
    def category(self) -> tuple[int, int]:
        return self.players, self.mode_rank


def _team_result(game: FinishedGame, ranking: TeamRanking) -> TeamResult:
    mode = ranking.mode_of(game.options)
    return TeamResult(
        players=game.players,
        mode=mode,
        mode_rank=ranking.modes.index(mode),
        score=team_score(game),
        members=tuple(sorted(game.members)),
        computers=sum(seat.is_computer for seat in game.seats),
        anonymous=sum(seat.user_id is None and not seat.is_computer for seat in game.seats),
        ended_at=game.ended_at,
        game_id=game.game_id,
    )


def team_board(games: Iterable[FinishedGame], ranking: TeamRanking) -> list[Ranked[TeamResult]]:
    """Each team's best result per category; categories by player count then mode, and inside a
    category lowest score first (total victories on top), the earlier result first in a
    tie. Ranks count inside each category."""
    best: dict[tuple[Any, ...], TeamResult] = {}
    for game in games:
        result = _team_result(game, ranking)
        team = (result.category, result.members, result.computers, result.anonymous)
        kept = best.get(team)
        if kept is None or (result.score, result.ended_at) < (kept.score, kept.ended_at):
            best[team] = result
    rows = sorted(
        best.values(), key=lambda row: (row.category, row.score, row.ended_at, row.game_id)
    )
    ranked: list[Ranked[TeamResult]] = []
    for category in dict.fromkeys(row.category for row in rows):
        in_category = [row for row in rows if row.category == category]
        ranked.extend(shared_ranks(in_category, key=lambda row: row.score))
    return ranked


@dataclass(frozen=True)
class CoopPlayer:
    user_id: int
    games: int
    victories: int
    excellent: int
    total_score: int
    best: int
    with_computers: int

    @property
    def average(self) -> float:
        return round(self.total_score / self.games, 1)


def coop_players(games: Iterable[FinishedGame], ranking: TeamRanking) -> dict[int, CoopPlayer]:
    scores: dict[int, list[tuple[int, bool]]] = defaultdict(list)
    for game in games:
        score = team_score(game)
        for user in game.members:
            scores[user].append((score, game.has_computers))
    return {
        user: CoopPlayer(
            user_id=user,
            games=len(results),
            victories=sum(score == 0 for score, _ in results),
            excellent=sum(score < ranking.excellent_below for score, _ in results),
            total_score=sum(score for score, _ in results),
            best=min(score for score, _ in results),
            with_computers=sum(computers for _, computers in results),
        )
        for user, results in scores.items()
    }


def coop_player_board(
    games: Iterable[FinishedGame], ranking: TeamRanking
) -> list[Ranked[CoopPlayer]]:
    """Most total victories first, then most excellent games, then the lowest average."""

    def value(row: CoopPlayer) -> tuple[int, int, float]:
        return -row.victories, -row.excellent, row.average

    rows = sorted(coop_players(games, ranking).values(), key=lambda row: (*value(row), row.user_id))
    return shared_ranks(rows, key=value)


# ------------------------------------------------------------------ pages


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a board. `number` counts from 0 and is clamped to the pages that exist;
    `moved` says it differs from the page asked for (the board shrank since its buttons were
    drawn). `own` is the asking member's row when it exists but is not on this page."""

    number: int
    count: int
    rows: list[Ranked[T]]
    own: Ranked[T] | None
    moved: bool


def paginate(
    board: Sequence[Ranked[T]], asked: int, is_own: Callable[[T], bool], size: int = PAGE_SIZE
) -> Page[T]:
    count = max(1, -(-len(board) // size))
    number = min(max(asked, 0), count - 1)
    rows = list(board[number * size : (number + 1) * size])
    own = None
    if not any(is_own(entry.row) for entry in rows):
        own = next((entry for entry in board if is_own(entry.row)), None)
    return Page(number, count, rows, own, moved=number != asked)
