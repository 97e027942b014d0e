"""Level 8's messages at their limits (six seats with long names, a run of fifteen holding every
wild, full last moves, French): nothing breaks Discord's limits on embeds and components."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import (
    FinishContext,
    HandContext,
    SeatInfo,
    TableContext,
)
from cogs.level8.builder import Building
from cogs.level8.faces import SKIP_KEY
from cogs.level8.payloads import card_code
from cogs.level8.ui import Level8UI
from cogs.level8.words import group_title
from games.core.errors import RuleError
from games.core.result import GameResult, SeatResult
from games.level8 import ENGINE
from games.level8.actions import Discard
from games.level8.config import LevelSide
from games.level8.events import Discarded, DrewFromDiscard, DrewFromPile, LaidOff, RoundEnded
from games.level8.groups import PlacedCard
from games.level8.levels import GroupKind
from games.level8.state import Level8State, Phase
from tests.bot.level8.driver import table_moves
from tests.games.level8.helpers import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    YELLOW,
    c,
    group,
    make_state,
    p,
    skip,
    wild,
)
from tests.support.discord_limits import BIG_ID, check_panel, hand_rows

UI = Level8UI()
FRENCH = Texts("fr")
LONG_NAME = "Quelqu'un au nom vraiment très l"


def seats(count: int) -> list[SeatInfo]:
    return [SeatInfo(seat, f"{LONG_NAME}{seat}", 100 + seat, False) for seat in range(count)]


def crowded_table() -> Level8State:
    """Six seats; every wild in one run of fifteen; four full sets; a long colour group."""
    every_wild = [p(wild(i), 9 + i) for i in range(7)]
    long_run = group(GroupKind.RUN, *[c(v) for v in range(1, 9)], *every_wild)
    sets = [group(GroupKind.SET, *[c(v, colour) for colour in range(1, 6)]) for v in (2, 3, 4, 6)]
    run = group(GroupKind.RUN, *[c(v, YELLOW) for v in range(9, 16)])
    greens = [v for v in range(1, 16) if v not in (2, 3, 4, 6)]
    colour = group(GroupKind.COLOUR, *[c(v, GREEN) for v in greens])
    hands = [[c(10), c(11), c(12)], [c(1, BLUE)], [c(5, BLUE)], [c(7, BLUE), skip(0)]]
    state = make_state(
        [*hands, [c(8, BLUE)], [c(9, BLUE), c(1, PURPLE)]],
        phase=Phase.DRAW,
        levels=[1, 2, 3, 8, 7, 6],
        groups={0: [long_run, group(GroupKind.RUN, c(13), c(14), c(15))], 1: sets}
        | {2: [run, colour]},
        discards={s: [c(10 + s, ORANGE)] for s in range(1, 6)},
        skips={4: skip(1), 5: skip(2)},
    )
    moves = [
        LaidOff(seat=s % 6, owner=(s + 1) % 6, group=0, placed=p(c(1 + s % 15, s % 6)))
        if s % 3
        else Discarded(seat=s % 6, card=c(1 + s % 15, ORANGE))
        for s in range(40)
    ]
    state.recent = list(moves)
    return state


def hand_context(
    state: Level8State, seat: int, ui_state: str = "", tr: Texts = FRENCH
) -> HandContext:
    return HandContext(
        game_id=BIG_ID,
        seat=seat,
        view=ENGINE.view(state, seat),
        legal=ENGINE.legal_actions(state, seat),
        seats=seats(len(state.players)),
        to_act=ENGINE.to_act(state),
        ui_state=ui_state,
        tr=tr,
    )


def test_a_crowded_six_seat_table_fits_in_french() -> None:
    state = crowded_table()
    view = ENGINE.view(state, None)
    table = TableContext(1, view, [], seats(6), ENGINE.to_act(state), False, FRENCH)
    panel = UI.render_table(table)
    check_panel(panel)
    fields = {field.name: field.value or "" for field in panel.embeds[0].fields}
    first = fields[f"▶️ {LONG_NAME}0 · niveau 1 ✅"]
    assert first.splitlines()[1] == "🟥R1…⭐=15 · 🟥R13…🟥R15", "runs by their ends, on one line"
    assert "vert\u00a0: 🟩G1 🟩G5 🟩G7" in fields[f"▪️ {LONG_NAME}2 · niveau 3 ✅"]
    assert "⛔ passe un tour" in fields[f"▪️ {LONG_NAME}4 · niveau 7"]
    assert len(table_moves(panel)) == 5, "the turns since one's own"

    ended = RoundEnded(round=3, out=2, before=[1, 2, 3, 8, 7, 6], levels=[2, 3, 5, 8, 7, 6])
    notice = TableContext(1, view, [ended], seats(6), [], False, FRENCH)
    for panel in UI.render_notices(notice):
        check_panel(panel)
    result = GameResult(
        cooperative=False,
        seats=[SeatResult(seat=s, rank=s + 1, score=8 - s, won=s == 0) for s in range(6)],
    )
    finish = UI.render_finish(FinishContext(notice, result, 3600.0, {}))
    assert finish is not None
    check_panel(finish)


def test_every_step_of_the_hand_fits_on_a_phone_in_french() -> None:
    state = crowded_table()
    rows = hand_rows(UI, hand_context(state, 0))
    assert [len(row) for row in rows] == [5, 1], "the draw pile and five discard piles"
    assert rows[0][1] == f"Prendre 🟧O11 ({LONG_NAME}1)"

    playing = state.model_copy(deep=True)
    playing.phase = Phase.PLAY
    playing.players[0].groups[0] = group(GroupKind.RUN, *[c(v) for v in range(2, 9)])
    playing.players[0].hand = [wild(3), c(1), c(9), c(10, BLUE), skip(3), c(12, PURPLE)]
    rows = hand_rows(UI, hand_context(playing, 0))
    assert rows[0] == ["Compléter avec une carte…"]
    chosen = "o" + card_code(wild(3))
    rows = hand_rows(UI, hand_context(playing, 0, chosen))
    assert rows[1] == ["Où mettre ⭐\u00a0?"], "a wild with many places gets a menu"
    assert rows[2] == [f"Passe pour {LONG_NAME}{n}" for n in range(1, 4)]
    faces = CardFaces()
    faces.add(SKIP_KEY, discord.PartialEmoji(name=f"{SKIP_KEY}_1a2b3c4", id=BIG_ID))
    rows = hand_rows(UI, replace(hand_context(playing, 0, chosen), faces=faces))
    assert rows[2] == [f"{LONG_NAME}{n}" for n in range(1, 4)], "whom, beside the Skip's face"


def test_the_builder_and_the_keep_menu_fit_at_their_largest() -> None:
    level8 = make_state(
        [[c(5), c(6), *[wild(i) for i in range(7)], c(9, BLUE), c(10, BLUE)], [c(1, BLUE)]],
        levels=[8, 1],
    )
    pair = [PlacedCard(card=c(5)), PlacedCard(card=wild(0), wild_as=5)]
    triple = [PlacedCard(card=wild(i), wild_as=7) for i in (1, 2, 3)]
    asking = Building([pair, triple], [wild(4), wild(5), wild(6), c(6)])
    assert len(asking.code()) <= 60
    rows = hand_rows(UI, hand_context(level8, 0, asking.code()))
    assert rows == [["Que remplacent les jokers\u00a0?"], ["Recommencer", "Retour"]]

    hard = make_state(
        [[wild(i) for i in range(7)] + [c(3), c(9, BLUE), c(10, BLUE), c(11, BLUE)], [c(1, BLUE)]],
        levels=[6, 1],
        side=LevelSide.HARD,
    )
    run_of_eight = Building([], [wild(i) for i in range(7)] + [c(3)])
    assert len(run_of_eight.code()) <= 60
    hand_rows(UI, hand_context(hard, 0, run_of_eight.code()))

    hard.phase = Phase.KEEP
    hard.players[0].level = 5
    rows = hand_rows(UI, hand_context(hard, 0))
    assert rows == [["Cartes à garder (jusqu'à 4)…"], ["Ne rien garder"]]


def test_groups_and_moves_read_naturally_in_both_languages() -> None:
    """A pair of 3s once read "Set of 3s", as if it held three cards (lay-off menus name the
    groups so); a colour group is shown by value whatever the order of its lay-offs; French
    names never follow "de", which a name starting with a vowel would need elided ("de
    Alice")."""
    sets = [
        group(GroupKind.SET, *[c(value, colour) for colour in range(size)])
        for value, size in ((3, 2), (7, 3), (9, 4), (12, 5))
    ]
    laid_off_blues = group(GroupKind.COLOUR, c(9, BLUE), p(wild(0), BLUE), c(2, BLUE), c(12, BLUE))
    state = make_state(
        [[c(1), c(2)], [c(4, BLUE), c(5, BLUE)]],
        levels=[8, 2],
        groups={0: [laid_off_blues], 1: sets},
        current=1,
    )
    state.recent = [
        DrewFromDiscard(seat=1, owner=0, card=c(14)),
        LaidOff(seat=1, owner=0, group=0, placed=p(c(15))),
    ]
    view = ENGINE.view(state, None)
    shown: dict[str, list[str]] = {}
    moves: dict[str, list[str]] = {}
    for tr in (Texts("en"), FRENCH):
        panel = UI.render_table(TableContext(1, view, [], seats(2), [1], False, tr))
        shown[tr.locale] = [field.value or "" for field in panel.embeds[0].fields]
        moves[tr.locale] = table_moves(panel)
    assert shown["en"][0].splitlines()[1] == "blue: 🟦B2 🟦B9 🟦B12 ⭐=🟦B"
    assert shown["fr"][0].splitlines()[1] == "bleu\u00a0: 🟦B2 🟦B9 🟦B12 ⭐=🟦B"
    assert shown["en"][1].splitlines()[1:] == [
        "🟥R3 🟨Y3 · 🟥R7 🟨Y7 🟩G7",
        "🟥R9 🟨Y9 🟩G9 🟦B9",
        "🟥R12 🟨Y12 🟩G12 🟦B12 🟪P12",
    ], "a set with every card, as many on a line as fit"
    for locale, names in (
        ("en", ["Pair of 3s", "Triple of 7s", "Quad of 9s", "5 × 12s"]),
        ("fr", ["Paire de 3", "Brelan de 7", "Carré de 9", "5 × 12"]),
    ):
        assert [group_title(Texts(locale), each) for each in sets] == names
    assert moves["fr"] == [
        f"▶️ **{LONG_NAME}1**\u00a0: a pris 🟥R14 chez {LONG_NAME}0"
        f" · a ajouté 🟥R15 chez {LONG_NAME}0"
    ]


def test_the_final_table_shows_the_round_played_and_apart_the_level_reached() -> None:
    """Bob goes out on level 7 and wins; alice had laid down level 6, carol nothing. Each line
    gives the level played in the last round with its groups (alice's level 6 ✅, not level 7),
    then the level reached."""
    colour = group(GroupKind.COLOUR, *[c(v, PURPLE) for v in (1, 3, 8, 9, 12)])
    bob_groups = [group(GroupKind.SET, c(5), c(5, BLUE), c(5, GREEN)), colour]
    alice_groups = [
        group(GroupKind.SET, c(2), c(2, BLUE)),
        group(GroupKind.SET, c(4), c(4, BLUE), c(4, GREEN)),
        group(GroupKind.SET, c(6), c(6, BLUE), c(6, GREEN)),
    ]
    state = make_state(
        [[c(10), c(11)], [c(14)], [c(1, BLUE), c(2, GREEN)]],
        current=1,
        levels=[6, 7, 3],
        groups={0: alice_groups, 1: bob_groups},
    )
    state, _ = ENGINE.apply(state, 1, Discard(card=c(14)))
    assert state.phase is Phase.OVER
    view = ENGINE.view(state, None)
    shown = {}
    for tr in (Texts("en"), FRENCH):
        panel = UI.render_table(TableContext(1, view, [], seats(3), [], True, tr))
        shown[tr.locale] = {f.name: (f.value or "").splitlines() for f in panel.embeds[0].fields}
    alice = shown["en"][f"▪️ {LONG_NAME}0 · level 6 ✅"]
    assert alice == [
        "2 cards · discard —",
        "🟥R2 🟦B2 · 🟥R4 🟦B4 🟩G4",
        "🟥R6 🟦B6 🟩G6",
        "🏁 Level reached: 7",
    ]
    bob = shown["en"][f"▪️ {LONG_NAME}1 · level 7 ✅"]
    assert bob[1:] == [
        "🟥R5 🟦B5 🟩G5",
        "purple: 🟪P1 🟪P3 🟪P8 🟪P9 🟪P12",
        "🏁 Level reached: 8",
    ]
    carol = shown["en"][f"▪️ {LONG_NAME}2 · level 3"]
    assert carol[0].endswith(" · 🎯 run of 3 + 4 cards of one colour")
    assert carol[-1] == "🏁 Level reached: 3"
    alice = shown["fr"][f"▪️ {LONG_NAME}0 · niveau 6 ✅"]
    assert alice[-1] == "🏁 Niveau atteint\u00a0: 7"


def test_the_hand_tells_how_to_end_the_turn_with_the_cards_it_holds() -> None:
    """"Give a Skip" only to a player who holds one (and not as their last card)."""
    run = group(GroupKind.RUN, c(3), c(4), c(5))
    state = make_state([[c(9), c(11, BLUE)], [c(1, BLUE)]], groups={0: [run, run]}, levels=[1, 1])
    english = Texts("en")

    def now(hand: list[int]) -> str:
        state.players[0].hand = hand
        panel = UI.render_hand(hand_context(state, 0, tr=english))
        fields = {f.name: f.value for f in panel.embeds[0].fields}
        return fields["Now"] or ""

    assert now([c(9), c(11, BLUE)]) == (
        "None of your cards fits on a displayed group. To end your turn, **discard** a card."
    )
    assert now([c(9), skip()]).endswith("To end your turn, **discard** a card or give a **Skip**.")
    assert now([skip()]).endswith("To end your turn, **discard** a card.")


def test_engine_refusals_name_cards_as_players_read_them() -> None:
    """Controls carry only legal actions, so these refusals reach a player only from the group
    builder or a changed engine; they still read like the hand."""
    english = Texts("en")
    assert UI.describe_error(RuleError("not_a_skip", card=c(7, GREEN)), english) == (
        "🟩G7 is not a Skip."
    )
    assert UI.describe_error(RuleError("card_not_in_hand", card=c(12, PURPLE)), FRENCH) == (
        "🟪P12 n'est pas dans ta main."
    )
    assert UI.describe_error(RuleError("already_drew"), english) == (
        "You have already drawn a card this turn."
    )


def test_a_four_seat_tables_last_moves_give_way_to_its_seats_only_when_a_screen_needs_it() -> None:
    """The last moves are the turns since one's own (three at four seats), but a four-seat table
    fits one phone screen: when three turns of laying off would not fit beside four laid-down
    seats, the oldest goes, never the newest."""
    runs = [group(GroupKind.RUN, c(v), c(v + 1, BLUE), c(v + 2, GREEN)) for v in (1, 5, 9)]
    state = make_state(
        [[c(1, PURPLE), c(2, PURPLE)] for _ in range(4)],
        phase=Phase.DRAW,
        groups={seat: [runs[seat % 3], runs[(seat + 1) % 3]] for seat in range(4)},
    )
    four = [SeatInfo(0, "alice", 100, False)] + [
        SeatInfo(n, f"Computer {n + 1}", None, False) for n in (1, 2, 3)
    ]

    def turn(seat: int, lay_offs: int) -> list[Any]:
        laid = [
            LaidOff(seat=seat, owner=(seat + n) % 4, group=0, placed=p(c(12, n % 6)))
            for n in range(lay_offs)
        ]
        return [DrewFromPile(seat=seat), *laid, Discarded(seat=seat, card=c(3, ORANGE))]

    shown = {}
    for lay_offs in (0, 3):
        state.recent = [event for seat in (1, 2, 3) for event in turn(seat, lay_offs)]
        view = ENGINE.view(state, None)
        panel = UI.render_table(TableContext(1, view, [], four, [0], False, Texts("en")))
        shown[lay_offs] = table_moves(panel)
    assert [line.split(":")[0] for line in shown[0]] == [
        "**Computer 2**",
        "**Computer 3**",
        "**Computer 4**",
    ]
    assert [line.split(":")[0] for line in shown[3]] == ["**Computer 3**", "**Computer 4**"]
    assert shown[3][-1].startswith("**Computer 4**: drew · laid off 🟥R12 on their own, 🟨Y12 on")
