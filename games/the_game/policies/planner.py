"""Within-turn look-ahead for the heuristic player, on plain ints.

A placement's cost is what it shuts out: every card still to be played (unseen ones, found by
counting placements, and our own) strictly between the old and the new top loses that pile.
Losing a pile matters more the fewer piles the card has left, so each shut-out card weighs
`option_loss[n]`, n being the number of piles it currently fits. A backwards trick has a
negative cost: the cards it jumps back over regain a pile. Partners' hints add penalties.

A turn is the cheapest sequence of placements that reaches the minimum, where every card beyond
the minimum earns a bonus: extra cards are placed only when they are nearly free (or re-open a
pile, or once the draw pile is empty and hands must be emptied).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.the_game.cards import BACKWARDS_STEP, PILE_COUNT
from games.the_game.config import TheGameConfig
from games.the_game.policies.table import Table
from games.the_game.state import HintKind

Move = tuple[int, int]
"""(card, pile)"""


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the heuristic (chosen by running the simulator)."""

    option_loss: tuple[float, ...] = (0.0, 6.0, 2.5, 1.2, 0.5)
    """Weight of a card losing one pile, by how many piles it fitted (index 0: none)."""
    backwards_gain: float = 4.0
    """Multiplier on the cards a backwards trick re-opens when they were shut before the turn."""
    extra_bonus: float = 1.0
    """Worth of a card placed beyond the minimum while the draw pile has cards: only nearly
    free extras are played, a fuller hand keeps more choice."""
    endgame_bonus: float = 0.5
    """The same once the draw pile is empty. Small on purpose: dumping cards then shuts
    partners' last cards, while patient one-card turns let everyone empty their hand."""
    dont_play_penalty: float = 3.0
    """Added to a placement that shuts more than `hint_close` on a pile a partner asked us to
    leave alone (or wants to play on): it would likely jump their card."""
    dont_jump_penalty: float = 3.0
    """Added to a placement that shuts more than `hint_near` where a partner asked for no big
    jump."""
    want_play_penalty: float = 2.0
    beam: tuple[int, ...] = (6, 4, 3, 2)
    """Moves kept per search depth (the last entry holds for deeper levels)."""
    extra_depth: int = 3
    """How many cards beyond the minimum one search looks at (more follow in a new search)."""
    hint_close: float = 2.0
    """Our best card on a pile shuts at most this much: ask partners not to play there."""
    hint_near: float = 5.0
    """Our best card on a pile shuts at most this much: ask partners not to jump far there."""
    max_hints: int = 2
    """Hints we keep standing at once, for our cheapest piles: more would only blur them."""


STANDARD_WEIGHTS = Weights()
"""Tuned on the standard rules (minimum two, full hands); standard play must stay exactly so."""

SCARCE_CHOICE_WEIGHTS = replace(STANDARD_WEIGHTS, extra_bonus=1.5)
"""For a minimum of three or hands one card short: a turn then has fewer free choices, so a
nearly free extra card (which also draws a fresh card) is worth more."""


def weights_for(config: TheGameConfig) -> Weights:
    """The weights for a table's variant, read from the view's config."""
    if config.expert or config.smaller_hands:
        return SCARCE_CHOICE_WEIGHTS
    return STANDARD_WEIGHTS


@dataclass(frozen=True, slots=True)
class Costs:
    """Prefix sums that make every placement's cost O(1) during the search."""

    loss: tuple[float, ...]
    """loss[v]: summed weight of the live cards <= v losing one pile."""
    gain: tuple[float, ...]
    """gain[v]: summed weight of the live cards <= v regaining one pile."""
    hint_limit: tuple[float, ...]
    """Per pile, the shut-out weight above which partners' hints add `hint_penalty`."""
    hint_penalty: tuple[float, ...]


def prepare_costs(table: Table, w: Weights) -> Costs:
    tops = table.tops
    live = table.live
    loss = [0.0] * 101
    gain = [0.0] * 101
    weights = w.option_loss
    top_weight = len(weights) - 1
    running_loss = running_gain = 0.0
    for value in range(101):
        if live[value]:
            options = (value > tops[0]) + (value > tops[1]) + (value < tops[2]) + (value < tops[3])
            running_loss += weights[options]
            running_gain += weights[min(options + 1, top_weight)]
        loss[value] = running_loss
        gain[value] = running_gain
    limits: list[float] = []
    penalties: list[float] = []
    for kinds in table.foreign_hints:
        rules = [
            (limit, amount)
            for kind, limit, amount in (
                (HintKind.DONT_PLAY, w.hint_close, w.dont_play_penalty),
                (HintKind.WANT_PLAY, w.hint_close, w.want_play_penalty),
                (HintKind.DONT_JUMP, w.hint_near, w.dont_jump_penalty),
            )
            if kind in kinds
        ]
        limits.append(min((limit for limit, _ in rules), default=float("inf")))
        penalties.append(max((amount for _, amount in rules), default=0.0))
    return Costs(tuple(loss), tuple(gain), tuple(limits), tuple(penalties))


