"""One game played out by computer players, the loop every simulator (`python -m games.bench`)
and the engine contract tests share.

The first seat the game waits on acts, as a bot table lets the first seat listed open The Game.
The computer players' random choices come from `rng` alone, so a seed reproduces a run. A clock
is passed in rather than read, which keeps `games/` free of I/O.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from games.core.base import BaseEngine, StateT
from games.core.policy import Policy

DecisionTimer = Callable[[int, float], None]
"""Told each decision's seat and duration in the clock's unit."""


def play_out(
    engine: BaseEngine[StateT, Any, Any],
    state: StateT,
    policies: Sequence[Policy],
    rng: random.Random,
    *,
    max_actions: int | None = None,
    clock: Callable[[], float] | None = None,
    on_decision: DecisionTimer | None = None,
) -> StateT:
    """The state once nobody is waited on. `max_actions` turns a game that loops into an error
    rather than a hang; with `clock` and `on_decision`, every `choose` call is timed."""
    for _ in itertools.count() if max_actions is None else range(max_actions):
        waiting = engine.to_act(state)
        if not waiting:
            return state
        seat = waiting[0]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        started = clock() if clock is not None else 0.0
        action = policies[seat].choose(view, legal, rng)
        if clock is not None and on_decision is not None:
            on_decision(seat, clock() - started)
        state, _ = engine.apply(state, seat, action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
