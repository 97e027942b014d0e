"""Level 8's card faces: the 90 number cards (six colours of 1 to 15), the wild and the Skip.

A number card is its colour with the colour's mark and its value (`bot/faces/palette.py`), the
same marks as Heaven & Hell's; a wild is a gold star on black, a Skip a no-entry sign. All wilds
look alike, and so do all Skips: one face each.
"""

from __future__ import annotations

from bot.faces.drawing import Face, FaceDrawing, Mark
from bot.faces.palette import COLOURS as PALETTE
from games.level8.cards import COLOURS, NUMBER_CARDS, colour_of, is_skip, is_wild, value_of

WILD_KEY = "l8_wild"
SKIP_KEY = "l8_skip"
WILD = FaceDrawing(label="", background="#202020", ink="#ffd54f", mark=Mark.STAR, big_mark=True)
SKIP = FaceDrawing(label="", background="#ffffff", ink="#c62828", mark=Mark.NO_ENTRY, big_mark=True)
COLOUR_NAMES: tuple[str, ...] = tuple(colour.name.lower() for colour in COLOURS)


def face_key(card_id: int) -> str:
    if is_wild(card_id):
        return WILD_KEY
    if is_skip(card_id):
        return SKIP_KEY
    return f"l8_{COLOUR_NAMES[colour_of(card_id)]}{value_of(card_id)}"


FACES: tuple[Face, ...] = (
    *(
        Face(
            face_key(card_id),
            PALETTE[COLOUR_NAMES[colour_of(card_id)]].face(str(value_of(card_id))),
        )
        for card_id in range(NUMBER_CARDS)
    ),
    Face(WILD_KEY, WILD),
    Face(SKIP_KEY, SKIP),
)
