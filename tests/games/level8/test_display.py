"""Displaying a level: every level of both sides, valid and invalid, with wilds."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.level8.actions import DisplayLevel
from games.level8.config import LevelSide
from games.level8.events import GameEnded, LevelDisplayed
from games.level8.groups import PlacedCard
from games.level8.levels import LEVELS, GroupKind, Requirement
from games.level8.rules import apply
from games.level8.state import Level8State, Phase
from tests.games.level8.helpers import ORANGE, PURPLE, RED, YELLOW, c, make_state, p, wild

EXTRA = [c(10, PURPLE), c(9, PURPLE), wild(0)]
ODD_ONE = c(10, PURPLE)


def natural_groups(requirements: tuple[Requirement, ...]) -> list[list[int]]:
    """Cards that satisfy the level without wilds: runs on values 1..8, sets on 12..15 (colours
    0-3), colour groups in orange on values 11..15; none of them collide."""
    groups: list[list[int]] = []
    runs = sets = 0
    for requirement in requirements:
        n = requirement.size
        if requirement.kind is GroupKind.RUN:
            groups.append([c(1 + k, (k + 3 * runs) % 6) for k in range(n)])
            runs += 1
        elif requirement.kind is GroupKind.SET:
            groups.append([c(12 + sets, colour) for colour in range(n)])
            sets += 1
        else:
            groups.append([c(15 - k, ORANGE) for k in range(n)])
    return groups


CASES = [
    pytest.param(side, level, id=f"{side.value}-{level}")
    for side in LevelSide
    for level in range(1, 9)
]


def _state(side: LevelSide, level: int, groups: list[list[int]]) -> Level8State:
    hand = [card for g in groups for card in g] + EXTRA
    return make_state([hand, [c(1, YELLOW + 1)]], levels=[level, 1], side=side)


@pytest.mark.parametrize(("side", "level"), CASES)
def test_natural_display_is_accepted(side: LevelSide, level: int) -> None:
    requirements = LEVELS[side][level - 1]
    groups = natural_groups(requirements)
    state = _state(side, level, groups)
    action = DisplayLevel(groups=[[p(card) for card in g] for g in groups])
    new, events = apply(state, 0, action)
    assert sorted(new.players[0].hand) == sorted(EXTRA)
    assert [g.kind for g in new.players[0].groups] == [r.kind for r in requirements]
    assert isinstance(events[0], LevelDisplayed)
    assert (new.phase is Phase.OVER) == (level == 8)
    assert any(isinstance(e, GameEnded) for e in events) == (level == 8)


@pytest.mark.parametrize(("side", "level"), CASES)
def test_display_with_a_wild_in_every_group(side: LevelSide, level: int) -> None:
    requirements = LEVELS[side][level - 1]
    groups = natural_groups(requirements)
    wilds = iter(range(1, 7))
    display: list[list[PlacedCard]] = []
    for requirement, cards in zip(requirements, groups, strict=True):
        first, *rest = cards
        meaning = first // 15 if requirement.kind is GroupKind.COLOUR else first % 15 + 1
        display.append([p(next(wilds) + 90, meaning), *map(p, rest)])
    hand = [pc.card for g in display for pc in g] + EXTRA
    state = make_state([hand, []], levels=[level, 1], side=side)
    new, _ = apply(state, 0, DisplayLevel(groups=display))
    shown = [pc for g in new.players[0].groups for pc in g.cards if pc.wild_as is not None]
    assert len(shown) == len(requirements)


@pytest.mark.parametrize(("side", "level"), CASES)
def test_a_card_that_does_not_belong_is_refused(side: LevelSide, level: int) -> None:
    requirements = LEVELS[side][level - 1]
    for index, requirement in enumerate(requirements):
        groups = natural_groups(requirements)
        groups[index][-1] = ODD_ONE
        state = _state(side, level, natural_groups(requirements))
        display = [[p(card) for card in g] for g in groups]
        with pytest.raises(RuleError) as err:
            apply(state, 0, DisplayLevel(groups=display))
        expected = {
            GroupKind.RUN: "not_a_run",
            GroupKind.SET: "not_a_set",
            GroupKind.COLOUR: "not_one_colour",
        }[requirement.kind]
        assert err.value.code == expected


@pytest.mark.parametrize(("side", "level"), CASES)
def test_partial_or_extra_display_is_refused(side: LevelSide, level: int) -> None:
    requirements = LEVELS[side][level - 1]
    groups = natural_groups(requirements)
    state = _state(side, level, groups)
    display = [[p(card) for card in g] for g in groups]
    with pytest.raises(RuleError) as err:
        apply(state, 0, DisplayLevel(groups=display[:-1]))
    assert err.value.code == "wrong_group_count"
    with pytest.raises(RuleError) as err:
        apply(state, 0, DisplayLevel(groups=[*display, [p(ODD_ONE)]]))
    assert err.value.code == "wrong_group_count"
    longer = [[*display[0], p(EXTRA[1])], *display[1:]]
    with pytest.raises(RuleError) as err:
        apply(state, 0, DisplayLevel(groups=longer))
    assert err.value.code == "wrong_group_size"


def test_a_group_may_be_all_wilds() -> None:
    hand = [wild(0), wild(1), wild(2), c(4), c(5), c(6), c(9)]
    state = make_state([hand, []])
    display = [[p(wild(0), 13), p(wild(1), 15), p(wild(2), 14)], [p(c(4)), p(c(5)), p(c(6))]]
    new, _ = apply(state, 0, DisplayLevel(groups=display))
    run = new.players[0].groups[0]
    assert (run.low, run.high) == (13, 15)
    assert [pc.wild_as for pc in run.cards] == [13, 14, 15]


def test_two_groups_may_use_the_same_values() -> None:
    sixes = [c(6, colour) for colour in range(4)]
    nines = [c(9, colour) for colour in range(4)]
    state = make_state([[*sixes, *nines, c(1)], []], levels=[2, 1])
    pairs = [sixes[:2], sixes[2:], nines[:2], nines[2:]]
    new, _ = apply(state, 0, DisplayLevel(groups=[[p(x) for x in g] for g in pairs]))
    assert [g.key for g in new.players[0].groups] == [6, 6, 9, 9]


def test_runs_do_not_wrap_from_15_to_1() -> None:
    state = make_state([[c(14), c(15), c(1), c(4), c(5), c(6), c(9)], []])
    display = [[p(c(14)), p(c(15)), p(c(1))], [p(c(4)), p(c(5)), p(c(6))]]
    with pytest.raises(RuleError) as err:
        apply(state, 0, DisplayLevel(groups=display))
    assert err.value.code == "not_a_run"


@pytest.mark.parametrize(
    ("first_group", "code"),
    [
        ([p(wild(0)), p(c(2)), p(c(3))], "wild_meaning_required"),
        ([p(wild(0), 16), p(c(2)), p(c(3))], "invalid_wild_meaning"),
        ([p(wild(0), 0), p(c(2)), p(c(3))], "invalid_wild_meaning"),
        ([p(c(1), 1), p(c(2)), p(c(3))], "meaning_on_number_card"),
        ([p(c(1)), p(c(2)), p(c(2))], "duplicate_card"),
        ([p(c(1)), p(c(2)), p(c(8))], "card_not_in_hand"),
        ([p(c(2)), p(c(3)), p(97)], "skip_in_display"),
    ],
)
def test_malformed_displays_are_refused(first_group: list[PlacedCard], code: str) -> None:
    hand = [wild(0), c(1), c(2), c(3), c(4), c(5), c(6), 97, c(11)]
    state = make_state([hand, []])
    before = state.model_dump_json()
    with pytest.raises(RuleError) as err:
        apply(state, 0, DisplayLevel(groups=[first_group, [p(c(4)), p(c(5)), p(c(6))]]))
    assert err.value.code == code
    assert state.model_dump_json() == before


def test_colour_group_wild_means_a_colour() -> None:
    reds = [c(v, RED) for v in (2, 7, 11)]
    hand = [*reds, wild(0), c(4, YELLOW), c(5, PURPLE), c(6, ORANGE), c(13, YELLOW)]
    state = make_state([hand, []], levels=[3, 1])
    display = [
        [p(c(4, YELLOW)), p(c(5, PURPLE)), p(c(6, ORANGE))],
        [*map(p, reds), p(wild(0), RED)],
    ]
    new, _ = apply(state, 0, DisplayLevel(groups=display))
    assert new.players[0].groups[1].key == RED


def test_display_only_once_and_never_the_last_card() -> None:
    run_a, run_b = [c(1), c(2), c(3)], [c(4), c(5), c(6)]
    display = DisplayLevel(groups=[list(map(p, run_a)), list(map(p, run_b))])
    state = make_state([[*run_a, *run_b], []])
    with pytest.raises(RuleError) as err:
        apply(state, 0, display)
    assert err.value.code == "last_card_must_end_turn"
    state = make_state([[*run_a, *run_b, c(9), c(10), c(11), c(12), c(13), c(14)], []])
    new, _ = apply(state, 0, display)
    again = DisplayLevel(groups=[[p(c(9)), p(c(10)), p(c(11))], [p(c(12)), p(c(13)), p(c(14))]])
    with pytest.raises(RuleError) as err:
        apply(new, 0, again)
    assert err.value.code == "already_displayed"
