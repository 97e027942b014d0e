"""The strong computer player: it reads only its view; its shortcut agrees with the finder."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.level8 import ENGINE
from games.level8.actions import (
    Action,
    Discard,
    DisplayLevel,
    DrawFromPile,
    KeepCards,
    LayOff,
    PlaySkip,
)
from games.level8.cards import colour_of, deck, value_of
from games.level8.config import DeckPreset, Level8Config, LevelSide
from games.level8.finder import missing_cards
from games.level8.groups import Group
from games.level8.levels import LEVELS, GroupKind
from games.level8.policies.card_counting import fast_missing
from games.level8.state import Level8State, Phase
from tests.games.level8.helpers import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    c,
    group,
    make_state,
    p,
    skip,
    wild,
)
from tests.games.level8.test_properties import hidden_shuffled


@pytest.mark.parametrize("side", list(LevelSide))
def test_fast_missing_agrees_with_the_finder_on_set_levels(side: LevelSide) -> None:
    """The opponent samples use a shortcut for levels made only of sets; it must give the
    finder's answer on every hand."""
    rng = random.Random(side.value)
    cards = deck(DeckPreset.FR)
    set_levels = [reqs for reqs in LEVELS[side] if all(r.kind is GroupKind.SET for r in reqs)]
    assert set_levels
    for _ in range(300):
        hand = rng.sample(cards, rng.randint(8, 12))
        for reqs in set_levels:
            assert fast_missing(hand, reqs) == missing_cards(hand, reqs)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    players=st.integers(2, 5),
    side=st.sampled_from(list(LevelSide)),
    redeal_seed=st.integers(0, 1_000),
)
def test_decisions_depend_only_on_what_the_seat_may_see(
    seed: int, players: int, side: LevelSide, redeal_seed: int
) -> None:
    """At every decision of a game, dealing the other hands and the draw pile again must not
    change the heuristic's choice, its generator being seeded alike both times."""
    config = Level8Config(side=side, max_turns=250)
    state = ENGINE.new_game(config, players, seed)[0]
    heuristic = ENGINE.policy("heuristic")
    redeal = random.Random(redeal_seed)
    decisions = moved = 0
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = heuristic.choose(ENGINE.view(state, seat), legal, random.Random(decisions))
        other = hidden_shuffled(state, seat, redeal)
        moved += other.draw != state.draw
        again = heuristic.choose(
            ENGINE.view(other, seat), ENGINE.legal_actions(other, seat), random.Random(decisions)
        )
        assert again == action
        state, _ = ENGINE.apply(state, seat, action)
        decisions += 1
    assert moved > 0


def _choice(state: Level8State, seat: int = 0, policy: str = "heuristic") -> Action:
    """What `policy` does for `seat` in `state`, its generator seeded with 0."""
    legal = ENGINE.legal_actions(state, seat)
    return ENGINE.policy(policy).choose(ENGINE.view(state, seat), legal, random.Random(0))


def _heuristic_play(hand: list[int], run: Group) -> Action:
    """The heuristic's action in its play phase, displayed with `run` as its only group."""
    return _choice(make_state([hand, [c(1, GREEN), c(2, GREEN)]], groups={0: [run]}, levels=[5, 1]))


def test_a_wild_waits_while_the_hand_cannot_go_out() -> None:
    """Once displayed, a wild fits somewhere until the round ends: laying it off early gains
    nothing, so with two cards that fit nowhere the heuristic discards instead."""
    run = group(GroupKind.RUN, *(c(v, BLUE) for v in range(5, 12)))
    action = _heuristic_play([wild(), c(1), c(14, YELLOW)], run)
    assert isinstance(action, Discard)


def test_a_wild_goes_when_a_hand_card_can_follow_it_or_the_hand_can_go_out() -> None:
    run = group(GroupKind.RUN, *(c(v, BLUE) for v in range(5, 12)))
    bridge = _heuristic_play([wild(), c(13, YELLOW), c(1)], run)
    assert bridge == LayOff(card=wild(), owner=0, group=0, wild_as=12)
    out = _heuristic_play([wild(), c(1)], run)
    assert isinstance(out, LayOff) and out.card == wild()


