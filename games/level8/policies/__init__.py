"""Computer players for Level 8, by name. `heuristic` is the one computer seats use; `baseline`
is the heuristic before issue 15, kept to measure strength head to head."""

from __future__ import annotations

from collections.abc import Callable

from games.core.policy import Policy
from games.level8.policies.baseline import BaselinePolicy
from games.level8.policies.heuristic import HeuristicPolicy
from games.level8.policies.random_policy import RandomPolicy

POLICIES: dict[str, Callable[[], Policy]] = {
    "heuristic": HeuristicPolicy,
    "baseline": BaselinePolicy,
    "random": RandomPolicy,
}

__all__ = ["POLICIES", "BaselinePolicy", "HeuristicPolicy", "RandomPolicy"]
