"""A panel too long with card faces is drawn again with text faces rather than refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.fitting import draw_fitting, fits
from bot.tables.ui import Panel, TableContext
from cogs.heaven_hell.ui import HeavenHellUI
from cogs.level8.ui import Level8UI
from cogs.the_game.ui import TheGameUI
from games.level8 import ENGINE
from games.level8.state import Phase
from tests.bot.heaven_hell.test_rendering import ENGINE as HH_ENGINE
from tests.bot.heaven_hell.test_rendering import UI as HH_UI
from tests.bot.heaven_hell.test_rendering import check_panel as hh_check_panel
from tests.bot.heaven_hell.test_rendering import crowded as heaven_hell_crowded
from tests.bot.heaven_hell.test_rendering import seats as hh_seats
from tests.bot.level8.test_rendering import FRENCH, UI, check_panel, crowded_table, seats
from tests.games.level8.helpers import c, make_state, skip

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


def all_uploaded() -> CardFaces:
    """Every face of every game, with ids as long as Discord's."""
    faces = CardFaces()
    for number, face in enumerate((*TheGameUI.faces, *HeavenHellUI.faces, *Level8UI.faces)):
        faces.add(face.key, discord.PartialEmoji(name=f"{face.key}_1a2b3c4", id=2**62 + number))
    return faces


def test_the_crowded_six_seat_level8_table_fits_discords_limits_with_its_faces() -> None:
    state = crowded_table()
    view = ENGINE.view(state, None)
    table = TableContext(1, view, [], seats(6), ENGINE.to_act(state), False, FRENCH)
    panel = draw_fitting(UI.render_table, replace(table, faces=all_uploaded()))
    check_panel(panel)
    assert "<:l8_wild_1a2b3c4:" in str(panel.embeds[0].to_dict())


def test_a_skip_waiting_in_front_of_a_player_shows_as_its_face() -> None:
    state = make_state([[c(3), c(4)], [c(5)]], phase=Phase.DRAW, skips={1: skip(0)})
    view = ENGINE.view(state, None)
    table = TableContext(1, view, [], seats(2), ENGINE.to_act(state), False, FRENCH)
    panel = draw_fitting(UI.render_table, replace(table, faces=all_uploaded()))
    values = [field.value or "" for field in panel.embeds[0].fields]
    waiting = [value for value in values if "passe un tour" in value]
    assert waiting and "<:l8_skip_1a2b3c4:" in waiting[0]


def test_the_crowded_five_seat_heaven_hell_table_keeps_its_faces() -> None:
    """Forty-two cards in the rows (late in a round) as faces pass one field's 1,024 characters:
    the rows go on in a second field rather than the table falling back to text."""
    state = heaven_hell_crowded()
    shown = HH_ENGINE.view(state, None)
    longer = [
        row.model_copy(update={"hell": row.hell * 2, "heaven": row.heaven * 2})
        for row in shown.rows
    ]
    view = shown.model_copy(update={"rows": longer})
    table = TableContext(1, view, [], hh_seats(), HH_ENGINE.to_act(state), False, FRENCH)
    panel = draw_fitting(HH_UI.render_table, replace(table, faces=all_uploaded()))
    hh_check_panel(panel)
    values = [field.value or "" for field in panel.embeds[0].fields]
    rows = [line for value in values for line in value.splitlines() if line[0] in "🟥🟨🟩🟦🟪"]
    placed = sum(len(row.hell) + len(row.heaven) for row in view.rows)
    assert len(rows) == 5 and sum(row.count("<:hh_") for row in rows) == placed
    assert len("\n".join(rows)) > 1024