def test_the_colour_group_takes_the_colour_held_most() -> None:
    """The finder keeps the first of equally cheap colours; the heuristic displays the colour
    whose cards then all leave the hand, so fewer cards are left that fit nowhere."""
    triple = [c(15, GREEN), c(15, PURPLE), c(15, ORANGE)]
    reds = [c(v, RED) for v in range(2, 7)]
    yellows = [c(v, YELLOW) for v in range(2, 8)]
    state = make_state([triple + reds + yellows, [c(1, GREEN), c(2, GREEN)]], levels=[7, 1])
    legal = ENGINE.legal_actions(state, 0)
    proposal = next(a for a in legal if isinstance(a, DisplayLevel))
    assert {colour_of(p.card) for p in proposal.groups[1]} == {RED}
    action = _choice(state)
    assert isinstance(action, DisplayLevel)
    assert {colour_of(p.card) for p in action.groups[1]} == {YELLOW}
    ENGINE.apply(state, 0, action)


def test_two_wilds_bridge_a_two_step_gap() -> None:
    """Once displayed, two held wilds make a card two steps beyond a run end fit: the first
    wild goes towards it, not the other end."""
    run = group(GroupKind.RUN, *(c(v, BLUE) for v in range(5, 12)))
    action = _heuristic_play([wild(0), wild(1), c(14, YELLOW), c(1)], run)
    assert isinstance(action, LayOff) and action.card in (wild(0), wild(1))
    assert action.wild_as == 12


def test_a_card_inside_a_run_counts_as_far_from_fitting() -> None:
    """A value a run already spans can never join it: once displayed, that card is thrown
    before the cards two steps beyond a run end."""
    run = group(GroupKind.RUN, *(c(v, BLUE) for v in range(5, 12)))
    action = _heuristic_play([c(8), c(14, YELLOW), c(2, GREEN)], run)
    assert action == Discard(card=c(8))


def test_a_card_that_fits_once_a_hand_card_extends_a_table_run_is_kept() -> None:
    """Before displaying, 13 fits the opponent's run 5-11 once the hand's 12 has joined it,
    like a card beyond a planned run's end: the 15, which fits nowhere, is thrown instead."""
    run = group(GroupKind.RUN, *(c(v, BLUE) for v in range(5, 12)))
    plan = [c(1), c(1, GREEN), c(4), c(4, GREEN), c(4, PURPLE), c(6), c(6, GREEN)]
    hand = [*plan, c(12, YELLOW), c(13, YELLOW), c(15, GREEN)]
    state = make_state([hand, [c(1, ORANGE), c(2, ORANGE)]], groups={1: [run]}, levels=[6, 5])
    action = _choice(state)
    assert action == Discard(card=c(15, GREEN))


def test_a_card_inside_a_planned_run_goes_before_one_beyond_its_end() -> None:
    """Before displaying, a second 2 can never join the planned run 1-2-3, while the 11 fits
    the planned run 6-7-8 once two cards have joined it: both fit nowhere yet, and the 2 goes
    although the baseline's closeness (two held neighbours against none) would keep it."""
    hand = [c(1), c(2), c(3), c(2, BLUE), c(7), c(8), c(11, YELLOW)]
    fours = group(GroupKind.SET, c(14, GREEN), c(14, PURPLE))
    state = make_state([hand, [c(1, ORANGE), c(2, ORANGE)]], groups={1: [fours]}, levels=[1, 2])
    action = _choice(state)
    assert isinstance(action, Discard) and value_of(action.card) == 2


