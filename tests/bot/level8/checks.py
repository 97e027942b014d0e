"""Level 8's own checks on the games every registered game plays
(`tests/bot/test_every_game.py`)."""

from __future__ import annotations

from typing import Any

import simcord

from bot.settings import Settings
from tests.support.table_driver import logged_actions

TURN_ENDS = ("Discard", "PlaySkip")


def table_posts(env: simcord.Env, place: simcord.ChannelHandle) -> int:
    """Messages posted in the game's thread over the whole game."""
    path = f"/channels/{place.id}/messages"
    return sum(1 for r in env.http_requests if r.method == "POST" and r.path == path)


async def after_a_quick_game(
    driver: Any, settings: Settings, channel: simcord.ChannelHandle
) -> None:
    """Two people and two computers: each seat's moves are logged as its own, the winner is
    named, and a computer's turn of several actions edits the table rather than posting it (the
    table is reposted when a person must act, or after a round summary)."""
    driver.check_hands_were_seen()
    state = driver.state()
    logged = logged_actions(settings.database_path)
    assert {(seat, actor) for seat, actor, _ in logged} == {
        (0, "human"),
        (1, "human"),
        (2, "computer"),
        (3, "computer"),
    }
    final = driver.thread.history()[-1]
    assert (final.embeds[0].title or "").endswith("wins Level 8!") or state.winner is None
    turns_of_people = sum(
        1 for seat, _, action in logged if seat < 2 and '"kind":"draw_' in action
    )
    assert table_posts(driver.env, driver.thread) <= turns_of_people + 2 * state.round + 2


def with_hands_kept(driver: Any, kept: list[tuple[int, str, int]]) -> None:
    """With the hand kept open, a plain turn takes the draw and the discard, nothing more."""
    driver.check_hands_were_seen()
    turns: list[list[tuple[str, int]]] = []
    current: dict[int, list[tuple[str, int]]] = {}
    for seat, kind, clicks in kept:
        current.setdefault(seat, []).append((kind, clicks))
        if kind in TURN_ENDS:
            turns.append(current.pop(seat))
    plain = [turn for turn in turns if [kind for kind, _ in turn][1:] == ["Discard"]]
    assert len(plain) > 10, len(plain)
    assert {sum(clicks for _, clicks in turn) for turn in plain} == {2}
