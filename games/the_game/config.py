"""The variants a table may choose before The Game starts."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

BASE_HAND_SIZES: dict[int, int] = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}
"""Hand size by player count in the standard game (rules: 8 solo, 7 for two, 6 for 3-5)."""

MIN_PLAYERS = 1
MAX_PLAYERS = 5


class TheGameConfig(BaseModel):
    """Expert mode and smaller hands are independent and may be combined."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    expert: bool = False
    smaller_hands: bool = False

    def hand_size(self, players: int) -> int:
        """Cards dealt to each seat; smaller hands remove one card from every hand."""
        return BASE_HAND_SIZES[players] - (1 if self.smaller_hands else 0)

    def minimum(self, draw_pile_size: int) -> int:
        """Cards a turn must place: 2 (3 in expert) while cards remain to draw, then 1."""
        if draw_pile_size == 0:
            return 1
        return 3 if self.expert else 2
