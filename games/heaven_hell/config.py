"""Variant options of Heaven & Hell.

The rules fix almost everything; the only knob a table may want is a shorter game, so `rounds`
defaults to the rules' "as many rounds as players" and may be lowered for a quick game.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.core.game_type import NOT_A_TABLE_OPTION

MIN_PLAYERS = 3
MAX_PLAYERS = 5
HAND_SIZE = 6
SIDE_LIMIT = 3
ROW_LIMIT = 5


class HeavenHellConfig(BaseModel):
    """`rounds=None` means one round per player (the rules); a number overrides it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: int | None = Field(
        default=None, ge=1, le=MAX_PLAYERS, json_schema_extra=NOT_A_TABLE_OPTION
    )
    """Shorter games for simulators and tests; tables play the rules' count."""

    def rounds_for(self, players: int) -> int:
        return players if self.rounds is None else self.rounds


def closed_rows_to_end(players: int) -> int:
    """A round ends at 2 closed rows, 3 with five players."""
    return 3 if players == 5 else 2
