"""Heaven & Hell's messages at their limits (five seats with long French names, full rows, a
full list of last moves, every step of the hand, a round summary with ties, the final message):
nothing breaks Discord's limits on embeds and components."""

from __future__ import annotations

from bot.i18n import Texts
from bot.tables.render import results_lines
from bot.tables.ui import (
    FinishContext,
    HandContext,
    SeatInfo,
    TableContext,
)
from cogs.heaven_hell.hand import choose_code
from cogs.heaven_hell.ui import HeavenHellUI
from games.core.errors import RuleError
from games.core.result import GameResult, SeatResult
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import ChooseDouble
from games.heaven_hell.cards import Card, Colour, Side
from games.heaven_hell.events import CardPlaced, PlayerStuck, RoundScored
from games.heaven_hell.state import HeavenHellState
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, build, end_play
from tests.support.discord_limits import BIG_ID, check_panel, hand_rows

UI = HeavenHellUI()
FRENCH = Texts("fr")
LONG_NAME = "Quelqu'un au nom vraiment très l"


def seats(count: int = 5) -> list[SeatInfo]:
    return [SeatInfo(seat, f"{LONG_NAME}{seat}", 100 + seat, False) for seat in range(count)]


def crowded(current: int = 1) -> HeavenHellState:
    """Five seats; three rows closed with five cards each, two rows with three; every hand a
    card of every colour and a full list of last moves naming long names."""
    cards = Cards()
    rows = {
        R: (cards.take(R, 5, 4, 3), cards.take(R, 1, 1)),
        Y: (cards.take(Y, 1, 1), cards.take(Y, 5, 4, 3)),
        G: (cards.take(G, 2, 2, 2), cards.take(G, 4, 5)),
        B: (cards.take(B, 1, 3), cards.take(B, 1)),
        P: (cards.take(P, 2), cards.take(P, 3, 3)),
    }
    hands = [
        cards.take(R, 2)
        + cards.take(Y, 2)
        + cards.take(G, 1)
        + cards.take(B, 1)
        + cards.take(P, 5),
        cards.take(R, 2, 1) + cards.take(Y, 2) + cards.take(B, 4) + cards.take(P, 4),
        cards.take(R, 3) + cards.take(G, 1, 1) + cards.take(B, 2, 2) + cards.take(P, 1),
        cards.take(Y, 1, 2) + cards.take(G, 3) + cards.take(B, 4) + cards.take(P, 1, 1),
        cards.take(R, 4)
        + cards.take(Y, 3)
        + cards.take(G, 3, 3)
        + cards.take(B, 3)
        + cards.take(P, 2),
    ]
    state = build(cards, hands, rows, current=current, rounds=5)
    moves = []
    for n in range(40):
        if n % 5 == 4:
            moves.append(PlayerStuck(seat=n % 5, hand=[Card(colour=R, value=5)] * 7))
        else:
            moves.append(CardPlaced(seat=n % 5, card=Card(colour=G, value=5), side=Side.HELL))
    state.recent = moves
    return state


def hand_context(state: HeavenHellState, seat: int, ui_state: str = "") -> HandContext:
    return HandContext(
        game_id=BIG_ID,
        seat=seat,
        view=ENGINE.view(state, seat),
        legal=ENGINE.legal_actions(state, seat),
        seats=seats(),
        to_act=ENGINE.to_act(state),
        ui_state=ui_state,
        tr=FRENCH,
    )


def test_a_crowded_five_seat_table_fits_in_french() -> None:
    state = crowded()
    view = ENGINE.view(state, None)
    table = TableContext(1, view, [], seats(), ENGINE.to_act(state), False, FRENCH)
    panel = UI.render_table(table)
    check_panel(panel)
    embed = panel.embeds[0]
    assert embed.title == "Paradis & Enfer · manche 1 sur 5"
    fields = {field.name: field.value or "" for field in embed.fields}
    assert embed.description == "🎴 Pioche\u00a0: 21 · 🔒 Fermées\u00a0: 3/3"
    assert fields["Rangées · 😈 enfer │ 😇 paradis"].splitlines() == [
        "🟥R 1 1 = 2 │ 5 4 3 = **12** 🔒",
        "🟨Y 5 4 3 = **12** │ 1 1 = 2 🔒",
        "🟩G 4 5 = **9** │ 2 2 2 = 6 🔒",
        "🟦B 1 = 1 │ 1 3 = **4**",
        "🟪P 3 3 = **6** │ 2 = 2",
    ]
    players = fields[f"Joueurs · {LONG_NAME}0 distribue"].splitlines()
    assert players[0] == f"▪️ **{LONG_NAME}0** ×2 🎴 5 · 0 pt"
    assert players[1].startswith(f"▶️ **{LONG_NAME}1** ×2 🎴 5")
    moves = fields["Derniers coups"].splitlines()
    assert len(moves) == 5, "a turn of each seat"
    assert moves[-1] == (
        f"**{LONG_NAME}4**\u00a0: ne peut poser aucune carte, montre sa main\u00a0: "
        + " ".join(["🟥R5"] * 7)
    )


