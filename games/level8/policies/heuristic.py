"""A computer player that plays for its level and against everybody else's (issue 15).

It reads only its view: its hand, the displays, the discard tops and the recent public events.
What each idea gained, measured against `baseline`, is in `games/level8/README.md`.

- Card counting (`Knowledge`): a card seen in a display, on or under a discard pile since the
  pile was last rebuilt, or taken from a discard pile by another seat cannot be drawn from the
  pile; a card another seat took from a discard pile and has not shown since is in its hand.
- Denial (`Opponents`): every card it throws away can be taken by any other seat, and a taken
  card that brings a level closer is worth several blind draws. So it deals each opponent
  still short of its level a few hands consistent with what it knows (the cards it saw them
  take plus unseen cards, pruned as a player keeping its level's cards would have) and counts
  how often a card would bring that level closer; among the cards it can spare equally well it
  throws the least useful one. A card a displayed opponent could lay off is never thrown
  while another will do.
- Dead cards (`_dead`): once displayed, a hand shrinks only by lay-offs, so before displaying
  it keeps the spare cards that will fit its display (or the table) and takes a discard top
  that turns a dead card into a fitting one; a top that brings the level closer comes first.
  A top the discard would throw straight back is left for a pile draw (`_throws_back`).
- Open runs (`_open_display`): a run completed with wilds is displayed where both ends stay
  open, and a wild laid off on a run goes to the end the hand, then the unseen cards, follow.
- Colour groups (`_choose_display`): a colour group takes every hand card of its colour, now
  and later, so it is displayed in the colour that leaves the fewest cards fitting nowhere.
- Once displayed it draws a discard top that fits (after its own lay-offs), lays off every
  number card it can and throws away the card furthest from fitting (`_distance`,
  `DEAD_STEPS`), the opponents' least wanted first. A Skip goes to the most dangerous opponent,
  among equals the one playing soonest after it.
- Wilds wait (`_lay_off_now`): once displayed, a wild fits somewhere until the round ends and
  only the turn of the last card counts, so it stays in the hand, its meaning chosen later,
  until it and the other held wilds reach a hand card on a run or the hand can go out; it
  takes a discard top as many steps beyond a run end as it holds wilds to bridge the gap.
- Hard side keep (`_keep`): the plan's cards all count alike once four are kept, so the four
  kept are those that leave the fewest cards missing with the next round's fresh cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

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
from games.level8.cards import (
    MAX_VALUE,
    MIN_VALUE,
    colour_of,
    deck,
    is_number,
    is_skip,
    is_wild,
    value_of,
)
from games.level8.events import (
    Discarded,
    DrewFromDiscard,
    LaidOff,
    LevelDisplayed,
    PileRebuilt,
    RoundStarted,
)
from games.level8.finder import Plan, missing_cards, plan_level, plans_by_colour
from games.level8.groups import Group, PlacedCard, build_group, lay_off_meanings, meaning
from games.level8.levels import FINAL_LEVEL, HARD_KEEP_MAX, GroupKind, Requirement
from games.level8.policies.baseline import closeness
from games.level8.rules import HAND_SIZE
from games.level8.state import Phase
from games.level8.view import Level8View, PublicPlayer

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

SAMPLED_HANDS = 12
"""Hands dealt to the opponents per discard decision, shared among them: enough to rank the
spare cards, few enough to keep a decision within a few milliseconds."""


class HeuristicPolicy:
    name = "heuristic"

    def choose(self, view: Level8View, legal: Sequence[Action], rng: random.Random) -> Action:
        assert view.seat is not None and view.hand is not None
        me = view.players[view.seat]
        hand = view.hand
        if view.phase is Phase.KEEP:
            return _keep(view, hand, me.requirements, legal, rng)
        if view.phase is Phase.DRAW:
            return _draw(view, me, hand, legal)
        displays = [a for a in legal if isinstance(a, DisplayLevel)]
        if displays:
            return _choose_display(view, displays[0], me.requirements, hand, Knowledge(view))
        lay_offs = [a for a in legal if isinstance(a, LayOff) and _lay_off_now(view, hand, a)]
        if lay_offs:
            knowledge = Knowledge(view)
            return max(lay_offs, key=lambda a: _lay_off_value(view, hand, a, knowledge))
        skips = [a for a in legal if isinstance(a, PlaySkip)]
        if skips and len(hand) > 1:
            return max(skips, key=lambda a: _skip_value(view, a.target))
        return Discard(card=_discard_choice(view, me, hand, rng))


class Knowledge:
    """What the seat knows about the hidden cards, from public information only.

    `unseen` are the cards that may be in the draw pile or in another hand: not in this hand,
    not displayed, not on a discard pile (as far back as the recent events reach since the
    pile was last rebuilt), not known to be in another hand. `held[seat]` are the cards a seat
    took from a discard pile this round and has not shown since.
    """

    def __init__(self, view: Level8View) -> None:
        assert view.seat is not None and view.hand is not None
        self.held: dict[int, set[int]] = {p.seat: set() for p in view.players}
        buried: set[int] = set()
        for event in view.recent:
            if isinstance(event, RoundStarted):
                buried.clear()
                self.held = {p.seat: set() for p in view.players}
            elif isinstance(event, PileRebuilt):
                buried.clear()
            elif isinstance(event, Discarded):
                buried.add(event.card)
                self.held[event.seat].discard(event.card)
            elif isinstance(event, DrewFromDiscard):
                buried.discard(event.card)
                self.held[event.seat].add(event.card)
            elif isinstance(event, LaidOff):
                self.held[event.seat].discard(event.placed.card)
            elif isinstance(event, LevelDisplayed):
                shown = {placed.card for group in event.groups for placed in group.cards}
                self.held[event.seat] -= shown
        self.held[view.seat] = set()
        seen = set(view.hand) | buried
        for player in view.players:
            seen.update(placed.card for group in player.groups for placed in group.cards)
            if player.discard_top is not None:
                seen.add(player.discard_top)
            seen |= self.held[player.seat]
        self.unseen = [card for card in deck(view.config.deck) if card not in seen]
        self.by_value = Counter(value_of(card) for card in self.unseen if is_number(card))

    def unseen_of_value(self, value: int) -> int:
        return self.by_value[value]


def _partitions(items: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to share out `items` into blocks, as each block's total, largest first."""
    if not items:
        return [()]
    first, rest = items[0], items[1:]
    found: set[tuple[int, ...]] = set()
    for totals in _partitions(rest):
        found.add(tuple(sorted((first, *totals), reverse=True)))
        for i in range(len(totals)):
            joined = (*totals[:i], totals[i] + first, *totals[i + 1:])
            found.add(tuple(sorted(joined, reverse=True)))
    return sorted(found)


