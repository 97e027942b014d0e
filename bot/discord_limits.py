"""Discord's size limits for the texts the cogs build, and the ways a text is fitted into them.

One place for them so that every game cuts a label or a field the same way, and a limit that
Discord changes is changed once.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

FIELD_LIMIT = 1024
"""Characters in an embed field's value."""

LABEL_LIMIT = 80
"""Characters in a button's label."""

OPTION_LIMIT = 100
"""Characters in a select option's label or description."""

CONTINUED = "\u200b"
"""The (invisible) name of a field that goes on with the one above it."""


def clip(text: str, limit: int) -> str:
    """A text cut to a limit, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def last_lines(lines: Sequence[str], most: int) -> list[str]:
    """The newest `most` lines that fit in one field together: the newest matter most."""
    kept: list[str] = []
    for line in reversed(lines[-most:]):
        if len("\n".join([line, *kept])) > FIELD_LIMIT:
            break
        kept.insert(0, line)
    return kept


def add_lines(embed: discord.Embed, name: str, lines: Sequence[str]) -> None:
    """A field of lines (none when there are no lines), continued in unnamed fields when the
    lines do not fit in one, so that no line is lost."""
    chunk: list[str] = []
    for line in lines:
        if chunk and len("\n".join([*chunk, line])) > FIELD_LIMIT:
            embed.add_field(name=name, value="\n".join(chunk), inline=False)
            name, chunk = CONTINUED, []
        chunk.append(line)
    if chunk:
        embed.add_field(name=name, value="\n".join(chunk), inline=False)
