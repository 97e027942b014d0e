"""The computer players of The Game, by name."""

from __future__ import annotations

from collections.abc import Callable

from games.core.engine import Policy
from games.the_game.policies.heuristic import HeuristicPolicy
from games.the_game.policies.random_policy import RandomPolicy


def make_policy(name: str, hints: bool = True) -> Policy:
    """`hints` switches the heuristic's table talk (reading and giving); the random player
    never talks."""
    factory = POLICIES.get(name)
    if factory is None:
        raise ValueError(f"unknown policy {name!r}; known: {', '.join(POLICIES)}")
    return factory(hints)


POLICIES: dict[str, Callable[[bool], Policy]] = {
    "heuristic": lambda hints: HeuristicPolicy(hints=hints),
    "random": lambda hints: RandomPolicy(),
}

__all__ = ["POLICIES", "HeuristicPolicy", "RandomPolicy", "make_policy"]
