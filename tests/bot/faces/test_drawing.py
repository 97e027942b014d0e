"""The faces as drawn: one per card of each game, within Discord's limits, the same bytes at
every run, and readable at the 22 px Discord shows an emoji in."""

from __future__ import annotations

import io
import re

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


def _luminance(colour: str) -> float:
    """WCAG relative luminance of `#rrggbb`."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(one: str, other: str) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


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
