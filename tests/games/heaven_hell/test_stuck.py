"""The stuck player: show the hand, discard, draw, repeat; an empty draw pile skips the turn."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import DiscardStuck, PlaceCard
from games.heaven_hell.cards import Card, Colour, Side
from games.heaven_hell.events import (
    CardDiscarded,
    CardDrawn,
    PlayerStuck,
    TurnSkipped,
)
from games.heaven_hell.state import HeavenHellState, Phase
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, all_cards, build


def red_row_closed(draws: list[tuple[Colour, int]], pile_rest: bool = True) -> HeavenHellState:
    """Seat 0 is to play; seat 1 holds only red, and red's row is closed.

    `draws` lists the next cards drawn, first drawn first; with `pile_rest` every unused card
    lies below them, otherwise the draw pile is exactly `draws`. Red cards left to draw: one 4
    and two 5s.
    """
    cards = Cards()
    rows = {R: (cards.take(R, 1, 1, 1), cards.take(R, 2, 2))}
    hands = [
        cards.take(Y, 1, 1, 2, 2, 3, 3, 4),
        cards.take(R, 1, 2, 3, 3, 3, 4),
        cards.take(G, 1, 1, 2, 2, 3, 3),
        cards.take(B, 1, 1, 2, 2, 3, 3),
    ]
    top = [cards.take(colour, value)[0] for colour, value in draws]
    pile = (cards.rest() if pile_rest else []) + list(reversed(top))
    return build(cards, hands, rows, draw_pile=pile, current=0)


def test_a_seat_with_only_closed_colours_shows_its_hand_and_may_only_discard() -> None:
    state = red_row_closed([(R, 5)])
    new, events = ENGINE.apply(state, 0, PlaceCard(colour=Y, value=4, side=Side.HEAVEN))
    stuck = [e for e in events if isinstance(e, PlayerStuck)]
    assert len(stuck) == 1 and stuck[0].seat == 1
    assert [card.value for card in stuck[0].hand] == [1, 2, 3, 3, 3, 4, 5]
    assert ENGINE.view(new, 2).stuck_hand == stuck[0].hand
    assert ENGINE.view(new, None).stuck_hand == stuck[0].hand
    legal = ENGINE.legal_actions(new, 1)
    assert legal and all(isinstance(action, DiscardStuck) for action in legal)
    assert {(a.colour, a.value) for a in legal} == {(R, 1), (R, 2), (R, 3), (R, 4), (R, 5)}
    with pytest.raises(RuleError) as info:
        ENGINE.apply(new, 1, PlaceCard(colour=R, value=5, side=Side.HELL))
    assert info.value.code == "row_closed"


def test_discard_then_draw_until_a_card_can_be_placed() -> None:
    state = red_row_closed([(R, 5), (R, 4), (P, 1)])
    state, _ = ENGINE.apply(state, 0, PlaceCard(colour=Y, value=4, side=Side.HEAVEN))
    state, events = ENGINE.apply(state, 1, DiscardStuck(colour=R, value=5))
    assert events[:2] == [CardDiscarded(seat=1, card=Card(colour=R, value=5)), CardDrawn(seat=1)]
    assert isinstance(events[2], PlayerStuck)  # drew red 4: still stuck, hand shown again
    assert ENGINE.to_act(state) == [1]
    state, events = ENGINE.apply(state, 1, DiscardStuck(colour=R, value=1))
    assert events == [CardDiscarded(seat=1, card=Card(colour=R, value=1)), CardDrawn(seat=1)]
    assert ENGINE.view(state, 1).stuck_hand is None
    assert ENGINE.legal_actions(state, 1) == [
        PlaceCard(colour=P, value=1, side=Side.HEAVEN),
        PlaceCard(colour=P, value=1, side=Side.HELL),
    ]
    assert [c.value for c in ENGINE.view(state, 2).discard] == [1, 5]
    assert len(all_cards(state)) == 70


def test_discarding_a_card_not_in_hand_is_refused() -> None:
    state = red_row_closed([(R, 5)])
    state, _ = ENGINE.apply(state, 0, PlaceCard(colour=Y, value=4, side=Side.HEAVEN))
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, 1, DiscardStuck(colour=Y, value=1))
    assert info.value == RuleError("card_not_in_hand", colour="yellow", value=1)


def test_a_stuck_seat_facing_an_empty_draw_pile_loses_its_turn() -> None:
    state = red_row_closed([], pile_rest=False)
    new, events = ENGINE.apply(state, 0, PlaceCard(colour=Y, value=4, side=Side.HEAVEN))
    assert TurnSkipped(seat=1) in events
    assert not any(isinstance(e, (PlayerStuck, CardDrawn)) for e in events)
    assert new.current == 2 and new.phase is Phase.PLAY
    assert len(new.hands[1]) == 6


def test_drawing_the_last_card_and_being_stuck_skips_the_turn() -> None:
    state = red_row_closed([(R, 5)], pile_rest=False)
    new, events = ENGINE.apply(state, 0, PlaceCard(colour=Y, value=4, side=Side.HEAVEN))
    assert events[-2:] == [CardDrawn(seat=1), TurnSkipped(seat=1)]
    assert new.current == 2 and len(new.hands[1]) == 7


def test_the_pile_running_out_after_a_discard_skips_the_turn() -> None:
    state = red_row_closed([(R, 5), (R, 4)], pile_rest=False)
    state, _ = ENGINE.apply(state, 0, PlaceCard(colour=Y, value=4, side=Side.HEAVEN))
    new, events = ENGINE.apply(state, 1, DiscardStuck(colour=R, value=5))
    assert events == [
        CardDiscarded(seat=1, card=Card(colour=R, value=5)),
        CardDrawn(seat=1),
        TurnSkipped(seat=1),
    ]
    assert new.current == 2
    assert len(all_cards(new)) == 70


def test_the_round_ends_when_the_pile_is_empty_and_nobody_can_place() -> None:
    cards = Cards()
    rows = {R: (cards.take(R, 1, 1, 1), cards.take(R, 1, 2))}
    hands = [cards.take(Y, 1), cards.take(R, 2, 2), cards.take(R, 3), cards.take(R, 5)]
    state = build(cards, hands, rows, draw_pile=[], current=0)
    new, events = ENGINE.apply(state, 0, PlaceCard(colour=Y, value=1, side=Side.HEAVEN))
    assert new.round == 1  # scored: yellow ended positive, but nobody holds yellow any more
    assert not any(isinstance(e, TurnSkipped) for e in events)
