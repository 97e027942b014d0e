"""The computer players of The Game, by name."""

from __future__ import annotations

from collections.abc import Callable

from games.core.policy import Policy
from games.the_game.policies.heuristic import HeuristicPolicy
from games.the_game.policies.random_policy import RandomPolicy

POLICIES: dict[str, Callable[[], Policy]] = {
    "heuristic": HeuristicPolicy,
    "random": RandomPolicy,
}
"""The heuristic reads and gives hints by default: at a table it must be a good partner."""

__all__ = ["POLICIES", "HeuristicPolicy", "RandomPolicy"]
