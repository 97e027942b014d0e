"""Where a game stands and why it ended; apart from the state so that events can name them."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A turn's steps, the hard side's keep step between rounds, and the end. (Heaven & Hell
    calls its last phase `finished`: both values are stored in the states of running games, so
    neither is renamed.)"""

    DRAW = "draw"
    PLAY = "play"
    KEEP = "keep"
    OVER = "over"


class EndReason(StrEnum):
    DISPLAYED_LEVEL_8 = "displayed_level_8"
    WENT_OUT_ON_LEVEL_7 = "went_out_on_level_7"
    TURN_LIMIT = "turn_limit"
