"""The 70-card deck: five colours of fourteen cards each.

Inside the state a card is an int id (0-69) so that conservation is easy to check and copies are
cheap; `colour_of` and `value_of` decode it. Equal cards (same colour and value) are
interchangeable, so actions and views name cards by colour and value only.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class Colour(StrEnum):
    """The five colours, in the fixed order used for rows, scoring and events."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"


class Side(StrEnum):
    """Heaven (right of the row, counts plus) or hell (left, counts minus)."""

    HEAVEN = "heaven"
    HELL = "hell"


COLOURS: tuple[Colour, ...] = tuple(Colour)
# Per colour: four 1s, three 2s, three 3s, two 4s, two 5s (sum 37).
VALUES_PER_COLOUR: tuple[int, ...] = (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5)
CARDS_PER_COLOUR = len(VALUES_PER_COLOUR)
DECK_SIZE = CARDS_PER_COLOUR * len(COLOURS)

_COLOUR_INDEX: dict[Colour, int] = {colour: index for index, colour in enumerate(COLOURS)}
# Decoding tables, indexed by card id; plain tuples because they sit in every inner loop.
COLOUR_INDEX_OF: tuple[int, ...] = tuple(i // CARDS_PER_COLOUR for i in range(DECK_SIZE))
VALUE_OF: tuple[int, ...] = tuple(
    VALUES_PER_COLOUR[i % CARDS_PER_COLOUR] for i in range(DECK_SIZE)
)


class Card(BaseModel):
    """A card as shown to people and policies."""

    model_config = ConfigDict(frozen=True)

    colour: Colour
    value: int


def colour_index(colour: Colour) -> int:
    return _COLOUR_INDEX[colour]


def colour_of(card_id: int) -> Colour:
    return COLOURS[COLOUR_INDEX_OF[card_id]]


def card_of(card_id: int) -> Card:
    return Card(colour=colour_of(card_id), value=VALUE_OF[card_id])


def cards_of(card_ids: list[int]) -> list[Card]:
    """Cards sorted by colour order then value, the way a hand is drawn."""
    return [card_of(card_id) for card_id in sorted(card_ids)]


def find_card(card_ids: list[int], colour: Colour, value: int) -> int | None:
    """The lowest id in `card_ids` with that colour and value (deterministic for replays)."""
    index = _COLOUR_INDEX[colour]
    found = [c for c in card_ids if COLOUR_INDEX_OF[c] == index and VALUE_OF[c] == value]
    return min(found) if found else None
