"""Computer players for Heaven & Hell, by name.

`heuristic` is the strong player the bot seats; `baseline` is the first heuristic, kept
unchanged so that the strong one is measured head to head; `random` plays any legal action.
"""

from collections.abc import Callable

from games.core.policy import Policy
from games.heaven_hell.policies.baseline import BaselinePolicy
from games.heaven_hell.policies.heuristic import HeuristicPolicy
from games.heaven_hell.policies.random_policy import RandomPolicy

POLICIES: dict[str, Callable[[], Policy]] = {
    "random": RandomPolicy,
    "baseline": BaselinePolicy,
    "heuristic": HeuristicPolicy,
}

__all__ = ["POLICIES", "BaselinePolicy", "HeuristicPolicy", "RandomPolicy"]
