"""How a card's colour is written, in every game and for every reader: its square and a letter
(`🟥R`), so that no colour is told by colour alone (about one man in twelve cannot tell 🟥 🟧 🟨
or 🟩 🟦 apart, and in greyscale all the squares look alike).

One rule for every game: the letters are the same for every reader, whatever their language,
so that a card reads the same everywhere in one game. Letters in the reader's language gave one
card two names at one table (a French member's hand read 🟪M5 where the English table read 🟪P5),
and the table's language would change a card's name with the server's setting and could not be
drawn on a card face, which is one picture for every reader. The letters are the English
initials (Discord's default language); French shares three of them (Rouge, Bleu, Orange), and
each hand's legend names every colour in the reader's own language.

The colours' names are in the catalog area `colours`, keyed by the colours' English names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.i18n import Texts


class ColourMark(NamedTuple):
    square: str
    letter: str


MARKS: dict[str, ColourMark] = {
    "red": ColourMark("🟥", "R"),
    "yellow": ColourMark("🟨", "Y"),
    "green": ColourMark("🟩", "G"),
    "blue": ColourMark("🟦", "B"),
    "purple": ColourMark("🟪", "P"),
    "orange": ColourMark("🟧", "O"),
}
"""Every colour a game draws, by its English name (the catalog key of its name)."""


def colour_mark(colour: str) -> str:
    """A colour as cards and rows carry it: `🟥R`."""
    mark = MARKS[colour]
    return mark.square + mark.letter


def colour_name(tr: Texts, colour: str) -> str:
    """A colour named in words, with its mark: `🟥R red`."""
    return f"{colour_mark(colour)} {tr(f'colours.{colour}')}"


def letters_legend(tr: Texts, colours: Sequence[str]) -> str:
    """What the letters stand for, in the reader's language: `R red, Y yellow, …`."""
    return ", ".join(f"{MARKS[colour].letter} {tr(f'colours.{colour}')}" for colour in colours)