def test_the_hard_keep_takes_a_card_beyond_a_planned_run_before_a_second_one_inside() -> None:
    """Hard side, level 6 (a run of 8): the plan is 1-8 and holds 1, 6 and 8. A second 8 can
    never join that run, the 9 joins it from 2 to 9; the baseline's keep ranks the other cards
    by closeness, so it kept the second 8 (neighbours 6 and 9 held) and threw the 9."""
    hand = [c(1), c(1, GREEN), c(1, BLUE), c(6), c(6, GREEN), c(8), c(8, GREEN), c(9)]
    state = make_state(
        [hand, [c(1, ORANGE), c(2, ORANGE)]],
        phase=Phase.KEEP,
        levels=[6, 1],
        side=LevelSide.HARD,
    )
    old = _choice(state, policy="baseline")
    assert isinstance(old, KeepCards) and c(9) not in old.cards
    action = _choice(state)
    assert isinstance(action, KeepCards)
    assert sorted(map(value_of, action.cards)) == [1, 6, 8, 9]


def test_a_skip_among_equal_threats_goes_to_the_seat_playing_next() -> None:
    """Four players, nobody displayed, equal hands and levels: seat 2's Skip goes to seat 3,
    whose lost turn comes first, not to seat 0 (the lowest number, where ties used to go)."""
    hands = [
        [c(1), c(5), c(9)],
        [c(2), c(6), c(10)],
        [skip(), c(3), c(7)],
        [c(4), c(8), c(11)],
    ]
    state = make_state(hands, current=2, phase=Phase.PLAY)
    legal = ENGINE.legal_actions(state, 2)
    assert {a.target for a in legal if isinstance(a, PlaySkip)} == {0, 1, 3}
    action = _choice(state, seat=2)
    assert isinstance(action, PlaySkip) and action.target == 3


def test_a_discard_top_it_would_throw_back_is_left_for_a_pile_draw() -> None:
    """Issue 26: before displaying (level 5, a run of 7), taking back its own 1 would leave a
    dead card fewer if it threw a 2, 7 or 15 instead, but those fit Bob's groups and are never
    thrown while another card will do: the 1 went straight back, turn after turn, each time a
    draw lost. It draws from the pile."""
    hand = [c(10), c(15), c(12, YELLOW), c(14, YELLOW), c(13, GREEN), c(15, GREEN)]
    hand += [c(2, PURPLE), c(7, PURPLE), c(11, PURPLE), c(2, ORANGE)]
    run = group(GroupKind.RUN, c(3, PURPLE), c(4, PURPLE), c(5, BLUE), c(6, YELLOW))
    greens = group(GroupKind.COLOUR, c(3, GREEN), c(4, GREEN), c(12, GREEN), p(wild(), GREEN))
    state = make_state(
        [hand, [c(11), c(11, YELLOW)]],
        phase=Phase.DRAW,
        levels=[5, 3],
        groups={1: [run, greens]},
        discards={0: [c(5, YELLOW), c(1, BLUE)], 1: [c(15, PURPLE), c(12, PURPLE)]},
    )
    assert _choice(state) == DrawFromPile()


def test_once_displayed_a_top_is_taken_only_if_it_leaves_a_card_fewer() -> None:
    """Once displayed, the 12 on its own pile fits the run 9-11 now, but so does the hand's
    12, and only one of them can go there: taken, it would be thrown back. Nor is a card
    taken when the hand goes out whatever it draws (it would be the last card, discarded)."""
    run = group(GroupKind.RUN, c(9, YELLOW), c(10), c(11))
    mine = [group(GroupKind.RUN, c(1, ORANGE), c(2), p(wild(), 3), c(4, PURPLE))]
    mine.append(group(GroupKind.RUN, c(6, GREEN), p(wild(1), 7), c(8, YELLOW)))
    for hand, top in (([c(12, BLUE), c(6, PURPLE), c(11, PURPLE)], c(12, GREEN)),
                      ([c(12, BLUE)], c(13, GREEN))):
        state = make_state(
            [hand, [c(6, YELLOW), c(7, YELLOW), c(13, YELLOW), c(3, BLUE)]],
            phase=Phase.DRAW,
            groups={0: mine, 1: [run]},
            discards={0: [top], 1: [c(14, GREEN)]},
        )
        assert _choice(state) == DrawFromPile()
