"""The whole game as one pydantic model that round-trips through JSON exactly."""

from __future__ import annotations

import random
from enum import StrEnum

from pydantic import BaseModel

from games.level8.config import Level8Config
from games.level8.groups import Group


class Phase(StrEnum):
    DRAW = "draw"
    PLAY = "play"
    KEEP = "keep"
    OVER = "over"


class EndReason(StrEnum):
    DISPLAYED_LEVEL_8 = "displayed_level_8"
    WENT_OUT_ON_LEVEL_7 = "went_out_on_level_7"
    TURN_LIMIT = "turn_limit"


class PlayerState(BaseModel):
    """One seat. `discard` is its personal pile (top last); `skip` the Skip lying in front."""

    level: int = 1
    hand: list[int] = []
    discard: list[int] = []
    groups: list[Group] = []
    skip: int | None = None
    kept: list[int] | None = None

    @property
    def displayed(self) -> bool:
        return bool(self.groups)


class GameState(BaseModel):
    """`draw` has its top last; its `face_up` lowest cards are Skips served face up under it.

    Randomness: every shuffle uses `random.Random(f"{seed}/{shuffles}")`, so a state carries
    everything needed to continue deterministically.
    """

    config: Level8Config
    seed: int
    shuffles: int = 0
    players: list[PlayerState]
    draw: list[int] = []
    face_up: int = 0
    dealer: int = 0
    current: int = 0
    phase: Phase = Phase.DRAW
    round: int = 0
    turns: int = 0
    winner: int | None = None
    end_reason: EndReason | None = None

    def next_rng(self) -> random.Random:
        """A fresh generator for the next shuffle; advances the shuffle counter."""
        rng = random.Random(f"{self.seed}/{self.shuffles}")
        self.shuffles += 1
        return rng

    def clone(self) -> GameState:
        """A deep copy without revalidation; apply() works on it so a refused action changes
        nothing. Groups are replaced rather than mutated, so they may be shared."""
        return self.model_copy(
            update={
                "draw": list(self.draw),
                "players": [
                    p.model_copy(
                        update={
                            "hand": list(p.hand),
                            "discard": list(p.discard),
                            "groups": list(p.groups),
                            "kept": None if p.kept is None else list(p.kept),
                        }
                    )
                    for p in self.players
                ],
            }
        )
