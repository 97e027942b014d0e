"""What each seat and a spectator may see."""

from __future__ import annotations

from games.the_game import ENGINE
from games.the_game.actions import EndTurn, PlaceCard
from games.the_game.config import TheGameConfig


def test_a_seat_sees_its_own_hand_and_only_sizes_of_the_others() -> None:
    state = ENGINE.new_game(TheGameConfig(), 3, seed=11)[0]
    view = ENGINE.view(state, 1)
    assert view.seat == 1
    assert view.hand == state.hands[1]
    assert view.hand_sizes == [6, 6, 6]
    assert view.draw_pile_size == 80
    assert view.current is None
    others = set(state.hands[0]) | set(state.hands[2]) | set(state.draw_pile)
    assert not others & set(view.hand)
    dumped = view.model_dump()
    assert set(dumped) == {
        "seat", "hand", "players", "config", "tops", "draw_pile_size", "hand_sizes", "current",
        "turn", "placed_this_turn", "minimum", "still_required", "placements", "hints", "over",
    }  # fmt: skip


def test_a_spectator_sees_no_hand() -> None:
    state = ENGINE.new_game(TheGameConfig(), 2, seed=11)[0]
    view = ENGINE.view(state, None)
    assert view.seat is None and view.hand is None
    assert view.hand_sizes == [7, 7]


def test_view_tracks_the_turn_and_the_placements() -> None:
    state = ENGINE.new_game(TheGameConfig(), 2, seed=5)[0]
    low, high = state.hands[0][0], state.hands[0][-1]
    state = ENGINE.apply(state, 0, PlaceCard(card=low, pile=0))[0]
    view = ENGINE.view(state, 1)
    assert (view.current, view.placed_this_turn, view.minimum, view.still_required) == (0, 1, 2, 1)
    state = ENGINE.apply(state, 0, PlaceCard(card=high, pile=3))[0]
    state = ENGINE.apply(state, 0, EndTurn())[0]
    view = ENGINE.view(state, None)
    assert [(p.seat, p.card, p.pile) for p in view.placements] == [(0, low, 0), (0, high, 3)]
    assert view.tops == [low, 1, 100, high]
    assert (view.current, view.turn, view.placed_this_turn) == (1, 1, 0)
