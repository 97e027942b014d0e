"""The pure parts of the standings: fair ranks, pages, periods, ratings, The Game's tables, and
the French wording of a row."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord_limits import FIELD_LIMIT
from bot.i18n import Texts
from bot.stats.model import FinishedGame, SeatOutcome
from bot.stats.periods import Period, period_start
from bot.stats.rating import POINTS_PER_SKILL, Rating, replay_ratings
from bot.stats.render import rating_line, team_line, unranked_lines
from bot.stats.standings import (
    Ranked,
    RatedPlayer,
    competitive_board,
    paginate,
    shared_ranks,
    team_board,
    unranked_players,
)
from bot.tables.commands import area
from cogs.the_game.ui import TheGameUI, mode_of
from tests.support.catalogs import full_catalog
from tests.support.games import registered_games

RANKING = TheGameUI.team_ranking


def game(
    game_id: int,
    places: list[tuple[int | None, int]],
    *,
    ended_at: float | None = None,
    computers: int = 0,
    options: dict[str, bool] | None = None,
) -> FinishedGame:
    """A finished game: (user id or None for an anonymous human, rank or cards left) per seat,
    then `computers` computer seats ranked last (or sharing the team score)."""
    seats = [
        SeatOutcome(seat, user, False, value, value, value == 1)
        for seat, (user, value) in enumerate(places)
    ]
    last = max(value for _, value in places) + 1
    seats += [SeatOutcome(len(places) + n, None, True, last, last, False) for n in range(computers)]
    return FinishedGame(
        game_id, ended_at if ended_at is not None else game_id, tuple(seats), options or {}
    )


def coop(
    game_id: int, users: list[int], left: int, computers: int = 0, **options: bool
) -> FinishedGame:
    seats = [SeatOutcome(n, user, False, 1, left, left == 0) for n, user in enumerate(users)]
    seats += [SeatOutcome(len(users) + n, None, True, 1, left, left == 0) for n in range(computers)]
    return FinishedGame(game_id, float(game_id), tuple(seats), options)


def test_equal_values_share_a_rank_and_the_next_rank_skips() -> None:
    ranked = shared_ranks([9, 7, 7, 3, 3, 3, 1], key=lambda value: value)
    assert [entry.rank for entry in ranked] == [1, 2, 2, 4, 4, 4, 7]


def test_pages_clamp_and_show_the_own_row_off_the_page() -> None:
    board = shared_ranks(list(range(23)), key=lambda value: value)
    page = paginate(board, 1, is_own=lambda value: value == 22)
    assert (page.number, page.count, page.moved) == (1, 3, False)
    assert [entry.row for entry in page.rows] == list(range(10, 20))
    assert page.own == Ranked(23, 22)
    on_page = paginate(board, 2, is_own=lambda value: value == 22)
    assert on_page.own is None and [entry.row for entry in on_page.rows] == [20, 21, 22]
    gone = paginate(board, 7, is_own=lambda value: False)
    assert (gone.number, gone.moved) == (2, True)
    nothing: list[Ranked[int]] = []
    empty = paginate(nothing, 0, is_own=lambda value: True)
    assert (empty.number, empty.count, empty.rows, empty.own) == (0, 1, [], None)


def test_weeks_start_on_monday_and_months_on_the_first_in_utc() -> None:
    thursday = datetime(2026, 1, 1, 15, 30, tzinfo=UTC)
    assert period_start(Period.WEEK, thursday) == datetime(2025, 12, 29, tzinfo=UTC).timestamp()
    assert period_start(Period.MONTH, thursday) == datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    assert period_start(Period.ALL_TIME, thursday) is None


def test_ratings_replay_games_in_the_order_they_ended() -> None:
    first = game(2, [(1, 1), (2, 2)], ended_at=10.0)
    second = game(1, [(2, 1), (1, 2)], ended_at=20.0)
    ratings = replay_ratings([second, first])
    assert ratings[2].ordinal > ratings[1].ordinal, "the later win weighs more in a replay"
    assert set(ratings) == {1, 2}


def test_a_rating_reads_on_an_elo_like_scale_from_1500() -> None:
    """A newcomer starts at 1500; last of three in a first game (openskill's ordinal -2.8, which
    read as a penalty) is a little below it, and a first win a little above."""
    ratings = replay_ratings([game(1, [(1, 1), (2, 2), (3, 3)])])
    assert round(ratings[3].ordinal, 1) == -2.8
    assert [ratings[user].points for user in (1, 2, 3)] == [1596, 1545, 1419]
    assert Rating(25.0, 25 / 3).points == 1500
    assert Rating(25.0, 0.0).points - Rating(25.0 - 400 / POINTS_PER_SKILL, 0.0).points == 400


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=4, unique=True),
        min_size=1,
        max_size=12,
    ),
    st.lists(st.integers(min_value=1, max_value=4), min_size=12, max_size=12),
)
def test_points_order_players_as_the_ordinal_does(
    tables: list[list[int]], places: list[int]
) -> None:
    """Random games among six members: the leaderboard orders them by points exactly as by the
    ordinal (a higher ordinal never shows fewer points), and only players within a point of
    each other share a rank."""
    games = [
        game(n, [(user, min(places[n], len(users))) for user in users])
        for n, users in enumerate(tables)
    ]
    ratings = replay_ratings(games)
    board = competitive_board(games, min_games=1)
    for earlier, later in itertools.pairwise(board):
        first, second = (ratings[entry.row.user_id] for entry in (earlier, later))
        assert first.points >= second.points
        assert first.ordinal >= second.ordinal or first.points == second.points
        assert (earlier.rank == later.rank) == (first.points == second.points)


def test_computers_and_forgotten_members_are_opponents_but_never_ranked() -> None:
    games = [game(n, [(1, 1), (None, 2)], computers=1) for n in range(3)]
    board = competitive_board(games, min_games=3)
    assert [entry.row.user_id for entry in board] == [1]
    row = board[0].row
    assert (row.games, row.wins, row.with_computers) == (3, 3, 3)
    assert row.rating > 1500
    assert competitive_board(games, min_games=4) == []


def test_the_game_keeps_each_teams_best_result_per_category() -> None:
    games = [
        coop(1, [1, 2], 7),
        coop(2, [2, 1], 0),
        coop(3, [3, 4], 4, expert=True),
        coop(4, [3, 4], 4),
        coop(5, [5], 4, computers=1),
        coop(6, [1, 2, 3], 12, smaller_hands=True),
    ]
    board = team_board(games, RANKING)
    assert [(e.rank, e.row.players, e.row.mode, e.row.score) for e in board] == [
        (1, 2, "standard", 0),
        (2, 2, "standard", 4),
        (2, 2, "standard", 4),
        (1, 2, "expert", 4),
        (1, 3, "smaller_hands", 12),
    ]
    assert [e.row.with_computers for e in board] == [False, False, True, False, False]
    assert mode_of({"expert": True, "smaller_hands": True}) == "expert_smaller_hands"


def test_rows_speak_french() -> None:
    tr = Texts("fr")
    row = RatedPlayer(user_id=7, rating=1868, games=4, wins=3, with_computers=1)
    assert rating_line(Ranked(2, row), tr) == (
        "**2.** <@7> — **1868** · 4 parties · 3 victoires (75\u00a0%) 🤖"
    )
    team = team_board([coop(1, [7, 8], 0)], RANKING)[0]
    assert team_line(team, "the_game", tr) == "**1.** 🏆 victoire totale — <@7>, <@8> · <t:1:d>"


def test_players_below_the_minimum_are_listed_with_their_games_within_one_field() -> None:
    games = [game(1, [(1, 1), (2, 2)]), game(2, [(2, 1), (3, 2)]), game(3, [(2, 1), (1, 2)])]
    assert [(row.user_id, row.games) for row in unranked_players(games, 3)] == [(1, 2), (3, 1)]
    assert [entry.row.user_id for entry in competitive_board(games, 3)] == [2]
    assert unranked_players(games, 1) == []
    many = [game(n, [(10**17 + n, 1), (None, 2)]) for n in range(100)]
    text = unranked_lines(unranked_players(many, 3), Texts("fr"))
    lines = text.splitlines()
    assert len(text) <= FIELD_LIMIT and 20 < len(lines) < 100
    assert lines[0] == f"<@{10**17}> — **1601** · 1 partie"
    assert lines[-1] == f"… et {100 - len(lines) + 1} de plus"


def test_every_cooperative_game_words_its_leaderboard_in_its_own_catalog() -> None:
    """The leaderboards ask a cooperative game's catalog for its modes, score, players row and
    statistics line (bot/stats/render.py): a game missing one would show a raw key."""
    messages = full_catalog().messages
    games = registered_games()
    for game in (game for game in games.game_types() if game.cooperative):
        own = f"{area(game.key)}.leaderboard"
        wanted = [f"{own}.mode.{mode}" for mode in games.team_ranking(game.key).modes]
        wanted += [f"{own}.score.one", f"{own}.score.other", f"{own}.player_row", f"{own}.stats"]
        for lang in ("en", "fr"):
            assert [key for key in wanted if key not in messages[lang]] == [], (game.key, lang)
