"""Computer players for Heaven & Hell, by name."""

from collections.abc import Callable

from games.heaven_hell.policies.base import HeavenHellPolicy
from games.heaven_hell.policies.heuristic import HeuristicPolicy
from games.heaven_hell.policies.random_policy import RandomPolicy

POLICIES: dict[str, Callable[[], HeavenHellPolicy]] = {
    "random": RandomPolicy,
    "heuristic": HeuristicPolicy,
}

__all__ = ["POLICIES", "HeavenHellPolicy", "HeuristicPolicy", "RandomPolicy"]
