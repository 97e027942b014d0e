"""A second, deliberately naive implementation of The Game's rules, written from the rules file
alone, referees whole games played by the heuristic through the engine.

The engine's own tests use the engine's own helpers; this one does not, so a lenient rule (a
placement the rules forbid, a wrong draw, a game that goes on or stops when it should not) would
show up as a disagreement. The heuristic's win rates are far above the published figures, which is
exactly when an independent check is worth having.
"""

from __future__ import annotations

import random

import pytest

from games.the_game import ENGINE
from games.the_game.actions import EndTurn, PlaceCard
from games.the_game.config import TheGameConfig
from games.the_game.state import TheGameState

ASCENDING = (0, 1)


def fits(pile: int, top: int, card: int) -> bool:
    if pile in ASCENDING:
        return card > top or card == top - 10
    return card < top or card == top + 10


def can_place(hand: list[int], tops: list[int], count: int) -> bool:
    """Whether `count` more cards can be placed one after another (plain exhaustive search)."""
    if count <= 0:
        return True
    for card in hand:
        for pile in range(4):
            if fits(pile, tops[pile], card):
                after = [card if p == pile else top for p, top in enumerate(tops)]
                rest = [c for c in hand if c != card]
                if can_place(rest, after, count - 1):
                    return True
    return False


def referee(players: int, seed: int, config: TheGameConfig) -> TheGameState:
    state = ENGINE.new_game(config, players, seed)[0]
    size = {1: 8, 2: 7}.get(players, 6) - (1 if config.smaller_hands else 0)
    hands = [list(hand) for hand in state.hands]
    draw = list(state.draw_pile)
    assert [len(hand) for hand in hands] == [size] * players
    assert sorted([*draw, *(card for hand in hands for card in hand)]) == list(range(2, 100))
    tops = [1, 1, 100, 100]
    current: int | None = None
    placed = 0
    policy = ENGINE.policy("heuristic")
    rng = random.Random(seed)

    def minimum() -> int:
        return (3 if config.expert else 2) if draw else 1

    while waiting := ENGINE.to_act(state):
        seat = waiting[0]
        action = policy.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        if isinstance(action, PlaceCard):
            current = seat if current is None else current
            assert seat == current
            assert action.card in hands[seat]
            assert fits(action.pile, tops[action.pile], action.card)
            hands[seat].remove(action.card)
            tops[action.pile] = action.card
            placed += 1
        elif isinstance(action, EndTurn):
            assert seat == current and placed >= minimum()
            for _ in range(min(placed, len(draw))):
                hands[seat].append(draw.pop(0))
            placed = 0
            current = (seat + 1) % players
            while not hands[current] and not draw and current != seat:
                current = (current + 1) % players
        state, _ = ENGINE.apply(state, seat, action)
        assert [sorted(hand) for hand in hands] == [sorted(hand) for hand in state.hands]
        assert tops == list(state.tops)

    left = len(draw) + sum(len(hand) for hand in hands)
    assert state.over and state.cards_left == left
    if left:
        assert current is not None
        assert not can_place(hands[current], tops, minimum() - placed), "stopped too early"
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_referee_agrees_with_the_engine(players: int) -> None:
    for seed in range(6):
        referee(players, seed, TheGameConfig())


@pytest.mark.parametrize("players", [1, 3])
def test_the_referee_agrees_in_expert_mode_with_smaller_hands(players: int) -> None:
    for seed in range(4):
        referee(players, seed, TheGameConfig(expert=True, smaller_hands=True))
