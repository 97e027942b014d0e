"""The strong computer player: it reads only its view, and its shortcuts agree with the finder."""

from __future__ import annotations

import random

import pytest

from games.level8.cards import deck
from games.level8.config import DeckPreset, LevelSide
from games.level8.finder import missing_cards
from games.level8.levels import LEVELS, GroupKind
from games.level8.policies.heuristic import fast_missing


@pytest.mark.parametrize("side", list(LevelSide))
def test_fast_missing_agrees_with_the_finder_on_set_levels(side: LevelSide) -> None:
    """The opponent samples use a shortcut for levels made only of sets; it must give the
    finder's answer on every hand."""
    rng = random.Random(side.value)
    cards = deck(DeckPreset.FR)
    set_levels = [reqs for reqs in LEVELS[side] if all(r.kind is GroupKind.SET for r in reqs)]
    assert set_levels
    for _ in range(300):
        hand = rng.sample(cards, rng.randint(8, 12))
        for reqs in set_levels:
            assert fast_missing(hand, reqs) == missing_cards(hand, reqs)
