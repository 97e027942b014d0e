"""Within-turn look-ahead for the heuristic player, on plain ints.

A placement's cost is the number of cards it shuts out of that pile: the cards still to be
played (unseen ones, found by counting the placements, plus our own) strictly between the old and
the new top. A backwards trick has a negative cost: it re-opens the cards it jumps back over.
Partners' hints add penalties. A turn is chosen as the cheapest sequence that reaches the
minimum, where each card beyond the minimum earns a bonus, so extra cards are placed only when
they are nearly free (or re-open a pile, or once the draw pile is empty and hands must empty).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.the_game.cards import PILE_COUNT, can_place
from games.the_game.policies.table import Table
from games.the_game.state import HintKind

Move = tuple[int, int]
"""(card, pile)"""


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the heuristic (chosen by running the simulator)."""

    backwards_gain: float = 1.0
    extra_bonus: float = 1.5
    endgame_bonus: float = 6.0
    dont_play_penalty: float = 6.0
    dont_jump_penalty: float = 3.0
    want_play_penalty: float = 3.0
    beam: int = 5
    extra_depth: int = 1
    hint_close: int = 1
    hint_near: int = 4


def gap_cost(table: Table, hand: tuple[int, ...], low: int, high: int) -> int:
    """Cards still to play strictly between two values: unseen ones plus our own."""
    own = 0
    for card in hand:
        if low < card < high:
            own += 1
    return table.unseen_between(low, high) + own


def move_cost(
    table: Table, hand: tuple[int, ...], tops: tuple[int, ...], card: int, pile: int, w: Weights
) -> float:
    top = tops[pile]
    if pile < 2:
        if card < top:
            return -w.backwards_gain * gap_cost(table, hand, card, top)
        gap = gap_cost(table, hand, top, card)
    else:
        if card > top:
            return -w.backwards_gain * gap_cost(table, hand, top, card)
        gap = gap_cost(table, hand, card, top)
    hints = table.foreign_hints[pile]
    if not hints:
        return gap
    penalty = 0.0
    if HintKind.DONT_PLAY in hints:
        penalty += w.dont_play_penalty
    if HintKind.WANT_PLAY in hints:
        penalty += w.want_play_penalty
    if HintKind.DONT_JUMP in hints and gap >= 2:
        penalty += w.dont_jump_penalty
    return gap + penalty


def plan_turn(table: Table, w: Weights) -> list[Move]:
    """The best sequence of placements for the rest of this turn (empty: end the turn now).

    Placements on different piles commute, so sequences are searched with non-decreasing pile
    numbers only; each node keeps its `beam` cheapest moves. If the beam misses every way to
    reach the minimum, an exhaustive search follows, so a possible turn is never given up.
    """
    best = _search(table, w, w.beam)
    if best is None:
        best = _search(table, w, None)
    return best or []


def _search(table: Table, w: Weights, beam: int | None) -> list[Move] | None:
    required = table.required
    bonus = w.endgame_bonus if table.draw_pile_size == 0 else w.extra_bonus
    max_depth = min(len(table.hand), required + w.extra_depth)
    best_total = float("inf")
    best_seq: list[Move] | None = None
    seq: list[Move] = []

    def dfs(hand: tuple[int, ...], tops: tuple[int, ...], cost: float, last_pile: int) -> None:
        nonlocal best_total, best_seq
        depth = len(seq)
        if depth >= required:
            total = cost - bonus * (depth - required)
            if total < best_total:
                best_total = total
                best_seq = list(seq)
        if depth == max_depth:
            return
        moves: list[tuple[float, int, int, int]] = []
        for index, card in enumerate(hand):
            for pile in range(last_pile, PILE_COUNT):
                if can_place(card, pile, tops[pile]):
                    moves.append((move_cost(table, hand, tops, card, pile, w), card, pile, index))
        moves.sort()
        if beam is not None:
            del moves[beam:]
        for move_cost_value, card, pile, index in moves:
            seq.append((card, pile))
            new_tops = (*tops[:pile], card, *tops[pile + 1 :])
            dfs(hand[:index] + hand[index + 1 :], new_tops, cost + move_cost_value, pile)
            seq.pop()

    dfs(table.hand, table.tops, 0.0, 0)
    return best_seq


def wanted_hints(table: Table, w: Weights) -> dict[int, HintKind]:
    """Per pile, what to ask partners for, from how close our best card sits to its top.

    A card that fits almost without a gap asks partners to leave the pile alone; one that fits
    with a small gap asks them not to jump far. Hints never say a value.
    """
    wanted: dict[int, HintKind] = {}
    for pile in range(PILE_COUNT):
        top = table.tops[pile]
        best: int | None = None
        for card in table.hand:
            if pile < 2:
                if card <= top:
                    continue
                gap = gap_cost(table, table.hand, top, card)
            else:
                if card >= top:
                    continue
                gap = gap_cost(table, table.hand, card, top)
            if best is None or gap < best:
                best = gap
        if best is None:
            continue
        if best <= w.hint_close:
            wanted[pile] = HintKind.DONT_PLAY
        elif best <= w.hint_near:
            wanted[pile] = HintKind.DONT_JUMP
    return wanted
