"""How wide a piece of the table is on a phone, so that a seat's groups share a line where they
fit and never break in the middle of one.

A phone at 390 px (an iPhone 12 to 15) leaves an embed about 278 px of text; a card's face, like
any emoji, is 22 px wide, a character of text about 7.5 px, a space 4 px (Discord's mobile
metrics, rounded; `tests/support/phone.py` measures the tables with the same figures). A text
face (`🟥R7`, before the faces are uploaded) is its square and two or three characters, so the
same groups take more room then, and the estimate counts it so.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

LINE_PX = 278.0
FACE_PX = 22.0
CHAR_PX = 7.5
SPACE_PX = 4.0

CUSTOM_EMOJI = re.compile(r"<a?:\w+:\d+>")
FACE_STAND_IN = "\ue000"


def text_px(text: str) -> float:
    """The width of one line of text as shown: a custom or Unicode emoji 22 px, markdown's
    stars gone."""
    width = 0.0
    for char in CUSTOM_EMOJI.sub(FACE_STAND_IN, text).replace("**", ""):
        if char == " ":
            width += SPACE_PX
        elif char == FACE_STAND_IN or unicodedata.category(char) == "So":
            width += FACE_PX
        elif unicodedata.category(char) not in ("Mn", "Cf"):
            width += CHAR_PX
    return width


def packed(pieces: Sequence[str], separator: str) -> list[str]:
    """`pieces` in order, as many on a line as fit, joined by `separator`; a piece wider than
    a line has a line of its own (Discord wraps it)."""
    lines: list[str] = []
    for piece in pieces:
        if lines and text_px(lines[-1] + separator + piece) <= LINE_PX:
            lines[-1] += separator + piece
        else:
            lines.append(piece)
    return lines


def phone_lines(text: str) -> int:
    """The lines a text takes on a phone, each of its lines wrapped at spaces as Discord wraps
    it."""
    lines = 0
    for paragraph in text.split("\n"):
        lines, used = lines + 1, 0.0
        for word in paragraph.split(" "):
            size = text_px(word)
            if used and used + SPACE_PX + size > LINE_PX:
                lines, used = lines + 1, size
            else:
                used += (SPACE_PX if used else 0.0) + size
    return lines
