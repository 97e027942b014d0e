"""A running game's row as storage tests insert it: the tests' example game, with its seats
given, nothing else about it mattering to what they check."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tables.records import Game, GameStatus, Seat


def running_game(seats: Sequence[Seat]) -> Game:
    return Game(
        id=0,
        guild_id=1,
        channel_id=2,
        place_id=2,
        game_key="tiny-game",
        options={},
        config="{}",
        seed=3,
        status=GameStatus.RUNNING,
        host_id=4,
        turn_seconds=300,
        created_at=0.0,
        state="{}",
        seats=list(seats),
    )
