"""The faces as drawn: one per card of each game, within Discord's limits, the same bytes at
every run, and readable at the 22 px Discord shows an emoji in."""

from __future__ import annotations

import io
import re
from dataclasses import replace

from PIL import Image

from bot.colours import MARKS
from bot.faces.drawing import MAX_BYTES, SIZE, FaceDrawing, Mark, draw, png
from bot.faces.palette import COLOURS
from bot.faces.upload import check_faces, emoji_name
from cogs.heaven_hell.faces import FACES as HEAVEN_HELL
from cogs.heaven_hell.faces import face_key as heaven_hell_key
from cogs.level8.faces import FACES as LEVEL8
from cogs.level8.faces import face_key as level8_key
from cogs.level8.words import COLOUR_KEYS
from cogs.the_game.faces import FACES as THE_GAME
from cogs.the_game.faces import face_key as the_game_key
from games.heaven_hell.cards import DECK_SIZE as HEAVEN_HELL_DECK
from games.heaven_hell.cards import card_of
from games.level8.cards import ALL_CARD_IDS, NUMBER_CARDS, colour_of
from games.the_game.cards import ALL_CARDS, START_TOPS

ALL = (*THE_GAME, *HEAVEN_HELL, *LEVEL8)


def test_every_card_of_each_game_has_a_face() -> None:
    keys = {face.key for face in ALL}
    assert {the_game_key(value) for value in (*ALL_CARDS, *START_TOPS)} <= keys
    assert len(THE_GAME) == 98 + 2
    cards = (card_of(card_id) for card_id in range(HEAVEN_HELL_DECK))
    assert {heaven_hell_key(card.colour, card.value) for card in cards} <= keys
    assert {"hh_double", "hh_heaven", "hh_hell"} <= keys
    assert len(HEAVEN_HELL) == 25 + 1 + 2
    assert {level8_key(card_id) for card_id in ALL_CARD_IDS} <= keys
    assert len(LEVEL8) == 90 + 1 + 1
    assert len(ALL) == 220


def test_faces_are_pngs_within_discords_limits() -> None:
    check_faces(ALL)
    for face in ALL:
        data = png(face.drawing)
        assert len(data) <= MAX_BYTES
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.size == (SIZE, SIZE)
        assert re.fullmatch(r"[a-z0-9_]{2,32}", emoji_name(face))


def test_the_same_description_gives_the_same_bytes() -> None:
    drawing = FaceDrawing(label="42", background="#1f2a44", ink="#ffffff")
    first = png(drawing)
    png.cache_clear()
    assert png(FaceDrawing(label="42", background="#1f2a44", ink="#ffffff")) == first
    assert png(FaceDrawing(label="43", background="#1f2a44", ink="#ffffff")) != first


def _channel(value: int) -> float:
    """WCAG relative luminance of one sRGB channel (or of a grey) from 0 to 255."""
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def _luminance(colour: str) -> float:
    """WCAG relative luminance of `#rrggbb`."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def _ratio(one: float, other: float) -> float:
    high, low = sorted((one, other), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _contrast(one: str, other: str) -> float:
    return _ratio(_luminance(one), _luminance(other))


def test_every_label_stands_out_from_its_card() -> None:
    """At least WCAG's 4.5:1 for text, so a numeral a few pixels high still reads."""
    for face in ALL:
        assert _contrast(face.drawing.ink, face.drawing.background) >= 4.5, face.key


def test_each_colour_carries_its_own_shape_and_the_letter_of_its_text_face() -> None:
    """A shape reads at 22 px; the letter is the one `🟥R7` carries, so a card is named alike as
    a picture and as text."""
    marks = [colour.mark for colour in COLOURS.values()]
    assert len(set(marks)) == len(marks)
    cards = [
        *(
            (heaven_hell_key(c.colour, c.value), c.colour.value)
            for c in map(card_of, range(HEAVEN_HELL_DECK))
        )
    ]
    cards += [
        (level8_key(card_id), COLOUR_KEYS[colour_of(card_id)]) for card_id in range(NUMBER_CARDS)
    ]
    drawings = {face.key: face.drawing for face in ALL}
    for key, colour in cards:
        assert drawings[key].mark is COLOURS[colour].mark, key
        assert drawings[key].mark_letter == MARKS[colour].letter, key


def test_a_label_fills_most_of_the_face_at_22_px() -> None:
    """The numeral is what a player reads: at Discord's 22 px it keeps at least 9 px of height
    (half the face), which a digit needs to be told from its neighbours."""
    for drawing in (THE_GAME[0].drawing, THE_GAME[-1].drawing, LEVEL8[14].drawing):
        small = draw(drawing).convert("RGB").resize((22, 22), Image.Resampling.LANCZOS)
        ink = tuple(int(drawing.ink[i : i + 2], 16) for i in (1, 3, 5))
        rows = {
            y
            for y in range(22)
            for x in range(22)
            if sum(abs(a - b) for a, b in zip(small.getpixel((x, y)), ink, strict=True)) < 120
        }
        assert max(rows) - min(rows) + 1 >= 9, drawing.label


def test_a_mark_is_drawn_where_the_description_puts_it() -> None:
    plain = draw(FaceDrawing(label="7", background="#d62828", ink="#ffffff"))
    marked = draw(FaceDrawing(label="7", background="#d62828", ink="#ffffff", mark=Mark.CIRCLE))
    corner = (10, 10, 40, 40)
    assert plain.crop(corner).getcolors() != marked.crop(corner).getcolors()


def _grey_at_22(drawing: FaceDrawing) -> Image.Image:
    """The face as Discord shows it in text and on buttons, seen without colour vision."""
    small = draw(drawing).convert("RGB").resize((22, 22), Image.Resampling.LANCZOS)
    return small.convert("L")


def _seen(drawing: FaceDrawing, without: FaceDrawing) -> set[tuple[int, int]]:
    """The pixels, at 22 px in greyscale, where what `without` leaves out of `drawing` stands
    out from what is there without it by WCAG's 3:1 (the contrast it asks of large text)."""
    face, rest = (_grey_at_22(shown).get_flattened_data() for shown in (drawing, without))
    return {
        (index % 22, index // 22)
        for index, (one, other) in enumerate(zip(face, rest, strict=True))
        if _ratio(_channel(one), _channel(other)) >= 3
    }


def _rows(pixels: set[tuple[int, int]]) -> int:
    ys = [y for _, y in pixels]
    return max(ys) - min(ys) + 1 if ys else 0


LETTER_ROWS = 6
"""The smallest pixel fonts draw a capital in five rows by three columns; a letter that spans
six rows of a 22 px face, anti-aliased, is one a reader can still name."""
LETTER_PIXELS = 20
"""A capital of such a font lights 10 to 17 pixels; twenty at 3:1 leave room for the blur of
scaling."""


def test_each_colours_letter_reads_in_greyscale_at_22_px() -> None:
    """A reader who cannot tell the colours apart reads the colour's letter of every coloured
    face at Discord's 22 px: it spans at least six rows and lights at least twenty pixels at
    3:1 against what surrounds it; and the value still reads first, taller than the letter."""
    lettered = [face for face in ALL if face.drawing.mark_letter]
    assert len(lettered) == 25 + 90
    for face in lettered:
        letter = _seen(face.drawing, replace(face.drawing, mark_letter=""))
        value = _seen(face.drawing, replace(face.drawing, label=""))
        assert _rows(letter) >= LETTER_ROWS, face.key
        assert len(letter) >= LETTER_PIXELS, face.key
        assert _rows(value) > _rows(letter), face.key
