"""Card faces drawn by the project's own code, as PNG images for Discord's application emojis.

A game describes each face once (`FaceDrawing`: the big label, the card's colour and a mark);
this module turns a description into the same PNG bytes every time, so that a face's hash names
its content (see `bot/faces/upload.py`) and a change of design re-uploads exactly the faces it
changed.

Discord shows an emoji in text and on buttons at about 22 px, so a face is built for that size:
a full-bleed card, a label of one to three characters in heavy strokes taking most of the card,
and a high contrast between label and card. A colour is never told by its hue alone: every
coloured face also carries its colour's mark across its top: a shape (circle, triangle, …) in
the top-left corner and the colour's letter in the top-right one, as tall as the shape, the same
in every language. The letter stands beside the shape rather than cut out of it: cut out, it was
three pixels high at 22 px and could not be read, while beside the shape it is eight, in the
label's own ink (`tests/bot/faces/test_drawing.py` measures it in greyscale).

The font is the scalable one bundled with Pillow (`ImageFont.load_default(size=…)`,
Pillow ≥ 10.1), made heavier with a stroke of the label's own colour: nothing is fetched or read
from the system at run time.
"""

from __future__ import annotations

import hashlib
import io
import math
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

SIZE = 128
"""Discord stores emojis at up to 128 px and scales them down; drawing at that size keeps the
strokes crisp once scaled."""
MAX_BYTES = 256 * 1024
"""Discord refuses an emoji image over 256 KiB."""
CORNER = 18
MARK_BOX = 44
MARGIN = 6
REFERENCE = 100
LABEL_STROKE = REFERENCE // 26
"""The stroke added around a label's glyphs at the reference size, to make them heavier."""
LETTER_STROKE = REFERENCE // 12
"""A colour's letter is drawn smaller than the label (its mark's height) and needs a heavier
stroke to keep, once scaled to 22 px, strokes a pixel wide that read in greyscale."""


class Mark(StrEnum):
    """What a face carries besides its label: a colour's shape, or a picture of its own."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"
    DIAMOND = "diamond"
    STAR = "star"
    CROSS = "cross"
    UP = "up"
    DOWN = "down"
    HEAVEN = "heaven"
    HELL = "hell"
    NO_ENTRY = "no_entry"


@dataclass(frozen=True)
class FaceDrawing:
    """One face as a game describes it. `label` is drawn as large as the card allows below the
    corner mark (or centred when there is none); `ink` draws the label and the mark on
    `background`."""

    label: str
    background: str
    ink: str
    mark: Mark | None = None
    big_mark: bool = False
    """The mark fills the card behind the label (a wild's star, a Skip's no-entry sign)."""
    mark_letter: str = ""
    """A letter drawn in the top-right corner, beside the mark: a colour's letter, the one its
    text face carries (`bot/colours.py`), so that a card reads the same as a picture and as
    text."""


@dataclass(frozen=True)
class Face:
    """A face and its emoji key (`[a-z0-9_]`, at most `MAX_KEY` characters: the emoji's name
    adds the content hash)."""

    key: str
    drawing: FaceDrawing


MAX_KEY = 24


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _glyphs(text: str, stroke: int) -> Image.Image:
    """`text` in heavy strokes at the reference size, as a mask cropped to its ink (a font's
    bounding box includes room above and below a glyph that a face has none to spare for)."""
    font = _font(REFERENCE)
    mask = Image.new("L", (REFERENCE * (len(text) + 1), REFERENCE * 2), 0)
    ImageDraw.Draw(mask).text(
        (REFERENCE // 2, REFERENCE // 2),
        text,
        font=font,
        fill=255,
        stroke_width=stroke,
        stroke_fill=255,
    )
    found = mask.getbbox()
    return mask.crop(found) if found is not None else mask


@cache
def _digit_height() -> int:
    return _glyphs("0", LABEL_STROKE).height


def _label(
    image: Image.Image,
    text: str,
    box: tuple[int, int, int, int],
    ink: str,
    stroke: int = LABEL_STROKE,
) -> None:
    """`text` as large as fits `box`, centred in it, but never taller than a digit would be,
    so that a minus sign stays a minus sign and a "7" is as tall as the "7" of "17"."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    glyphs = _glyphs(text, stroke)
    scale = min(width / glyphs.width, height / glyphs.height, height / _digit_height())
    size = (max(1, round(glyphs.width * scale)), max(1, round(glyphs.height * scale)))
    shaped = glyphs.resize(size, Image.Resampling.LANCZOS)
    at = (left + (width - size[0]) // 2, top + (height - size[1]) // 2)
    image.paste(Image.new("RGBA", size, ink), at, shaped)


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _sign(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], ink: str, plus: bool
) -> None:
    """A plus or a minus drawn as bars: the font's are small beside its digits."""
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    bar = (bottom - top) * 0.12
    draw.rectangle((left, cy - bar, right, cy + bar), fill=ink)
    if plus:
        draw.rectangle((cx - bar, top, cx + bar, bottom), fill=ink)


