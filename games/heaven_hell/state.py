"""The whole game as one JSON-serialisable model.

Cards are int ids (see `cards`). The deck order of each round comes from `random.Random` seeded
with the game seed and the round number, so a state never needs to carry a generator.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from games.heaven_hell.cards import Card, Colour
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.events import Event

RECENT_EVENTS = 40
"""Public events kept for a table's "last moves": a few turns of every seat of a full table."""


class Phase(StrEnum):
    """`play`: turns are taken; `declare`: doubles are collected in secret; `finished`."""

    PLAY = "play"
    DECLARE = "declare"
    FINISHED = "finished"


class Row(BaseModel):
    """One colour's row; each side holds card ids in the order they were placed."""

    heaven: list[int] = []
    hell: list[int] = []


class ColourScore(BaseModel):
    """How one colour was scored at the end of a round.

    `holdings` is every seat's hand sum of the colour, revealed at scoring. `scorer` is None when
    nobody scores (equal sides, or nobody holds the colour).
    """

    model_config = ConfigDict(frozen=True)

    colour: Colour
    heaven: int
    hell: int
    holdings: list[int]
    scorer: int | None
    doubled: bool
    points: int


class RoundReport(BaseModel):
    """The public record of a finished round: revealed hands, declarations and points."""

    model_config = ConfigDict(frozen=True)

    round: int
    dealer: int
    hands: list[list[Card]]
    doubles: list[Colour | None]
    colours: list[ColourScore]
    points: list[int]


class HeavenHellState(BaseModel):
    """Everything about a running game.

    - `current`: the seat whose turn it is in the play phase; its draw has already happened.
    - `declared[s]`/`doubles[s]`: whether seat s has sent its secret declaration this round, and
      for which colour (None = no double). Both are hidden from other seats until the reveal.
    - `reports`: one per finished round; the points of round r are `reports[r].points`.
    - `recent`: the newest public events (at most `RECENT_EVENTS`), oldest first. Events never
      carry a hidden card, so a spectator may see them.
    """

    config: HeavenHellConfig
    players: int
    seed: int
    round: int
    dealer: int
    phase: Phase
    current: int
    draw_pile: list[int]
    hands: list[list[int]]
    rows: list[Row]
    discard: list[int]
    declared: list[bool]
    doubles: list[Colour | None]
    reports: list[RoundReport]
    recent: list[Event] = []

    @property
    def rounds(self) -> int:
        return self.config.rounds_for(self.players)

    def totals(self) -> list[int]:
        return [sum(report.points[seat] for report in self.reports) for seat in range(self.players)]
