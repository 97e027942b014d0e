"""A game's change saved as one batch sent at once (`records.save_change`, issue 38): one
hand-off to SQLite's thread, one statement on PostgreSQL when nobody moved seat and the game did
not end. On both backends: what is stored is the whole change or nothing of it, the revision
check refuses an older copy, and only the seats that changed are written (seats moved or results
recorded take the batch of several statements)."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.tables.records import (
    Actor,
    Game,
    GameStatus,
    LoggedRow,
    Seat,
    StaleGame,
    insert_game,
    load_game,
    save_change,
)
from games.core.result import GameResult, SeatResult
from tests.support.game_rows import running_game

pytestmark = pytest.mark.both_backends


async def stored_game(db: Database) -> Game:
    game = running_game([Seat(0, 4, "alice"), Seat(1, 5, "bob"), Seat(2, None)])
    async with db.transaction() as conn:
        await insert_game(conn, game)
    loaded = await load_game(db, game.id)
    assert loaded is not None
    return loaded


def move(game: Game, seat: int, state: str) -> LoggedRow:
    """An accepted action by `seat`, as a unit of work changes the loaded copy."""
    logged = LoggedRow(game.action_count, seat, Actor.HUMAN, '{"kind": "x"}', "[]", 1.0)
    game.action_count += 1
    game.state = state
    game.seats[seat].version += 1
    game.seats[(seat + 1) % len(game.seats)].deadline = 99.0
    return logged


async def actions(db: Database, game: Game) -> list[tuple[int, int]]:
    rows = await db.fetchall(
        "SELECT seq, seat FROM actions WHERE game_id = ? ORDER BY seq", (game.id,)
    )
    return [(row[0], row[1]) for row in rows]


async def test_moves_are_stored_whole_with_their_seats(db: Database) -> None:
    game = await stored_game(db)
    for seat, state in ((0, '{"n": 1}'), (1, '{"n": 2}'), (0, '{"n": 3}')):
        await save_change(db, game, move(game, seat, state))

    stored = await load_game(db, game.id)
    assert stored is not None
    assert (stored.state, stored.action_count, stored.revision) == ('{"n": 3}', 3, 3)
    assert [seat.version for seat in stored.seats] == [2, 1, 0]
    assert [seat.deadline for seat in stored.seats] == [None, 99.0, 99.0]
    assert [seat.name for seat in stored.seats] == ["alice", "bob", None]
    assert await actions(db, game) == [(0, 0), (1, 1), (2, 0)]


async def test_an_older_copy_stores_nothing_of_its_change(db: Database) -> None:
    """Two processes accept a click on the same game: the second's whole change (the game, its
    seats, the action) is refused, and it learns so (`StaleGame`)."""
    first = await stored_game(db)
    second = await load_game(db, first.id)
    assert second is not None
    await save_change(db, first, move(first, 0, '{"first": true}'))

    logged = move(second, 1, '{"second": true}')
    second.seats[2].name = "changed by the older copy"
    with pytest.raises(StaleGame):
        await save_change(db, second, logged)

    stored = await load_game(db, first.id)
    assert stored is not None
    assert (stored.state, stored.revision) == ('{"first": true}', 1)
    assert [seat.version for seat in stored.seats] == [1, 0, 0]
    assert stored.seats[2].name is None
    assert await actions(db, first) == [(0, 0)]


async def test_a_seat_moved_and_a_game_ended_are_stored(db: Database) -> None:
    """The batch of several statements: the seats written anew (bob leaves, a computer takes
    his seat and alice moves nothing), then a last move ending the game with its results."""
    game = await stored_game(db)
    game.seats[1].user_id, game.seats[1].name = None, None
    await save_change(db, game)
    logged = move(game, 0, '{"over": true}')
    game.status = GameStatus.FINISHED
    result = GameResult(
        cooperative=False,
        seats=[
            SeatResult(seat=0, rank=1, score=10, won=True),
            SeatResult(seat=1, rank=2, score=5, won=False),
            SeatResult(seat=2, rank=3, score=1, won=False),
        ]
    )
    await save_change(db, game, logged, result)

    stored = await load_game(db, game.id)
    assert stored is not None
    assert (stored.status, stored.revision) == (GameStatus.FINISHED, 2)
    assert [(seat.user_id, seat.version) for seat in stored.seats] == [(4, 1), (None, 0), (None, 0)]
    rows = await db.fetchall(
        "SELECT seat, user_id, rank FROM results WHERE game_id = ? ORDER BY seat", (game.id,)
    )
    assert [tuple(row) for row in rows] == [(0, 4, 1), (1, None, 2), (2, None, 3)]
    assert await actions(db, game) == [(0, 0)]
