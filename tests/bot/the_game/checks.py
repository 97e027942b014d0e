"""The Game's own checks on the games every registered game plays
(`tests/bot/test_every_game.py`, `tests/bot/history/test_every_game_replays.py`)."""

from __future__ import annotations

from typing import Any

import simcord

from tests.support.replays import TableRecorder, replay_step
from tests.support.table_driver import logged_actions


def with_hands_kept(driver: Any, kept: list[tuple[int, str, int]]) -> None:
    """With the hand kept open, a card takes two interactions (the card, the pile) and End turn
    one."""
    by_kind: dict[str, set[int]] = {}
    for _, kind, clicks in kept:
        by_kind.setdefault(kind, set()).add(clicks)
    assert by_kind["PlaceCard"] == {2}
    assert by_kind["EndTurn"] == {1}


async def after_a_replay(
    driver: Any,
    bob: simcord.MemberActor,
    recorder: TableRecorder,
    listed: str,
    final: simcord.ResponseMessage,
    replay: simcord.ResponseMessage,
) -> None:
    """`/history` says how the team did, and the replay has one step per move of the game, the
    people's moves (the driver's) and the computer's."""
    alice = driver.players[0].member
    seats = f"<@{alice.id}>, <@{bob.id}>, 🤖 Computer 3"
    assert f"**The Game** · {seats}\n🤝 the team lost: " in listed or (
        "🏆 the team won: 🏆 total victory" in listed
    )
    logged = logged_actions(driver.db)
    assert replay_step(final)[0] == len(logged)
    assert sum(actor == "human" for _, actor, _ in logged) == len(driver.moves)
