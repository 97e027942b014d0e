"""Scoring colour by colour: before each positive colour, the seats still holding their double
and holding the colour choose in secret to play it there or keep it; the choices are revealed
together, then the colour is scored, then the next. Ties, the next round, the game's end."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import ChooseDouble, PlaceCard
from games.heaven_hell.cards import Colour, Side
from games.heaven_hell.events import (
    DoubleChosen,
    DoublesRevealed,
    GameEnded,
    RoundScored,
    RoundStarted,
)
from games.heaven_hell.state import ColourScore, HeavenHellState, Phase
from tests.games.heaven_hell.helpers import B, Cards, G, R, Y, build, end_play

# Red ends positive (5 against 3), yellow negative (2 against 4), green equal (3 against 3),
# blue positive (3 against 2), purple empty (equal).
ROWS_SPEC = {
    R: ((5,), (3,)),
    Y: ((2,), (4,)),
    G: ((3,), (1, 2)),
    B: ((1, 1, 1), (2,)),
}


def end_of_round(
    hands_spec: list[dict[Colour, tuple[int, ...]]], dealer: int = 0, rounds: int | None = None
) -> HeavenHellState:
    """The state once play ends with these rows and hands (the doubles phase, or the round
    already scored when nobody is asked about any colour)."""
    cards = Cards()
    rows = {
        colour: (cards.take(colour, *heaven), cards.take(colour, *hell))
        for colour, (heaven, hell) in ROWS_SPEC.items()
    }
    hands = [
        [card for colour, values in spec.items() for card in cards.take(colour, *values)]
        for spec in hands_spec
    ]
    return end_play(build(cards, hands, rows, dealer=dealer, rounds=rounds))[0]


def choose(state: HeavenHellState, plays: dict[int, bool]) -> tuple[HeavenHellState, list]:
    """The seats' choices for the colour asked now, in this order."""
    events: list = []
    assert state.asking is not None
    for seat, play in plays.items():
        state, new_events = ENGINE.apply(state, seat, ChooseDouble(colour=state.asking, play=play))
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
    state, _ = choose(end_of_round(HANDS), {0: False, 1: False})
    red = colour_score(state, R)
    assert (red.heaven, red.hell, red.holdings, red.revealed) == (5, 3, [4, 3, 0, 0],
                                                                  [[4], [1, 2], [], []])
    assert (red.scorer, red.points, red.doubled, red.asked) == (0, 4, False, [0, 1])
    yellow = colour_score(state, Y)
    assert (yellow.scorer, yellow.points, yellow.asked) == (1, -3, [])
    green = colour_score(state, G)
    assert (green.heaven, green.hell, green.scorer, green.points) == (3, 3, None, 0)
    assert state.reports[-1].points == [4, -3, 0, 0]


def test_only_holders_of_the_colour_who_still_hold_their_double_are_asked() -> None:
    state = end_of_round(HANDS)
    assert state.phase is Phase.DOUBLES and state.asking is R
    assert ENGINE.to_act(state) == [0, 1]
    assert ENGINE.legal_actions(state, 0) == [ChooseDouble(colour=R, play=True),
                                              ChooseDouble(colour=R, play=False)]
    assert ENGINE.legal_actions(state, 2) == [] and ENGINE.legal_actions(state, 3) == []


def test_nobody_is_asked_about_a_colour_nobody_holds_and_nobody_scores_it() -> None:
    state, events = choose(end_of_round(HANDS), {0: False, 1: False})
    assert [e.colour for e in events if isinstance(e, DoubleChosen)] == [R, R]
    blue = colour_score(state, B)
    assert blue.heaven > blue.hell
    assert (blue.holdings, blue.asked, blue.scorer, blue.points) == ([0, 0, 0, 0], [], None, 0)


def test_when_nobody_is_asked_the_round_is_scored_at_once() -> None:
    """Heaven leads in red and blue, but nobody holds either: the action that ends play scores
    the round, no choice is awaited."""
    cards = Cards()
    rows = {
        R: (cards.take(R, 5, 5), cards.take(R, 1, 1, 1)),
        Y: (cards.take(Y, 1, 1, 1), cards.take(Y, 2)),
        B: (cards.take(B, 4), cards.take(B, 1)),
    }
    hands = [cards.take(G, 1), cards.take(Y, 3), cards.take(Y, 5)]
    state = build(cards, hands, rows, current=1, rounds=1)
    new, events = ENGINE.apply(state, 1, PlaceCard(colour=Y, value=3, side=Side.HELL))
    assert new.phase is Phase.FINISHED
    assert not any(isinstance(e, DoubleChosen | DoublesRevealed) for e in events)
    assert new.reports[0].points == [0, 0, -5]
    assert all(score.asked == [] for score in new.reports[0].colours)


