"""What happened, for the table, the log and tests.

Events are public: they never carry a hidden card. A drawn card is reported only as "seat drew";
a stuck seat's hand is public by the rules, so `PlayerStuck` carries it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.heaven_hell.cards import Card, Colour, Side


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)


class RoundStarted(_Event):
    kind: Literal["round_started"] = "round_started"
    round: int
    dealer: int
    first: int


class CardDrawn(_Event):
    kind: Literal["card_drawn"] = "card_drawn"
    seat: int


class CardPlaced(_Event):
    kind: Literal["card_placed"] = "card_placed"
    seat: int
    card: Card
    side: Side


class RowClosed(_Event):
    kind: Literal["row_closed"] = "row_closed"
    colour: Colour


class PlayerStuck(_Event):
    """The seat cannot place any card and shows its hand."""

    kind: Literal["player_stuck"] = "player_stuck"
    seat: int
    hand: list[Card]


class CardDiscarded(_Event):
    kind: Literal["card_discarded"] = "card_discarded"
    seat: int
    card: Card


class TurnSkipped(_Event):
    """A stuck seat with an empty draw pile loses its turn (ruling)."""

    kind: Literal["turn_skipped"] = "turn_skipped"
    seat: int


class DoubleChosen(_Event):
    """A seat has made its secret choice for `colour`; what it chose stays hidden until every
    seat asked has chosen."""

    kind: Literal["double_chosen"] = "double_chosen"
    seat: int
    colour: Colour


class DoublesRevealed(_Event):
    """The choices for `colour`, shown together: `played` put their double on it, `kept` kept
    theirs for a later colour. The colour's hands are revealed and scored right after."""

    kind: Literal["doubles_revealed"] = "doubles_revealed"
    colour: Colour
    played: list[int]
    kept: list[int]


class RoundScored(_Event):
    """The round's last colour is scored; the full report (hands, doubles, every colour) is the
    state's last `RoundReport`, kept there so views can show it too."""

    kind: Literal["round_scored"] = "round_scored"
    round: int
    points: list[int]
    totals: list[int]


class GameEnded(_Event):
    kind: Literal["game_ended"] = "game_ended"
    totals: list[int]
    winners: list[int]


Event = Annotated[
    RoundStarted
    | CardDrawn
    | CardPlaced
    | RowClosed
    | PlayerStuck
    | CardDiscarded
    | TurnSkipped
    | DoubleChosen
    | DoublesRevealed
    | RoundScored
    | GameEnded,
    Field(discriminator="kind"),
]
"""An event as the state keeps it (see `HeavenHellState.recent`): parsed back by its `kind`."""
