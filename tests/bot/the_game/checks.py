"""The Game's own checks on the games every registered game plays
(`tests/bot/test_every_game.py`)."""

from __future__ import annotations

from typing import Any


def with_hands_kept(driver: Any, kept: list[tuple[int, str, int]]) -> None:
    """With the hand kept open, a card takes two interactions (the card, the pile) and End turn
    one."""
    by_kind: dict[str, set[int]] = {}
    for _, kind, clicks in kept:
        by_kind.setdefault(kind, set()).add(clicks)
    assert by_kind["PlaceCard"] == {2}
    assert by_kind["EndTurn"] == {1}
