"""The colours the games' cards share, each with the mark that tells it without colour vision.

Heaven & Hell and Level 8 print cards in named colours; both draw a colour the same way, so a
player who learnt that the circle is red in one game reads it in the other. The ink is black on
the light colours and white on the dark ones, for the contrast a 22 px face needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.faces.drawing import FaceDrawing, Mark


@dataclass(frozen=True)
class CardColour:
    """`symbol` writes the mark in text, for a legend (an embed's footer shows no emoji)."""

    background: str
    ink: str
    mark: Mark
    symbol: str

    def face(self, label: str) -> FaceDrawing:
        return FaceDrawing(label=label, background=self.background, ink=self.ink, mark=self.mark)


COLOURS: dict[str, CardColour] = {
    "red": CardColour("#c62828", "#ffffff", Mark.CIRCLE, "●"),
    "yellow": CardColour("#f6c90e", "#000000", Mark.TRIANGLE, "▲"),
    "green": CardColour("#1b7a30", "#ffffff", Mark.SQUARE, "■"),
    "blue": CardColour("#1d5fd1", "#ffffff", Mark.DIAMOND, "◆"),
    "purple": CardColour("#7b3fb5", "#ffffff", Mark.STAR, "★"),
    "orange": CardColour("#f28a1e", "#000000", Mark.CROSS, "✚"),
}
"""By the colour's English name, as the engines name their colours."""
