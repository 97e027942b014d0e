"""Rebuilding a game's state from its seed and action log.

The stored snapshot is an optimisation: the log is the truth. When a snapshot no longer loads
(an engine upgrade changed its state model, a damaged row), the game is replayed from the same
seed and config with every logged action, which gives the very state the players were in,
because engines are deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from games.core.base import Engine


def replay(
    engine: Engine, config: str, players: int, seed: int, actions: Iterable[tuple[int, str]]
) -> BaseModel:
    """The state after applying `actions` (seat, action JSON) in order to a new game."""
    config_model = engine.config_model.model_validate_json(config)
    state: BaseModel = engine.new_game(config_model, players, seed)[0]
    for seat, action in actions:
        state, _ = engine.apply(state, seat, engine.parse_action(action))
    return state
