"""Each game's hand fits one phone screen with the card faces on, in English and in French:
the cards and every control of a turn are in view without scrolling.

A hand is what a player acts on in a turn: an ephemeral message with the cards as faces and the
buttons and menus to play them. The hands measured are alice's (seat 0, a person) in the
four-seat games the tables' test walks (`tests/support/phone_games.py`): at each of its moments,
and at every position of those games where she is to act, as she opens it, and then after each
step of the UI one click away (a card picked, the group builder opened, a card of the lay-off
menu chosen) and a click further. They are drawn as the bot sends them (`hand_message`: the
"your turn" line with its deadline above the game's panel, fitted to Discord's limits, and the
controls under it); the height is `tests/support/phone.py`'s estimate at 390 px, buttons
flowing onto as many lines as their labels need and the line under an ephemeral message.

What keeps a hand within a screen: a card's face stands for it on its buttons, so a row of
buttons keeps to one line (The Game's pile buttons say "→ ▲A" under "Where should 57 go?" with
57's face; Heaven & Hell's one-side buttons "→ 😇 6" beside the card's face, four to a row;
Level 8's Skip buttons name only whom they skip beside the Skip's face), and the texts above
the controls say in a line or two what they said in four (Heaven & Hell's round in the title
without the game's name, the closed rows without their explanation, the double's choice in
three lines instead of eight; Level 8's level and what it asks in the title, the proposal's
heading saying what to do with it, the legend in one paragraph).

The tallest, 30 lines in both languages: Heaven & Hell's choice of a double late in a game (the
rows, scored colours with their doubles, and what the choice means), and Level 8's first turn
with eleven cards after the draw (the proposal of two runs, three Skips to give, the discard
menu).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
import simcord

from bot.app import CardTableBot
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.presenting import hand_context, hand_message
from bot.tables.turns import Running
from bot.tables.ui import GameUI, StepButton, StepSelect
from games.core.base import Engine
from games.core.errors import RuleError
from tests.support.phone import PHONE_SCREEN_LINES, message_lines
from tests.support.phone_games import ALICE, LANGUAGES, MOMENTS, SEEDS, played, running

STEPS = 2
"""Clicks on UI-only steps followed from a freshly opened hand."""


def ui_states(game: Running, tr: Texts, ui_state: str, depth: int) -> Iterator[str]:
    """`ui_state` and the states its step controls lead to, `depth` clicks deep: a button's
    payload, a menu's options one by one (or its first `min_values` together). A click the UI
    refuses, or one that completes an action, leads to no other look of this hand."""
    yield ui_state
    if depth == 0:
        return
    ctx = hand_context(game, ALICE, ui_state, tr)
    clicks: list[tuple[str, list[str]]] = []
    for control in game.ui.render_hand(ctx).controls:
        if isinstance(control, StepButton) and not control.disabled:
            clicks.append((control.payload, []))
        elif isinstance(control, StepSelect):
            values = [option.value for option in control.options]
            if control.min_values <= 1:
                clicks += [(control.payload, [value]) for value in values]
            else:
                clicks.append((control.payload, values[: control.min_values]))
    for payload, values in clicks:
        try:
            choice = game.ui.choose(replace(ctx, ui_state=ui_state), payload, values)
        except RuleError:
            continue
        if choice.action is None and choice.ui_state != ui_state:
            yield from ui_states(game, tr, choice.ui_state, depth - 1)


def hands(
    engine: Engine, ui: GameUI[Any], faces: CardFaces, seed: int, tr: Texts
) -> Iterator[tuple[str, int]]:
    """Alice's hand at each moment and each position where she is to act, in every look the
    UI's steps give it: where it was, its height."""
    for position in played(engine, seed):
        if position.done not in MOMENTS and ALICE not in position.to_act:
            continue
        game = running(engine, ui, position)
        seat = game.game.seats[ALICE]
        for ui_state in dict.fromkeys(ui_states(game, tr, "", STEPS)):
            message = hand_message(game, seat, ui_state, tr, None, faces)
            lines = message_lines(
                message["content"], message["embeds"], message["view"], ephemeral=True
            )
            yield f"after {position.done} actions, ui_state {ui_state!r}", lines


@pytest.fixture
async def uploaded_bot(simcord_env: simcord.Env, simcord_bot: CardTableBot) -> CardTableBot:
    """The bot once started (SimCord starts it with its environment) and its faces uploaded."""
    assert simcord_bot.face_upload is not None
    await simcord_bot.face_upload
    return simcord_bot


async def test_a_hand_of_each_game_stays_within_one_phone_screen(
    uploaded_bot: CardTableBot,
) -> None:
    games: set[str] = set()
    for ui in uploaded_bot.games.uis():
        engine = uploaded_bot.games.engine(ui.key)
        assert engine is not None
        for language in LANGUAGES:
            for seed in SEEDS:
                tr = Texts(language)
                for where, lines in hands(engine, ui, uploaded_bot.card_faces, seed, tr):
                    games.add(ui.key)
                    label = f"{ui.key} ({language}), seed {seed}, {where}"
                    assert lines <= PHONE_SCREEN_LINES, f"{label}: {lines} lines"
    assert games == {ui.key for ui in uploaded_bot.games.uis()}
