"""Placing cards: own colour only, sides of at most 3, rows closing at 5, round end."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import ChooseDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import Side
from games.heaven_hell.events import CardDrawn, CardPlaced, RowClosed
from games.heaven_hell.state import Phase
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, build

HEAVEN, HELL = Side.HEAVEN, Side.HELL


def four_seats(cards: Cards) -> list[list[int]]:
    return [
        cards.take(Y, 1, 1, 2, 2, 3, 3),
        cards.take(R, 1, 2, 3) + cards.take(G, 1, 2, 3) + cards.take(B, 5),
        cards.take(P, 1, 1, 2, 2, 3, 3),
        cards.take(B, 1, 1, 2, 2, 3, 3),
    ]


def test_place_moves_the_card_to_its_row_and_the_next_seat_draws() -> None:
    cards = Cards()
    state = build(cards, four_seats(cards))
    new, events = ENGINE.apply(state, 1, PlaceCard(colour=R, value=3, side=HEAVEN))
    assert (len(new.hands[1]), len(new.hands[2])) == (6, 7)
    assert ENGINE.view(new, None).rows[0].heaven == [3]
    assert events[0].kind == "card_placed"
    assert isinstance(events[0], CardPlaced) and events[0].card.value == 3
    assert events[-1] == CardDrawn(seat=2)
    assert new.current == 2
    assert len(new.draw_pile) == len(state.draw_pile) - 1
    assert state.rows[0].heaven == []  # the input state is untouched


def test_a_side_with_three_cards_is_full_and_the_other_side_must_be_used() -> None:
    cards = Cards()
    red_heaven = cards.take(R, 1, 1, 1)
    state = build(cards, four_seats(cards), {R: (red_heaven, [])})
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 1, PlaceCard(colour=R, value=2, side=HEAVEN))
    assert info.value.code == "side_full"
    red_moves = [a for a in ENGINE.legal_actions(state, 1) if isinstance(a, PlaceCard)
                 and a.colour is R]
    assert {a.side for a in red_moves} == {HELL}
    new, _ = ENGINE.apply(state, 1, PlaceCard(colour=R, value=2, side=HELL))
    assert len(new.rows[0].hell) == 1


def test_the_fifth_card_closes_a_row_and_a_closed_row_takes_no_more() -> None:
    cards = Cards()
    hands = four_seats(cards)
    hands[2] = cards.take(P, 1, 2, 3) + cards.take(G, 4, 4) + cards.take(R, 5)
    state = build(cards, hands, {R: (cards.take(R, 1, 1, 1), cards.take(R, 2))})
    new, events = ENGINE.apply(state, 1, PlaceCard(colour=R, value=2, side=HELL))
    assert RowClosed(colour=R) in events
    assert ENGINE.view(new, None).rows[0].closed
    assert new.phase is Phase.PLAY  # one closed row does not end a round
    with pytest.raises(RuleError) as info:
        ENGINE.apply(new, 2, PlaceCard(colour=R, value=5, side=HELL))
    assert info.value.code == "row_closed"
    assert all(a.colour is not R for a in ENGINE.legal_actions(new, 2)
               if isinstance(a, PlaceCard))


def test_only_cards_in_hand_can_be_placed() -> None:
    cards = Cards()
    state = build(cards, four_seats(cards))
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 1, PlaceCard(colour=R, value=5, side=HEAVEN))
    assert info.value == RuleError("card_not_in_hand", colour="red", value=5)


def test_only_the_seat_to_play_may_place() -> None:
    cards = Cards()
    state = build(cards, four_seats(cards))
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 2, PlaceCard(colour=P, value=1, side=HEAVEN))
    assert info.value == RuleError("not_your_turn", seat=2, current=1)
    assert ENGINE.legal_actions(state, 2) == []


def test_unknown_seat_is_refused() -> None:
    cards = Cards()
    state = build(cards, four_seats(cards))
    for seat in (-1, 4):
        with pytest.raises(RuleError) as info:
            ENGINE.apply(state, seat, PlaceCard(colour=R, value=1, side=HEAVEN))
        assert info.value.code == "unknown_seat"
        with pytest.raises(RuleError):
            ENGINE.view(state, seat)


def test_choosing_a_double_or_discarding_out_of_place_is_refused() -> None:
    cards = Cards()
    state = build(cards, four_seats(cards))
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 1, ChooseDouble(colour=R, play=False))
    assert info.value.code == "wrong_phase"
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 1, DiscardStuck(colour=R, value=1))
    assert info.value.code == "not_stuck"


def _almost_two_closed(players: int) -> tuple[Cards, list[list[int]]]:
    cards = Cards()
    hands = [cards.take(Y, 1, 1, 2, 2, 3, 3), cards.take(R, 5) + cards.take(G, 4, 5)]
    hands += [cards.take(P, 1) for _ in range(players - 2)]
    return cards, hands


@pytest.mark.parametrize("players", [3, 4])
def test_the_round_ends_when_the_second_row_closes(players: int) -> None:
    cards, hands = _almost_two_closed(players)
    hands[-1] += cards.take(B, 3)
    rows = {
        B: (cards.take(B, 2, 2, 2), cards.take(B, 1, 1)),
        R: (cards.take(R, 1, 1, 1), cards.take(R, 2)),
    }
    state = build(cards, hands, rows)
    new, events = ENGINE.apply(state, 1, PlaceCard(colour=R, value=5, side=HELL))
    assert RowClosed(colour=R) in events
    # Blue is positive: its only holder is asked about the double.
    assert new.phase is Phase.DOUBLES and new.asking is B
    assert ENGINE.to_act(new) == [players - 1]
    assert not any(isinstance(e, CardDrawn) for e in events)


def test_with_five_players_two_closed_rows_do_not_end_the_round_but_three_do() -> None:
    cards, hands = _almost_two_closed(5)
    hands[2] = cards.take(G, 1, 1, 2)
    rows = {
        B: (cards.take(B, 2, 2, 2), cards.take(B, 1, 1)),
        R: (cards.take(R, 1, 1, 1), cards.take(R, 2)),
        G: (cards.take(G, 2, 2), cards.take(G, 3, 3)),
    }
    state = build(cards, hands, rows)
    second, events = ENGINE.apply(state, 1, PlaceCard(colour=R, value=5, side=HELL))
    assert RowClosed(colour=R) in events
    assert second.phase is Phase.PLAY and second.current == 2
    third, events = ENGINE.apply(second, 2, PlaceCard(colour=G, value=1, side=HEAVEN))
    assert RowClosed(colour=G) in events
    assert third.round == 1  # scored at once: nobody holds blue, the one positive colour
