"""The deadline queue: one sleeping task per process however many games are armed, each game
woken once at its moment, re-arming replacing the earlier wake-up."""

from __future__ import annotations

import asyncio

from bot.clock import now
from bot.tables.deadline_queue import DeadlineQueue, Wakeup


async def test_a_thousand_games_share_one_sleeping_task_and_each_wakes_once() -> None:
    woken: list[int] = []

    async def on_wake(game_id: int, _wakeup: Wakeup) -> None:
        woken.append(game_id)

    queue = DeadlineQueue(on_wake, "game")
    before = len(asyncio.all_tasks())
    start = now()
    for game_id in range(1000):
        queue.arm_at(game_id, start + 0.3 + (game_id % 10) * 0.005)
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks()) - before == 1, "one sleeper, not one task per game"
    assert len(queue) == 1000

    queue.arm(5, None)  # disarmed
    queue.arm(6, 0.5)  # moved later
    queue.arm(7, 0.5)
    queue.arm(7, 0.0)  # moved earlier: wakes at once
    await asyncio.sleep(0.01)
    assert woken == [7]
    await asyncio.sleep(0.65)

    assert sorted(woken) == sorted([*(n for n in range(1000) if n != 5)])
    assert len(woken) == len(set(woken)), "each game once"
    assert woken.index(6) == len(woken) - 1, "the game moved later wakes last"
    assert len(queue) == 0, "spent wake-ups are forgotten"
    assert queue._heap == []
    queue.close()
