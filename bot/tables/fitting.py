"""A panel drawn with the card faces, or with text faces when the faces make it too long.

A face in a message is `<:l8_red7_1a2b3c4:1234567890123456789>`, about ten times the length of
its text face `🟥R7`: a large table (six seats of Level 8 with many groups laid down) could pass
Discord's limits on embed texts with faces where it fits with text. Rather than lose a line, the
panel is drawn again with text faces, which every renderer already fits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from bot.discord_limits import FIELD_LIMIT
from bot.faces.emojis import CardFaces
from bot.tables.ui import HandContext, Panel, TableContext

CONTENT_LIMIT = 2000
DESCRIPTION_LIMIT = 4096
EMBEDS_LIMIT = 6000
"""Characters of all a message's embeds together (titles, descriptions, fields, footers)."""

ContextT = TypeVar("ContextT", TableContext[Any], HandContext[Any])
PanelT = TypeVar("PanelT", bound=Panel)


def fits(panel: Panel) -> bool:
    if panel.content is not None and len(panel.content) > CONTENT_LIMIT:
        return False
    if sum(len(embed) for embed in panel.embeds) > EMBEDS_LIMIT:
        return False
    for embed in panel.embeds:
        if embed.description is not None and len(embed.description) > DESCRIPTION_LIMIT:
            return False
        if any(len(str(field.value)) > FIELD_LIMIT for field in embed.fields):
            return False
    return True


def draw_fitting(render: Callable[[ContextT], PanelT], ctx: ContextT) -> PanelT:
    panel = render(ctx)
    if len(ctx.faces) == 0 or fits(panel):
        return panel
    return render(replace(ctx, faces=CardFaces()))
