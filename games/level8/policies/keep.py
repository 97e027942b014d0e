"""The hard side's keep between rounds: the four cards that leave the fewest missing with the
next round's fresh cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from games.level8.actions import Action, KeepCards
from games.level8.cards import deck, is_number, is_wild
from games.level8.finder import plan_level
from games.level8.levels import HARD_KEEP_MAX, Requirement
from games.level8.policies.baseline import closeness
from games.level8.policies.card_counting import fast_missing
from games.level8.policies.table_fit import plan_distance
from games.level8.rules import HAND_SIZE
from games.level8.view import Level8View

KEEP_CANDIDATES = 5
"""Number cards, best ranked first, among which the hard side's keep compares subsets: the
plan's cards are nearly always among them, and five subsets of four stay cheap to judge."""

KEEP_SAMPLES = 10
"""Deals of the next round's fresh cards each kept subset is judged on, the same for all."""


def choose_keep(
    view: Level8View,
    hand: list[int],
    requirements: Sequence[Requirement],
    legal: Sequence[Action],
    rng: random.Random,
) -> Action:
    """Hard side: every wild, then the number cards that, with the cards dealt to fill the
    hand, leave the fewest cards missing for the level on average; ties go to the best ranked
    (`_keep_ranked`). The plan's cards all count alike once four are kept, so which four
    matters only with the fresh cards: three of a value and one of another need one card of
    the first and three of the second, two and two need two of each."""
    wilds = [card for card in hand if is_wild(card)][:HARD_KEEP_MAX]
    ranked = _keep_ranked(hand, requirements)[:KEEP_CANDIDATES]
    size = min(HARD_KEEP_MAX - len(wilds), len(ranked))
    pool = [card for card in deck(view.config.deck) if card not in hand]
    fills = [rng.sample(pool, HAND_SIZE - len(wilds) - size) for _ in range(KEEP_SAMPLES)]
    level = tuple(requirements)
    kept = min(
        combinations(ranked, size),
        key=lambda cards: sum(fast_missing([*wilds, *cards, *fill], level) for fill in fills),
    )
    wanted = {*wilds, *kept}
    for action in legal:
        if isinstance(action, KeepCards) and set(action.cards) == wanted:
            return action
    return legal[0]


def _keep_ranked(hand: list[int], requirements: Sequence[Requirement]) -> list[int]:
    """The hand's number cards, the plan's first, then the others nearest to fitting a planned
    group (`plan_distance`), the baseline's closeness last: closeness alone kept a second
    card of a value a planned run spans before one a step beyond its end."""
    plan = plan_level(hand, requirements)
    return sorted(
        (card for card in hand if is_number(card)),
        key=lambda c: (
            c not in plan.used,
            0 if c in plan.used else plan_distance(plan, requirements, c),
            -closeness(c, hand, requirements),
        ),
    )
