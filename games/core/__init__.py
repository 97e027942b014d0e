"""What every engine shares: the engine contract (`BaseEngine`), rule errors, results, the
state copy and the registry."""

from games.core.base import BaseEngine, Engine
from games.core.errors import RuleError
from games.core.policy import Policy
from games.core.result import GameResult, SeatResult

__all__ = ["BaseEngine", "Engine", "GameResult", "Policy", "RuleError", "SeatResult"]