def test_a_double_played_on_the_won_colour_doubles_the_points() -> None:
    state, events = choose(end_of_round(HANDS), {0: True, 1: False})
    red = colour_score(state, R)
    assert (red.scorer, red.points, red.doubled) == (0, 8, True)
    assert state.reports[-1].points == [8, -3, 0, 0]
    assert DoublesRevealed(colour=R, played=[0], kept=[1]) in events


def test_a_double_played_on_a_lost_colour_scores_nothing_and_is_spent() -> None:
    state, events = choose(end_of_round(HANDS), {0: False, 1: True})
    red = colour_score(state, R)
    assert (red.scorer, red.points, red.doubled) == (0, 4, False)
    assert state.reports[-1].doubles == [None, R, None, None]
    assert state.reports[-1].points == [4, -3, 0, 0]
    assert DoublesRevealed(colour=R, played=[1], kept=[0]) in events


def test_a_seat_keeps_its_double_for_a_later_colour_after_seeing_a_reveal() -> None:
    """Red first: seat 0 keeps its double, seat 1 plays it; red's hands are revealed. Then blue:
    seat 0 is asked again, seat 1 (double spent) is not, though it holds blue."""
    hands = [{R: (1,), B: (5,)}, {R: (4,), B: (2,)}, {B: (4,)}]
    state = end_of_round(hands, rounds=1)
    state, events = choose(state, {0: False, 1: True})
    assert events[-1] == DoublesRevealed(colour=R, played=[1], kept=[0])
    assert state.phase is Phase.DOUBLES and state.asking is B
    assert ENGINE.to_act(state) == [0, 2]
    view = ENGINE.view(state, 0)
    assert [score.colour for score in view.scored] == [R, Y, G]
    assert view.scored[0].revealed == [[1], [4], []]
    assert (view.scored[0].scorer, view.scored[0].points) == (1, 8)
    assert [seat.holds_double for seat in view.seats] == [True, False, True]
    assert [seat.asked for seat in view.seats] == [True, False, True]
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 1, ChooseDouble(colour=B, play=True))
    assert info.value == RuleError("not_asked", seat=1, colour="blue")
    state, events = choose(state, {2: False, 0: True})
    assert DoublesRevealed(colour=B, played=[0], kept=[2]) in events
    blue = colour_score(state, B)
    assert (blue.scorer, blue.points, blue.doubled, blue.asked) == (0, 10, True, [0, 2])
    assert state.reports[0].doubles == [B, R, None]
    assert state.reports[0].points == [10, 8, 0]


def test_choices_are_awaited_together_and_stay_secret_until_all_are_in() -> None:
    state = end_of_round(HANDS)
    after, events = ENGINE.apply(state, 1, ChooseDouble(colour=R, play=True))
    assert events == [DoubleChosen(seat=1, colour=R)]
    assert ENGINE.to_act(after) == [0]
    assert after.phase is Phase.DOUBLES and after.reports == []
    assert ENGINE.view(after, 1).my_choice is True
    seat_1 = ENGINE.view(after, 0).seats[1]
    assert seat_1.asked and seat_1.chosen
    assert not ENGINE.view(after, 0).seats[0].chosen
    # No other seat's view changes whatever seat 1 chose.
    other, _ = ENGINE.apply(state, 1, ChooseDouble(colour=R, play=False))
    assert ENGINE.view(other, 1).my_choice is False
    for seat in (0, 2, 3, None):
        assert ENGINE.view(after, seat) == ENGINE.view(other, seat)
        assert ENGINE.view(after, seat).my_choice is None


