"""Four-seat games that computers play out, seen as a phone shows them: the tests that keep a
table or a hand on one screen (`tests/bot/faces/test_phone_*.py`) walk the same games.

Alice sits in seat 0 (a person, whose hand is the one measured) and three computers in the
others; every seat, alice's too, is played by the engine's first policy, so a seed always gives
the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.i18n import Texts
from bot.tables.records import Game, GameStatus, Seat
from bot.tables.turns import Running
from bot.tables.ui import GameUI, SeatInfo
from games.core.base import Engine

SEATS = 4
ALICE = 0
ALICE_ID = 100
MOMENTS = (0, 20, 40, 60, 90, 130)
"""Computer actions played before a message is looked at: the deal, then early to late in the
game (a game that ends sooner is looked at up to its end)."""
SEEDS = (1, 2, 3)
LANGUAGES = ("en", "fr")
DEADLINE = 1_700_000_300
"""Alice's deadline while she is to act, five minutes after the moment the messages are drawn."""


def four_seats(tr: Texts) -> list[SeatInfo]:
    """The seats as the table names them, in the language of `tr`."""
    alice = SeatInfo(ALICE, "alice", ALICE_ID, False)
    return [alice, *(SeatInfo(n, tr("table.computer", n=n + 1), None, False) for n in (1, 2, 3))]


@dataclass(frozen=True)
class Position:
    """A game after `done` actions, with the seat that made the last one and its events (no
    seat and the deal's events at first)."""

    done: int
    state: BaseModel
    acted: int | None
    events: Sequence[BaseModel]
    to_act: list[int]


def played(engine: Engine, seed: int, last: int = max(MOMENTS)) -> Iterator[Position]:
    """Every position of a four-seat game from the deal to `last` actions, or to its end."""
    state, events = engine.new_game(engine.config_model(), SEATS, seed)
    policy = engine.policy(engine.policy_names()[0])
    rng = random.Random(seed)
    acted: int | None = None
    for done in range(last + 1):
        to_act = sorted(engine.to_act(state))
        yield Position(done, state, acted, events, to_act)
        if not to_act:
            return
        acted = to_act[0]
        action = policy.choose(engine.view(state, acted), engine.legal_actions(state, acted), rng)
        state, events = engine.apply(state, acted, action)


def running(engine: Engine, ui: GameUI[Any], position: Position) -> Running:
    """The game at `position` as the table service holds it: a running game of four seats whose
    person, alice, has a deadline while she is to act."""
    game = Game(
        id=1,
        guild_id=1,
        channel_id=1,
        place_id=1,
        game_key=ui.key,
        options={},
        config=engine.config_model().model_dump_json(),
        seed=0,
        status=GameStatus.RUNNING,
        host_id=ALICE_ID,
        turn_seconds=300,
        created_at=0.0,
        seats=[
            Seat(ALICE, ALICE_ID, "alice", deadline=DEADLINE if ALICE in position.to_act else None),
            *(Seat(n, None) for n in range(1, SEATS)),
        ],
    )
    return Running(game, engine, ui, position.state)
