"""The state keeps the newest public events for a table's last moves."""

from __future__ import annotations

import random

from games.heaven_hell import ENGINE
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.events import CardDrawn, CardPlaced, RoundStarted
from games.heaven_hell.state import RECENT_EVENTS


def test_recent_events_follow_the_game_survive_json_and_stay_bounded() -> None:
    state = ENGINE.new_game(HeavenHellConfig(), 4, seed=3)[0]
    assert state.recent == [RoundStarted(round=0, dealer=0, first=1), CardDrawn(seat=1)]
    rng = random.Random(3)
    for _ in range(60):
        seat = ENGINE.to_act(state)[0]
        action = rng.choice(ENGINE.legal_actions(state, seat))
        state, events = ENGINE.apply(state, seat, action)
        assert state.recent[-len(events):] == events
        assert len(state.recent) <= RECENT_EVENTS
        if not ENGINE.to_act(state):
            break
    assert ENGINE.load_state(state.model_dump_json()) == state
    assert any(isinstance(event, CardPlaced) for event in ENGINE.view(state, None).recent)
    assert len(state.recent) == RECENT_EVENTS
