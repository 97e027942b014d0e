"""A panel too long with card faces is drawn again with text faces rather than refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.fitting import draw_fitting, fits
from bot.tables.ui import Panel, TableContext

Render = Callable[[TableContext[Any]], Panel]


def context(faces: CardFaces) -> TableContext[Any]:
    return TableContext(1, None, [], [], [], False, Texts("en"), faces)


def hand_of(cards: int) -> Render:
    """A renderer showing `cards` copies of one card."""

    def render(ctx: TableContext[Any]) -> Panel:
        shown = " ".join(ctx.faces.inline("tg_57", "`57`") for _ in range(cards))
        return Panel(embeds=[discord.Embed(description=shown)])

    return render


def uploaded() -> CardFaces:
    faces = CardFaces()
    faces.add("tg_57", discord.PartialEmoji(name="tg_57_1a2b3c4", id=1456074443980800999))
    return faces


def test_a_panel_that_fits_keeps_its_faces() -> None:
    panel = draw_fitting(hand_of(10), context(uploaded()))
    assert fits(panel) and "<:tg_57_1a2b3c4:" in (panel.embeds[0].description or "")


def test_a_panel_too_long_with_faces_is_drawn_with_text_faces() -> None:
    panel = draw_fitting(hand_of(300), context(uploaded()))
    assert fits(panel)
    assert panel.embeds[0].description == " ".join(["`57`"] * 300)
