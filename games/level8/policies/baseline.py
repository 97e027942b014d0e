"""The baseline: the heuristic as it stood before issue 15, frozen so that strength is measured
head to head (`--lineup heuristic,baseline`). Do not tune it.

Before displaying it measures a hand by the finder's "wilds still needed" for its level: it
draws a discard only when that lowers the count, and throws away a card the best plan does not
use, choosing the one with the fewest neighbours for the level's kinds of group. Once displayed
it draws discards it can lay off, lays off everything it can (number cards before wilds) and
discards what fits nowhere. A Skip is always played on the most dangerous opponent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.level8.actions import (
    Action,
    Discard,
    DisplayLevel,
    DrawFromDiscard,
    DrawFromPile,
    KeepCards,
    LayOff,
    PlaySkip,
)
from games.level8.cards import MAX_VALUE, colour_of, is_number, is_skip, is_wild, value_of
from games.level8.finder import missing_cards, plan_level
from games.level8.groups import lay_off_meanings
from games.level8.levels import FINAL_LEVEL, HARD_KEEP_MAX, GroupKind, Requirement
from games.level8.state import Phase
from games.level8.view import Level8View, PublicPlayer


class BaselinePolicy:
    name = "baseline"

    def choose(self, view: Level8View, legal: Sequence[Action], rng: random.Random) -> Action:
        assert view.seat is not None and view.hand is not None
        me = view.players[view.seat]
        hand = view.hand
        if view.phase is Phase.KEEP:
            return keep(hand, me.requirements, legal)
        if view.phase is Phase.DRAW:
            return _draw(view, me, hand, legal)
        displays = [a for a in legal if isinstance(a, DisplayLevel)]
        if displays:
            return displays[0]
        lay_offs = [a for a in legal if isinstance(a, LayOff)]
        if lay_offs:
            return max(lay_offs, key=lambda a: _lay_off_value(view, hand, a))
        skips = [a for a in legal if isinstance(a, PlaySkip)]
        if skips and len(hand) > 1:
            return max(skips, key=lambda a: _threat(view.players[a.target]))
        return Discard(card=_discard_choice(view, me, hand))


def _threat(player: PublicPlayer) -> tuple[bool, bool, int, int]:
    """Who could win the game soonest (level 8 not yet displayed, or level 7 displayed), then
    who is closest to ending the round: displayed, fewest cards, highest level."""
    could_win = (player.level == FINAL_LEVEL and not player.displayed) or (
        player.level == FINAL_LEVEL - 1 and player.displayed
    )
    return (could_win, player.displayed, -player.hand_size, player.level)


def _lay_off_value(view: Level8View, hand: list[int], action: LayOff) -> tuple[bool, int]:
    """Number cards before wilds; a wild goes where it lets the most hand cards follow it."""
    if not is_wild(action.card):
        return (True, 0)
    group = view.players[action.owner].groups[action.group]
    if group.kind is not GroupKind.RUN or action.wild_as is None:
        return (False, 0)
    follow = action.wild_as - 1 if action.wild_as < group.low else action.wild_as + 1
    return (False, sum(1 for c in hand if is_number(c) and value_of(c) == follow))


def _fits_somewhere(view: Level8View, card: int) -> bool:
    return any(lay_off_meanings(g, card) for p in view.players for g in p.groups)


def _draw(
    view: Level8View, me: PublicPlayer, hand: list[int], legal: Sequence[Action]
) -> Action:
    tops = [
        (a, view.players[a.owner].discard_top)
        for a in legal
        if isinstance(a, DrawFromDiscard)
    ]
    for action, card in tops:
        if card is not None and is_wild(card):
            return action
    if me.displayed:
        for action, card in tops:
            if card is not None and _fits_somewhere(view, card):
                return action
    else:
        base = missing_cards(hand, me.requirements)
        best: tuple[int, Action] | None = None
        for action, card in tops:
            if card is None or is_skip(card):
                continue
            after = missing_cards([*hand, card], me.requirements)
            if after < base and (best is None or after < best[0]):
                best = (after, action)
        if best is not None:
            return best[1]
    pile = [a for a in legal if isinstance(a, DrawFromPile)]
    return pile[0] if pile else legal[0]


def _discard_choice(view: Level8View, me: PublicPlayer, hand: list[int]) -> int:
    """A Skip first, never a wild while a number card is left; among number cards, one that
    helps neither my plan nor a displayed opponent's lay-offs."""
    numbers = [card for card in hand if is_number(card)]
    skips = [card for card in hand if is_skip(card)]
    if skips:
        return skips[0]
    if not numbers:
        return hand[0]
    opponents_down = any(p.displayed for p in view.players if p.seat != me.seat)

    def feeds(card: int) -> bool:
        return opponents_down and _fits_somewhere(view, card)

    if me.displayed:
        return max(numbers, key=lambda c: lay_off_distance(view, c))
    used = plan_level(hand, me.requirements).used
    spare = [card for card in numbers if card not in used]
    if spare:
        return min(spare, key=lambda c: (feeds(c), closeness(c, hand, me.requirements)))
    return min(
        numbers,
        key=lambda c: (
            missing_cards([h for h in hand if h != c], me.requirements),
            feeds(c),
            closeness(c, hand, me.requirements),
        ),
    )


def lay_off_distance(view: Level8View, card: int) -> int:
    """How many cards must join a run before `card` fits the table (0 when it fits now);
    large when only a set or colour group of its kind could take it and none is down."""
    best = MAX_VALUE
    for player in view.players:
        for group in player.groups:
            if lay_off_meanings(group, card):
                return 0
            if group.kind is GroupKind.RUN:
                value = value_of(card)
                gap = group.low - value if value < group.low else value - group.high
                best = min(best, gap - 1)
    return best


def closeness(card: int, hand: list[int], requirements: Sequence[Requirement]) -> int:
    """How much `card` could still help the level's groups with the rest of the hand."""
    others = [h for h in hand if h != card and is_number(h)]
    kinds = {r.kind for r in requirements}
    score = 0
    if GroupKind.SET in kinds:
        score += 2 * sum(1 for h in others if value_of(h) == value_of(card))
    if GroupKind.RUN in kinds:
        near = {value_of(h) for h in others if 0 < abs(value_of(h) - value_of(card)) <= 2}
        score += len(near)
    if GroupKind.COLOUR in kinds:
        score += sum(1 for h in others if colour_of(h) == colour_of(card))
    return score


def keep(hand: list[int], requirements: Sequence[Requirement], legal: Sequence[Action]) -> Action:
    """Keep wilds first, then the number cards of the best plan for the level still to do."""
    used = plan_level(hand, requirements).used
    ranked = sorted(
        (c for c in hand if not is_skip(c)),
        key=lambda c: (not is_wild(c), c not in used, -closeness(c, hand, requirements)),
    )
    wanted = set(ranked[:HARD_KEEP_MAX])
    for action in legal:
        if isinstance(action, KeepCards) and set(action.cards) == wanted:
            return action
    return legal[0]
