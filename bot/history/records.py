"""What the history reads: a server's ended games, newest first, and one ended game with its log.

A game is listed once it has ended (finished, or cancelled after its first action: a lobby
cancelled before anyone played has nothing to look back on). Every query names the server, so
a member only ever sees the games of the server they ask in, and repeats the condition of the
partial indexes of migration 5 (`games_history`, `games_history_of_game`) so that both SQLite
and PostgreSQL use them: a page is a walk down an index, whatever the number of games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.db import Database, Row
from bot.tables.records import GameStatus, load_actions
from games.core.result import GameResult

PAGE_SIZE = 10
"""Games per `/history` page."""

LISTED = "g.status IN ('finished', 'cancelled') AND g.action_count > 0"
"""An ended game worth listing, written as the history indexes' condition."""


@dataclass(frozen=True)
class PastSeat:
    """A seat as the history shows it. `former` marks a member who asked to be forgotten: no id
    and no name any more, but a person, not a computer."""

    seat: int
    user_id: int | None
    name: str | None
    former: bool

    @property
    def is_computer(self) -> bool:
        return self.user_id is None and not self.former


@dataclass(frozen=True)
class PastGame:
    id: int
    guild_id: int
    game_key: str
    status: GameStatus
    started_at: float | None
    ended_at: float
    action_count: int
    outcome: GameResult | None
    seats: tuple[PastSeat, ...]

    @property
    def finished(self) -> bool:
        return self.status is GameStatus.FINISHED

    @property
    def seconds(self) -> float | None:
        """How long it was played, from the start to the end."""
        return None if self.started_at is None else self.ended_at - self.started_at


@dataclass(frozen=True)
class HistoryPage:
    games: list[PastGame]
    number: int
    more: bool
    """Whether an older page follows."""


@dataclass(frozen=True)
class ReplaySource:
    """An ended game and what rebuilds it: its config and seed, and its log as (seat, action
    JSON)."""

    game: PastGame
    config: str
    seed: int
    actions: list[tuple[int, str]]


_COLUMNS = (
    "g.id, g.guild_id, g.game_key, g.status, g.started_at, g.ended_at, g.action_count, g.outcome"
)


async def history_page(
    db: Database, guild_id: int, page: int, game_key: str | None, member_id: int | None
) -> HistoryPage:
    """Page `page` (from 0) of the server's listed games, newest first, of one kind and/or with
    one member when asked."""
    source, conditions = "games g", ""
    params: list[object] = []
    if member_id is not None:
        # From the member's seats (`seats_user`) to their games, whose few rows are then
        # sorted, rather than down the whole server's history probing each game for the
        # member: with 100,000 games that walk makes a deep page of a member's history take
        # hundreds of milliseconds on either backend. SQLite takes a CROSS JOIN's left table
        # as the outer one; PostgreSQL plans it as an inner join, and starts from the seats by
        # itself (`g.id IN (...)` led it down the history). A member has at most one seat per
        # game (`seats_one_per_user`), so no game comes twice.
        source = "seats s CROSS JOIN games g"
        conditions = "s.user_id = ? AND g.id = s.game_id AND "
        params.append(member_id)
    conditions += f"g.guild_id = ? AND {LISTED}"
    params.append(guild_id)
    if game_key is not None:
        conditions += " AND g.game_key = ?"
        params.append(game_key)
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM {source} WHERE {conditions} "
        "ORDER BY g.ended_at DESC, g.id DESC LIMIT ? OFFSET ?",
        (*params, PAGE_SIZE + 1, page * PAGE_SIZE),
    )
    games = await _with_seats(db, rows[:PAGE_SIZE])
    return HistoryPage(games, page, len(rows) > PAGE_SIZE)


async def past_game(db: Database, guild_id: int, game_id: int) -> PastGame | None:
    """A listed game of this server, None for any other (another server's, a running one)."""
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM games g WHERE g.id = ? AND g.guild_id = ? AND {LISTED}",
        (game_id, guild_id),
    )
    games = await _with_seats(db, rows)
    return games[0] if games else None


async def replay_source(db: Database, guild_id: int, game_id: int) -> ReplaySource | None:
    game = await past_game(db, guild_id, game_id)
    if game is None:
        return None
    row = await db.fetchone("SELECT config, seed FROM games WHERE id = ?", (game_id,))
    assert row is not None
    actions = await load_actions(db, game_id)
    return ReplaySource(game, row["config"], int(row["seed"]), actions)


async def _with_seats(db: Database, rows: Sequence[Row]) -> list[PastGame]:
    """The games of `rows` with their seats, in the rows' order (one more query)."""
    if not rows:
        return []
    ids = [int(row["id"]) for row in rows]
    marks = ", ".join("?" for _ in ids)
    seat_rows = await db.fetchall(
        f"SELECT game_id, seat, user_id, name, former_member FROM seats "
        f"WHERE game_id IN ({marks}) ORDER BY game_id, seat",
        ids,
    )
    seats: dict[int, list[PastSeat]] = {}
    for seat in seat_rows:
        seats.setdefault(int(seat["game_id"]), []).append(
            PastSeat(seat["seat"], seat["user_id"], seat["name"], bool(seat["former_member"]))
        )
    return [
        PastGame(
            id=int(row["id"]),
            guild_id=int(row["guild_id"]),
            game_key=row["game_key"],
            status=GameStatus(row["status"]),
            started_at=row["started_at"],
            ended_at=row["ended_at"],
            action_count=row["action_count"],
            outcome=(
                GameResult.model_validate_json(row["outcome"])
                if row["outcome"] is not None
                else None
            ),
            seats=tuple(seats.get(int(row["id"]), [])),
        )
        for row in rows
    ]
