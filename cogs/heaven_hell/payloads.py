"""What a hand control carries back in its payload (the machinery stores no UI state).

- `c<colour><value>`: a card chosen, first step of a turn (`c03` = red 3); it is also the
  `ui_state` of the second step, which shows the sides.
- `p<colour><value><side>`: place that card, `+` on heaven, `-` on hell (`p03+`).
- `d<colour><value>`: a stuck player's discard.
- `x<colour>+` or `x<colour>-`: the secret double choice for the colour being scored, play the
  double there or keep it.

Colours are their index in `COLOURS`. Anything that does not decode raises `ValueError`: a forged
or damaged custom id is refused, never guessed.
"""

from __future__ import annotations

from games.heaven_hell.actions import ChooseDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import COLOURS, VALUES_PER_COLOUR, Colour, Side, colour_index

CHOOSE = "c"
PLACE = "p"
DISCARD = "d"
DOUBLE = "x"
SIDE_CODES: dict[Side, str] = {Side.HEAVEN: "+", Side.HELL: "-"}


def card_code(colour: Colour, value: int) -> str:
    return f"{colour_index(colour)}{value}"


def read_card(text: str) -> tuple[Colour, int]:
    if len(text) != 2 or not text.isdigit():
        raise ValueError(f"not a card code: {text!r}")
    index, value = int(text[0]), int(text[1])
    if index >= len(COLOURS) or value not in VALUES_PER_COLOUR:
        raise ValueError(f"no such card: {text!r}")
    return COLOURS[index], value


def choose_code(colour: Colour, value: int) -> str:
    return CHOOSE + card_code(colour, value)


def place_code(colour: Colour, value: int, side: Side) -> str:
    return PLACE + card_code(colour, value) + SIDE_CODES[side]


def discard_code(colour: Colour, value: int) -> str:
    return DISCARD + card_code(colour, value)


def double_code(colour: Colour, play: bool) -> str:
    """The same signs as the sides: `+` plays the double, `-` keeps it."""
    return f"{DOUBLE}{colour_index(colour)}{'+' if play else '-'}"


def read_chosen(payload: str) -> tuple[Colour, int]:
    if not payload.startswith(CHOOSE):
        raise ValueError(f"not a chosen card: {payload!r}")
    return read_card(payload[1:])


def read_colour(text: str) -> Colour:
    if len(text) != 1 or not text.isdigit() or int(text) >= len(COLOURS):
        raise ValueError(f"no such colour: {text!r}")
    return COLOURS[int(text)]


def read_action(payload: str) -> PlaceCard | DiscardStuck | ChooseDouble:
    """The engine action a place, discard or double payload stands for."""
    if payload.startswith(PLACE) and len(payload) == 4:
        colour, value = read_card(payload[1:3])
        sides = {code: side for side, code in SIDE_CODES.items()}
        if payload[3] not in sides:
            raise ValueError(f"no such side: {payload!r}")
        return PlaceCard(colour=colour, value=value, side=sides[payload[3]])
    if payload.startswith(DISCARD):
        colour, value = read_card(payload[1:])
        return DiscardStuck(colour=colour, value=value)
    if payload.startswith(DOUBLE) and len(payload) == 3 and payload[2] in "+-":
        return ChooseDouble(colour=read_colour(payload[1]), play=payload[2] == "+")
    raise ValueError(f"not a Heaven & Hell control: {payload!r}")
