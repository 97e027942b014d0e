"""What a hand control carries back in its payload (the machinery stores no UI state).

- `c<colour><value>`: a card chosen, first step of a turn (`c03` = red 3); it is also the
  `ui_state` of the second step, which shows the sides.
- `p<colour><value><side>`: place that card, `+` on heaven, `-` on hell (`p03+`).
- `d<colour><value>`: a stuck player's discard.
- `x<colour>` or `x-`: the secret declaration, the double on that colour or none.

Colours are their index in `COLOURS`. Anything that does not decode raises `ValueError`: a forged
or damaged custom id is refused, never guessed.
"""

from __future__ import annotations

from games.heaven_hell.actions import DeclareDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import COLOURS, VALUES_PER_COLOUR, Colour, Side, colour_index

CHOOSE = "c"
PLACE = "p"
DISCARD = "d"
DECLARE = "x"
NO_DOUBLE = "x-"
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


def declare_code(colour: Colour | None) -> str:
    return NO_DOUBLE if colour is None else DECLARE + str(colour_index(colour))


def read_chosen(payload: str) -> tuple[Colour, int]:
    if not payload.startswith(CHOOSE):
        raise ValueError(f"not a chosen card: {payload!r}")
    return read_card(payload[1:])


def read_action(payload: str) -> PlaceCard | DiscardStuck | DeclareDouble:
    """The engine action a place, discard or declaration payload stands for."""
    if payload.startswith(PLACE) and len(payload) == 4:
        colour, value = read_card(payload[1:3])
        sides = {code: side for side, code in SIDE_CODES.items()}
        if payload[3] not in sides:
            raise ValueError(f"no such side: {payload!r}")
        return PlaceCard(colour=colour, value=value, side=sides[payload[3]])
    if payload.startswith(DISCARD):
        colour, value = read_card(payload[1:])
        return DiscardStuck(colour=colour, value=value)
    if payload == NO_DOUBLE:
        return DeclareDouble(colour=None)
    if payload.startswith(DECLARE) and len(payload) == 2 and payload[1].isdigit():
        index = int(payload[1])
        if index >= len(COLOURS):
            raise ValueError(f"no such colour: {payload!r}")
        return DeclareDouble(colour=COLOURS[index])
    raise ValueError(f"not a Heaven & Hell control: {payload!r}")
