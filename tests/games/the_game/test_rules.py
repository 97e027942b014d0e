"""The rules of The Game as a player would check them at the table."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.the_game import ENGINE
from games.the_game.actions import EndTurn, PlaceCard
from games.the_game.config import TheGameConfig
from games.the_game.events import CardPlaced, GameEnded, TurnEnded
from games.the_game.state import TheGameState

from .helpers import position


def place(state: TheGameState, seat: int, card: int, pile: int) -> TheGameState:
    return ENGINE.apply(state, seat, PlaceCard(card=card, pile=pile))[0]


def end_turn(state: TheGameState, seat: int) -> TheGameState:
    return ENGINE.apply(state, seat, EndTurn())[0]


def test_seed_example_4_8_13_climb_an_ascending_pile() -> None:
    state = position([[4, 8, 13, 60, 70, 80, 90, 95]])
    for card in (4, 8, 13):
        state = place(state, 0, card, 0)
    assert state.tops[0] == 13


def test_seed_example_descending_pile_94_90_78_61_60_57() -> None:
    state = position([[94, 90, 78, 61, 60, 57, 20, 30]])
    for card in (94, 90, 78, 61, 60, 57):
        state = place(state, 0, card, 2)
    assert state.tops[2] == 57


def test_seed_example_37_goes_back_on_47() -> None:
    state = position([[37, 20, 30, 90, 95, 96, 97]], tops=(47, 1, 100, 100))
    state, events = ENGINE.apply(state, 0, PlaceCard(card=37, pile=0))
    assert state.tops[0] == 37
    assert events[0] == CardPlaced(seat=0, card=37, pile=0, backwards=True, opened=False)


def test_seed_example_75_goes_back_on_65() -> None:
    state = position([[75, 20, 30, 90, 95, 96, 97]], tops=(1, 1, 65, 100))
    state, events = ENGINE.apply(state, 0, PlaceCard(card=75, pile=2))
    assert state.tops[2] == 75
    assert isinstance(events[0], CardPlaced) and events[0].backwards


@pytest.mark.parametrize(
    ("card", "pile", "top"),
    [(46, 0, 47), (38, 0, 47), (47, 1, 47), (66, 2, 65), (74, 2, 65), (65, 3, 65)],
)
def test_other_cards_against_the_pile_direction_are_refused(card: int, pile: int, top: int) -> None:
    tops = [1, 1, 100, 100]
    tops[pile] = top
    state = position([[card, 10, 20, 30, 80, 90, 95]], tops=(tops[0], tops[1], tops[2], tops[3]))
    with pytest.raises(RuleError) as err:
        place(state, 0, card, pile)
    assert err.value.code == "card_not_playable"


@pytest.mark.parametrize(
    ("players", "expert", "smaller", "hand", "minimum"),
    [
        (1, False, False, 8, 2),
        (2, False, False, 7, 2),
        (3, False, False, 6, 2),
        (4, False, False, 6, 2),
        (5, False, False, 6, 2),
        (1, False, True, 7, 2),
        (2, False, True, 6, 2),
        (5, False, True, 5, 2),
        (3, True, False, 6, 3),
        (4, True, True, 5, 3),
    ],
)
def test_deal_and_minimum_per_player_count_and_variant(
    players: int, expert: bool, smaller: bool, hand: int, minimum: int
) -> None:
    state = ENGINE.new_game(TheGameConfig(expert=expert, smaller_hands=smaller), players, seed=7)[0]
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.draw_pile) == 98 - hand * players
    assert state.tops == [1, 1, 100, 100]
    assert ENGINE.view(state, 0).minimum == minimum


def test_anyone_may_open_and_the_opener_starts() -> None:
    state = ENGINE.new_game(TheGameConfig(), 3, seed=3)[0]
    assert ENGINE.to_act(state) == [0, 1, 2]
    card = state.hands[2][0]
    state, events = ENGINE.apply(state, 2, PlaceCard(card=card, pile=0))
    assert ENGINE.to_act(state) == [2]
    assert isinstance(events[0], CardPlaced) and events[0].opened
    with pytest.raises(RuleError) as err:
        place(state, 0, state.hands[0][0], 3)
    assert err.value.code == "not_your_turn"


def test_turn_draws_back_up_and_passes_clockwise() -> None:
    state = position([[10, 20, 30, 40, 90, 91], [5, 6, 7, 8, 9, 11]], draw_pile=[60, 61, 62, 63])
    state = place(state, 0, 10, 0)
    state = place(state, 0, 20, 0)
    state = place(state, 0, 90, 2)
    state, events = ENGINE.apply(state, 0, EndTurn())
    assert state.hands[0] == [30, 40, 60, 61, 62, 91]
    assert state.draw_pile == [63]
    assert state.current == 1
    assert events == [TurnEnded(seat=0, placed=3, drawn=3, next_seat=1)]


def test_minimum_must_be_reached_before_ending_the_turn() -> None:
    state = place(position([[10, 20, 30, 40, 90, 91, 92]]), 0, 10, 0)
    with pytest.raises(RuleError) as err:
        end_turn(state, 0)
    assert err.value.code == "minimum_not_reached"
    assert err.value.params == {"placed": 1, "minimum": 2}


def test_expert_minimum_is_three() -> None:
    state = position([[10, 20, 30, 40, 90, 91]], config=TheGameConfig(expert=True))
    state = place(place(state, 0, 10, 0), 0, 20, 0)
    with pytest.raises(RuleError):
        end_turn(state, 0)
    assert place(state, 0, 30, 0).still_required == 0


def test_stuck_at_the_start_of_a_turn_ends_the_game() -> None:
    # Seat 1 holds only cards that fit nowhere once seat 0 has played.
    state = position(
        [[60, 61, 70, 71, 80, 81], [41, 42, 43, 44, 46, 47]],
        tops=(50, 55, 30, 35),
        draw_pile=[90, 91],
    )
    state = place(place(state, 0, 60, 0), 0, 61, 1)
    state, events = ENGINE.apply(state, 0, EndTurn())
    assert state.over
    assert ENGINE.to_act(state) == []
    assert events[-1] == GameEnded(cards_left=12, verdict="count", stuck_seat=1)
    assert isinstance(events[0], TurnEnded) and events[0].next_seat is None


def test_stuck_after_one_of_two_required_cards() -> None:
    state = position([[60, 41, 42, 43, 44, 46, 47, 48]], tops=(50, 55, 30, 35))
    state, events = ENGINE.apply(state, 0, PlaceCard(card=60, pile=0))
    assert state.over
    assert isinstance(events[-1], GameEnded) and events[-1].stuck_seat == 0
    result = ENGINE.result(state)
    assert result is not None
    assert result.summary == {"cards_left": 13, "verdict": "count", "cards_placed": [1]}


def test_end_detection_searches_sequences_not_single_cards() -> None:
    # 70 fits nowhere now, but after 80 goes on the ascending pile, 70 is its backwards trick.
    state = position([[80, 70, 40, 41, 42, 43, 44, 45]], tops=(75, 75, 30, 30))
    assert not state.over
    state = place(state, 0, 80, 0)
    assert not state.over
    state = place(state, 0, 70, 0)
    assert state.tops[0] == 70 and state.still_required == 0


def test_a_game_that_cannot_start_the_next_turn_via_a_trick_is_still_alive() -> None:
    # Seat 1's cards fit nowhere singly except 66, after which 56 goes back on the same pile.
    state = position(
        [[91, 92, 93, 94, 95, 96], [66, 56, 20, 21, 22, 23]],
        tops=(60, 60, 30, 30),
        draw_pile=[97, 98],
    )
    state = end_turn(place(place(state, 0, 91, 0), 0, 92, 1), 0)
    assert not state.over
    assert ENGINE.to_act(state) == [1]


def test_empty_draw_pile_minimum_one_and_empty_hands_skipped() -> None:
    state = position([[10, 20], [30], [40, 50]], draw_pile=[], current=1)
    assert ENGINE.view(state, 1).minimum == 1
    state = place(state, 1, 30, 0)
    state, events = ENGINE.apply(state, 1, EndTurn())
    assert events[0] == TurnEnded(seat=1, placed=1, drawn=0, next_seat=2)
    state = end_turn(place(state, 2, 40, 0), 2)
    state = end_turn(place(state, 0, 10, 2), 0)
    # Seat 1 has no cards left: play goes from seat 0 straight to seat 2.
    assert state.current == 2
    assert ENGINE.to_act(state) == [2]


def test_minimum_stays_two_for_the_turn_that_empties_the_draw_pile() -> None:
    state = position([[10, 20, 30, 40, 90, 91, 92]], draw_pile=[60])
    state = end_turn(place(place(state, 0, 10, 0), 0, 20, 0), 0)
    assert state.draw_pile == []
    assert state.hands[0] == [30, 40, 60, 90, 91, 92]
    assert ENGINE.view(state, 0).minimum == 1


def test_all_cards_placed_is_a_total_victory() -> None:
    state = position([[98, 99], [2]], tops=(97, 3, 100, 100), draw_pile=[], current=0)
    state = place(state, 0, 98, 0)
    state = end_turn(place(state, 0, 99, 0), 0)
    state, events = ENGINE.apply(state, 1, PlaceCard(card=2, pile=2))
    assert state.over
    assert events[-1] == GameEnded(cards_left=0, verdict="total_victory", stuck_seat=None)
    result = ENGINE.result(state)
    assert result is not None and result.cooperative
    assert [(s.rank, s.score, s.won) for s in result.seats] == [(1, 0, True), (1, 0, True)]


def test_excellent_verdict_under_ten_cards() -> None:
    state = position([[60, 41, 42, 43, 44]], tops=(50, 55, 30, 35), draw_pile=[])
    state, _ = ENGINE.apply(state, 0, PlaceCard(card=60, pile=0))
    state = end_turn(state, 0)
    result = ENGINE.result(state)
    assert state.over and result is not None
    assert result.summary["verdict"] == "excellent"
    assert result.summary["cards_left"] == 4
    assert not result.seats[0].won


def test_result_is_none_while_running() -> None:
    assert ENGINE.result(ENGINE.new_game(TheGameConfig(), 2, seed=1)[0]) is None


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (1, PlaceCard(card=11, pile=1), "not_your_turn"),
        (1, EndTurn(), "not_your_turn"),
        (0, PlaceCard(card=31, pile=0), "card_not_in_hand"),
        (0, PlaceCard(card=30, pile=0), "card_not_playable"),
        (0, EndTurn(), "minimum_not_reached"),
        (5, PlaceCard(card=30, pile=0), "unknown_seat"),
    ],
)
def test_rule_errors_change_nothing(seat: int, action: PlaceCard | EndTurn, code: str) -> None:
    state = position([[30, 40, 60, 70, 80, 90], [11, 12, 13, 14, 15, 16]], tops=(45, 1, 100, 100))
    before = state.model_dump_json()
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, seat, action)
    assert err.value.code == code
    assert state.model_dump_json() == before


def test_ending_before_anyone_opened_is_refused() -> None:
    state = ENGINE.new_game(TheGameConfig(), 2, seed=1)[0]
    with pytest.raises(RuleError) as err:
        end_turn(state, 0)
    assert err.value.code == "minimum_not_reached"


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = position([[60, 41, 42, 43, 44, 46, 47, 48]], tops=(50, 55, 30, 35))
    state = place(state, 0, 60, 0)
    assert state.over
    with pytest.raises(RuleError) as err:
        place(state, 0, 41, 2)
    assert err.value.code == "game_over"
    assert ENGINE.legal_actions(state, 0) == []


def test_bad_player_count_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        ENGINE.new_game(TheGameConfig(), 6, seed=1)[0]
    assert err.value.code == "player_count"


def test_parse_action_accepts_json_and_dicts_and_refuses_garbage() -> None:
    assert ENGINE.parse_action('{"kind": "place", "card": 5, "pile": 3}') == PlaceCard(
        card=5, pile=3
    )
    assert ENGINE.parse_action({"kind": "end_turn"}) == EndTurn()
    for bad in ('{"kind": "place", "card": 100, "pile": 0}', {"kind": "pass"}, "nonsense"):
        with pytest.raises(RuleError) as err:
            ENGINE.parse_action(bad)
        assert err.value.code == "invalid_action"


def test_legal_actions_match_what_apply_accepts() -> None:
    state = ENGINE.new_game(TheGameConfig(), 2, seed=4)[0]
    state = place(state, 0, state.hands[0][0], 1)
    for seat in (0, 1):
        for action in ENGINE.legal_actions(state, seat):
            ENGINE.apply(state, seat, action)
    other = ENGINE.legal_actions(state, 1)
    assert all(a.kind in ("hint", "withdraw_hint") for a in other)
