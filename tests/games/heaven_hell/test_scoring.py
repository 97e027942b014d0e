"""Scoring every colour, doubles declared in secret and revealed together, ties, game end."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import DeclareDouble, PlaceCard
from games.heaven_hell.cards import Colour, Side
from games.heaven_hell.events import (
    DoubleDeclared,
    DoublesRevealed,
    GameEnded,
    RoundScored,
    RoundStarted,
)
from games.heaven_hell.state import ColourScore, HeavenHellState, Phase
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, build

# Red ends positive (5 against 3), yellow negative (2 against 4), green equal (3 against 3),
# blue positive with nobody holding blue, purple empty (equal).
ROWS_SPEC = {
    R: ((5,), (3,)),
    Y: ((2,), (4,)),
    G: ((3,), (1, 2)),
    B: ((1, 1, 1), (2,)),
}


def end_of_round(
    hands_spec: list[dict[Colour, tuple[int, ...]]], dealer: int = 0, rounds: int | None = None
) -> HeavenHellState:
    """A state in the declaration phase with these rows and hands."""
    cards = Cards()
    rows = {
        colour: (cards.take(colour, *heaven), cards.take(colour, *hell))
        for colour, (heaven, hell) in ROWS_SPEC.items()
    }
    hands = [
        [card for colour, values in spec.items() for card in cards.take(colour, *values)]
        for spec in hands_spec
    ]
    return build(cards, hands, rows, dealer=dealer, phase=Phase.DECLARE, rounds=rounds)


def declare_all(
    state: HeavenHellState, doubles: list[Colour | None]
) -> tuple[HeavenHellState, list]:
    events: list = []
    for seat, colour in enumerate(doubles):
        state, new_events = ENGINE.apply(state, seat, DeclareDouble(colour=colour))
        events += new_events
    return state, events


def colour_score(state: HeavenHellState, colour: Colour) -> ColourScore:
    return next(score for score in state.reports[-1].colours if score.colour is colour)


HANDS = [
    {R: (4,), Y: (1, 1)},
    {R: (2, 1), Y: (3,), G: (5,)},
    {G: (4,), Y: (1,)},
    {},
]


def test_positive_colour_scores_the_top_holder_plus_negative_minus_equal_nothing() -> None:
    state, _ = declare_all(end_of_round(HANDS), [None] * 4)
    red = colour_score(state, R)
    assert (red.heaven, red.hell, red.holdings) == (5, 3, [4, 3, 0, 0])
    assert (red.scorer, red.points, red.doubled) == (0, 4, False)
    yellow = colour_score(state, Y)
    assert (yellow.scorer, yellow.points) == (1, -3)
    green = colour_score(state, G)
    assert (green.heaven, green.hell, green.scorer, green.points) == (3, 3, None, 0)
    assert state.reports[-1].points == [4, -3, 0, 0]


def test_nobody_scores_a_colour_nobody_holds() -> None:
    state, _ = declare_all(end_of_round(HANDS), [None] * 4)
    blue = colour_score(state, B)
    assert blue.heaven > blue.hell
    assert (blue.holdings, blue.scorer, blue.points) == ([0, 0, 0, 0], None, 0)


def test_a_declared_double_on_the_won_colour_doubles_the_points() -> None:
    state, _ = declare_all(end_of_round(HANDS), [R, None, None, None])
    red = colour_score(state, R)
    assert (red.scorer, red.points, red.doubled) == (0, 8, True)
    assert state.reports[-1].points == [8, -3, 0, 0]


def test_a_double_declared_on_a_lost_colour_scores_nothing_and_is_spent() -> None:
    state, events = declare_all(end_of_round(HANDS), [None, R, None, B])
    red = colour_score(state, R)
    assert (red.scorer, red.points, red.doubled) == (0, 4, False)
    assert state.reports[-1].doubles == [None, R, None, B]
    assert state.reports[-1].points == [4, -3, 0, 0]
    assert DoublesRevealed(doubles=[None, R, None, B]) in events


def test_doubles_cannot_be_declared_on_a_negative_or_equal_colour() -> None:
    state = end_of_round(HANDS)
    for colour in (Y, G, P):
        with pytest.raises(RuleError) as info:
            ENGINE.apply(state, 1, DeclareDouble(colour=colour))
        assert info.value == RuleError("colour_not_positive", colour=colour.value)
    assert ENGINE.legal_actions(state, 1) == [
        DeclareDouble(colour=None),
        DeclareDouble(colour=R),
        DeclareDouble(colour=B),
    ]


def test_declarations_are_awaited_from_every_seat_at_once_and_stay_secret() -> None:
    state = end_of_round(HANDS)
    assert ENGINE.to_act(state) == [0, 1, 2, 3]
    after, events = ENGINE.apply(state, 2, DeclareDouble(colour=R))
    assert events == [DoubleDeclared(seat=2)]
    assert ENGINE.to_act(after) == [0, 1, 3]
    assert ENGINE.view(after, 2).my_double is R
    assert ENGINE.view(after, 0).seats[2].declared
    # Other seats' views do not change whatever seat 2 declared.
    other, _ = ENGINE.apply(state, 2, DeclareDouble(colour=B))
    for seat in (0, 1, 3, None):
        assert ENGINE.view(after, seat) == ENGINE.view(other, seat)
    with pytest.raises(RuleError) as info:
        ENGINE.apply(after, 2, DeclareDouble(colour=None))
    assert info.value == RuleError("already_declared", seat=2)
    assert ENGINE.legal_actions(after, 2) == []


def test_placing_during_the_declarations_is_refused() -> None:
    state = end_of_round(HANDS)
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 0, PlaceCard(colour=R, value=4, side=Side.HEAVEN))
    assert info.value == RuleError("wrong_phase", phase="declare")


@pytest.mark.parametrize(("dealer", "winner"), [(0, 2), (1, 2), (2, 0), (3, 0)])
def test_ties_go_to_the_first_tied_seat_clockwise_from_the_dealers_left(
    dealer: int, winner: int
) -> None:
    hands = [{R: (5,), Y: (2, 1)}, {R: (4,)}, {R: (3, 2), Y: (3,)}, {Y: (1,)}]
    state, _ = declare_all(end_of_round(hands, dealer=dealer), [None] * 4)
    red = colour_score(state, R)
    assert (red.scorer, red.points) == (winner, 5)
    yellow = colour_score(state, Y)  # negative colour, the same tie-break
    assert (yellow.scorer, yellow.points) == (winner, -3)


def test_without_a_positive_colour_the_round_is_scored_at_once() -> None:
    cards = Cards()
    rows = {
        R: (cards.take(R, 1, 1, 1), cards.take(R, 2)),
        Y: (cards.take(Y, 1, 1, 1), cards.take(Y, 2, 2)),
    }
    hands = [cards.take(G, 1), cards.take(R, 3), cards.take(R, 5)]
    state = build(cards, hands, rows, current=1, rounds=1)
    new, events = ENGINE.apply(state, 1, PlaceCard(colour=R, value=3, side=Side.HELL))
    assert new.phase is Phase.FINISHED
    assert not any(isinstance(e, DoubleDeclared) for e in events)
    assert new.reports[0].points == [0, 0, -5]


def test_after_scoring_the_next_round_starts_with_the_next_dealer() -> None:
    state, events = declare_all(end_of_round(HANDS, dealer=1), [None] * 4)
    assert any(isinstance(e, RoundScored) for e in events)
    assert RoundStarted(round=1, dealer=1, first=2) in events
    assert state.phase is Phase.PLAY and state.current == 2
    assert [len(hand) for hand in state.hands] == [6, 6, 7, 6]
    assert all(row.heaven == [] and row.hell == [] for row in state.rows)
    assert ENGINE.view(state, 0).last_report == state.reports[0]


def test_equal_totals_share_the_victory() -> None:
    hands = [{R: (4,)}, {B: (5,)}, {Y: (1,)}]
    state = end_of_round(hands, rounds=1)
    state, events = declare_all(state, [None, B, None])
    assert state.reports[0].points == [4, 10, -1]
    state = end_of_round([{R: (4,)}, {B: (2,)}, {Y: (1,)}], rounds=1)
    state, events = declare_all(state, [R, B, None])
    assert state.reports[0].points == [8, 4, -1]
    state = end_of_round([{R: (4,)}, {B: (2,)}, {Y: (1,)}], rounds=1)
    state, events = declare_all(state, [None, B, None])
    assert state.phase is Phase.FINISHED
    assert GameEnded(totals=[4, 4, -1], winners=[0, 1]) in events
    result = ENGINE.result(state)
    assert result is not None and not result.cooperative
    assert [(s.rank, s.score, s.won) for s in result.seats] == [(1, 4, True), (1, 4, True),
                                                               (3, -1, False)]
    assert result.summary["round_points"] == [[4, 4, -1]]
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 0, DeclareDouble(colour=None))
    assert info.value.code == "game_finished"
    assert ENGINE.view(state, 0).seats[1].holds_double is False
    assert ENGINE.view(state, 0).seats[0].holds_double is True


def test_no_result_while_the_game_runs() -> None:
    assert ENGINE.result(end_of_round(HANDS)) is None
