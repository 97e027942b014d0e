"""How tall a message is on a phone, in lines: an estimate of Discord's mobile layout at 390 px
(an iPhone 12 to 15), for tests that keep a table on one screen.

The numbers are Discord's mobile metrics, rounded: a message's text starts after the avatar's
gutter (68 px) and keeps 16 px from the right edge; an embed takes 4 px for its colour bar and
12 px of padding on each side. Text is about 7.5 px a character (gg sans at 14-16 px, averaged
over the bot's texts), an emoji, Unicode or custom, 22 px wide. Heights are counted in pixels and
given in lines of 20 px: an embed adds 16 px of padding above and below and 8 px between its
parts, a row of buttons is 40 px with 8 px above it. Text wraps at spaces, as Discord's does; a
word longer than a line breaks where it must.

A message's components are counted as the apps lay them out: a menu takes a row of its own; a
row of buttons keeps to one line while its buttons fit the message's width (a button is its
label and emoji with 12 px of padding each side, 8 px from the next) and flows onto more lines
when they do not, as the mobile apps wrap them. An ephemeral message (a hand) has a line under
it, "Only you can see this · Dismiss message".

The mobile apps stack inline fields, one under the other at the embed's full width, so an inline
field costs no fewer lines than a plain one there. On a narrow desktop window they stand side by
side, up to three a row: `squeezed_fields` names those that would wrap in such a column, the
"Draw / pile" a phone's browser shows.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

import discord

Field = Any
"""An embed's field as discord.py hands it out (a proxy with `name`, `value`, `inline`)."""

PHONE_WIDTH = 390
MESSAGE_WIDTH = PHONE_WIDTH - 68 - 16
EMBED_WIDTH = MESSAGE_WIDTH - 4 - 2 * 12
CHAR_PX = 7.5
SPACE_PX = 4.0
EMOJI_PX = 22.0
LINE_PX = 20
EMBED_PADDING_PX = 16
GAP_PX = 8
BUTTON_ROW_PX = 40
BUTTON_PADDING_PX = 12
BUTTON = 2
"""A component's type for a button; the other types in an action row are menus."""
INLINE_PER_ROW = 3
PHONE_SCREEN_LINES = 30
"""What one screen shows between the channel's header and the composer."""

CUSTOM_EMOJI = re.compile(r"<a?:\w+:\d+>")
MENTION = re.compile(r"<@!?\d+>")
TIMESTAMP = re.compile(r"<t:-?\d+(?::[tTdDfFR])?>")
MARKUP = re.compile(r"\*\*|__|~~|`")
EMOJI_STAND_IN = "\ue000"
"""A custom emoji once its markup is read: one character the width of an emoji."""


def _is_emoji(char: str) -> bool:
    return unicodedata.category(char) == "So" or 0x1F000 <= ord(char) <= 0x1FAFF


def word_px(word: str) -> float:
    """The width of a word as shown: markdown gone, a custom emoji 22 px, a mention as
    "@name" (about ten characters), a relative time as "in 5 minutes"."""
    word = CUSTOM_EMOJI.sub(EMOJI_STAND_IN, word)
    word = MENTION.sub("@" + "n" * 9, word)
    word = TIMESTAMP.sub("in 5 minutes", word)
    word = MARKUP.sub("", word)
    width = 0.0
    for char in word:
        if char == EMOJI_STAND_IN or _is_emoji(char):
            width += EMOJI_PX
        elif unicodedata.category(char) in ("Mn", "Cf"):
            continue
        else:
            width += CHAR_PX
    return width


def _words(paragraph: str) -> list[str]:
    """A paragraph's words; a timestamp's "in 5 minutes" wraps as the three words it shows."""
    return TIMESTAMP.sub("in 5 minutes", paragraph).split(" ")


