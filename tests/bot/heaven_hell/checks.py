"""Heaven & Hell's own checks on the games every registered game plays
(`tests/bot/test_every_game.py`)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any


def with_hands_kept(driver: Any, kept: list[tuple[int, str, int]]) -> None:
    """With the hand kept open, each placement takes the card and the side, a double's choice
    one click, a stuck player's discard one."""
    driver.check_hands_were_seen()
    by_kind: dict[str, list[int]] = defaultdict(list)
    for _, kind, clicks in kept:
        by_kind[kind].append(clicks)
    assert len(by_kind["PlaceCard"]) > 15
    assert set(by_kind["PlaceCard"]) == {2}
    assert set(by_kind["ChooseDouble"]) <= {1}
    assert set(by_kind["DiscardStuck"]) <= {1}
