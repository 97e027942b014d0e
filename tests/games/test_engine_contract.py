"""The engine contract (games/core/engine.py), checked on every engine the registry finds and
on the tests' tiny engine, which lives outside `games/`: a new game is held to it by being
registered.

Each game is played out by random computer players, checking along the way that `apply` never
changes the state it is given, that the spectator view hides hands and the draw pile, that a
state survives JSON, and at the end that the log replays to the same state and that the finished
game waits on nobody."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from games.core.engine import Engine
from games.core.registry import available_engines
from games.core.seeding import policy_rng
from tests.bot.tiny_engine import TINY_ENGINE

ENGINES: dict[str, Engine] = {**available_engines(), TINY_ENGINE.key: TINY_ENGINE}


class RandomChoice:
    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return rng.choice(list(legal))


def secrets_shown(view: dict[str, Any]) -> list[str]:
    """What a spectator view shows that it must not: anybody's current hand, or the draw pile
    at any depth (its size is public; hands revealed by a finished round's report are too)."""
    hands = [key for key in ("hand", "hands") if view.get(key) is not None]
    return hands + [key for key in _keys(view) if key == "draw_pile"]


def _keys(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [*data, *(key for value in data.values() for key in _keys(value))]
    if isinstance(data, list):
        return [key for item in data for key in _keys(item)]
    return []


def played_out(
    engine: Engine, players: int, seed: int
) -> tuple[BaseModel, list[tuple[int, BaseModel]]]:
    """A random game, checking each state on the way; the final state and the action log."""
    state = engine.new_game(engine.config_model(), players, seed)
    rng = policy_rng(seed)
    log: list[tuple[int, BaseModel]] = []
    while waiting := engine.to_act(state):
        assert engine.result(state) is None
        assert secrets_shown(engine.view(state, None).model_dump(mode="json")) == []
        assert engine.load_state(state.model_dump_json()) == state
        seat = rng.choice(waiting)
        legal = engine.legal_actions(state, seat)
        action = RandomChoice().choose(engine.view(state, seat), legal, rng)
        before = state.model_dump_json()
        new, _events = engine.apply(state, seat, action)
        assert state.model_dump_json() == before, "apply changed the state it was given"
        log.append((seat, action))
        state = new
    return state, log


@pytest.mark.parametrize("key", list(ENGINES))
def test_random_play_ends_and_replays_from_its_log(key: str) -> None:
    engine = ENGINES[key]
    players, seed = engine.min_players, 1
    final, log = played_out(engine, players, seed)
    result = engine.result(final)
    assert result is not None and len(result.seats) == players
    assert engine.to_act(final) == [], "a finished game waits on nobody"
    assert all(engine.legal_actions(final, seat) == [] for seat in range(players))
    replayed = engine.new_game(engine.config_model(), players, seed)
    for seat, action in log:
        replayed, _ = engine.apply(replayed, seat, engine.parse_action(action.model_dump_json()))
    assert replayed == final


def test_every_game_declares_its_type() -> None:
    for key, engine in ENGINES.items():
        game = engine.game_type
        assert game.key == key == engine.key
        assert 1 <= game.min_players <= game.max_players
        assert game.default_policy in engine.policy_names()
        assert {option.name for option in game.options} == set(game.config_model.model_fields)
