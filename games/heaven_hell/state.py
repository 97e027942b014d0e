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
    """`play`: turns are taken; `doubles`: the round is over and its colours are scored one by
    one, each positive colour after its secret double choices; `finished`. (Level 8 calls its
    last phase `over`: both values are stored in the states of running games, so neither is
    renamed.)"""

    PLAY = "play"
    DOUBLES = "doubles"
    FINISHED = "finished"


class Row(BaseModel):
    """One colour's row; each side holds card ids in the order they were placed."""

    heaven: list[int] = []
    hell: list[int] = []


class ColourScore(BaseModel):
    """How one colour was scored at the end of a round.

    `revealed` is every seat's cards of the colour (their values, ascending) and `holdings` their
    sums, both public from the colour's reveal on. `asked` is the seats that chose whether to play
    their double on it (empty unless heaven led and someone still holding a double held the
    colour). `scorer` is None when nobody scores (equal sides, or nobody holds the colour).
    """

    model_config = ConfigDict(frozen=True)

    colour: Colour
    heaven: int
    hell: int
    revealed: list[list[int]]
    holdings: list[int]
    asked: list[int]
    scorer: int | None
    doubled: bool
    points: int


class RoundReport(BaseModel):
    """The public record of a finished round: revealed hands, where each double went (None: kept)
    and points."""

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
    - `doubles[s]`: the colour seat s played its double on this round, None while it holds it;
      public (doubles are revealed as each colour's choices are).
    - `asking`: in the doubles phase, the positive colour whose double choices are awaited;
      `choices[s]` is seat s's secret choice for it (True: play the double here), None until it
      chose. Hidden from other seats until every seat asked has chosen.
    - `scored`: the colours of this round scored so far, in row order (the doubles phase).
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
    doubles: list[Colour | None]
    choices: list[bool | None]
    asking: Colour | None = None
    scored: list[ColourScore] = []
    reports: list[RoundReport]
    recent: list[Event] = []

    @property
    def rounds(self) -> int:
        return self.config.rounds_for(self.players)

    def totals(self) -> list[int]:
        return [sum(report.points[seat] for report in self.reports) for seat in range(self.players)]
