"""Computer players for Level 8, by name."""

from __future__ import annotations

from games.level8.policies.heuristic import HeuristicPolicy
from games.level8.policies.random_policy import RandomPolicy

POLICIES: dict[str, type[HeuristicPolicy] | type[RandomPolicy]] = {
    "heuristic": HeuristicPolicy,
    "random": RandomPolicy,
}

__all__ = ["POLICIES", "HeuristicPolicy", "RandomPolicy"]
