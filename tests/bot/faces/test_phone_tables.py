"""Each game's four-seat table fits one phone screen with the card faces on, early, midway and
late in a game, and no field stands beside another where it would wrap.

The tables are drawn as the bot posts them (`draw_fitting` over the game's `render_table`, the
faces the started bot uploaded to SimCord), from games that computer players play out, alice in
seat 0 and three computers. The message around the table is counted too: its author line, the
turn line above the table (alice's mention and her time left, or a computer's name) and the row
with "Show my hand". The height is `tests/support/phone.py`'s estimate at 390 px.

Each table tells, as news, every move since alice's own last one (up to the dozen events an
update tells when the channel's budget held the updates in between back): that is what made
The Game's table open with a dozen lines of news in the playground.

The aim is one screen, 30 lines, for every game, and each reaches it.

Level 8, 20 to 29 lines here, is tallest when every seat has laid down and the last turns laid
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

import random
from collections.abc import Iterator
from typing import Any

import pytest
import simcord

from bot.app import CardTableBot
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.fitting import draw_fitting
from bot.tables.publishing import KEPT_EVENTS
from bot.tables.ui import GameUI, Panel, SeatInfo, TableContext
from games.core.base import Engine
from tests.support.phone import PHONE_SCREEN_LINES, message_lines, squeezed_fields

SEATS = 4
MOMENTS = (0, 20, 40, 60, 90, 130)
"""Computer actions played before the table is looked at: the deal, then early to late in the
game (a game that ends sooner is looked at up to its end)."""
SEEDS = (1, 2, 3)
BOUNDS = {
    "the-game": PHONE_SCREEN_LINES,
    "heaven-hell": PHONE_SCREEN_LINES,
    "level8": PHONE_SCREEN_LINES,
}
"""Lines each game's table may take: one screen each."""


def four_seats(tr: Texts) -> list[SeatInfo]:
    alice = SeatInfo(0, "alice", 100, False)
    return [alice, *(SeatInfo(n, tr("table.computer", n=n + 1), None, False) for n in (1, 2, 3))]


def turn_line(seats: list[SeatInfo], to_act: list[int], tr: Texts) -> str:
    """The line the bot writes above a table (`bot/tables/render.py`, `turn_line`), with a
    deadline five minutes away."""
    who = [
        tr("table.to_act", mention=seats[n].mention, deadline="<t:1700000300:R>")
        if seats[n].user_id is not None
        else tr("table.to_act_computer", name=seats[n].name)
        for n in to_act
    ]
    return tr("table.turn", who=", ".join(who)) if who else ""


def tables(
    engine: Engine, ui: GameUI[Any], faces: CardFaces, seed: int
) -> Iterator[tuple[int, Panel, str]]:
    """The table at each of `MOMENTS`, with the turn line above it, until the game ends."""
    tr = Texts("en")
    seats = four_seats(tr)
    state = engine.new_game(engine.config_model(), SEATS, seed)[0]
    policy = engine.policy(engine.policy_names()[0])
    rng = random.Random(seed)
    told: list[Any] = []
    for done in range(max(MOMENTS) + 1):
        to_act = engine.to_act(state)
        if done in MOMENTS:
            view = engine.view(state, None)
            ctx = TableContext(1, view, told, seats, to_act, not to_act, tr, faces)
            panel = draw_fitting(ui.render_table, ctx)
            yield done, panel, turn_line(seats, to_act, tr)
        if not to_act:
            return
        seat = to_act[0]
        action = policy.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        state, events = engine.apply(state, seat, action)
        # The computers' moves since alice's own, as a table update tells them when the
        # channel's budget held the updates in between back (`bot/tables/publishing.py`).
        told = [*([] if seat == 0 else told), *events][-KEPT_EVENTS:]


@pytest.fixture
async def uploaded_bot(simcord_env: simcord.Env, simcord_bot: CardTableBot) -> CardTableBot:
    """The bot once started (SimCord starts it with its environment) and its faces uploaded."""
    assert simcord_bot.face_upload is not None
    await simcord_bot.face_upload
    return simcord_bot


def measured(bot: CardTableBot) -> Iterator[tuple[str, str, Panel, int]]:
    """Every table of `tables` for every registered game: its game, where in that game it was,
    the table, its height."""
    for ui in bot.games.uis():
        engine = bot.games.engine(ui.key)
        assert engine is not None
        for seed in SEEDS:
            for done, panel, turn in tables(engine, ui, bot.card_faces, seed):
                content = "\n".join(line for line in (turn, panel.content or "") if line)
                lines = message_lines(content, panel.embeds, button_rows=1)
                yield ui.key, f"{ui.key}, seed {seed}, after {done} actions", panel, lines


async def test_a_four_seat_table_of_each_game_stays_within_its_phone_height(
    uploaded_bot: CardTableBot,
) -> None:
    games: set[str] = set()
    for game, where, panel, lines in measured(uploaded_bot):
        games.add(game)
        assert "<:" in str([embed.to_dict() for embed in panel.embeds]), f"{where}: faces are on"
        assert lines <= BOUNDS.get(game, PHONE_SCREEN_LINES), f"{where}: {lines} lines"
        for embed in panel.embeds:
            assert squeezed_fields(embed) == [], where
    assert games == {ui.key for ui in uploaded_bot.games.uis()}
