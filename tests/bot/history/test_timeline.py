"""A game rebuilt step by step from its seed and log: every step is the state the log gives
after that many actions, whichever way one moves; turns and rounds are where the game says; the
cache of rebuilt games stays bounded and forgets what is not used."""

from __future__ import annotations

import random

import pytest

from bot.history.timeline import CHECKPOINT_EVERY, Timeline, TimelineCache
from bot.tables.replay import replay
from games.core.simulate import play_out
from games.level8 import ENGINE as LEVEL8
from tests.tiny_game import ENGINE as TINY


def level8_log(seed: int) -> tuple[str, list[tuple[int, str]]]:
    log: list[tuple[int, str]] = []
    heuristic = LEVEL8.policy("heuristic")

    class Logged:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: object, legal: list[object], rng: random.Random) -> object:
            action = heuristic.choose(view, legal, rng)
            log.append((self.seat, action.model_dump_json()))  # type: ignore[attr-defined]
            return action

    config = LEVEL8.config_model()
    start = LEVEL8.new_game(config, 3, seed)[0]
    play_out(LEVEL8, start, [Logged(s) for s in range(3)], random.Random(seed))
    return config.model_dump_json(), log


def test_every_step_is_the_state_the_log_gives_in_any_order() -> None:
    config, log = level8_log(4)
    timeline = Timeline(LEVEL8, config, 3, 4, log, lambda view: view.round)  # type: ignore[attr-defined]
    assert timeline.length == len(log) > 3 * CHECKPOINT_EVERY
    order = [
        *range(0, len(log) + 1, 7),
        len(log),
        1,
        0,
        *random.Random(1).sample(range(len(log)), 40),
    ]
    for number in order:
        step = timeline.step(number)
        expected = replay(LEVEL8, config, 3, 4, log[:number])
        assert step.number == number
        assert step.state == expected, number
        if number:
            before = replay(LEVEL8, config, 3, 4, log[: number - 1])
            seat, action = log[number - 1]
            assert step.seat == seat
            assert step.events == LEVEL8.apply(before, seat, LEVEL8.parse_action(action))[1]
    assert timeline.step(len(log) + 5).number == len(log), "past the end: the end"


def test_turn_and_round_jumps_land_where_the_game_changes_hands_and_rounds() -> None:
    config, log = level8_log(5)
    timeline = Timeline(LEVEL8, config, 3, 5, log, lambda view: view.round)  # type: ignore[attr-defined]
    to_act = [LEVEL8.to_act(timeline.step(n).state) for n in range(timeline.length + 1)]
    rounds = [timeline.step(n).state.round for n in range(timeline.length + 1)]  # type: ignore[attr-defined]
    first_turn = timeline.next_turn(0)
    assert to_act[first_turn] != to_act[0] and all(
        to_act[n] == to_act[0] for n in range(first_turn)
    )
    assert timeline.previous_turn(first_turn + 1) == first_turn
    assert timeline.previous_turn(first_turn) == 0
    second_round = timeline.next_round(0)
    assert second_round is not None and rounds[second_round] == 2 and rounds[second_round - 1] == 1
    assert timeline.previous_round(second_round) == 0
    assert timeline.next_turn(timeline.length) == timeline.length


def test_a_game_without_rounds_offers_no_round_jumps() -> None:
    config = TINY.config_model().model_dump_json()
    state = TINY.new_game(TINY.config_model(), 2, 3)[0]
    log = []
    while TINY.to_act(state):
        seat = TINY.to_act(state)[0]
        action = TINY.policy("highest").choose(
            TINY.view(state, seat), TINY.legal_actions(state, seat), random.Random()
        )
        log.append((seat, action.model_dump_json()))
        state, _ = TINY.apply(state, seat, action)
    timeline = Timeline(TINY, config, 2, 3, log, lambda view: None)
    assert timeline.next_round(0) is None and timeline.previous_round(4) is None
    assert timeline.step(timeline.length).state == state


def test_the_cache_is_bounded_and_forgets_what_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    moment = [1000.0]
    monkeypatch.setattr("bot.history.timeline.now", lambda: moment[0])
    timeline = Timeline(TINY, TINY.config_model().model_dump_json(), 2, 3, [], lambda view: None)
    cache = TimelineCache(size=2, seconds=60)
    cache.put(1, timeline)
    cache.put(2, timeline)
    assert cache.get(1) is timeline
    cache.put(3, timeline)
    assert cache.get(2) is None, "the least recently used went first"
    assert len(cache) == 2
    moment[0] += 50
    assert cache.get(3) is timeline
    moment[0] += 30
    assert cache.get(1) is None, "80 seconds without use"
    assert cache.get(3) is timeline, "used 30 seconds ago"
    moment[0] += 61
    assert len(cache) == 0