def line_px(text: str) -> float:
    """The width of one line of text that does not wrap (a button's label)."""
    words = [word for word in text.split(" ") if word]
    return sum(word_px(word) for word in words) + SPACE_PX * max(len(words) - 1, 0)


def text_lines(text: str, width: float) -> int:
    """Lines `text` takes at `width` px, wrapping at spaces; empty text takes none."""
    if not text:
        return 0
    lines = 0
    for paragraph in text.split("\n"):
        lines += 1
        used = 0.0
        for word in _words(paragraph):
            size = word_px(word)
            gap = SPACE_PX if used else 0.0
            if used and used + gap + size > width:
                lines += 1
                used = 0.0
                gap = 0.0
            while size > width:
                lines += 1
                size -= width
            used += gap + size
    return lines


def _field_px(field: Field, width: float) -> int:
    name, value = str(field.name or ""), str(field.value or "")
    return LINE_PX * (text_lines(name, width) + text_lines(value, width))


def embed_px(embed: discord.Embed) -> int:
    """An embed as the mobile apps lay it out: every field at full width, stacked."""
    parts = [
        LINE_PX * text_lines(embed.title or "", EMBED_WIDTH),
        LINE_PX * text_lines(embed.description or "", EMBED_WIDTH),
        *(_field_px(field, EMBED_WIDTH) for field in embed.fields),
        LINE_PX * text_lines(embed.footer.text or "", EMBED_WIDTH),
    ]
    shown = [part for part in parts if part]
    return 2 * EMBED_PADDING_PX + sum(shown) + GAP_PX * max(len(shown) - 1, 0)


def squeezed_fields(embed: discord.Embed) -> list[str]:
    """The names of the inline fields that wrap more when standing side by side (a desktop
    window as narrow as a phone) than alone on their line."""
    squeezed: list[str] = []
    row: list[Field] = []

    def close_row() -> None:
        width = EMBED_WIDTH / len(row) if row else EMBED_WIDTH
        squeezed.extend(
            str(field.name)
            for field in row
            if len(row) > 1 and _field_px(field, width) > _field_px(field, EMBED_WIDTH)
        )
        row.clear()

    for field in embed.fields:
        if not field.inline:
            close_row()
            continue
        row.append(field)
        if len(row) == INLINE_PER_ROW:
            close_row()
    close_row()
    return squeezed


def button_px(button: dict[str, Any]) -> float:
    """A button's width: its label and its emoji (Unicode or custom), padded."""
    label = line_px(str(button.get("label") or ""))
    emoji = EMOJI_PX if button.get("emoji") else 0.0
    inner = label + emoji + (SPACE_PX if label and emoji else 0.0)
    return min(inner + 2 * BUTTON_PADDING_PX, MESSAGE_WIDTH)


def component_lines(view: discord.ui.View | None) -> int:
    """The lines of buttons and menus a message's components take on a phone: a menu one, a
    row of buttons as many as its buttons need at the message's width."""
    lines = 0
    for row in view.to_components() if view is not None else []:
        used = 0.0
        for item in row["components"]:
            width = button_px(item) if item["type"] == BUTTON else MESSAGE_WIDTH
            if not used or used + GAP_PX + width > MESSAGE_WIDTH:
                lines += 1
                used = width
            else:
                used += GAP_PX + width
    return lines


def message_lines(
    content: str | None,
    embeds: Sequence[discord.Embed],
    view: discord.ui.View | None = None,
    *,
    ephemeral: bool = False,
) -> int:
    """A whole message, in lines rounded up: its author line, its text, its embeds and its
    components, with the gaps between them, and the note under an ephemeral one."""
    px = LINE_PX + LINE_PX * text_lines(content or "", MESSAGE_WIDTH)
    px += sum(GAP_PX + embed_px(embed) for embed in embeds)
    px += component_lines(view) * (GAP_PX + BUTTON_ROW_PX)
    px += LINE_PX if ephemeral else 0
    return math.ceil(px / LINE_PX)
