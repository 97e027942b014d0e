"""Table talk: public hints about piles, their replacement, withdrawal and expiry."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.the_game import ENGINE
from games.the_game.actions import EndTurn, GiveHint, PlaceCard, WithdrawHint
from games.the_game.events import HintGiven, HintWithdrawn
from games.the_game.state import HintKind, TheGameState

from .helpers import position

DONT_PLAY = HintKind.DONT_PLAY
DONT_JUMP = HintKind.DONT_JUMP
WANT_PLAY = HintKind.WANT_PLAY


def two_seats() -> TheGameState:
    return position(
        [[10, 20, 30, 40, 90, 91, 92], [11, 21, 31, 41, 81, 82, 83]],
        draw_pile=[50, 51, 52, 53, 54, 55, 56, 57],
    )


def hints_of(state: TheGameState) -> list[tuple[int, int, HintKind]]:
    return [(h.seat, h.pile, h.kind) for h in state.hints]


def full_turn(state: TheGameState, seat: int, cards: tuple[int, int], pile: int) -> TheGameState:
    for card in cards:
        state = ENGINE.apply(state, seat, PlaceCard(card=card, pile=pile))[0]
    return ENGINE.apply(state, seat, EndTurn())[0]


def test_any_seat_may_hint_at_any_time_and_everyone_sees_it() -> None:
    state, events = ENGINE.apply(two_seats(), 1, GiveHint(pile=2, hint=DONT_PLAY))
    assert events == [HintGiven(seat=1, pile=2, hint=DONT_PLAY)]
    for seat in (0, 1, None):
        assert [(h.seat, h.pile, h.kind) for h in ENGINE.view(state, seat).hints] == [
            (1, 2, DONT_PLAY)
        ]


def test_hints_may_be_given_before_anyone_opens() -> None:
    state = ENGINE.new_game(ENGINE.config_model(), 3, seed=2)[0]
    state, _ = ENGINE.apply(state, 2, GiveHint(pile=0, hint=WANT_PLAY))
    assert hints_of(state) == [(2, 0, WANT_PLAY)]


def test_a_new_hint_on_a_pile_replaces_the_seats_previous_one() -> None:
    state = ENGINE.apply(two_seats(), 1, GiveHint(pile=2, hint=DONT_PLAY))[0]
    state = ENGINE.apply(state, 0, GiveHint(pile=2, hint=WANT_PLAY))[0]
    state = ENGINE.apply(state, 1, GiveHint(pile=2, hint=DONT_JUMP))[0]
    state = ENGINE.apply(state, 1, GiveHint(pile=3, hint=DONT_JUMP))[0]
    assert sorted(hints_of(state)) == [(0, 2, WANT_PLAY), (1, 2, DONT_JUMP), (1, 3, DONT_JUMP)]


def test_repeating_the_standing_hint_in_the_same_turn_is_refused() -> None:
    state = ENGINE.apply(two_seats(), 1, GiveHint(pile=2, hint=DONT_PLAY))[0]
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, 1, GiveHint(pile=2, hint=DONT_PLAY))
    assert err.value.code == "hint_already_given"
    assert GiveHint(pile=2, hint=DONT_PLAY) not in ENGINE.legal_actions(state, 1)


def test_withdrawing_a_hint() -> None:
    state = ENGINE.apply(two_seats(), 1, GiveHint(pile=2, hint=DONT_PLAY))[0]
    assert WithdrawHint(pile=2) in ENGINE.legal_actions(state, 1)
    state, events = ENGINE.apply(state, 1, WithdrawHint(pile=2))
    assert events == [HintWithdrawn(seat=1, pile=2)]
    assert state.hints == []
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, 1, WithdrawHint(pile=2))
    assert err.value.code == "no_hint_to_withdraw"


def test_a_hint_lasts_until_the_giver_has_played_its_next_turn() -> None:
    state = two_seats()
    state = ENGINE.apply(state, 0, GiveHint(pile=3, hint=DONT_JUMP))[0]  # during own turn
    state = ENGINE.apply(state, 1, GiveHint(pile=2, hint=DONT_PLAY))[0]  # during seat 0's turn
    state = full_turn(state, 0, (10, 20), 0)
    assert sorted(hints_of(state)) == [(0, 3, DONT_JUMP), (1, 2, DONT_PLAY)]
    state = full_turn(state, 1, (21, 31), 0)
    assert hints_of(state) == [(0, 3, DONT_JUMP)]
    state = full_turn(state, 0, (40, 50), 0)
    assert hints_of(state) == []


def test_renewing_a_hint_in_a_later_turn_keeps_it_alive() -> None:
    state = ENGINE.apply(two_seats(), 0, GiveHint(pile=3, hint=DONT_JUMP))[0]
    state = full_turn(state, 0, (10, 20), 0)
    state = full_turn(state, 1, (21, 31), 0)
    state = ENGINE.apply(state, 0, GiveHint(pile=3, hint=DONT_JUMP))[0]
    state = full_turn(state, 0, (40, 50), 0)
    assert hints_of(state) == [(0, 3, DONT_JUMP)]


def test_hints_are_refused_once_the_game_is_over() -> None:
    state = position([[60, 41, 42, 43, 44, 46, 47, 48]], tops=(50, 55, 30, 35))
    state = ENGINE.apply(state, 0, PlaceCard(card=60, pile=0))[0]
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, 0, GiveHint(pile=0, hint=DONT_PLAY))
    assert err.value.code == "game_over"


def test_hints_carry_no_numbers() -> None:
    with pytest.raises(RuleError):
        ENGINE.parse_action({"kind": "hint", "pile": 0, "hint": "dont_play", "card": 42})
