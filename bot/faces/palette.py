"""The colours the games' cards share, each with the marks that tell it without colour vision.

Heaven & Hell and Level 8 print cards in named colours; both draw a colour the same way, so a
player who learnt that the circle is red in one game reads it in the other. A colour's mark is a
shape, with the colour's letter beside it, the letter its text face carries (`🟥R`,
`bot/colours.py`); both read at Discord's 22 px, in greyscale too. The ink is black on the light
colours and white on the dark ones, for the contrast a 22 px face needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.colours import MARKS
from bot.faces.drawing import FaceDrawing, Mark


@dataclass(frozen=True)
class CardColour:
    name: str
    background: str
    ink: str
    mark: Mark

    def face(self, label: str) -> FaceDrawing:
        return FaceDrawing(
            label=label,
            background=self.background,
            ink=self.ink,
            mark=self.mark,
            mark_letter=MARKS[self.name].letter,
        )


COLOURS: dict[str, CardColour] = {
    name: CardColour(name, *look)
    for name, look in {
        "red": ("#c62828", "#ffffff", Mark.CIRCLE),
        "yellow": ("#f6c90e", "#000000", Mark.TRIANGLE),
        "green": ("#1b7a30", "#ffffff", Mark.SQUARE),
        "blue": ("#1d5fd1", "#ffffff", Mark.DIAMOND),
        "purple": ("#7b3fb5", "#ffffff", Mark.STAR),
        "orange": ("#f28a1e", "#000000", Mark.CROSS),
    }.items()
}
"""By the colour's English name, as the engines name their colours."""
