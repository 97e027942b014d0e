"""Card identities.

A card is a plain int so that hands, piles and the finder's bitmasks stay cheap. Ids are stable
across deck presets: number cards are 0..89 (colour * 15 + value - 1), wilds start at 90 and
Skips at 97, and a smaller preset simply leaves the highest wild and Skip ids out.
"""

from __future__ import annotations

from enum import IntEnum

from games.level8.config import DeckPreset

MIN_VALUE = 1
MAX_VALUE = 15
VALUES = range(MIN_VALUE, MAX_VALUE + 1)


class Colour(IntEnum):
    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3
    PURPLE = 4
    ORANGE = 5


COLOURS = tuple(Colour)
NUMBER_CARDS = MAX_VALUE * len(COLOURS)
WILD_BASE = NUMBER_CARDS
MAX_WILDS = 7
SKIP_BASE = WILD_BASE + MAX_WILDS
MAX_SKIPS = 4
ALL_CARD_IDS = range(SKIP_BASE + MAX_SKIPS)

PRESET_SPECIALS: dict[DeckPreset, tuple[int, int]] = {
    DeckPreset.FR: (7, 4),
    DeckPreset.EN2016: (6, 3),
    DeckPreset.DE2016: (5, 3),
}


def number_card(value: int, colour: int) -> int:
    return colour * MAX_VALUE + value - MIN_VALUE


def is_number(card: int) -> bool:
    return 0 <= card < NUMBER_CARDS


def is_wild(card: int) -> bool:
    return WILD_BASE <= card < SKIP_BASE


def is_skip(card: int) -> bool:
    return SKIP_BASE <= card < SKIP_BASE + MAX_SKIPS


def value_of(card: int) -> int:
    """The printed value of a number card."""
    return card % MAX_VALUE + MIN_VALUE


def colour_of(card: int) -> int:
    """The printed colour of a number card."""
    return card // MAX_VALUE


def deck(preset: DeckPreset) -> list[int]:
    """Every card of the preset's box, in id order."""
    wilds, skips = PRESET_SPECIALS[preset]
    return (
        list(range(NUMBER_CARDS))
        + list(range(WILD_BASE, WILD_BASE + wilds))
        + list(range(SKIP_BASE, SKIP_BASE + skips))
    )


def sort_key(card: int) -> tuple[int, int, int]:
    """Hand order for display: numbers by value then colour, then wilds, then Skips."""
    if is_number(card):
        return (0, value_of(card), colour_of(card))
    return (1 if is_wild(card) else 2, 0, card)
