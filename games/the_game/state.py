"""The whole game as one JSON-serialisable model.

Hints are part of the state because they are public table talk that every view shows.

How hints live: a seat keeps at most one hint per pile (a new hint on a pile replaces the seat's
previous one there). A hint expires when the giving seat ends its next turn after the one in
which the hint was given, so a hint given during one's own turn covers the whole round that
follows, and a hint given while others play lasts until the giver has played once. A seat may
also withdraw its hint on a pile at any time.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from games.the_game.config import TheGameConfig

Pile = int
Card = int


class HintKind(StrEnum):
    """The legal table talk: about piles only, never about values."""

    DONT_PLAY = "dont_play"
    """Please don't play on this pile."""
    DONT_JUMP = "dont_jump"
    """Please don't jump far on this pile."""
    WANT_PLAY = "want_play"
    """I'd like to play on this pile."""


class Hint(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    pile: Pile = Field(ge=0, le=3)
    kind: HintKind
    turn: int
    """The turn number during which the hint was given (it drives expiry)."""
    by_computer: bool = False
    """Given by a computer playing the seat (a computer seat, autopilot, a stand-in after a
    timeout) rather than by its player."""


class Placement(BaseModel):
    """One placed card. The list of placements is public and lets players count cards."""

    model_config = ConfigDict(frozen=True)

    seat: int
    card: Card
    pile: Pile
    turn: int
    backwards: bool


class TheGameState(BaseModel):
    """`current` is None until the first card is placed: any seat may open the game. `over`
    rather than a phase: the game has no phases, only an end. Not frozen: `apply` changes a
    copy of it (`games.core.state.copy_state`)."""

    config: TheGameConfig
    players: int
    seed: int
    hands: list[list[Card]]
    draw_pile: list[Card]
    tops: list[Card]
    current: int | None = None
    turn: int = 0
    placed_this_turn: int = 0
    placements: list[Placement] = []
    hints: list[Hint] = []
    over: bool = False

    @property
    def minimum(self) -> int:
        return self.config.minimum(len(self.draw_pile))

    @property
    def still_required(self) -> int:
        return max(0, self.minimum - self.placed_this_turn)

    @property
    def cards_left(self) -> int:
        return len(self.draw_pile) + sum(len(hand) for hand in self.hands)
