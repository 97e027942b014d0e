"""The table and hand as pure renderings of engine views: limits Discord enforces, the marks a
player relies on."""

from __future__ import annotations

from pydantic import BaseModel

from bot.i18n import Texts
from bot.tables.render import hand_view
from bot.tables.ui import ActionButton, HandContext, SeatInfo, StepButton, TableContext
from cogs.the_game.ui import TheGameUI
from games.core.errors import RuleError
from games.the_game import ENGINE
from games.the_game.actions import EndTurn, GiveHint, PlaceCard
from games.the_game.state import HintKind, TheGameState
from tests.games.the_game.helpers import position

UI = TheGameUI()
LONG_NAME = "Quelqu'un au nom vraiment très long"


def seats(count: int) -> list[SeatInfo]:
    return [SeatInfo(seat, f"{LONG_NAME} {seat}", 100 + seat, False) for seat in range(count)]


def hand_context(state: TheGameState, seat: int, ui_state: str = "") -> HandContext:
    return HandContext(
        game_id=1,
        seat=seat,
        view=ENGINE.view(state, seat),
        legal=ENGINE.legal_actions(state, seat),
        seats=seats(state.players),
        to_act=ENGINE.to_act(state),
        ui_state=ui_state,
        tr=Texts("en"),
    )


def hand(state: TheGameState, seat: int, ui_state: str = "") -> list[StepButton | ActionButton]:
    controls = UI.render_hand(hand_context(state, seat, ui_state)).controls
    return [control for control in controls if isinstance(control, StepButton | ActionButton)]


def refusal(state: TheGameState, action: BaseModel) -> str:
    """What a player reads when the engine refuses `action`."""
    try:
        ENGINE.apply(state, 0, action)
    except RuleError as error:
        return UI.describe_error(error, Texts("en"))
    raise AssertionError(f"{action!r} was applied")


def test_every_hint_of_five_players_fits_in_the_embed_limits() -> None:
    state = ENGINE.new_game(ENGINE.config_model(), 5, seed=3)[0]
    for seat in range(5):
        for pile in range(4):
            state, _ = ENGINE.apply(state, seat, GiveHint(pile=pile, hint=HintKind.DONT_JUMP))
    tr = Texts("fr")
    ctx = TableContext(1, ENGINE.view(state, None), [], seats(5), ENGINE.to_act(state), False, tr)
    embed = UI.render_table(ctx).embeds[0]
    assert all(len(field.value or "") <= 1024 for field in embed.fields)
    assert len(embed) <= 6000
    shown = "\n".join(field.value or "" for field in embed.fields)
    jumps = [line for line in shown.splitlines() if "petits pas" in line]
    assert len(jumps) == 4, "a line per pile"
    assert all(line.count(LONG_NAME) == 5 for line in jumps), "naming the five players"


def test_pile_buttons_offer_legal_piles_and_mark_the_backwards_trick() -> None:
    state = position([[25, 40], [60]], tops=(35, 30, 20, 100), placed_this_turn=0)
    piles = [
        (button.label, button.action)
        for button in hand(state, 0, ui_state="25")
        if isinstance(button, ActionButton) and " on " in button.label
    ]
    assert piles == [
        ("25 on ▲A ↩", PlaceCard(card=25, pile=0)),
        ("25 on ▼D", PlaceCard(card=25, pile=3)),
    ]
    other = [button for button in hand(state, 0) if button.label == "40"]
    assert other and not other[0].disabled


def test_a_card_that_fits_nowhere_is_shown_but_cannot_be_chosen() -> None:
    state = position([[19, 90], [60]], tops=(95, 95, 20, 15), placed_this_turn=0)
    buttons = {button.label: button for button in hand(state, 0)}
    assert buttons["90"].disabled
    assert not buttons["19"].disabled


def test_refusals_name_cards_and_piles_as_players_read_them() -> None:
    state = position([[25, 40], [60]], tops=(35, 30, 20, 100), placed_this_turn=1)
    assert refusal(state, PlaceCard(card=25, pile=1)) == (
        "`25` cannot go on ▲B (top card: `30`): a ▲ pile takes a higher card "
        "(or exactly 10 lower), a ▼ pile a lower card (or exactly 10 higher)."
    )
    assert refusal(state, EndTurn()) == "You cannot end your turn yet: place at least 2 (1 so far)."


def test_the_hand_reads_top_down_cards_piles_end_turn_then_the_hints_menu() -> None:
    state = position([[25, 40], [60]], tops=(35, 30, 20, 100), placed_this_turn=2)
    ctx = hand_context(state, 0, ui_state="25")
    view = hand_view(1, 0, 1, UI.render_hand(ctx), ctx.legal)
    assert view is not None
    rows = [
        [item.get("label") or item["placeholder"] for item in row["components"]]
        for row in view.to_components()
    ]
    assert rows == [
        ["25", "40"],
        ["25 on ▲A ↩", "25 on ▼D"],
        ["End turn"],
        ["💬 Talk about a pile…"],
    ]


def test_a_computer_s_hint_on_a_person_s_seat_says_the_computer_gave_it() -> None:
    """Bob on autopilot (or out of time): the computer playing his seat gives a hint. Table,
    news and hands say it is the computer's, in both languages; a computer seat's hints and a
    person's own keep their plain "name: hint"."""
    state = ENGINE.new_game(ENGINE.config_model(), 3, seed=3)[0]
    state, computer_for_bob = ENGINE.apply(
        state, 1, ENGINE.as_computer_move(GiveHint(pile=0, hint=HintKind.DONT_JUMP))
    )
    state, _ = ENGINE.apply(state, 0, GiveHint(pile=2, hint=HintKind.DONT_PLAY))
    state, _ = ENGINE.apply(
        state, 2, ENGINE.as_computer_move(GiveHint(pile=3, hint=HintKind.WANT_PLAY))
    )
    people = [SeatInfo(0, "alice", 100, False), SeatInfo(1, "bob", 101, True)]
    table_seats = [*people, SeatInfo(2, "Computer 3", None, False)]
    expected = {
        "en": (
            "💬 🤖 The computer playing for bob: ⚠️ Please don't jump far on ▲A.",
            [
                "⚠️ ▲A don't jump far: 🤖 for bob",
                "🚫 ▼C don't play: alice",
                "🙋 ▼D would like to play: Computer 3",
            ],
        ),
        "fr": (
            "💬 🤖 L'ordinateur qui joue pour bob\u00a0: ⚠️ Ne sautez pas trop loin sur ▲A, svp.",
            [
                "⚠️ ▲A petits pas\u00a0: 🤖 pour bob",
                "🚫 ▼C à éviter\u00a0: alice",
                "🙋 ▼D veut jouer\u00a0: Computer 3",
            ],
        ),
    }
    for locale, (news, lines) in expected.items():
        tr = Texts(locale)
        view = ENGINE.view(state, None)
        ctx = TableContext(1, view, computer_for_bob, table_seats, [], False, tr)
        panel = UI.render_table(ctx)
        hints_name = tr("the_game.table.hints")
        assert panel.content == news
        (shown,) = [f.value for f in panel.embeds[0].fields if f.name == hints_name]
        assert shown is not None and shown.splitlines() == lines
        hand_ctx = HandContext(
            1, 0, ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), table_seats,
            ENGINE.to_act(state), "", tr,
        )
        embed = UI.render_hand(hand_ctx).embeds[0]
        (in_hand,) = [f.value for f in embed.fields if f.name == hints_name]
        assert in_hand == shown