def plan_turn(table: Table, w: Weights) -> tuple[list[Move], bool]:
    """The best sequence of placements for the rest of this turn (empty: end the turn now),
    and whether the search depth cut it short (then more extras may be worth a new look).

    Placements on different piles commute, so sequences are searched with non-decreasing pile
    numbers only; each node keeps its `beam` cheapest moves. If the beam misses every way to
    reach the minimum, an exhaustive search for just the minimum follows, so a possible turn is
    never given up.
    """
    costs = prepare_costs(table, w)
    max_depth = min(len(table.hand), table.required + w.extra_depth)
    best = _search(table, costs, w, w.beam, max_depth)
    if best is None:
        best = _search(table, costs, w, None, table.required)
    plan = best or []
    return plan, len(plan) == max_depth and max_depth < len(table.hand)


def _search(
    table: Table, costs: Costs, w: Weights, beam: tuple[int, ...] | None, max_depth: int
) -> list[Move] | None:
    """Depth-first search with `beam[d]` moves kept at depth d (all of them when None).

    The last level only needs the single cheapest move, so it is not expanded. When no
    backwards trick can happen this turn every step costs at least zero, so a branch whose cost
    cannot come under the best total even with every remaining bonus is cut.
    """
    required = table.required
    bonus = w.endgame_bonus if table.draw_pile_size == 0 else w.extra_bonus
    loss, gain = costs.loss, costs.gain
    hint_limit, hint_penalty = costs.hint_limit, costs.hint_penalty
    back = w.backwards_gain
    root_tops = table.tops
    widths = [
        beam[min(depth, len(beam) - 1)] if beam is not None else PILE_COUNT * len(table.hand)
        for depth in range(max_depth + 1)
    ]
    prunable = not _trick_possible(table.hand, root_tops)
    best_total = float("inf")
    best_seq: list[Move] | None = None
    seq: list[Move] = []

    def dfs(
        hand: tuple[int, ...], tops: tuple[int, ...], cost: float, first_pile: int, depth: int
    ) -> None:
        nonlocal best_total, best_seq
        if depth >= required:
            total = cost - bonus * (depth - required)
            if total < best_total:
                best_total = total
                best_seq = list(seq)
        if depth == max_depth:
            return
        if prunable and cost - bonus * (max_depth - required) >= best_total:
            return
        moves: list[tuple[float, int, int, int]] = []
        for pile in range(first_pile, PILE_COUNT):
            top = tops[pile]
            if pile < 2:
                for index, card in enumerate(hand):
                    if card > top:
                        step = loss[card - 1] - loss[top]
                        if step > hint_limit[pile]:
                            step += hint_penalty[pile]
                    elif card == top - BACKWARDS_STEP:
                        # Re-opened cards that were shut before this turn earn the trick bonus;
                        # those this very sequence shut only get their loss back.
                        root = root_tops[pile]
                        step = loss[max(card, root)] - loss[top - 1]
                        if card < root:
                            step -= back * (gain[min(top - 1, root)] - gain[card])
                    else:
                        continue
                    moves.append((step, card, pile, index))
            else:
                for index, card in enumerate(hand):
                    if card < top:
                        step = loss[top - 1] - loss[card]
                        if step > hint_limit[pile]:
                            step += hint_penalty[pile]
                    elif card == top + BACKWARDS_STEP:
                        root = root_tops[pile]
                        step = loss[top] - loss[min(card, root) - 1]
                        if card > root:
                            step -= back * (gain[card - 1] - gain[max(top, root - 1)])
                    else:
                        continue
                    moves.append((step, card, pile, index))
        if not moves:
            return
        if depth + 1 == max_depth:
            step, card, pile, _ = min(moves)
            if depth + 1 >= required:
                total = cost + step - bonus * (depth + 1 - required)
                if total < best_total:
                    best_total = total
                    best_seq = [*seq, (card, pile)]
            return
        moves.sort()
        del moves[widths[depth] :]
        for step, card, pile, index in moves:
            seq.append((card, pile))
            dfs(
                hand[:index] + hand[index + 1 :],
                (*tops[:pile], card, *tops[pile + 1 :]),
                cost + step,
                pile,
                depth + 1,
            )
            seq.pop()

    dfs(table.hand, table.tops, 0.0, 0, 0)
    return best_seq


def _trick_possible(hand: tuple[int, ...], tops: tuple[int, ...]) -> bool:
    """Whether some backwards trick could occur this turn: a card 10 away from a top or from
    another card of ours (which could become a top)."""
    anchors = set(hand) | set(tops)
    return any(
        card + BACKWARDS_STEP in anchors or card - BACKWARDS_STEP in anchors for card in hand
    )


def wanted_hints(table: Table, w: Weights) -> dict[int, HintKind]:
    """Per pile, what to ask partners for, from how cheaply our best card fits there.

    A card that fits almost for free asks partners to leave the pile alone; one that fits with a
    small cost asks them not to jump far. Only the `max_hints` cheapest piles are named. Hints
    never say a value.
    """
    costs = prepare_costs(table, w)
    loss = costs.loss
    cheapest: list[tuple[float, int]] = []
    for pile in range(PILE_COUNT):
        top = table.tops[pile]
        shut = [
            loss[card - 1] - loss[top] if pile < 2 else loss[top - 1] - loss[card]
            for card in table.hand
            if (card > top if pile < 2 else card < top)
        ]
        if shut and min(shut) <= w.hint_near:
            cheapest.append((min(shut), pile))
    cheapest.sort()
    return {
        pile: HintKind.DONT_PLAY if shut <= w.hint_close else HintKind.DONT_JUMP
        for shut, pile in cheapest[: w.max_hints]
    }
