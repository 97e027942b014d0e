"""How far a card is from fitting the table or the planned display: the measures behind the
heuristic's draws, discards and keeps (dead cards, distance to a run end, lay-offs that chain).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.level8.cards import MAX_VALUE, colour_of, is_number, value_of
from games.level8.finder import Plan, plan_level
from games.level8.groups import Group, lay_off_meanings
from games.level8.levels import GroupKind, Requirement
from games.level8.view import Level8View

DEAD_STEPS = 3
"""Once displayed, a card this many steps or more from any run end counts as dead; nearer
cards are thrown furthest first (two or more steps alike measured 59.8 % and 59.3 %, this 60.2 %
and 59.7 % on the same deals: a gain within noise)."""


def table_fits(view: Level8View, cards: list[int]) -> int:
    """How many of the number `cards` could be laid off on the table, runs growing as cards
    join them: a discard top may fit only once a hand card has extended a run."""
    table = [g for p in view.players for g in p.groups]
    return groups_fit([card for card in cards if is_number(card)], table)


def groups_fit(cards: list[int], groups: Sequence[Group]) -> int:
    """`chain_fits` on these groups: runs widen as cards join them, the others take a card
    as they stand."""
    runs = [[g.low, g.high] for g in groups if g.kind is GroupKind.RUN]
    others = [g for g in groups if g.kind is not GroupKind.RUN]
    return chain_fits(
        cards, runs, lambda card: any(lay_off_meanings(group, card) for group in others)
    )


def chain_fits(cards: list[int], runs: list[list[int]], fixed: Callable[[int], bool]) -> int:
    """How many number `cards` join a group: one `fixed` accepts as it is, or one of the
    `runs` ([low, high], widened in place as cards join them, so a card may fit only after
    another)."""
    left = list(cards)
    progress = True
    while progress:
        progress = False
        for card in list(left):
            value = value_of(card)
            fits = fixed(card)
            for run in runs:
                if fits:
                    break
                if value == run[0] - 1:
                    run[0] = value
                    fits = True
                elif value == run[1] + 1:
                    run[1] = value
                    fits = True
            if fits:
                left.remove(card)
                progress = True
    return len(cards) - len(left)


def distance_to_table(view: Level8View, card: int) -> int:
    """How many cards must join a run before `card` fits the table (0 when it fits now);
    large when only a set or colour group of its kind could take it and none is down."""
    best = MAX_VALUE
    value = value_of(card)
    for player in view.players:
        for group in player.groups:
            if lay_off_meanings(group, card):
                return 0
            if group.kind is GroupKind.RUN:
                best = min(best, steps_beyond(value, group.low, group.high))
    return best


def steps_beyond(value: int, low: int, high: int) -> int:
    """Cards that must join the run `low`-`high` before `value` can: the values between it and
    the nearer end. A value inside the range never joins the run (its place is taken), which
    the baseline's measure read as a gap below zero."""
    if low <= value <= high:
        return MAX_VALUE
    return (low - value if value < low else value - high) - 1


def dead_cards(hand: list[int], requirements: Sequence[Requirement], view: Level8View) -> int:
    """How many number cards the best plan leaves over that could not be laid off right after
    displaying it: on the planned groups or on the table, the ends of every run, planned or
    displayed, growing as cards join (as in `table_fits`: a card two steps beyond a table
    run's end fits once a hand card has filled the step, and was counted dead before).

    Before displaying, a card that will fit the display is worth keeping: once displayed, a
    hand shrinks only by lay-offs, and a card that fits costs several draws to find."""
    plan = plan_level(hand, requirements)
    left = [card for card in hand if is_number(card) and card not in plan.used]
    table = [group for player in view.players for group in player.groups]
    runs = [[g.low, g.high] for g in table if g.kind is GroupKind.RUN]
    others = [g for g in table if g.kind is not GroupKind.RUN]
    keys: list[tuple[GroupKind, int]] = []
    for requirement, slots in zip(requirements, plan.groups, strict=True):
        meanings = [m for _, m in slots]
        if requirement.kind is GroupKind.RUN:
            runs.append([min(meanings), max(meanings)])
        else:
            keys.append((requirement.kind, meanings[0]))

    def fixed(card: int) -> bool:
        return any(lay_off_meanings(group, card) for group in others) or any(
            key == (value_of(card) if kind is GroupKind.SET else colour_of(card))
            for kind, key in keys
        )

    return len(left) - chain_fits(left, runs, fixed)


def helps_displayed(view: Level8View, card: int) -> bool:
    """Whether a displayed opponent could lay `card` off."""
    return any(
        lay_off_meanings(g, card) for p in view.players if p.seat != view.seat for g in p.groups
    )


def planned_distance(
    view: Level8View, plan: Plan, requirements: Sequence[Requirement], card: int
) -> int:
    """`distance_to_table` with the plan's runs as if displayed: how many cards must join a
    planned or table run before `card` fits (0 when it fits a planned set or colour group, or
    the table).

    The baseline's `closeness` counts the values near a card's, so a card duplicating a value
    inside a planned run looked close (both neighbours held) though it can never join that run,
    and was kept before a card one step beyond the run's end."""
    return min(distance_to_table(view, card), plan_distance(plan, requirements, card))


def plan_distance(plan: Plan, requirements: Sequence[Requirement], card: int) -> int:
    """`planned_distance` on the plan's groups alone, as when the table is about to be
    cleared (the hard side's keep)."""
    value = value_of(card)
    best = MAX_VALUE
    for requirement, slots in zip(requirements, plan.groups, strict=True):
        meanings = [m for _, m in slots]
        if requirement.kind is GroupKind.RUN:
            best = min(best, steps_beyond(value, min(meanings), max(meanings)))
        elif meanings[0] == (value if requirement.kind is GroupKind.SET else colour_of(card)):
            return 0
    return best
