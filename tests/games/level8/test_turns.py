"""A turn: drawing, laying off, ending with a discard or a Skip, and the turn order."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.core.seeding import policy_rng
from games.level8 import ENGINE
from games.level8.actions import (
    Action,
    Discard,
    DisplayLevel,
    DrawFromDiscard,
    DrawFromPile,
    LayOff,
    PlaySkip,
)
from games.level8.config import DeckPreset, Level8Config, LevelSide
from games.level8.events import DrewFromDiscard, DrewFromPile, SkipPlaced, SkipServed
from games.level8.levels import GroupKind
from games.level8.rules import apply, legal_actions
from games.level8.state import Level8State, Phase
from games.level8.view import make_view
from tests.games.level8.helpers import (
    BLUE,
    GREEN,
    YELLOW,
    all_cards,
    c,
    group,
    make_state,
    p,
    skip,
    wild,
)


def refused(state: Level8State, seat: int, action: Action, code: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(RuleError) as err:
        apply(state, seat, action)
    assert err.value.code == code
    assert state.model_dump_json() == before


def test_draw_from_pile_then_play() -> None:
    state = make_state([[c(1)], [c(2)]], phase=Phase.DRAW)
    top = state.draw[-1]
    new, events = apply(state, 0, DrawFromPile())
    assert new.players[0].hand == [c(1), top]
    assert new.phase is Phase.PLAY
    assert events == [DrewFromPile(seat=0)]
    refused(new, 0, DrawFromPile(), "already_drew")


def test_the_seat_s_own_view_names_the_card_drawn_until_its_turn_ends() -> None:
    state = make_state([[c(1), c(5), c(9)], [c(2)]], phase=Phase.DRAW)
    top = state.draw[-1]
    drew, _ = apply(state, 0, DrawFromPile())
    assert make_view(drew, 0).drawn == top
    assert make_view(drew, 1).drawn is None and make_view(drew, None).drawn is None
    discarded, _ = apply(drew, 0, Discard(card=c(5)))
    assert make_view(discarded, 0).drawn is None
    took, _ = apply(discarded, 1, DrawFromDiscard(owner=0))
    assert make_view(took, 1).drawn == c(5)


def test_draw_from_another_players_discard_pile() -> None:
    state = make_state(
        [[c(1)], [c(2)], [c(3)]], phase=Phase.DRAW, discards={2: [c(7), c(8, BLUE)]}
    )
    new, events = apply(state, 0, DrawFromDiscard(owner=2))
    assert c(8, BLUE) in new.players[0].hand
    assert new.players[2].discard == [c(7)]
    assert events == [DrewFromDiscard(seat=0, owner=2, card=c(8, BLUE))]


def test_draw_errors() -> None:
    state = make_state([[c(1)], [c(2)]], phase=Phase.DRAW, draw=[], discards={1: [c(5)]})
    refused(state, 0, DrawFromPile(), "draw_pile_empty")
    empty = state.model_copy(update={"players": [state.players[0], state.players[1]]})
    empty.players[1] = empty.players[1].model_copy(update={"discard": []})
    refused(empty, 0, DrawFromDiscard(owner=1), "discard_pile_empty")
    refused(state, 0, DrawFromDiscard(owner=5), "unknown_seat")
    refused(state, 1, DrawFromPile(), "not_your_turn")
    refused(state, 0, Discard(card=c(1)), "must_draw_first")


def _displayed_run_state(hand: list[int], run: list[int]) -> Level8State:
    shown = [group(GroupKind.RUN, *run), group(GroupKind.RUN, c(10), c(11), c(12))]
    return make_state([hand, [c(9, GREEN)]], groups={0: shown})


def test_lay_off_at_both_ends_of_a_run() -> None:
    state = _displayed_run_state([c(3, BLUE), c(7, BLUE), c(9, YELLOW)], [c(4), c(5), c(6)])
    state, _ = apply(state, 0, LayOff(card=c(3, BLUE), owner=0, group=0))
    state, _ = apply(state, 0, LayOff(card=c(7, BLUE), owner=0, group=0))
    run = state.players[0].groups[0]
    assert (run.low, run.high) == (3, 7)
    assert [pc.card for pc in run.cards] == [c(3, BLUE), c(4), c(5), c(6), c(7, BLUE)]


def test_runs_never_extend_past_15_or_below_1_and_do_not_connect() -> None:
    state = _displayed_run_state([c(1, BLUE), wild(0), c(15, BLUE)], [c(13), c(14), c(15)])
    refused(state, 0, LayOff(card=c(1, BLUE), owner=0, group=0), "does_not_fit")
    refused(state, 0, LayOff(card=wild(0), owner=0, group=0, wild_as=16), "does_not_fit")
    low = _displayed_run_state([c(15, BLUE), wild(0), c(9)], [c(1), c(2), c(3)])
    refused(low, 0, LayOff(card=c(15, BLUE), owner=0, group=0), "does_not_fit")
    refused(low, 0, LayOff(card=wild(0), owner=0, group=0, wild_as=0), "does_not_fit")
    offers = [a for a in legal_actions(low, 0) if isinstance(a, LayOff) and a.card == wild(0)]
    assert {(a.group, a.wild_as) for a in offers} == {(0, 4), (1, 9), (1, 13)}


def test_wild_lay_off_records_its_meaning() -> None:
    state = _displayed_run_state([wild(0), c(9)], [c(4), c(5), c(6)])
    refused(state, 0, LayOff(card=wild(0), owner=0, group=0), "wild_meaning_required")
    refused(state, 0, LayOff(card=c(9), owner=0, group=1, wild_as=9), "meaning_on_number_card")
    new, _ = apply(state, 0, LayOff(card=wild(0), owner=0, group=0, wild_as=3))
    assert new.players[0].groups[0].cards[0] == p(wild(0), 3)


def test_lay_off_on_sets_and_colour_groups_of_another_player() -> None:
    other = [group(GroupKind.SET, c(8), c(8, BLUE)), group(GroupKind.COLOUR, c(1), c(5), c(9))]
    mine = [group(GroupKind.RUN, c(2, BLUE), c(3, BLUE), c(4, BLUE))]
    state = make_state(
        [[c(8, GREEN), c(12), c(12, GREEN), c(13, GREEN)], [c(1, GREEN)]],
        groups={0: mine, 1: other},
    )
    state, _ = apply(state, 0, LayOff(card=c(8, GREEN), owner=1, group=0))
    state, _ = apply(state, 0, LayOff(card=c(12), owner=1, group=1))
    refused(state, 0, LayOff(card=c(12, GREEN), owner=1, group=1), "does_not_fit")
    refused(state, 0, LayOff(card=c(12, GREEN), owner=1, group=2), "no_such_group")
    refused(state, 0, LayOff(card=c(12, GREEN), owner=9, group=0), "unknown_seat")
    refused(state, 0, LayOff(card=c(5, GREEN), owner=1, group=0), "card_not_in_hand")
    refused(state, 0, LayOff(card=c(13, GREEN), owner=1, group=0), "does_not_fit")
    assert len(state.players[1].groups[0].cards) == 3


def test_lay_off_needs_own_display_and_a_card_left() -> None:
    other = [group(GroupKind.SET, c(8), c(8, BLUE))]
    state = make_state([[c(8, GREEN), c(1)], [c(2)]], groups={1: other})
    refused(state, 0, LayOff(card=c(8, GREEN), owner=1, group=0), "level_not_displayed")
    mine = [group(GroupKind.SET, c(3), c(3, BLUE))]
    last = make_state([[c(8, GREEN)], [c(2)]], groups={0: mine, 1: other})
    refused(last, 0, LayOff(card=c(8, GREEN), owner=1, group=0), "last_card_must_end_turn")
    refused(last, 0, LayOff(card=skip(0), owner=1, group=0), "card_not_in_hand")
    with_skip = make_state([[skip(0), c(1)], [c(2)]], groups={0: mine, 1: other})
    refused(with_skip, 0, LayOff(card=skip(0), owner=1, group=0), "skip_in_display")


def test_lay_off_is_allowed_in_the_turn_of_the_display() -> None:
    hand = [c(1), c(2), c(3), c(4), c(5), c(6), c(7), c(11)]
    state = make_state([hand, [c(9)]])
    display = DisplayLevel(groups=[[p(c(1)), p(c(2)), p(c(3))], [p(c(4)), p(c(5)), p(c(6))]])
    state, _ = apply(state, 0, display)
    state, _ = apply(state, 0, LayOff(card=c(7), owner=0, group=1))
    assert state.players[0].groups[1].high == 7


def test_discard_passes_the_turn_clockwise() -> None:
    state = make_state([[c(1), c(2)], [c(3)], [c(4)]])
    new, _ = apply(state, 0, Discard(card=c(2)))
    assert new.players[0].discard[-1] == c(2)
    assert (new.current, new.phase, new.turns) == (1, Phase.DRAW, 1)
    refused(state, 0, Discard(card=c(9)), "card_not_in_hand")
    refused(state, 0, DrawFromPile(), "already_drew")


def test_skip_placed_then_served() -> None:
    state = make_state([[skip(0), c(2)], [c(3)], [c(4)]])
    new, events = apply(state, 0, PlaySkip(card=skip(0), target=2))
    assert events[0] == SkipPlaced(seat=0, target=2, card=skip(0))
    assert new.players[2].skip == skip(0)
    assert new.current == 1
    new, _ = apply(new, 1, DrawFromPile())
    new, events = apply(new, 1, Discard(card=c(3)))
    assert SkipServed(seat=2) in events
    assert (new.current, new.phase) == (0, Phase.DRAW)
    assert new.players[2].skip is None
    assert (new.draw[0], new.face_up) == (skip(0), 1)
    assert new.turns == 3


def test_skip_errors() -> None:
    state = make_state([[skip(0), skip(1), c(2)], [c(3)], [c(4)]], skips={2: skip(2)})
    refused(state, 0, PlaySkip(card=skip(0), target=2), "target_has_skip")
    refused(state, 0, PlaySkip(card=skip(0), target=0), "cannot_skip_self")
    refused(state, 0, PlaySkip(card=skip(0), target=7), "unknown_seat")
    refused(state, 0, PlaySkip(card=c(2), target=1), "not_a_skip")
    targets = {a.target for a in legal_actions(state, 0) if isinstance(a, PlaySkip)}
    assert targets == {1}


def test_skip_may_simply_be_discarded() -> None:
    state = make_state([[skip(0), c(2)], [c(3)]])
    new, _ = apply(state, 0, Discard(card=skip(0)))
    assert new.players[0].discard[-1] == skip(0)
    assert new.players[1].skip is None


def test_skip_as_last_card_has_no_effect_and_ends_the_round() -> None:
    shown = [group(GroupKind.RUN, c(1), c(2), c(3)), group(GroupKind.RUN, c(4), c(5), c(6))]
    state = make_state([[skip(0)], [c(9)]], groups={0: shown})
    new, _ = apply(state, 0, PlaySkip(card=skip(0), target=1))
    assert new.round == 2
    assert new.players[0].level == 3
    assert all(player.skip is None for player in new.players)
    assert all_cards(new) == all_cards(state)


def test_a_last_card_skip_still_needs_a_target_that_may_take_it() -> None:
    """The issue's reproduction (seed 13, four players, `de2016`, the bench's computers): after
    six actions seat 1 holds only Skip 99, and giving it to itself, to a seat that is not at the
    table or to a seat that already has a Skip was taken as a discard."""
    config = Level8Config(deck=DeckPreset.DE2016, side=LevelSide.STANDARD)
    lineup = ["heuristic", "baseline", "heuristic", "heuristic"]
    state = ENGINE.new_game(config, len(lineup), 13)[0]
    rng = policy_rng(13)
    for _ in range(6):
        seat = state.current
        legal = ENGINE.legal_actions(state, seat)
        action = ENGINE.policy(lineup[seat]).choose(ENGINE.view(state, seat), legal, rng)
        state, _ = ENGINE.apply(state, seat, action)
    assert (state.current, state.players[1].hand) == (1, [99])
    refused(state, 1, PlaySkip(card=99, target=1), "cannot_skip_self")
    refused(state, 1, PlaySkip(card=99, target=-1), "unknown_seat")
    refused(state, 1, PlaySkip(card=99, target=7), "unknown_seat")
    state.players[2].skip = state.players[0].hand.pop()
    refused(state, 1, PlaySkip(card=99, target=2), "target_has_skip")
    new, _ = apply(state, 1, PlaySkip(card=99, target=3))
    assert (new.round, new.players[1].level) == (2, 3)


def test_player_seated_with_skip_loses_turn_even_in_a_two_player_game() -> None:
    state = make_state([[skip(0), c(2)], [c(3)]])
    new, events = apply(state, 0, PlaySkip(card=skip(0), target=1))
    assert SkipServed(seat=1) in events
    assert (new.current, new.phase) == (0, Phase.DRAW)
    assert new.turns == 2
