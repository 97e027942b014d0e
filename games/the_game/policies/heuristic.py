"""The computer player that fills empty seats: look-ahead, card counting and table talk."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.the_game.actions import (
    END_TURN,
    HINTS,
    PLACE,
    WITHDRAWS,
    EndTurn,
    GiveHint,
    PlaceCard,
    WithdrawHint,
)
from games.the_game.policies.planner import Weights, plan_turn, wanted_hints
from games.the_game.policies.table import read_table
from games.the_game.state import HintKind
from games.the_game.view import TheGameView

Action = PlaceCard | EndTurn | GiveHint | WithdrawHint


class HeuristicPolicy:
    """Plans the rest of its turn at every decision and plays the plan's first card.

    With `hints` on it reads partners' hints (as costs on their piles) and, before ending its
    turn, leaves its own: renewed each turn, withdrawn once they no longer hold.
    """

    def __init__(self, hints: bool = True, weights: Weights | None = None) -> None:
        self.hints = hints
        self.weights = weights or Weights()

    def choose(self, view: TheGameView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.hand is None or not any(isinstance(a, PlaceCard | EndTurn) for a in legal):
            return legal[0]
        table = read_table(view, hints=self.hints)
        plan = plan_turn(table, self.weights)
        if plan:
            card, pile = plan[0]
            return PLACE[card, pile]
        if self.hints and view.players > 1:
            talk = self._talk(view, table_hints=wanted_hints(table, self.weights))
            if talk is not None:
                return talk
        return END_TURN

    def _talk(self, view: TheGameView, table_hints: dict[int, HintKind]) -> Action | None:
        """The next hint to give or withdraw so that our standing hints match what we want."""
        own = {hint.pile: hint for hint in view.hints if hint.seat == view.seat}
        for pile, kind in table_hints.items():
            standing = own.get(pile)
            if standing is None or standing.kind != kind or standing.turn != view.turn:
                return HINTS[pile, kind]
        for pile in own:
            if pile not in table_hints:
                return WITHDRAWS[pile]
        return None