def doubles_phase() -> HeavenHellState:
    """The crowded table once play ends: red's doubles are asked of seats 0, 1, 2 and 4."""
    state, _ = end_play(crowded())
    state.recent = crowded().recent
    return state


def choose_all(state: HeavenHellState, plays: dict[Colour, set[int]]) -> HeavenHellState:
    """Every seat asked plays its double where `plays` says, and keeps it elsewhere."""
    while state.asking is not None:
        colour = state.asking
        for seat in ENGINE.to_act(state):
            play = seat in plays.get(colour, set())
            state, _ = ENGINE.apply(state, seat, ChooseDouble(colour=colour, play=play))
    return state


def test_a_round_summary_with_ties_and_the_final_message_fit_in_french() -> None:
    state = choose_all(doubles_phase(), {B: {0, 1, 3}})
    report = state.reports[0]
    assert report.doubles == [B, B, None, B, None]
    view = ENGINE.view(state, None)
    events = [RoundScored(round=0, points=report.points, totals=report.points)]
    notice = TableContext(1, view, events, seats(), [], False, FRENCH)
    panels = UI.render_notices(notice)
    assert len(panels) == 1
    check_panel(panels[0])
    fields = {field.name: field.value or "" for field in panels[0].embeds[0].fields}
    blue = fields["🟦B 😈 1 │ 😇 4"].splitlines()
    assert blue[0] == (
        f"😇 Le paradis l'emporte\u00a0: **{LONG_NAME}1** en a le plus (4) et a joué son "
        "coup double ×2\u00a0: **+8**."
    ), "seats 1, 2 and 3 tie on 4; seat 1 is first from the dealer's left"
    assert blue[1].startswith(f"Égalité avec {LONG_NAME}2, {LONG_NAME}3\u00a0: {LONG_NAME}1 vient")
    result = GameResult(
        cooperative=False,
        seats=[
            SeatResult(seat=s, rank=1 if s < 2 else s, score=9 - s, won=s < 2) for s in range(5)
        ],
    )
    finish = UI.render_finish(FinishContext(notice, result, 3600.0, {}))
    assert finish is not None
    check_panel(finish)
    assert finish.embeds[0].title == (
        f"🏆 {LONG_NAME}0, {LONG_NAME}1 se partagent la victoire à Paradis & Enfer\u00a0!"
    )


def test_every_step_of_the_hand_fits_on_a_phone_in_french() -> None:
    state = crowded()
    rows = hand_rows(UI, hand_context(state, 1))
    assert rows == [["🟥R1", "🟥R2", "🟨Y2", "🟦B4"], ["🟪P4"]]
    fields = {f.name: f.value for f in UI.render_hand(hand_context(state, 1)).embeds[0].fields}
    assert fields["Maintenant"].startswith("À toi (carte piochée)\u00a0: **choisis une carte**")

    rows = hand_rows(UI, hand_context(state, 1, choose_code(B, 4)))
    assert rows[-1] == ["Enfer\u00a0: 1 → 5", "Paradis\u00a0: 4 → 8"]

    seven = build_seven_card_hand()
    rows = hand_rows(UI, hand_context(seven, 1))
    assert rows == [["🟥R1", "🟥R2", "🟥R3", "🟨Y3"], ["🟩G4", "🟦B5", "🟪P5 → 😈 5"]]
    assert hand_rows(UI, hand_context(seven, 1, choose_code(P, 5))) == rows, (
        "a card only one side takes has no second step"
    )
    rows = hand_rows(UI, hand_context(seven, 1, choose_code(R, 3)))
    assert [len(row) for row in rows] == [4, 3, 2], "seven cards, then both sides of 🟥R3"

    rows = hand_rows(UI, hand_context(doubles_phase(), 0))
    assert rows == [["Jouer ×2 sur 🟥R", "Le garder"]]


