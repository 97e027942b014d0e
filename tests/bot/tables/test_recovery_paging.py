"""What start-up recovery reads, on both backends: the running games of this process's shards
only, page by page, with the moment each needs attention."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.tables.records import (
    Game,
    GameStatus,
    Seat,
    ShardFilter,
    insert_game,
    insert_games,
    load_games,
    running_wakeups,
)

pytestmark = pytest.mark.both_backends


def game(number: int, shard: int, status: GameStatus) -> Game:
    guild_id = ((1_000_000 + number) * 4 + shard) << 22 | 7
    return Game(
        id=0,
        guild_id=guild_id,
        channel_id=number,
        place_id=number,
        game_key="tiny-game",
        options={},
        config="{}",
        seed=1,
        status=status,
        host_id=1,
        turn_seconds=300,
        created_at=0.0,
        state="{}",
        table_message_id=number,
        wake_at=1000.0 + number,
    )


async def test_recovery_pages_through_the_running_games_of_its_shards(db: Database) -> None:
    expected: list[tuple[int, float | None]] = []
    async with db.transaction() as conn:
        for number in range(40):
            shard = number % 4
            status = GameStatus.RUNNING if number % 5 else GameStatus.FINISHED
            stored = game(number, shard, status)
            await insert_game(conn, stored)
            if shard in (1, 3) and status is GameStatus.RUNNING:
                expected.append((stored.id, 1000.0 + number))

    shards = ShardFilter(4, (1, 3))
    seen: list[tuple[int, float | None]] = []
    after = 0
    while True:
        page = await running_wakeups(db, shards, after, 3)
        seen += page
        if len(page) < 3:
            break
        after = page[-1][0]

    assert seen == expected
    everything = await running_wakeups(db, None, 0, 1000)
    assert len(everything) == 32, "without shards, every running game"


async def test_a_game_whose_table_is_in_doubt_is_looked_at_at_once(db: Database) -> None:
    """Never posted (stopped right after Start), or a post begun whose id was never stored."""
    never_posted = game(1, 0, GameStatus.RUNNING)
    never_posted.table_message_id = None
    posting = game(2, 0, GameStatus.RUNNING)
    posting.table_posting_since = 500.0
    shown = game(3, 0, GameStatus.RUNNING)
    async with db.transaction() as conn:
        for each in (never_posted, posting, shown):
            await insert_game(conn, each)

    assert await running_wakeups(db, None, 0, 10) == [
        (never_posted.id, None),
        (posting.id, None),
        (shown.id, 1003.0),
    ]


async def test_games_inserted_in_bulk_get_fresh_ids_and_later_games_do_not_collide(
    db: Database,
) -> None:
    """The load benchmark fills a database this way before timing recovery: ids follow the
    highest stored one (on PostgreSQL the id sequence moves past them too)."""
    async with db.transaction() as conn:
        first = game(0, 0, GameStatus.RUNNING)
        await insert_game(conn, first)
    copies = [game(number, 0, GameStatus.RUNNING) for number in range(1, 4)]
    for copy in copies:
        copy.seats = [Seat(seat=0, user_id=copy.place_id), Seat(seat=1, user_id=None)]
    await insert_games(db, copies)
    assert [copy.id for copy in copies] == [first.id + 1, first.id + 2, first.id + 3]
    loaded = await load_games(db, [copy.id for copy in copies])
    assert [(g.place_id, [s.user_id for s in g.seats]) for g in loaded] == [
        (number, [number, None]) for number in range(1, 4)
    ]
    async with db.transaction() as conn:
        later = game(9, 0, GameStatus.RUNNING)
        await insert_game(conn, later)
    assert later.id > copies[-1].id
