"""The Game's card faces: one description for the 98 cards and the piles' two bases.

A card is its number in white on dark blue, the same for every card as in the box; a pile's base
(the virtual 1 of ▲A and ▲B, the 100 of ▼C and ▼D) is a light card with the pile's direction
drawn as an arrowhead, as the pile names carry it (▲, ▼).
"""

from __future__ import annotations

from bot.faces.drawing import Face, FaceDrawing, Mark
from games.the_game.cards import ALL_CARDS, START_TOPS

CARD_BACKGROUND = "#1f2a44"
CARD_INK = "#ffffff"
ASCENDING_BASE = FaceDrawing(label="1", background="#e6f4ea", ink="#1b5e20", mark=Mark.UP)
DESCENDING_BASE = FaceDrawing(label="100", background="#fdecea", ink="#b71c1c", mark=Mark.DOWN)
ASCENDING_START, DESCENDING_START = START_TOPS[0], START_TOPS[-1]


def face_key(value: int) -> str:
    """The emoji key of a card, or of a pile's base (1 or 100, what an empty pile shows)."""
    if value == ASCENDING_START:
        return "tg_up1"
    if value == DESCENDING_START:
        return "tg_down100"
    return f"tg_{value}"


def _drawing(value: int) -> FaceDrawing:
    return FaceDrawing(label=str(value), background=CARD_BACKGROUND, ink=CARD_INK)


FACES: tuple[Face, ...] = (
    *(Face(face_key(value), _drawing(value)) for value in ALL_CARDS),
    Face(face_key(ASCENDING_START), ASCENDING_BASE),
    Face(face_key(DESCENDING_START), DESCENDING_BASE),
)
