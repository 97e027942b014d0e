"""Each game's four-seat table fits one phone screen with the card faces on, early, midway and
late in a game, in English and in French, and no field stands beside another where it would
wrap.

The tables are drawn as the bot posts them (`draw_fitting` over the game's `render_table`, the
faces the started bot uploaded to SimCord), from games that computer players play out, alice in
seat 0 and three computers (`tests/support/phone_games.py`). The message around the table is
counted too: its author line, the turn line above the table (`render.turn_line`: alice's mention
and her time left, or a computer's name) and the row with "Show my hand". The height is
`tests/support/phone.py`'s estimate at 390 px. Each table tells, as news, every move since
alice's own last one (up to the dozen events an update tells when the channel's budget held the
updates in between back): that is what made The Game's table open with a dozen lines of news in
the playground.

The aim is one screen, 30 lines, for every game, and each reaches it in both languages (French
words are longer: The Game's hint summaries are short enough in French, "à éviter", "petits
pas", "veut jouer", for a hint naming a person and a computer to keep to one line).

Level 8, 20 to 30 lines here, is tallest when every seat has laid down and the last turns laid
off: a seat's groups several to a line (a run by its ends), "level 4 ✅" for a level laid down,
the draw pile on the title's line, the last moves above the turn without a field of their own,
and the last moves given what the seats leave of a screen (the oldest of the turns since one's
own goes when three turns of laying down and laying off would not fit).

Heaven & Hell, 24 to 28 lines here, is tallest while a colour's doubles are chosen: five rows
of faces that each keep to one line (five faces and the sums fit 278 px once the heading, not
every row, says which side is hell), a colour already scored shown on its row as its sums, who
scored it and the doubles played on it; four seat lines of one line each (the mark says to act
or has chosen, then the double, the cards and the total; the dealer is named in the heading);
and four last moves, a turn of each seat on one line, its row closing a 🔒 at its end.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import simcord
from pydantic import BaseModel

from bot.app import CardTableBot
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables import render
from bot.tables.fitting import draw_fitting
from bot.tables.publishing import KEPT_EVENTS
from bot.tables.ui import GameUI, Panel, TableContext
from games.core.base import Engine
from tests.support.phone import PHONE_SCREEN_LINES, message_lines, squeezed_fields
from tests.support.phone_games import (
    ALICE,
    LANGUAGES,
    MOMENTS,
    SEEDS,
    four_seats,
    played,
    running,
)


def tables(
    engine: Engine, ui: GameUI[Any], faces: CardFaces, seed: int, tr: Texts
) -> Iterator[tuple[int, Panel, int]]:
    """The table at each of `MOMENTS` until the game ends, and the height of the whole message:
    the turn line above the table (`render.turn_line`: alice's mention and her time left, or a
    computer's name) and the buttons under it."""
    seats = four_seats(tr)
    first_mover = engine.game_type.computers_wait_for_people
    told: list[BaseModel] = []
    for position in played(engine, seed):
        if position.acted is not None:
            # The computers' moves since alice's own, as a table update tells them when the
            # channel's budget held the updates in between back (`bot/tables/publishing.py`).
            told = [*([] if position.acted == ALICE else told), *position.events][-KEPT_EVENTS:]
        if position.done not in MOMENTS:
            continue
        view = engine.view(position.state, None)
        to_act = position.to_act
        ctx = TableContext(1, view, told, seats, to_act, not to_act, tr, faces)
        panel = draw_fitting(ui.render_table, ctx)
        game = running(engine, ui, position).game
        turn = render.turn_line(game, seats, to_act, tr, first_mover=first_mover)
        content = render.framed_content(panel, [turn])
        buttons = render.table_view(game, seats, tr)
        yield position.done, panel, message_lines(content, panel.embeds, buttons)


@pytest.fixture
async def uploaded_bot(simcord_env: simcord.Env, simcord_bot: CardTableBot) -> CardTableBot:
    """The bot once started (SimCord starts it with its environment) and its faces uploaded."""
    assert simcord_bot.face_upload is not None
    await simcord_bot.face_upload
    return simcord_bot


def measured(bot: CardTableBot) -> Iterator[tuple[str, str, Panel, int]]:
    """Every table of `tables` for every registered game, in each language: its game, where in
    that game it was, the table, its height."""
    for ui in bot.games.uis():
        engine = bot.games.engine(ui.key)
        assert engine is not None
        for language in LANGUAGES:
            for seed in SEEDS:
                for done, panel, lines in tables(engine, ui, bot.card_faces, seed, Texts(language)):
                    where = f"{ui.key} ({language}), seed {seed}, after {done} actions"
                    yield ui.key, where, panel, lines


async def test_a_four_seat_table_of_each_game_stays_within_its_phone_height(
    uploaded_bot: CardTableBot,
) -> None:
    games: set[str] = set()
    for game, where, panel, lines in measured(uploaded_bot):
        games.add(game)
        assert "<:" in str([embed.to_dict() for embed in panel.embeds]), f"{where}: faces are on"
        assert lines <= PHONE_SCREEN_LINES, f"{where}: {lines} lines"
        for embed in panel.embeds:
            assert squeezed_fields(embed) == [], where
    assert games == {ui.key for ui in uploaded_bot.games.uis()}