def _heaven(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], ink: str) -> None:
    """A halo over a plus: heaven's cards count plus."""
    left, top, right, bottom = box
    width = right - left
    draw.ellipse(
        (left + width * 0.2, top, right - width * 0.2, top + width * 0.22), outline=ink, width=9
    )
    _sign(
        draw, (left + width * 0.15, top + width * 0.3, right - width * 0.15, bottom), ink, plus=True
    )


def _hell(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], ink: str) -> None:
    """Two horns over a minus: hell's cards count minus."""
    left, top, right, bottom = box
    width = right - left
    horn = top + width * 0.35
    draw.polygon(
        [(left + width * 0.1, horn), (left + width * 0.12, top), (left + width * 0.38, horn)],
        fill=ink,
    )
    draw.polygon(
        [(right - width * 0.38, horn), (right - width * 0.12, top), (right - width * 0.1, horn)],
        fill=ink,
    )
    _sign(
        draw,
        (left + width * 0.15, top + width * 0.3, right - width * 0.15, bottom),
        ink,
        plus=False,
    )


def _mark(draw: ImageDraw.ImageDraw, mark: Mark, box: tuple[int, int, int, int], ink: str) -> None:
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    half = (right - left) / 2
    if mark is Mark.CIRCLE:
        draw.ellipse(box, fill=ink)
    elif mark in (Mark.TRIANGLE, Mark.UP):
        draw.polygon([(cx, top), (right, bottom), (left, bottom)], fill=ink)
    elif mark is Mark.DOWN:
        draw.polygon([(left, top), (right, top), (cx, bottom)], fill=ink)
    elif mark is Mark.SQUARE:
        inset = half * 0.12
        draw.rectangle((left + inset, top + inset, right - inset, bottom - inset), fill=ink)
    elif mark is Mark.DIAMOND:
        draw.polygon([(cx, top), (right, cy), (cx, bottom), (left, cy)], fill=ink)
    elif mark is Mark.STAR:
        draw.polygon(_star(cx, cy + half * 0.08, half * 1.05, half * 0.45), fill=ink)
    elif mark is Mark.CROSS:
        arm = half * 0.36
        draw.rectangle((cx - arm, top, cx + arm, bottom), fill=ink)
        draw.rectangle((left, cy - arm, right, cy + arm), fill=ink)
    elif mark is Mark.HEAVEN:
        _heaven(draw, box, ink)
    elif mark is Mark.HELL:
        _hell(draw, box, ink)
    elif mark is Mark.NO_ENTRY:
        draw.ellipse(box, fill=ink)
        bar = half * 0.22
        draw.rectangle((left + half * 0.3, cy - bar, right - half * 0.3, cy + bar), fill="#ffffff")


def draw(drawing: FaceDrawing) -> Image.Image:
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((0, 0, SIZE - 1, SIZE - 1), radius=CORNER, fill=drawing.background)
    full = (MARGIN, MARGIN, SIZE - MARGIN, SIZE - MARGIN)
    if drawing.mark is None:
        _label(image, drawing.label, full, drawing.ink)
    elif drawing.big_mark:
        _mark(pen, drawing.mark, (14, 14, SIZE - 14, SIZE - 14), drawing.ink)
        if drawing.label:
            _label(image, drawing.label, (34, 40, SIZE - 34, SIZE - 30), drawing.background)
    else:
        mark_box = (MARGIN + 2, MARGIN + 2, MARGIN + 2 + MARK_BOX, MARGIN + 2 + MARK_BOX)
        _mark(pen, drawing.mark, mark_box, drawing.ink)
        if drawing.mark_letter:
            letter_box = (SIZE - MARGIN - 2 - MARK_BOX, mark_box[1], SIZE - MARGIN - 2, mark_box[3])
            _label(image, drawing.mark_letter, letter_box, drawing.ink, LETTER_STROKE)
        label_box = (MARGIN, MARGIN + MARK_BOX + 4, SIZE - MARGIN, SIZE - MARGIN)
        _label(image, drawing.label, label_box, drawing.ink)
    return image


@cache
def png(drawing: FaceDrawing) -> bytes:
    """The face as PNG bytes, the same for the same description (no timestamp or text chunk;
    cached because every bot of a process, and each test's, uploads the same faces)."""
    out = io.BytesIO()
    draw(drawing).save(out, format="PNG")
    return out.getvalue()


def digest(drawing: FaceDrawing) -> str:
    """Seven hex digits of the PNG's SHA-256: enough to tell one design from the next."""
    return hashlib.sha256(png(drawing)).hexdigest()[:7]
