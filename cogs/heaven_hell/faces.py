"""Heaven & Hell's card faces: the 25 colour-value cards, the double and the two sides.

A card is its colour with the colour's mark and its value (`bot/faces/palette.py`), so that a
colour reads without colour vision; the double is a gold `x2`; heaven is a light card with a
halo and a plus (its cards count plus), hell a dark one with horns and a minus.
"""

from __future__ import annotations

from bot.faces.drawing import Face, FaceDrawing, Mark
from bot.faces.palette import COLOURS as PALETTE
from games.heaven_hell.cards import COLOURS, VALUES_PER_COLOUR, Colour, Side

DOUBLE_KEY = "hh_double"
DOUBLE = FaceDrawing(label="x2", background="#ffd54f", ink="#000000")
SIDES: dict[Side, FaceDrawing] = {
    Side.HEAVEN: FaceDrawing(
        label="", background="#e3f2fd", ink="#0d47a1", mark=Mark.HEAVEN, big_mark=True
    ),
    Side.HELL: FaceDrawing(
        label="", background="#4a0d0d", ink="#ff8a65", mark=Mark.HELL, big_mark=True
    ),
}


def face_key(colour: Colour, value: int) -> str:
    return f"hh_{colour.value}{value}"


def side_key(side: Side) -> str:
    return f"hh_{side.value}"


FACES: tuple[Face, ...] = (
    *(
        Face(face_key(colour, value), PALETTE[colour.value].face(str(value)))
        for colour in COLOURS
        for value in sorted(set(VALUES_PER_COLOUR))
    ),
    Face(DOUBLE_KEY, DOUBLE),
    *(Face(side_key(side), drawing) for side, drawing in SIDES.items()),
)