def test_a_crowded_table_while_blue_is_chosen_fits_in_french() -> None:
    """Red, yellow and green scored and shown on their rows with long names, blue's choices
    awaited."""
    state = doubles_phase()
    for seat in ENGINE.to_act(state):
        state, _ = ENGINE.apply(state, seat, ChooseDouble(colour=R, play=seat == 4))
    assert state.asking is B
    view = ENGINE.view(state, None)
    table = TableContext(1, view, [], seats(), ENGINE.to_act(state), False, FRENCH)
    panel = UI.render_table(table)
    check_panel(panel)
    fields = {field.name: field.value or "" for field in panel.embeds[0].fields}
    assert panel.embeds[0].description == "🤫 Décompte 🟦B\u00a0: ×2 choisis en secret"
    assert fields["Rangées · 😈 enfer │ 😇 paradis"].splitlines() == [
        f"🟥R 2 │ **12** 🔒 → **{LONG_NAME}4** +8 · ×2 {LONG_NAME}4",
        f"🟨Y **12** │ 2 🔒 → **{LONG_NAME}3** −3",
        f"🟩G **9** │ 6 🔒 → **{LONG_NAME}4** −6",
        "🟦B 1 = 1 │ 1 3 = **4**",
        "🟪P 3 3 = **6** │ 2 = 2",
    ], "a colour scored is its sums and its result, a colour still to score its cards"
    players = fields[f"Joueurs · {LONG_NAME}0 distribue"].splitlines()
    assert players[4] == f"▪️ **{LONG_NAME}4** ~~×2~~ 🎴 6 · 0 pt"
    assert all(line.startswith("▶️ ") for line in players[:4])


def build_seven_card_hand() -> HeavenHellState:
    """Seven different cards after the draw; purple's heaven side is full."""
    cards = Cards()
    rows = {P: (cards.take(P, 1, 1, 2), [])}
    hand = cards.take(R, 1, 2) + cards.take(Y, 3) + cards.take(G, 4) + cards.take(B, 5)
    hand += cards.take(P, 5) + cards.take(R, 3)
    others = [cards.take(Y, 1), cards.take(Y, 2), cards.take(G, 1), cards.take(G, 2)]
    return build(cards, [others[0], hand, *others[1:]], rows, current=1)


def test_a_round_where_heaven_led_nowhere_says_nobody_chose_a_double() -> None:
    cards = Cards()
    rows = {R: (cards.take(R, 1), cards.take(R, 2)), Y: (cards.take(Y, 1), cards.take(Y, 1))}
    hands = [cards.take(R, 5), cards.take(Y, 5), cards.take(G, 5)]
    state, _ = end_play(build(cards, hands, rows))
    report = state.reports[0]
    scored = RoundScored(round=0, points=report.points, totals=report.points)
    notice = TableContext(1, ENGINE.view(state, None), [scored], seats(3), [], False, Texts("en"))
    (panel,) = UI.render_notices(notice)
    embed = panel.embeds[0]
    assert embed.description == "🎭 Nobody held a colour where heaven leads: no doubles this round."
    fields = {field.name: field.value or "" for field in embed.fields}
    assert fields["🟥R 😈 2 │ 😇 1"].splitlines()[0] == (
        f"😈 Hell leads: **{LONG_NAME}0** holds the most (5) and scores **−5**."
    )
    assert fields["🟨Y 😈 1 │ 😇 1"].splitlines()[0] == "Equal sides: nobody scores."
    assert fields["🟦B 😈 0 │ 😇 0"].splitlines()[0] == "Equal sides: nobody scores."


def test_the_final_table_writes_negative_points_with_a_true_minus() -> None:
    result = GameResult(
        cooperative=False,
        seats=[
            SeatResult(seat=0, rank=1, score=7, won=True),
            SeatResult(seat=1, rank=2, score=-1, won=False),
            SeatResult(seat=2, rank=3, score=-22, won=False),
        ],
    )
    computers = [SeatInfo(seat, f"c{seat}", None, False) for seat in range(3)]
    assert results_lines(result, computers, Texts("en"), "heaven-hell")[1:] == [
        "🏆 1. c0 — 7 points",
        "2. c1 — −1 point",
        "3. c2 — −22 points",
    ]
    assert results_lines(result, computers, FRENCH, "heaven-hell")[-1] == "3. c2 — −22 points"


def test_refused_double_choices_name_their_colours_by_their_squares() -> None:
    english = Texts("en")
    stale = RuleError("not_this_colour", colour="blue", asking="red")
    assert UI.describe_error(stale, english) == (
        "That choice was for 🟦B; the doubles now chosen are for 🟥R."
    )
    assert UI.describe_error(RuleError("not_asked", seat=1, colour="red"), english) == (
        "You are not asked about the double for 🟥R: you hold none of it, or you have already "
        "played your double."
    )
    assert UI.describe_error(RuleError("already_chosen", seat=1, colour="red"), FRENCH) == (
        "Tu as déjà choisi pour 🟥R."
    )
