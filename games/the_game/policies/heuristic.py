"""The computer player that fills empty seats: look-ahead, card counting and table talk."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.the_game.actions import (
    END_TURN,
    HINTS,
    PLACE,
    WITHDRAWS,
    Action,
    EndTurn,
    PlaceCard,
)
from games.the_game.policies.endgame import solve_alone
from games.the_game.policies.planner import Move, Weights, plan_turn, wanted_hints, weights_for
from games.the_game.policies.table import read_table
from games.the_game.state import HintKind
from games.the_game.view import TheGameView

PlanKey = tuple[object, ...]


class HeuristicPolicy:
    """Plans the rest of its turn, then plays the plan card by card.

    The plan is kept between calls and reused only while the table is exactly as the plan
    expects (same seat, turn, hand, tops and partners' hints); anything else triggers a fresh
    plan, so sharing one instance between seats or games stays correct.

    With `hints` on it reads partners' hints (as costs on their piles) and, before ending its
    turn, leaves its own: renewed each turn, withdrawn once they no longer hold.

    Without explicit `weights` it plays with the weights tuned for the table's variant (read
    from the view's config), so one instance serves any table.
    """

    def __init__(self, hints: bool = True, weights: Weights | None = None) -> None:
        self.hints = hints
        self.weights = weights
        self._plan: list[Move] = []
        self._deeper = False
        self._expected: PlanKey | None = None
        self._wanted: tuple[PlanKey, dict[int, HintKind]] | None = None

    def choose(self, view: TheGameView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.hand is None or not any(isinstance(a, PlaceCard | EndTurn) for a in legal):
            return legal[0]
        key = self._key(view, tuple(view.tops), tuple(view.hand), view.placed_this_turn)
        if key != self._expected or (not self._plan and self._deeper):
            self._plan, self._deeper = self._make_plan(view)
            self._expected = key
        if self._plan:
            card, pile = self._plan.pop(0)
            tops = list(view.tops)
            tops[pile] = card
            hand = tuple(c for c in view.hand if c != card)
            self._expected = self._key(view, tuple(tops), hand, view.placed_this_turn + 1)
            return PLACE[card, pile]
        if self.hints and view.players > 1:
            if self._wanted is None or self._wanted[0] != key:
                table = read_table(view, self.hints)
                self._wanted = (key, wanted_hints(table, self._weights(view)))
            talk = self._talk(view, self._wanted[1])
            if talk is not None:
                return talk
        return END_TURN

    def _make_plan(self, view: TheGameView) -> tuple[list[Move], bool]:
        """The exact endgame search when nothing is hidden any more, else the heuristic."""
        table = read_table(view, self.hints)
        hand_size = len(table.hand)
        if table.draw_pile_size == 0 and sum(view.hand_sizes) == hand_size:
            solved = solve_alone(table.hand, table.tops)
            if solved is not None:
                return solved, False
        return plan_turn(table, self._weights(view))

    def _weights(self, view: TheGameView) -> Weights:
        return self.weights or weights_for(view.config)

    def _key(
        self, view: TheGameView, tops: tuple[int, ...], hand: tuple[int, ...], placed: int
    ) -> PlanKey:
        foreign = tuple((h.seat, h.pile, h.kind) for h in view.hints if h.seat != view.seat)
        return (view.seat, view.turn, placed, tops, hand, foreign if self.hints else ())

    def _talk(self, view: TheGameView, wanted: dict[int, HintKind]) -> Action | None:
        """The next hint to give or withdraw so that our standing hints match what we want."""
        own = {hint.pile: hint for hint in view.hints if hint.seat == view.seat}
        for pile, kind in wanted.items():
            standing = own.get(pile)
            if standing is None or standing.kind != kind or standing.turn != view.turn:
                return HINTS[pile, kind]
        for pile in own:
            if pile not in wanted:
                return WITHDRAWS[pile]
        return None
