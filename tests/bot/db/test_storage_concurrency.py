"""The storage layer under concurrency, on both backends: each test reproduces a way the former
single shared SQLite connection failed under load (8 members acting at once, 500 live games).

- A read ran inside another coroutine's open write transaction and saw its uncommitted rows.
- A read's cursor on the shared connection was reset by another coroutine's commit
  (`sqlite3.InterfaceError` in the middle of an End turn click).
- Per-game locks were never removed from memory.
- Two processes holding the same game could both save it: nothing in the database refused the
  second write.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.db import Database
from bot.tables.locks import LockTable
from bot.tables.records import (
    Actor,
    Game,
    Seat,
    StaleGame,
    append_action,
    insert_game,
    load_game,
    save_game,
)
from tests.support.game_rows import running_game

pytestmark = pytest.mark.both_backends


async def test_a_read_never_sees_rows_of_an_open_unit_of_work(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (1, 'fr')")
        seen = await db.fetchall("SELECT * FROM guild_settings")
        assert seen == [], "uncommitted rows are invisible to other readers"
        inside = await conn.fetchall("SELECT * FROM guild_settings")
        assert len(inside) == 1, "but visible inside the unit of work itself"
    assert len(await db.fetchall("SELECT * FROM guild_settings")) == 1


async def test_a_read_does_not_wait_for_an_open_unit_of_work(db: Database) -> None:
    release = asyncio.Event()
    opened = asyncio.Event()

    async def slow_writer() -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
            opened.set()
            await release.wait()

    writer = asyncio.create_task(slow_writer())
    await opened.wait()
    try:
        rows = await asyncio.wait_for(db.fetchall("SELECT * FROM guild_settings"), timeout=5)
        assert rows == []
    finally:
        release.set()
        await writer


async def test_concurrent_units_of_work_and_reads_never_fail_nor_see_half_a_unit(
    db: Database,
) -> None:
    """Writers insert two rows per unit of work while readers fetch the whole table, all at
    once: every read must succeed and see whole units of work (an even number of rows)."""
    writers, readers = 60, 60
    counts: list[int] = []

    async def write(number: int) -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (?)", (2 * number,))
            await asyncio.sleep(0)
            await conn.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (?)", (2 * number + 1,)
            )

    async def read() -> None:
        for _ in range(3):
            rows = await db.fetchall("SELECT guild_id FROM guild_settings")
            counts.append(len(rows))
            await asyncio.sleep(0)

    await asyncio.gather(*(write(n) for n in range(writers)), *(read() for _ in range(readers)))

    assert all(count % 2 == 0 for count in counts), counts
    row = await db.fetchone("SELECT COUNT(*) FROM guild_settings")
    assert row is not None and row[0] == 2 * writers


def new_game() -> Game:
    return running_game([Seat(0, 4, "alice"), Seat(1, 5, "bob")])


async def test_a_second_copy_of_a_game_cannot_save_over_the_first(db: Database) -> None:
    """Two processes (a rolling restart) load the same game and both accept the same click:
    the database applies it once and refuses the other, log entry included."""
    game = new_game()
    async with db.transaction() as conn:
        await insert_game(conn, game)
    first, second = await load_game(db, game.id), await load_game(db, game.id)
    assert first is not None and second is not None

    async def accept(copy: Game) -> None:
        async with db.transaction() as conn:
            seq = copy.action_count
            copy.action_count += 1
            copy.seats[0].version += 1
            await save_game(conn, copy)
            await append_action(conn, copy, 0, Actor.HUMAN, '{"kind": "x"}', "[]", 1.0, seq)

    await accept(first)
    with pytest.raises(StaleGame):
        await accept(second)

    rows = await db.fetchall("SELECT seq FROM actions WHERE game_id = ?", (game.id,))
    assert [row[0] for row in rows] == [0]
    stored = await load_game(db, game.id)
    assert stored is not None and stored.revision == 1 and stored.action_count == 1


async def test_saving_again_from_the_same_copy_works(db: Database) -> None:
    """The revision follows the copy that saved, so one handler can save twice in a row (a
    move, then the new table message id)."""
    game = new_game()
    async with db.transaction() as conn:
        await insert_game(conn, game)
    for message_id in (10, 11, 12):
        game.table_message_id = message_id
        async with db.transaction() as conn:
            await save_game(conn, game)
    stored = await load_game(db, game.id)
    assert stored is not None and stored.table_message_id == 12 and stored.revision == 3


async def test_units_of_work_on_different_games_overlap_on_postgresql(
    db: Database, database_backend: str
) -> None:
    """PostgreSQL gives each unit of work its own connection: a slow one does not hold up
    another (SQLite has one writer per file by design, so there they queue)."""
    if database_backend != "postgresql":
        pytest.skip("SQLite runs one write transaction at a time per file, by design")
    release = asyncio.Event()
    opened = asyncio.Event()

    async def slow() -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
            opened.set()
            await release.wait()

    task = asyncio.create_task(slow())
    await opened.wait()
    try:
        async with asyncio.timeout(5):
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (2)")
    finally:
        release.set()
        await task
    assert len(await db.fetchall("SELECT * FROM guild_settings")) == 2


async def test_the_lock_table_only_holds_locks_in_use() -> None:
    locks = LockTable()
    order: list[str] = []

    async def hold(key: int, name: str) -> None:
        async with locks.lock(key):
            order.append(f"{name}+")
            await asyncio.sleep(0)
            order.append(f"{name}-")

    await asyncio.gather(*(hold(key, f"k{key}") for key in range(1000)))
    assert len(locks) == 0, "every lock left the table once released"

    await asyncio.gather(hold(7, "a"), hold(7, "b"), hold(7, "c"))
    assert order[-6:] == ["a+", "a-", "b+", "b-", "c+", "c-"], "still one at a time per game"
    assert len(locks) == 0

    waiter_cancelled = asyncio.Event()

    async def cancelled_waiter() -> None:
        try:
            async with locks.lock(9):
                pass
        except asyncio.CancelledError:
            waiter_cancelled.set()
            raise

    async with locks.lock(9):
        task = asyncio.create_task(cancelled_waiter())
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert waiter_cancelled.is_set()
    assert len(locks) == 0, "a waiter that gave up does not leave its lock behind"
