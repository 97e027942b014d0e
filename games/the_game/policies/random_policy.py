"""A baseline player: any legal placement or end of turn, uniformly; it never talks."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.the_game.actions import Action, EndTurn, PlaceCard
from games.the_game.view import TheGameView


class RandomPolicy:
    """Hints are left out so that a random seat cannot stall a game by chatting forever."""

    def choose(self, view: TheGameView, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if isinstance(a, PlaceCard | EndTurn)]
        return rng.choice(plays or list(legal))
