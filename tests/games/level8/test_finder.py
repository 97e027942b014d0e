"""The combination finder on tricky hands, and against a brute-force oracle on small hands."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.level8.actions import DisplayLevel
from games.level8.cards import colour_of, is_number, is_skip, value_of
from games.level8.config import LevelSide
from games.level8.finder import find_display, missing_cards, plan_level, plans_by_colour
from games.level8.groups import build_group
from games.level8.levels import LEVELS, GroupKind, Requirement, requirements
from games.level8.rules import apply, legal_actions
from tests.games.level8.helpers import BLUE, GREEN, PURPLE, RED, YELLOW, c, make_state, skip, wild

ALL_LEVELS = [reqs for side in LevelSide for reqs in LEVELS[side]]


def assert_valid(hand: Sequence[int], reqs: Sequence[Requirement]) -> None:
    display = find_display(hand, reqs)
    assert display is not None
    cards = [pc.card for g in display for pc in g]
    assert len(cards) == len(set(cards))
    assert set(cards) <= set(hand)
    for requirement, placed in zip(reqs, display, strict=True):
        build_group(requirement, placed)


def brute_force(hand: Sequence[int], reqs: Sequence[Requirement]) -> bool:
    if not reqs:
        return True
    first = reqs[0]
    for combo in combinations(hand, first.size):
        if _could_be(combo, first.kind):
            rest = list(hand)
            for card in combo:
                rest.remove(card)
            if brute_force(rest, reqs[1:]):
                return True
    return False


def _could_be(cards: Sequence[int], kind: GroupKind) -> bool:
    if any(is_skip(card) for card in cards):
        return False
    numbers = [card for card in cards if is_number(card)]
    values = [value_of(card) for card in numbers]
    if kind is GroupKind.RUN:
        return len(set(values)) == len(values) and (
            not values or max(values) - min(values) < len(cards)
        )
    if kind is GroupKind.SET:
        return len(set(values)) <= 1
    return len({colour_of(card) for card in numbers}) <= 1


def test_colour_group_and_run_competing_for_one_card() -> None:
    reqs = requirements(LevelSide.STANDARD, 3)
    reds = [c(2), c(6), c(9), c(12)]
    hand = [*reds, c(5, BLUE), c(7, BLUE), c(14, GREEN)]
    assert find_display(hand, reqs) is None
    assert missing_cards(hand, reqs) == 1
    assert_valid([*hand, wild(0)], reqs)
    assert_valid([*hand, c(6, YELLOW)], reqs)


def test_same_value_feeds_several_sets() -> None:
    sixes = [c(6, colour) for colour in range(6)]
    reqs = requirements(LevelSide.STANDARD, 8)
    assert find_display([*sixes, c(1), c(9), c(11)], reqs) is None
    assert_valid([*sixes, c(9), c(9, BLUE), c(9, GREEN), c(1)], reqs)
    display = find_display([*sixes, c(9), c(9, BLUE), c(9, GREEN), c(1)], reqs)
    assert display is not None
    assert [len({pc.card for pc in g}) for g in display] == [2, 3, 4]


def test_only_wilds_make_a_whole_level() -> None:
    hand = [wild(i) for i in range(7)] + [skip(0), skip(1)]
    display = find_display(hand, requirements(LevelSide.STANDARD, 5))
    assert display is not None
    assert sorted(pc.wild_as or 0 for pc in display[0]) == list(range(1, 8))
    assert find_display(hand, requirements(LevelSide.HARD, 6)) is None


def test_runs_use_wilds_for_gaps_and_never_wrap() -> None:
    reqs = requirements(LevelSide.STANDARD, 5)
    assert find_display([c(13), c(14), c(15), c(1), c(2), c(3), c(4)], reqs) is None
    assert missing_cards([c(13), c(14), c(15), c(1), c(2), c(3), c(4)], reqs) == 3
    hand = [c(3), c(5, BLUE), c(6), c(8, PURPLE), c(9), wild(0), wild(1), c(15)]
    display = find_display(hand, reqs)
    assert display is not None
    assert [pc.wild_as for pc in display[0] if pc.wild_as is not None] in ([4, 7], [7, 4])


def test_skips_are_never_used() -> None:
    hand = [skip(0), skip(1), skip(2), c(1), c(1, BLUE), c(2), c(2, BLUE), c(3), c(3, BLUE)]
    assert find_display(hand, requirements(LevelSide.STANDARD, 2)) is None
    assert missing_cards(hand, requirements(LevelSide.STANDARD, 2)) == 2


def test_fifteen_card_hand_with_wilds() -> None:
    hand = [c(1), c(4, BLUE), c(7, GREEN), c(7, RED), c(9, PURPLE), c(10, YELLOW), c(11),
            c(11, BLUE), c(12, GREEN), c(15), c(2, PURPLE), wild(0), wild(1), wild(2), wild(3)]
    for reqs in ALL_LEVELS:
        assert_valid(hand, reqs)
        assert plan_level(hand, reqs).wilds_needed <= 4


SMALL_POOL = [c(v, colour) for v in range(1, 7) for colour in (RED, YELLOW, GREEN)] + [
    wild(0), wild(1), wild(2), skip(0)
]


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.sampled_from(SMALL_POOL), min_size=4, max_size=9, unique=True),
    level=st.sampled_from(ALL_LEVELS),
)
def test_finder_agrees_with_brute_force(hand: list[int], level: tuple[Requirement, ...]) -> None:
    expected = brute_force(hand, level)
    found = find_display(hand, level)
    assert (found is not None) == expected
    assert (missing_cards(hand, level) == 0) == expected
    if expected:
        assert_valid(hand, level)


def test_proposal_for_a_selection_is_accepted_by_the_engine() -> None:
    hand = [c(4), c(5, BLUE), c(7), wild(0), c(9, GREEN), c(10), c(11), c(13, PURPLE), c(2)]
    state = make_state([hand, [c(1, BLUE)]])
    selected = hand[:7]
    proposal = find_display(selected, requirements(LevelSide.STANDARD, 1))
    assert proposal is not None
    assert {pc.card for g in proposal for pc in g} <= set(selected)
    new, _ = apply(state, 0, DisplayLevel(groups=proposal))
    assert new.players[0].displayed
    offered = [a for a in legal_actions(state, 0) if isinstance(a, DisplayLevel)]
    assert len(offered) == 1
    assert apply(state, 0, offered[0])[0].players[0].displayed


def test_plans_by_colour_hold_the_colour_group_to_each_colour() -> None:
    """One plan per colour the hand holds, its colour group in that colour, the cheapest of
    them as cheap as the finder's own plan."""
    reqs = requirements(LevelSide.STANDARD, 7)
    hand = [c(15, GREEN), c(15, PURPLE), c(15, BLUE), *(c(v, RED) for v in range(2, 7)),
            *(c(v, YELLOW) for v in range(2, 8))]
    plans = plans_by_colour(hand, reqs)
    colour = next(i for i, r in enumerate(reqs) if r.kind is GroupKind.COLOUR)
    assert {plan.groups[colour][0][1] for plan in plans} == {RED, YELLOW, GREEN, PURPLE, BLUE}
    for plan in plans:
        assert len({m for _, m in plan.groups[colour]}) == 1
    assert min(plan.wilds_needed for plan in plans) == plan_level(hand, reqs).wilds_needed == 0
    assert plans_by_colour(hand, requirements(LevelSide.STANDARD, 8)) == [
        plan_level(hand, requirements(LevelSide.STANDARD, 8))
    ]
