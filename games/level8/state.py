"""The whole game as one pydantic model that round-trips through JSON exactly."""

from __future__ import annotations

import random

from pydantic import BaseModel

from games.level8.config import Level8Config
from games.level8.events import Event
from games.level8.groups import Group
from games.level8.phases import EndReason as EndReason
from games.level8.phases import Phase as Phase

RECENT_EVENTS = 40
"""Public events kept for a table's "last moves": several turns of a six-seat table."""


class PlayerState(BaseModel):
    """One seat. `discard` is its personal pile (top last); `skip` the Skip lying in front;
    `drawn` the card it drew this turn, until the turn ends.

    `level` is the level the seat plays, or will play once a round has ended. `ended_level` is
    the level it played in the round that has just ended, set for as long as that round's groups
    stay on show (the hard side's keep step, the end of the game) and None while a round is
    under way: the groups on show were made for it, not for `level`."""

    level: int = 1
    hand: list[int] = []
    discard: list[int] = []
    groups: list[Group] = []
    skip: int | None = None
    kept: list[int] | None = None
    drawn: int | None = None
    ended_level: int | None = None

    @property
    def displayed(self) -> bool:
        return bool(self.groups)


class Level8State(BaseModel):
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
    recent: list[Event] = []
    """The newest public events (at most `RECENT_EVENTS`), oldest first. Events never name a
    hidden card, so a spectator may see them."""

    def next_rng(self) -> random.Random:
        """A fresh generator for the next shuffle; advances the shuffle counter."""
        rng = random.Random(f"{self.seed}/{self.shuffles}")
        self.shuffles += 1
        return rng
