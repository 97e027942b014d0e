"""What every engine shares: the engine contract, rule errors, results and the registry."""

from games.core.engine import Engine, Policy
from games.core.errors import RuleError
from games.core.result import GameResult, SeatResult

__all__ = ["Engine", "GameResult", "Policy", "RuleError", "SeatResult"]
