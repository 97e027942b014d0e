"""Which display the heuristic lays down: its colour group in the colour that leaves the fewest
cards fitting nowhere, its runs completed with wilds left open at both ends."""

from __future__ import annotations

from collections.abc import Sequence

from games.level8.actions import DisplayLevel
from games.level8.cards import MAX_VALUE, MIN_VALUE, is_number, is_wild, value_of
from games.level8.finder import Plan, plans_by_colour
from games.level8.groups import Group, PlacedCard, build_group, lay_off_meanings, meaning
from games.level8.levels import GroupKind, Requirement
from games.level8.policies.card_counting import Knowledge
from games.level8.policies.table_fit import groups_fit
from games.level8.view import Level8View


def choose_display(
    view: Level8View,
    proposal: DisplayLevel,
    requirements: Sequence[Requirement],
    hand: list[int],
    knowledge: Knowledge,
) -> DisplayLevel:
    """Among the displays the hand can make (the finder's, or its colour group in another
    colour), the one leaving the fewest number cards that cannot be laid off right after it,
    then the one whose groups more unseen cards could join; runs opened (`_open_display`).

    The finder keeps the first of equally cheap colours, but a colour group takes every hand
    card of its colour at once and every later one: the colour held most often goes out most."""
    wilds = sum(1 for card in hand if is_wild(card))
    options = [_open_display(proposal, requirements, hand, knowledge)]
    for plan in plans_by_colour(hand, requirements):
        if plan.wilds_needed <= wilds:
            candidate = _open_display(_plan_display(plan, hand), requirements, hand, knowledge)
            if candidate != options[0]:
                options.append(candidate)
    if len(options) == 1:
        return options[0]
    return min(options, key=lambda d: _display_cost(view, d, requirements, hand, knowledge))


def _plan_display(plan: Plan, hand: list[int]) -> DisplayLevel:
    """A plan's display, the hand's wilds standing for its empty slots."""
    spare = iter(sorted(card for card in hand if is_wild(card)))
    return DisplayLevel(
        groups=[
            [
                PlacedCard(card=card)
                if card is not None
                else PlacedCard(card=next(spare), wild_as=m)
                for card, m in group
            ]
            for group in plan.groups
        ]
    )


def _display_cost(
    view: Level8View,
    display: DisplayLevel,
    requirements: Sequence[Requirement],
    hand: list[int],
    knowledge: Knowledge,
) -> tuple[int, int]:
    """(number cards left that cannot be laid off after the display, minus the unseen number
    cards its groups could take)."""
    shown = {placed.card for group in display.groups for placed in group}
    rest = [card for card in hand if card not in shown and is_number(card)]
    groups = [build_group(r, g) for r, g in zip(requirements, display.groups, strict=True)]
    table = [g for p in view.players for g in p.groups]
    fits = groups_fit(rest, [*table, *groups])
    return (len(rest) - fits, -sum(_joinable(group, knowledge) for group in groups))


def _joinable(group: Group, knowledge: Knowledge) -> int:
    """How many unseen number cards could be laid off on `group` as it stands."""
    return sum(1 for card in knowledge.unseen if is_number(card) and lay_off_meanings(group, card))


def _open_display(
    proposal: DisplayLevel,
    requirements: Sequence[Requirement],
    hand: list[int],
    knowledge: Knowledge,
) -> DisplayLevel:
    """The finder's display with each run's end wilds moved to the ends that leave the run
    most open: hand cards that can be laid off at once, then unseen cards that could follow.

    The finder puts a run as low as it can, so a run completed with wilds often starts at 1
    and can only grow at one end; wilds on the table never move again."""
    shown = {placed.card for group in proposal.groups for placed in group}
    rest = [card for card in hand if card not in shown and is_number(card)]
    groups = [
        _open_run(group, rest, knowledge) if requirement.kind is GroupKind.RUN else group
        for requirement, group in zip(requirements, proposal.groups, strict=True)
    ]
    return DisplayLevel(groups=groups)


def _open_run(group: list[PlacedCard], rest: list[int], knowledge: Knowledge) -> list[PlacedCard]:
    ordered = sorted(group, key=lambda placed: meaning(placed, GroupKind.RUN))
    numbered = [i for i, placed in enumerate(ordered) if not is_wild(placed.card)]
    if not numbered:
        return group
    core = ordered[numbered[0] : numbered[-1] + 1]
    ends = ordered[: numbered[0]] + ordered[numbered[-1] + 1 :]
    low = meaning(core[0], GroupKind.RUN)
    high = meaning(core[-1], GroupKind.RUN)

    def openness(below: int) -> tuple[int, int]:
        start, stop = low - below, high + len(ends) - below
        outer = [v for v in (start - 1, stop + 1) if MIN_VALUE <= v <= MAX_VALUE]
        in_hand = sum(1 for card in rest if value_of(card) in outer)
        return (in_hand, sum(knowledge.unseen_of_value(v) for v in outer))

    fits = [
        b
        for b in range(len(ends) + 1)
        if low - b >= MIN_VALUE and high + len(ends) - b <= MAX_VALUE
    ]
    below = max(fits, key=openness)
    wilds = [placed.card for placed in ends]
    return [
        *(PlacedCard(card=wilds[i], wild_as=low - below + i) for i in range(below)),
        *core,
        *(
            PlacedCard(card=wilds[below + i], wild_as=high + 1 + i)
            for i in range(len(ends) - below)
        ),
    ]
