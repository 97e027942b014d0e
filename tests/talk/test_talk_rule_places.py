"""The per-place memory of running games that keeps the talk rule cheap on busy servers."""

from __future__ import annotations

import asyncio

import pytest

import cogs.the_game.table_talk
from cogs.the_game.table_talk import RunningPlaces


class Games:
    """What the database says: the running game of each place, and how often it was asked."""

    def __init__(self) -> None:
        self.running: dict[int, int] = {}
        self.asked: list[int] = []
        self.gate: asyncio.Event | None = None

    async def lookup(self, place_id: int) -> int | None:
        self.asked.append(place_id)
        answer = self.running.get(place_id)
        if self.gate is not None:
            await self.gate.wait()
        return answer


async def test_answers_are_reused_until_the_bot_posts_there() -> None:
    games = Games()
    places = RunningPlaces(games.lookup)
    assert await places.game_id(10) is None
    games.running[10] = 1
    assert await places.game_id(10) is None
    assert games.asked == [10]
    places.forget(10)
    assert await places.game_id(10) == 1
    assert games.asked == [10, 10]


async def test_an_answer_overtaken_by_a_forget_is_not_kept() -> None:
    games = Games()
    places = RunningPlaces(games.lookup)
    games.gate = asyncio.Event()
    pending = asyncio.create_task(places.game_id(10))
    await asyncio.sleep(0)
    games.running[10] = 1
    places.forget(10)
    games.gate.set()
    assert await pending is None
    assert await places.game_id(10) == 1


async def test_memory_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cogs.the_game.table_talk, "MAX_REMEMBERED", 2)
    games = Games()
    places = RunningPlaces(games.lookup)
    for place in (1, 2, 3):
        await places.game_id(place)
    await places.game_id(3)
    await places.game_id(1)
    assert games.asked == [1, 2, 3, 1]
