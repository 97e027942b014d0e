"""What one seat (or a spectator) may see. Hidden information leaves the engine only here."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.the_game.config import TheGameConfig
from games.the_game.state import Hint, Placement, TheGameState


class TheGameView(BaseModel):
    """Everything public plus the seat's own hand (None for a spectator).

    It carries the seat number and the full placement history so a computer player can count
    cards from the view alone.
    """

    model_config = ConfigDict(frozen=True)

    seat: int | None
    hand: list[int] | None
    players: int
    config: TheGameConfig
    tops: list[int]
    draw_pile_size: int
    hand_sizes: list[int]
    current: int | None
    turn: int
    placed_this_turn: int
    minimum: int
    still_required: int
    placements: list[Placement]
    hints: list[Hint]
    over: bool


def make_view(state: TheGameState, seat: int | None) -> TheGameView:
    hand = list(state.hands[seat]) if seat is not None else None
    return TheGameView(
        seat=seat,
        hand=hand,
        players=state.players,
        config=state.config,
        tops=list(state.tops),
        draw_pile_size=len(state.draw_pile),
        hand_sizes=[len(h) for h in state.hands],
        current=state.current,
        turn=state.turn,
        placed_this_turn=state.placed_this_turn,
        minimum=state.minimum,
        still_required=state.still_required,
        placements=list(state.placements),
        hints=list(state.hints),
        over=state.over,
    )
