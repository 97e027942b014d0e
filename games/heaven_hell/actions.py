"""What a seat can do, as a discriminated union on `kind`.

The draw of "draw one, then place one" is not an action: the engine draws for a seat as its turn
starts, so the seat decides with the drawn card already in hand. This keeps one click per turn on
the table (pick a card and a side) and leaves no half-finished turn to persist or time out.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.heaven_hell.cards import Colour, Side


class PlaceCard(BaseModel):
    """Place a card of this colour and value from hand in its row, on `side`."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["place"] = "place"
    colour: Colour
    value: int
    side: Side


class DiscardStuck(BaseModel):
    """A stuck seat (every card in hand belongs to a closed row) discards this card; the engine
    then draws a replacement for it."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["discard"] = "discard"
    colour: Colour
    value: int


class ChooseDouble(BaseModel):
    """A secret choice while the round's colours are scored one by one: play the double on
    `colour`, the positive colour being scored now, or keep it for a later one.

    The colour is named so that a choice meant for one colour can never count for the next.
    """

    model_config = ConfigDict(frozen=True)

    kind: Literal["double"] = "double"
    colour: Colour
    play: bool


Action = Annotated[PlaceCard | DiscardStuck | ChooseDouble, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
