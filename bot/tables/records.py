"""Games and seats as stored, and the queries that read and write them.

The database is the only truth: every handler loads the game, changes it under the game's lock
and saves it in one transaction. Nothing about a game is kept only in memory, which is what makes
recovery after a restart (and running shards in several processes) straightforward.

The in-process lock is not enough once several processes may briefly see the same game (a
rolling restart, a change of shard count): every save checks in the database that the game is
still at the `revision` it was loaded at and bumps it. A handler working from an older copy gets
`StaleGame` and its whole transaction (the action log entry included) is rolled back, so an
accepted action is applied exactly once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.db import Database, Row, Transaction, Write, WriteRefused
from bot.tables.errors import TableError
from games.core.result import GameResult


class StaleGame(TableError):
    """Someone (another handler, another process) saved this game since it was loaded: nothing
    was written, and the user is told their click was out of date."""

    def __init__(self, game_id: int) -> None:
        super().__init__("stale")
        self.game_id = game_id


class GameStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN_STATUSES = (GameStatus.LOBBY, GameStatus.RUNNING)


class Actor(StrEnum):
    """Who chose a logged action: the seat's player, a computer seat or autopilot, or a computer
    standing in after a timeout."""

    HUMAN = "human"
    COMPUTER = "computer"
    TIMEOUT = "timeout"


@dataclass
class Seat:
    """`name` is the player's display name when they sat down (the bot does not need the
    privileged members intent to show names); None for computer seats."""

    seat: int
    user_id: int | None
    name: str | None = None
    autopilot: bool = False
    stand_in: bool = False
    timeouts: int = 0
    version: int = 0
    fingerprint: str = ""
    deadline: float | None = None
    reminded: bool = False

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def computer_plays(self) -> bool:
        """A computer chooses this seat's moves: a computer seat, autopilot, or a stand-in for
        the rest of a timed-out turn."""
        return self.user_id is None or self.autopilot or self.stand_in


@dataclass
class Game:
    id: int
    guild_id: int
    channel_id: int
    place_id: int
    game_key: str
    options: dict[str, Any]
    config: str
    seed: int
    status: GameStatus
    host_id: int
    turn_seconds: int
    created_at: float
    thread_id: int | None = None
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    table_posted_at: float | None = None
    table_posting_since: float | None = None
    """Set and saved just before a new table message is posted, cleared by the save storing its
    id: while set, Discord may show a table of this game whose id was never stored."""
    state: str | None = None
    action_count: int = 0
    outcome: str | None = None
    started_at: float | None = None
    ended_at: float | None = None
    seats: list[Seat] = field(default_factory=list)
    revision: int = 0
    """Bumped by every save; a save from an older copy is refused (`StaleGame`)."""
    wake_at: float | None = None
    """When the game next needs attention (computer move, reminder, timeout); stored so that
    recovery re-arms timers without loading games. Only meaningful while running."""
    stored_seats: tuple[tuple[Any, ...], ...] | None = field(
        default=None, repr=False, compare=False
    )
    """Each seat's row as stored (`_seat_rows`), so that a save writes only the seats that
    changed, in place when nobody sat down, stood up or moved. Never stored."""
    parsed: tuple[str, Any] | None = field(default=None, repr=False, compare=False)
    """(the `state` JSON, the engine state parsed from it): a load that checked the snapshot
    hands the parsed state on instead of parsing it twice. Never stored."""

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def table_in_doubt(self) -> bool:
        """Discord may not show this running game's table as stored: it was never posted (the
        bot stopped right after Start, or Discord refused it), or a post was begun whose id was
        never stored. `running_wakeups` asks the same in SQL."""
        return self.table_message_id is None or self.table_posting_since is not None

    def cancel(self, moment: float) -> None:
        """The game ends without a result (its host or a manager cancelled it, its last person
        left, or a new `/play` replaced a lobby nobody saw): nobody waits for anything now."""
        self.status = GameStatus.CANCELLED
        self.ended_at = moment
        for seat in self.seats:
            seat.deadline = None

    def seat_of(self, user_id: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)

    def seat(self, number: int) -> Seat:
        return self.seats[number]

    @property
    def humans(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.user_id is not None]


_GAME_COLUMNS = (
    "guild_id, channel_id, place_id, thread_id, lobby_message_id, table_message_id, "
    "table_posted_at, table_posting_since, game_key, options, config, seed, status, host_id, "
    "turn_seconds, state, action_count, outcome, created_at, started_at, ended_at, wake_at"
)


def _game_values(game: Game) -> tuple[Any, ...]:
    return (
        game.guild_id,
        game.channel_id,
        game.place_id,
        game.thread_id,
        game.lobby_message_id,
        game.table_message_id,
        game.table_posted_at,
        game.table_posting_since,
        game.game_key,
        json.dumps(game.options),
        game.config,
        game.seed,
        str(game.status),
        game.host_id,
        game.turn_seconds,
        game.state,
        game.action_count,
        game.outcome,
        game.created_at,
        game.started_at,
        game.ended_at,
        game.wake_at if game.status is GameStatus.RUNNING else None,
    )


def _game_from_row(row: Row, seats: list[Seat]) -> Game:
    return Game(
        stored_seats=_seat_rows(seats),
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        place_id=row["place_id"],
        thread_id=row["thread_id"],
        lobby_message_id=row["lobby_message_id"],
        table_message_id=row["table_message_id"],
        table_posted_at=row["table_posted_at"],
        table_posting_since=row["table_posting_since"],
        game_key=row["game_key"],
        options=json.loads(row["options"]),
        config=row["config"],
        seed=row["seed"],
        status=GameStatus(row["status"]),
        host_id=row["host_id"],
        turn_seconds=row["turn_seconds"],
        state=row["state"],
        action_count=row["action_count"],
        outcome=row["outcome"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        seats=seats,
        revision=row["revision"],
        wake_at=row["wake_at"],
    )


_SEAT_STATE = (
    "name",
    "autopilot",
    "stand_in",
    "timeouts",
    "version",
    "fingerprint",
    "deadline",
    "reminded",
)
"""A seat's columns besides its game, number and player, each a field of `Seat` of the same
name: the one list that reading and writing seats are written from (flags are stored as 0/1)."""


def _seat_state(seat: Seat) -> tuple[Any, ...]:
    values = (getattr(seat, column) for column in _SEAT_STATE)
    return tuple(int(value) if isinstance(value, bool) else value for value in values)


def _seat_rows(seats: list[Seat]) -> tuple[tuple[Any, ...], ...]:
    """Each seat as its row: (seat, user id, *`_SEAT_STATE`)."""
    return tuple((seat.seat, seat.user_id, *_seat_state(seat)) for seat in seats)


def _seat_from_row(row: Row) -> Seat:
    seat = Seat(seat=row["seat"], user_id=row["user_id"])
    for column in _SEAT_STATE:
        kind = type(getattr(seat, column))
        setattr(seat, column, bool(row[column]) if kind is bool else row[column])
    return seat


async def load_game(db: Database, game_id: int) -> Game | None:
    """The game and its seats in one query (one round trip to PostgreSQL: the tables share no
    column name, so the joined rows read by name)."""
    rows = await db.fetchall(
        "SELECT g.*, s.* FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? "
        "ORDER BY s.seat",
        (game_id,),
    )
    if not rows:
        return None
    seats = [_seat_from_row(row) for row in rows if row["seat"] is not None]
    return _game_from_row(rows[0], seats)


async def load_actions(db: Database, game_id: int) -> list[tuple[int, str]]:
    """The game's action log as (seat, action JSON), oldest first."""
    rows = await db.fetchall(
        "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return [(row["seat"], row["action"]) for row in rows]


async def open_game_in(db: Database, place_id: int) -> Game | None:
    """The lobby or running game of a channel or thread, if any."""
    row = await db.fetchone(
        "SELECT id FROM games WHERE place_id = ? AND status IN ('lobby', 'running')", (place_id,)
    )
    return await load_game(db, row["id"]) if row is not None else None


async def last_game_in(db: Database, guild_id: int, place_id: int) -> Game | None:
    """The newest game of a channel or thread, whatever its status. Filtered by guild first:
    a guild's games are indexed, a place's closed games are not."""
    row = await db.fetchone(
        "SELECT id FROM games WHERE guild_id = ? AND place_id = ? ORDER BY id DESC LIMIT 1",
        (guild_id, place_id),
    )
    return await load_game(db, row["id"]) if row is not None else None


@dataclass(frozen=True)
class ShardFilter:
    """The guilds one process serves: Discord puts guild `g` on shard `(g >> 22) % count`."""

    count: int
    ids: tuple[int, ...]

    def sql(self) -> tuple[str, list[int]]:
        """A condition on `guild_id` and its parameters (both backends compute it alike)."""
        marks = ", ".join("?" for _ in self.ids)
        return f"((guild_id / 4194304) % ?) IN ({marks})", [self.count, *self.ids]


async def running_wakeups(
    db: Database, shards: ShardFilter | None, after_id: int, limit: int
) -> list[tuple[int, float | None]]:
    """(game id, wake_at) of running games of the served guilds with ids above `after_id`,
    by id, at most `limit`: recovery pages through them with one indexed query per page.
    `wake_at` is None for a game to look at at once: never planned, or its table in doubt
    (`Game.table_in_doubt`), which its wake-up shows again first."""
    condition, params = ("1 = 1", []) if shards is None else shards.sql()
    rows = await db.fetchall(
        "SELECT id, CASE WHEN table_message_id IS NULL OR table_posting_since IS NOT NULL "
        "THEN NULL ELSE wake_at END AS wake_at FROM games WHERE status = 'running' AND id > ? AND "
        f"{condition} ORDER BY id LIMIT ?",
        (after_id, *params, limit),
    )
    return [(int(row["id"]), row["wake_at"]) for row in rows]


async def load_games(db: Database, game_ids: list[int]) -> list[Game]:
    """Several games with their seats in two queries (recovery and tools load in batches)."""
    if not game_ids:
        return []
    marks = ", ".join("?" for _ in game_ids)
    rows = await db.fetchall(f"SELECT * FROM games WHERE id IN ({marks}) ORDER BY id", game_ids)
    seat_rows = await db.fetchall(
        f"SELECT * FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat", game_ids
    )
    seats: dict[int, list[Seat]] = {}
    for seat_row in seat_rows:
        seats.setdefault(int(seat_row["game_id"]), []).append(_seat_from_row(seat_row))
    return [_game_from_row(row, seats.get(int(row["id"]), [])) for row in rows]


async def insert_game(conn: Transaction, game: Game) -> int:
    placeholders = ", ".join("?" for _ in _game_values(game))
    game.id = await conn.insert(
        f"INSERT INTO games ({_GAME_COLUMNS}) VALUES ({placeholders})", _game_values(game)
    )
    game.revision = 0
    game.stored_seats = _seat_rows(game.seats)
    await conn.executemany(_INSERT_SEAT, _new_seats(game))
    return game.id


_ASSIGNMENTS = ", ".join(f"{column.strip()} = ?" for column in _GAME_COLUMNS.split(","))
_UPDATE_GAME = (
    f"UPDATE games SET {_ASSIGNMENTS}, revision = revision + 1 WHERE id = ? AND revision = ?"
)
_SEAT_ASSIGNMENTS = ", ".join(f"{column} = ?" for column in _SEAT_STATE)
_UPDATE_SEAT = f"UPDATE seats SET {_SEAT_ASSIGNMENTS} WHERE game_id = ? AND seat = ?"
_INSERT_SEAT = (
    f"INSERT INTO seats (game_id, seat, user_id, {', '.join(_SEAT_STATE)}) "
    f"VALUES ({', '.join('?' for _ in range(3 + len(_SEAT_STATE)))})"
)
_INSERT_ACTION = (
    "INSERT INTO actions (game_id, seq, seat, actor, action, events, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


@dataclass(frozen=True)
class LoggedRow:
    """An action log entry to store with a save: number `seq` of the game's log."""

    seq: int
    seat: int
    actor: Actor
    action: str
    events: str
    at: float


async def save_game(conn: Transaction, game: Game) -> None:
    """Write the game and its seats if nobody saved it since it was loaded, else `StaleGame`
    (raised inside the transaction, so the caller's whole unit of work is rolled back)."""
    try:
        for index, write in enumerate(_game_writes(game)):
            await conn.run(write, index)
    except WriteRefused as error:
        raise StaleGame(game.id) from error
    _saved(game)


async def save_change(
    db: Database, game: Game, logged: LoggedRow | None = None, result: GameResult | None = None
) -> None:
    """A change of the game as one transaction sent at once (`Database.write`): the game and
    the seats that changed if nobody saved it since it was loaded (else `StaleGame`, nothing
    stored), with the action logged and the results recorded when given. On PostgreSQL a
    change that moved nobody and recorded no results is one statement (`_one_statement`)."""
    changed = _changed_seats(game)
    if db.backend == "postgresql" and changed is not None and result is None:
        writes = [_one_statement(game, changed, logged)]
    else:
        writes = _game_writes(game)
        if logged is not None:
            writes.append(Write(_INSERT_ACTION, _action_params(game, logged)))
        if result is not None:
            writes.append(Write(_INSERT_RESULT, rows=_result_rows(game, result)))
    try:
        await db.write(writes)
    except WriteRefused as error:
        raise StaleGame(game.id) from error
    _saved(game)


def _saved(game: Game) -> None:
    game.revision += 1
    game.stored_seats = _seat_rows(game.seats)


def _changed_seats(game: Game) -> list[tuple[Any, ...]] | None:
    """The rows of the seats that changed since stored, when nobody sat down, stood up or moved;
    None otherwise (the unique (game, user) index would refuse a player moving seat row by row,
    so the seats are then written anew)."""
    rows, stored = _seat_rows(game.seats), game.stored_seats
    if stored is None or [row[:2] for row in rows] != [row[:2] for row in stored]:
        return None
    return [row for row, before in zip(rows, stored, strict=True) if row != before]


def _game_writes(game: Game) -> list[Write]:
    """The game's UPDATE, checked against its revision, and its seats'."""
    writes = [Write(_UPDATE_GAME, (*_game_values(game), game.id, game.revision), expect=1)]
    changed = _changed_seats(game)
    if changed is None:
        writes.append(Write("DELETE FROM seats WHERE game_id = ?", (game.id,)))
        writes.append(Write(_INSERT_SEAT, rows=_new_seats(game)))
    elif changed:
        writes.append(Write(_UPDATE_SEAT, rows=[(*row[2:], game.id, row[0]) for row in changed]))
    return writes


def _one_statement(game: Game, changed: list[tuple[Any, ...]], logged: LoggedRow | None) -> Write:
    """PostgreSQL: the game's UPDATE, the changed seats' and the action's INSERT in one
    statement, one round trip instead of five (BEGIN, three statements, COMMIT). The seats and
    the action are written from the game's updated row (`g`): when the revision check finds
    none, nothing is written and the statement returns no row."""
    parts = [f"g AS ({_UPDATE_GAME} RETURNING id)"]
    params: list[Any] = [*_game_values(game), game.id, game.revision]
    for number, row in enumerate(changed):
        parts.append(
            f"s{number} AS (UPDATE seats SET {_SEAT_ASSIGNMENTS} "
            "WHERE game_id = (SELECT id FROM g) AND seat = ?)"
        )
        params += [*row[2:], row[0]]
    if logged is not None:
        # Typed: in a SELECT list PostgreSQL cannot infer a parameter's type from the column.
        parts.append(
            "a AS (INSERT INTO actions (game_id, seq, seat, actor, action, events, created_at) "
            "SELECT id, ?::integer, ?::integer, ?::text, ?::text, ?::text, "
            "?::double precision FROM g)"
        )
        params += _action_params(game, logged)[1:]
    return Write(f"WITH {', '.join(parts)} SELECT id FROM g", params, expect=1)


def _action_params(game: Game, logged: LoggedRow) -> tuple[Any, ...]:
    return (
        game.id,
        logged.seq,
        logged.seat,
        str(logged.actor),
        logged.action,
        logged.events,
        logged.at,
    )


def _new_seats(game: Game) -> list[tuple[Any, ...]]:
    return [(game.id, *row) for row in _seat_rows(game.seats)]


async def insert_games(db: Database, games: Sequence[Game]) -> None:
    """Many new games with their seats in one transaction and two statements, for tools that
    fill a database (the load benchmark copies thousands of games): each game gets the next id
    after the highest stored one, and PostgreSQL's id sequence is moved past them so that games
    opened afterwards do not collide."""
    async with db.transaction() as conn:
        highest = await conn.fetchone("SELECT COALESCE(MAX(id), 0) FROM games")
        first = int(highest[0]) + 1 if highest else 1
        for offset, game in enumerate(games):
            game.id, game.revision = first + offset, 0
            game.stored_seats = _seat_rows(game.seats)
        marks = ", ".join("?" for _ in range(len(_GAME_COLUMNS.split(",")) + 1))
        await conn.executemany(
            f"INSERT INTO games (id, {_GAME_COLUMNS}) VALUES ({marks})",
            [(game.id, *_game_values(game)) for game in games],
        )
        await conn.executemany(_INSERT_SEAT, [row for game in games for row in _new_seats(game)])
        if db.backend == "postgresql":
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))"
            )


async def append_action(
    conn: Transaction,
    game: Game,
    seat: int,
    actor: Actor,
    action: str,
    events: str,
    at: float,
    seq: int | None = None,
) -> None:
    """Log an action as number `seq` (by default the game's `action_count`)."""
    number = game.action_count if seq is None else seq
    logged = LoggedRow(number, seat, actor, action, events, at)
    await conn.execute(_INSERT_ACTION, _action_params(game, logged))


_INSERT_RESULT = (
    "INSERT INTO results (game_id, seat, user_id, is_computer, rank, score, won) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def _result_rows(game: Game, result: GameResult) -> list[tuple[Any, ...]]:
    return [
        (
            game.id,
            entry.seat,
            game.seat(entry.seat).user_id,
            int(game.seat(entry.seat).is_computer),
            entry.rank,
            entry.score,
            int(entry.won),
        )
        for entry in result.seats
    ]


async def record_results(conn: Transaction, game: Game, result: GameResult) -> None:
    await conn.executemany(_INSERT_RESULT, _result_rows(game, result))
