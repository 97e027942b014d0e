"""Hand-built positions for rule tests: the cards a test is about, nothing else."""

from __future__ import annotations

from games.the_game.config import TheGameConfig
from games.the_game.state import TheGameState


def position(
    hands: list[list[int]],
    tops: tuple[int, int, int, int] = (1, 1, 100, 100),
    draw_pile: list[int] | None = None,
    current: int | None = 0,
    placed_this_turn: int = 0,
    config: TheGameConfig | None = None,
) -> TheGameState:
    return TheGameState(
        config=config or TheGameConfig(),
        players=len(hands),
        seed=0,
        hands=[sorted(hand) for hand in hands],
        draw_pile=draw_pile if draw_pile is not None else [50, 51, 52, 53, 54, 55],
        tops=list(tops),
        current=current,
        placed_this_turn=placed_this_turn,
    )