def test_illegal_choices_are_refused_and_change_nothing() -> None:
    state = end_of_round(HANDS)
    before = state.model_dump_json()
    refused = [
        (0, ChooseDouble(colour=B, play=True), RuleError("not_this_colour", colour="blue",
                                                         asking="red")),
        (2, ChooseDouble(colour=R, play=True), RuleError("not_asked", seat=2, colour="red")),
        (3, ChooseDouble(colour=R, play=False), RuleError("not_asked", seat=3, colour="red")),
        (0, PlaceCard(colour=R, value=4, side=Side.HEAVEN),
         RuleError("wrong_phase", phase="doubles")),
    ]
    for seat, action, error in refused:
        with pytest.raises(RuleError) as info:
            ENGINE.apply(state, seat, action)
        assert info.value == error
        assert state.model_dump_json() == before
    after, _ = ENGINE.apply(state, 0, ChooseDouble(colour=R, play=True))
    with pytest.raises(RuleError) as info:
        ENGINE.apply(after, 0, ChooseDouble(colour=R, play=False))
    assert info.value == RuleError("already_chosen", seat=0, colour="red")
    assert ENGINE.legal_actions(after, 0) == []
    assert ENGINE.view(after, 0).my_choice is True


def test_choosing_a_double_during_play_is_refused() -> None:
    cards = Cards()
    state = build(cards, [cards.take(R, 1), cards.take(R, 2), cards.take(R, 3)])
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 1, ChooseDouble(colour=R, play=True))
    assert info.value == RuleError("wrong_phase", phase="play")


@pytest.mark.parametrize(("dealer", "winner"), [(0, 2), (1, 2), (2, 0), (3, 0)])
def test_ties_go_to_the_first_tied_seat_clockwise_from_the_dealers_left(
    dealer: int, winner: int
) -> None:
    hands = [{R: (5,), Y: (2, 1)}, {R: (4,)}, {R: (3, 2), Y: (3,)}, {Y: (1,)}]
    state, _ = choose(end_of_round(hands, dealer=dealer), {0: False, 1: False, 2: False})
    red = colour_score(state, R)
    assert (red.scorer, red.points) == (winner, 5)
    yellow = colour_score(state, Y)  # negative colour, the same tie-break
    assert (yellow.scorer, yellow.points) == (winner, -3)


def test_after_scoring_the_next_round_starts_with_the_next_dealer() -> None:
    state, events = choose(end_of_round(HANDS, dealer=1), {0: False, 1: False})
    assert any(isinstance(e, RoundScored) for e in events)
    assert RoundStarted(round=1, dealer=1, first=2) in events
    assert state.phase is Phase.PLAY and state.current == 2
    assert state.asking is None and state.scored == [] and state.doubles == [None] * 4
    assert [len(hand) for hand in state.hands] == [6, 6, 7, 6]
    assert all(row.heaven == [] and row.hell == [] for row in state.rows)
    assert ENGINE.view(state, 0).last_report == state.reports[0]
    assert all(seat.holds_double for seat in ENGINE.view(state, 0).seats)


def test_equal_totals_share_the_victory() -> None:
    state = end_of_round([{R: (4,)}, {B: (5,)}, {Y: (1,)}], rounds=1)
    state, events = choose(state, {0: False})
    state, events = choose(state, {1: True})
    assert state.reports[0].points == [4, 10, -1]
    state = end_of_round([{R: (4,)}, {B: (2,)}, {Y: (1,)}], rounds=1)
    state, events = choose(state, {0: True})
    state, events = choose(state, {1: True})
    assert state.reports[0].points == [8, 4, -1]
    state = end_of_round([{R: (4,)}, {B: (2,)}, {Y: (1,)}], rounds=1)
    state, events = choose(state, {0: False})
    state, events = choose(state, {1: True})
    assert state.phase is Phase.FINISHED
    assert GameEnded(totals=[4, 4, -1], winners=[0, 1]) in events
    result = ENGINE.result(state)
    assert result is not None and not result.cooperative
    assert [(s.rank, s.score, s.won) for s in result.seats] == [(1, 4, True), (1, 4, True),
                                                               (3, -1, False)]
    assert result.summary["round_points"] == [[4, 4, -1]]
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 0, ChooseDouble(colour=R, play=False))
    assert info.value.code == "game_over"
    assert ENGINE.view(state, 0).seats[1].holds_double is False
    assert ENGINE.view(state, 0).seats[0].holds_double is True


def test_no_result_while_the_game_runs() -> None:
    assert ENGINE.result(end_of_round(HANDS)) is None
