"""Exact play once nothing is hidden: the draw pile is empty and only our hand holds cards.

Then the rest of the game is a puzzle with no chance left (the minimum is one card and empty
seats are skipped), so a depth-first search over placement orders finds a way to place every
card when one exists, or else the longest sequence it met.
"""

from __future__ import annotations

from games.the_game.cards import BACKWARDS_STEP, PILE_COUNT
from games.the_game.policies.planner import Move

NODE_LIMIT = 20_000
"""Beyond this many positions the heuristic plays instead; rarely reached with 8 cards."""


def solve_alone(hand: tuple[int, ...], tops: tuple[int, ...]) -> list[Move] | None:
    """The longest placement sequence found for `hand`, or None if the search ran out.

    Moves are tried closest-first, which finds a full solution quickly when there is one.
    """
    failed: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    best: list[Move] = []
    seq: list[Move] = []
    nodes = 0

    def dfs(cards: tuple[int, ...], piles: tuple[int, ...]) -> bool:
        nonlocal best, nodes
        if len(seq) > len(best):
            best = list(seq)
        if not cards:
            return True
        nodes += 1
        if nodes > NODE_LIMIT or (cards, piles) in failed:
            return False
        moves: list[tuple[int, int, int]] = []
        for pile in range(PILE_COUNT):
            top = piles[pile]
            for index, card in enumerate(cards):
                if pile < 2:
                    if card > top:
                        moves.append((card - top, index, pile))
                    elif card == top - BACKWARDS_STEP:
                        moves.append((-BACKWARDS_STEP, index, pile))
                elif card < top:
                    moves.append((top - card, index, pile))
                elif card == top + BACKWARDS_STEP:
                    moves.append((-BACKWARDS_STEP, index, pile))
        moves.sort()
        for _, index, pile in moves:
            card = cards[index]
            seq.append((card, pile))
            if dfs(cards[:index] + cards[index + 1 :], (*piles[:pile], card, *piles[pile + 1 :])):
                return True
            seq.pop()
        failed.add((cards, piles))
        return False

    solved = dfs(hand, tops)
    if not solved and nodes > NODE_LIMIT:
        return None
    return best
