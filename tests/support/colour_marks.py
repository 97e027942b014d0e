"""Colours that read without colour vision: every coloured square a message shows is followed by
its colour's letter (`🟥R`), the same in every language (`bot/colours.py`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.colours import MARKS

SQUARE = re.compile("[" + "".join(mark.square for mark in MARKS.values()) + "]")
LETTER_OF = {mark.square: mark.letter for mark in MARKS.values()}


def unmarked_colours(texts: Iterable[str]) -> list[str]:
    """Each coloured square of `texts` that lacks its letter, with the text around it."""
    found: list[str] = []
    for text in texts:
        for match in SQUARE.finditer(text):
            after = match.end()
            if text[after : after + 1] != LETTER_OF[match.group()]:
                found.append(text[max(0, match.start() - 20) : after + 20])
    return found


def squares_in(texts: Iterable[str]) -> int:
    """How many coloured squares `texts` show, so that a test can tell it read any."""
    return sum(len(SQUARE.findall(text)) for text in texts)