@cache
def _set_shares(sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    return _partitions(sizes)


def fast_missing(hand: Sequence[int], requirements: tuple[Requirement, ...]) -> int:
    """`missing_cards` in microseconds when a level asks only for sets, as the opponent samples
    need thousands of answers: the sets sharing one value are a block, and the largest blocks
    take the values held most often (sorted pairing maximises the sum of minima)."""
    if any(r.kind is not GroupKind.SET for r in requirements):
        return missing_cards(hand, requirements)
    counts = sorted(Counter(value_of(c) for c in hand if is_number(c)).values(), reverse=True)
    wilds = sum(1 for c in hand if is_wild(c))
    used = max(
        sum(min(total, count) for total, count in zip(totals, counts, strict=False))
        for totals in _set_shares(tuple(r.size for r in requirements))
    )
    return max(0, sum(r.size for r in requirements) - used - wilds)


DEAD_STEPS = 3
"""Once displayed, a card this many steps or more from any run end counts as dead; nearer
cards are thrown furthest first (two or more steps alike measured 59.8 % and 59.3 %, this 60.2 %
and 59.7 % on the same deals: a gain within noise)."""


KEPT_FROM = 6
"""A sampled opponent hand is dealt this many cards too many and sheds cards its plan can
spare: real hands have kept what their level needs, random ones would be too far from it."""


class Opponents:
    """Sampled hands of the opponents still short of their level, to judge a discard by.

    Each sampled hand holds the cards the opponent is known to hold plus unseen cards drawn
    with the policy's generator, pruned to the hand size as a player keeping its level's cards
    would have pruned it (`KEPT_FROM`); `danger(card)` is the expected number of these opponents
    whose missing count the card would lower, which is exactly when a player who draws
    discards only to progress would take it.
    """

    def __init__(self, view: Level8View, knowledge: Knowledge, rng: random.Random) -> None:
        waiting = [
            p for p in view.players if p.seat != view.seat and not p.displayed and p.hand_size
        ]
        self.hands: list[tuple[tuple[Requirement, ...], list[int], int, float]] = []
        if not waiting:
            return
        per = max(1, SAMPLED_HANDS // len(waiting))
        for player in waiting:
            known = sorted(knowledge.held[player.seat])[: player.hand_size]
            size = min(player.hand_size - len(known), len(knowledge.unseen))
            requirements = tuple(player.requirements)
            extra = min(KEPT_FROM, len(knowledge.unseen) - size)
            for _ in range(per):
                sample = [*known, *rng.sample(knowledge.unseen, size + extra)]
                for _ in range(extra):
                    used = plan_level(sample, requirements).used
                    spare = [c for c in sample[len(known):] if is_number(c) and c not in used]
                    if not spare:
                        break
                    sample.remove(rng.choice(spare))
                sample = sample[: player.hand_size]
                self.hands.append(
                    (requirements, sample, fast_missing(sample, requirements), 1 / per)
                )

    def danger(self, card: int) -> float:
        return sum(
            weight
            for requirements, hand, missing, weight in self.hands
            if missing and fast_missing([*hand, card], requirements) < missing
        )


def _threat(player: PublicPlayer) -> tuple[bool, bool, int, int]:
    """Who could win the game soonest (level 8 not yet displayed, or level 7 displayed), then
    who is closest to ending the round: displayed, fewest cards, highest level."""
    could_win = (player.level == FINAL_LEVEL and not player.displayed) or (
        player.level == FINAL_LEVEL - 1 and player.displayed
    )
    return (could_win, player.displayed, -player.hand_size, player.level)


def _skip_value(view: Level8View, target: int) -> tuple[tuple[bool, bool, int, int], int]:
    """`_threat`, then among equal threats the seat that plays soonest after this one: its
    lost turn comes before the round can end, a later seat's may never come (ties went to the
    lowest seat number, wherever it sat)."""
    assert view.seat is not None
    return (_threat(view.players[target]), -((target - view.seat) % len(view.players)))


def _lay_off_value(
    view: Level8View, hand: list[int], action: LayOff, knowledge: Knowledge
) -> tuple[bool, int, int]:
    """Number cards before wilds. A card that grows a run goes where the most hand cards can
    follow it, then where the new end can take the most unseen cards; a wild likewise."""
    number = not is_wild(action.card)
    follow = _run_follow(view, action)
    if follow is None:
        return (number, 0, 0)
    return (number, _held_of_value(hand, follow, action.card), knowledge.unseen_of_value(follow))


def _lay_off_now(view: Level8View, hand: list[int], action: LayOff) -> bool:
    """Number cards go at once: a run end they fit may be taken by another card. A wild fits
    somewhere until the round ends and only the last card's turn counts, so it waits in the
    hand, its meaning chosen once more is known, unless it starts a bridge to a hand card (the
    card follows it on the run, or does after the hand's other wilds fill the gap) or the hand
    can go out this turn (one card besides the wilds)."""
    if not is_wild(action.card) or sum(1 for c in hand if not is_wild(c)) <= 1:
        return True
    follow = _run_follow(view, action)
    if follow is None:
        return False
    group = view.players[action.owner].groups[action.group]
    step = -1 if follow < group.low else 1
    wilds = sum(1 for c in hand if is_wild(c) and c != action.card)
    values = {value_of(c) for c in hand if is_number(c)}
    while MIN_VALUE <= follow <= MAX_VALUE:
        if follow in values:
            return True
        if not wilds:
            return False
        wilds -= 1
        follow += step
    return False


def _run_follow(view: Level8View, action: LayOff) -> int | None:
    """The value that could join a run after this lay-off at the same end; None off runs."""
    group = view.players[action.owner].groups[action.group]
    if group.kind is not GroupKind.RUN:
        return None
    value = action.wild_as if is_wild(action.card) else value_of(action.card)
    assert value is not None
    return value - 1 if value < group.low else value + 1


def _held_of_value(hand: list[int], value: int, besides: int) -> int:
    """How many hand cards other than `besides` could follow onto a run end of `value`."""
    return sum(1 for c in hand if is_number(c) and c != besides and value_of(c) == value)


def _choose_display(
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
    return DisplayLevel(groups=[
        [PlacedCard(card=card) if card is not None else PlacedCard(card=next(spare), wild_as=m)
         for card, m in group]
        for group in plan.groups
    ])


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
    fits = _groups_fit(rest, [*table, *groups])
    return (len(rest) - fits, -sum(_joinable(group, knowledge) for group in groups))


def _joinable(group: Group, knowledge: Knowledge) -> int:
    """How many unseen number cards could be laid off on `group` as it stands."""
    return sum(
        1 for card in knowledge.unseen if is_number(card) and lay_off_meanings(group, card)
    )


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
    core = ordered[numbered[0]: numbered[-1] + 1]
    ends = ordered[: numbered[0]] + ordered[numbered[-1] + 1:]
    low = meaning(core[0], GroupKind.RUN)
    high = meaning(core[-1], GroupKind.RUN)

    def openness(below: int) -> tuple[int, int]:
        start, stop = low - below, high + len(ends) - below
        outer = [v for v in (start - 1, stop + 1) if MIN_VALUE <= v <= MAX_VALUE]
        in_hand = sum(1 for card in rest if value_of(card) in outer)
        return (in_hand, sum(knowledge.unseen_of_value(v) for v in outer))

    fits = [b for b in range(len(ends) + 1)
            if low - b >= MIN_VALUE and high + len(ends) - b <= MAX_VALUE]
    below = max(fits, key=openness)
    wilds = [placed.card for placed in ends]
    return [
        *(PlacedCard(card=wilds[i], wild_as=low - below + i) for i in range(below)),
        *core,
        *(PlacedCard(card=wilds[below + i], wild_as=high + 1 + i)
          for i in range(len(ends) - below)),
    ]


def _table_fits(view: Level8View, cards: list[int]) -> int:
    """How many of the number `cards` could be laid off on the table, runs growing as cards
    join them: a discard top may fit only once a hand card has extended a run."""
    table = [g for p in view.players for g in p.groups]
    return _groups_fit([card for card in cards if is_number(card)], table)


def _groups_fit(cards: list[int], groups: Sequence[Group]) -> int:
    """`_chain_fits` on these groups: runs widen as cards join them, the others take a card
    as they stand."""
    runs = [[g.low, g.high] for g in groups if g.kind is GroupKind.RUN]
    others = [g for g in groups if g.kind is not GroupKind.RUN]
    return _chain_fits(
        cards, runs, lambda card: any(lay_off_meanings(group, card) for group in others)
    )


def _chain_fits(cards: list[int], runs: list[list[int]], fixed: Callable[[int], bool]) -> int:
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
            if card is not None and _fits_after_draw(view, hand, card):
                return action
    else:
        base = (missing_cards(hand, me.requirements), _dead(hand, me.requirements, view))
        best: tuple[tuple[int, int], Action] | None = None
        for action, card in tops:
            if card is None or not is_number(card):
                continue
            after = _after_taking(hand, card, me.requirements, view)
            if after >= base or _throws_back(view, me, hand, card):
                continue
            if best is None or after < best[0]:
                best = (after, action)
        if best is not None:
            return best[1]
    pile = [a for a in legal if isinstance(a, DrawFromPile)]
    return pile[0] if pile else legal[0]


def _fits_after_draw(view: Level8View, hand: list[int], card: int) -> bool:
    """Whether a drawn `card` could be laid off this turn: after the hand's own lay-offs, or
    beyond a run end when the held wilds can bridge the gap, one per missing value (wilds wait
    in the hand for exactly this, `_lay_off_now`).

    Never when the hand goes out this turn whatever it draws (the taken card would be the
    last one, discarded), nor for a card that fits now only where a hand card goes too (it
    was thrown back): a discard top thrown back the same turn is a draw lost, not denial, as
    the card lies on a discard pile again."""
    if not is_number(card):
        return False
    fitting = _table_fits(view, hand)
    if fitting == sum(1 for c in hand if not is_wild(c)):
        return False
    if _table_fits(view, [*hand, card]) > fitting:
        return True
    return 0 < _distance(view, card) <= sum(1 for c in hand if is_wild(c))


def _distance(view: Level8View, card: int) -> int:
    """How many cards must join a run before `card` fits the table (0 when it fits now);
    large when only a set or colour group of its kind could take it and none is down."""
    best = MAX_VALUE
    value = value_of(card)
    for player in view.players:
        for group in player.groups:
            if lay_off_meanings(group, card):
                return 0
            if group.kind is GroupKind.RUN:
                best = min(best, _steps_beyond(value, group.low, group.high))
    return best


def _steps_beyond(value: int, low: int, high: int) -> int:
    """Cards that must join the run `low`-`high` before `value` can: the values between it and
    the nearer end. A value inside the range never joins the run (its place is taken), which
    the baseline's measure read as a gap below zero."""
    if low <= value <= high:
        return MAX_VALUE
    return (low - value if value < low else value - high) - 1


def _after_taking(
    hand: list[int], card: int, requirements: Sequence[Requirement], view: Level8View
) -> tuple[int, int]:
    """(cards missing, dead cards) after taking `card` and throwing the best other spare."""
    bigger = [*hand, card]
    missing = missing_cards(bigger, requirements)
    used = plan_level(bigger, requirements).used
    spare = [c for c in bigger if is_number(c) and c not in used and c != card]
    dead = min((_dead([h for h in bigger if h != c], requirements, view) for c in spare),
               default=_dead(bigger, requirements, view))
    return (missing, dead)


def _dead(hand: list[int], requirements: Sequence[Requirement], view: Level8View) -> int:
    """How many number cards the best plan leaves over that could not be laid off right after
    displaying it: on the planned groups or on the table, the ends of every run, planned or
    displayed, growing as cards join (as in `_table_fits`: a card two steps beyond a table
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

    return len(left) - _chain_fits(left, runs, fixed)


def _discard_choice(
    view: Level8View, me: PublicPlayer, hand: list[int], rng: random.Random
) -> int:
    """A Skip first, never a wild while a number card is left. Among number cards: before
    displaying, one my plan can spare, none a displayed opponent could lay off and, if
    possible, one that would not fit my display either; after displaying, one furthest from
    fitting the table. Among those equally good, the one least useful to the opponents, then
    before displaying the one furthest from fitting the planned display or the table."""
    numbers = [card for card in hand if is_number(card)]
    skips = [card for card in hand if is_skip(card)]
    if skips:
        return skips[0]
    if not numbers:
        return hand[0]
    plan = None if me.displayed else plan_level(hand, me.requirements)
    shortlist = _shortlist(view, me, hand, numbers, plan)
    if len(shortlist) == 1:
        return shortlist[0]
    opponents = Opponents(view, Knowledge(view), rng)

    def nearness(card: int) -> int:
        if plan is None:
            return 0
        return -_planned_distance(view, plan, me.requirements, card)

    return min(shortlist, key=lambda c: (
        opponents.danger(c), nearness(c), closeness(c, hand, me.requirements),
    ))


def _shortlist(
    view: Level8View, me: PublicPlayer, hand: list[int], numbers: list[int], plan: Plan | None
) -> list[int]:
    """The number cards `_discard_choice` throws first, before denial and the tie-breaks;
    `plan` is the hand's before displaying, None after."""
    if plan is None:
        return _best_by(numbers, lambda c: -min(_distance(view, c), DEAD_STEPS))
    spare = [card for card in numbers if card not in plan.used]
    if spare:
        return _best_by(spare, lambda c: (
            _helps_displayed(view, c),
            _dead([h for h in hand if h != c], me.requirements, view),
        ))
    return _best_by(numbers, lambda c: (
        missing_cards([h for h in hand if h != c], me.requirements),
        _helps_displayed(view, c),
    ))


def _throws_back(view: Level8View, me: PublicPlayer, hand: list[int], card: int) -> bool:
    """Whether the discard after taking `card` (before displaying) may be `card` itself.

    `_after_taking` throws the spare that leaves the fewest dead cards, but the discard never
    throws a card a displayed opponent could lay off while another will do: when every other
    spare helps one, the taken card went straight back onto the pile it could be taken from,
    a draw lost for nothing (issue 26). A Skip in the hand ends the turn instead."""
    if any(is_skip(c) for c in hand):
        return False
    bigger = [*hand, card]
    numbers = [c for c in bigger if is_number(c)]
    return card in _shortlist(view, me, bigger, numbers, plan_level(bigger, me.requirements))


def _planned_distance(
    view: Level8View, plan: Plan, requirements: Sequence[Requirement], card: int
) -> int:
    """`_distance` with the plan's runs as if displayed: how many cards must join a planned or
    table run before `card` fits (0 when it fits a planned set or colour group, or the table).

    The baseline's `closeness` counts the values near a card's, so a card duplicating a value
    inside a planned run looked close (both neighbours held) though it can never join that run,
    and was kept before a card one step beyond the run's end."""
    return min(_distance(view, card), _plan_distance(plan, requirements, card))


def _plan_distance(plan: Plan, requirements: Sequence[Requirement], card: int) -> int:
    """`_planned_distance` on the plan's groups alone, as when the table is about to be
    cleared (the hard side's keep)."""
    value = value_of(card)
    best = MAX_VALUE
    for requirement, slots in zip(requirements, plan.groups, strict=True):
        meanings = [m for _, m in slots]
        if requirement.kind is GroupKind.RUN:
            best = min(best, _steps_beyond(value, min(meanings), max(meanings)))
        elif meanings[0] == (value if requirement.kind is GroupKind.SET else colour_of(card)):
            return 0
    return best


def _best_by(cards: list[int], key: Callable[[int], SupportsRichComparison]) -> list[int]:
    """The cards with the smallest key; the costly comparisons run on these only."""
    keys = [key(card) for card in cards]
    best = min(keys)
    return [card for card, k in zip(cards, keys, strict=True) if k == best]


def _helps_displayed(view: Level8View, card: int) -> bool:
    """Whether a displayed opponent could lay `card` off."""
    return any(
        lay_off_meanings(g, card) for p in view.players if p.seat != view.seat for g in p.groups
    )


KEEP_CANDIDATES = 5
"""Number cards, best ranked first, among which the hard side's keep compares subsets: the
plan's cards are nearly always among them, and five subsets of four stay cheap to judge."""

KEEP_SAMPLES = 10
"""Deals of the next round's fresh cards each kept subset is judged on, the same for all."""


def _keep(
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
    group (`_plan_distance`), the baseline's closeness last: closeness alone kept a second
    card of a value a planned run spans before one a step beyond its end."""
    plan = plan_level(hand, requirements)
    return sorted(
        (card for card in hand if is_number(card)),
        key=lambda c: (
            c not in plan.used,
            0 if c in plan.used else _plan_distance(plan, requirements, c),
            -closeness(c, hand, requirements),
        ),
    )
