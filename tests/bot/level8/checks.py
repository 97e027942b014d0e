"""Level 8's own checks on the games every registered game plays
(`tests/bot/test_every_game.py`, `tests/bot/history/test_every_game_replays.py`) and its answers
to the others that cover every registered game (`tests.support.games`)."""

from __future__ import annotations

from typing import Any

import simcord

from bot.settings import Settings
from tests.support.messages import posts_in
from tests.support.replays import TableRecorder, replay_step, step_button
from tests.support.table_driver import logged_actions

TURN_ENDS = ("Discard", "PlaySkip")



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
    assert posts_in(driver.env, driver.thread) <= turns_of_people + 2 * state.round + 2


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


TURNS_COME_BACK = True
"""Between two players, a Skip gives the turn straight back to the one who played it: the
turn notices must reach them then too (`tests/bot/test_turn_notices.py`)."""


def acting_seats(table: simcord.ResponseMessage) -> list[str]:
    """The seats a table marks ▶️, by name: a seat's title also says whether its level is laid
    down (`▶️ bob · level 1 ✅`), which changes within a turn."""
    return [f.name.split(" · ")[0] for f in table.embeds[0].fields if f.name.startswith("▶️")]


async def after_a_replay(
    driver: Any,
    bob: simcord.MemberActor,
    recorder: TableRecorder,
    listed: str,
    final: simcord.ResponseMessage,
    replay: simcord.ResponseMessage,
) -> None:
    """A long replay (more than 100 steps, more than 20 of them seen live), opened at the deal
    in round 1, whose jumps land on the starts of turns and rounds."""
    step, last = replay_step(final)
    assert step == last > 100
    assert len(recorder.seen) > 20
    assert "round 1" in (replay.embeds[0].title or "")
    assert step_button(replay, "pround") is None

    await bob.click(replay, custom_id=step_button(replay, "nround"))
    round_two, _ = replay_step(replay)
    assert "round 2" in (replay.embeds[0].title or "")
    await bob.click(replay, custom_id=step_button(replay, "prev"))
    assert "round 1" in (replay.embeds[0].title or ""), "the round began at that very step"
    await bob.click(replay, custom_id=step_button(replay, "first"))
    acting = acting_seats(replay)
    await bob.click(replay, custom_id=step_button(replay, "nturn"))
    turn, _ = replay_step(replay)
    assert 0 < turn < round_two
    assert acting_seats(replay) != acting
    await bob.click(replay, custom_id=step_button(replay, "prev"))
    assert acting_seats(replay) == acting
    await bob.click(replay, custom_id=step_button(replay, "last"))
    assert replay_step(replay) == (last, last)
