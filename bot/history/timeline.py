"""An ended game rebuilt step by step from its seed and action log, through its engine.

No state is stored per step: the log is the truth (see `bot/tables/replay.py`), and engines are
deterministic and pure. Opening a replay plays the whole log once, keeping a state every
`CHECKPOINT_EVERY` actions and, per step, only who was to act and which round it was (what the
jumps need); a step is then at most `CHECKPOINT_EVERY` actions away from a kept state, and the
step after the last one shown is a single action away. Rebuilt games are kept in a small cache
that forgets them after a while without use (`TimelineCache`), never for ever.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from bot.clock import now
from games.core.base import Engine

CHECKPOINT_EVERY = 16
"""Actions between two kept states: a step costs at most this many engine actions."""

CACHE_SIZE = 32
"""Rebuilt games kept at once (per bot process)."""

CACHE_SECONDS = 15 * 60
"""A rebuilt game is forgotten this long after it was last stepped through: the life of the
ephemeral message that shows a replay (Discord lets it be edited for 15 minutes)."""

RoundOf = Callable[[BaseModel], int | None]
"""The round a spectator view is in, None for a game without rounds (`GameUI.round_of`)."""


@dataclass(frozen=True)
class Step:
    """The game after `number` actions; `seat` played the last of them, which caused `events`
    (none and None at step 0)."""

    number: int
    state: BaseModel
    events: Sequence[BaseModel]
    seat: int | None


class Timeline:
    def __init__(
        self,
        engine: Engine,
        config: str,
        players: int,
        seed: int,
        log: Sequence[tuple[int, str]],
        round_of: RoundOf,
    ) -> None:
        self.engine = engine
        self.actions = [(seat, engine.parse_action(action)) for seat, action in log]
        config_model = engine.config_model.model_validate_json(config)
        state: BaseModel = engine.new_game(config_model, players, seed)[0]
        self._kept: list[BaseModel] = [state]
        to_act = [tuple(sorted(engine.to_act(state)))]
        rounds = [round_of(engine.view(state, None))]
        for number, (seat, action) in enumerate(self.actions, start=1):
            state, _ = engine.apply(state, seat, action)
            if number % CHECKPOINT_EVERY == 0:
                self._kept.append(state)
            to_act.append(tuple(sorted(engine.to_act(state))))
            rounds.append(round_of(engine.view(state, None)))
        self.turn_starts = _changes(to_act)
        """Steps after which other seats are to act than before: where a turn begins."""
        self.round_starts = _changes(rounds) if any(r is not None for r in rounds) else None
        """Steps where a new round begins; None for a game without rounds."""
        self._last = Step(0, self._kept[0], [], None)

    @property
    def length(self) -> int:
        """The number of the last step: how many actions the game took."""
        return len(self.actions)

    def step(self, number: int) -> Step:
        """The game after `number` actions (clamped to the game's steps)."""
        number = max(0, min(number, self.length))
        if number == self._last.number:
            return self._last
        if number == 0:
            self._last = Step(0, self._kept[0], [], None)
            return self._last
        start = (number - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        state = self._kept[start // CHECKPOINT_EVERY]
        if start < self._last.number < number:
            start, state = self._last.number, self._last.state
        events: list[BaseModel] = []
        for seat, action in self.actions[start:number]:
            state, events = self.engine.apply(state, seat, action)
        self._last = Step(number, state, events, self.actions[number - 1][0])
        return self._last

    def next_turn(self, number: int) -> int:
        return _after(self.turn_starts, number, self.length)

    def previous_turn(self, number: int) -> int:
        return _before(self.turn_starts, number)

    def next_round(self, number: int) -> int | None:
        return None if self.round_starts is None else _after(self.round_starts, number, self.length)

    def previous_round(self, number: int) -> int | None:
        return None if self.round_starts is None else _before(self.round_starts, number)


def _changes(values: Sequence[object]) -> list[int]:
    return [number for number in range(1, len(values)) if values[number] != values[number - 1]]


def _after(starts: list[int], number: int, last: int) -> int:
    index = bisect.bisect_right(starts, number)
    return starts[index] if index < len(starts) else last


def _before(starts: list[int], number: int) -> int:
    index = bisect.bisect_left(starts, number)
    return starts[index - 1] if index > 0 else 0


class TimelineCache:
    """Rebuilt games by game id, the least recently used forgotten first once `size` are kept,
    and each forgotten `seconds` after its last use. An ended game never changes, so a kept
    timeline is never out of date; the cache only bounds memory and the cost of a step."""

    def __init__(self, size: int = CACHE_SIZE, seconds: float = CACHE_SECONDS) -> None:
        self.size = size
        self.seconds = seconds
        self._kept: OrderedDict[int, tuple[Timeline, float]] = OrderedDict()

    def get(self, game_id: int) -> Timeline | None:
        self._expire()
        found = self._kept.get(game_id)
        if found is None:
            return None
        self._kept[game_id] = (found[0], now())
        self._kept.move_to_end(game_id)
        return found[0]

    def put(self, game_id: int, timeline: Timeline) -> None:
        self._expire()
        self._kept[game_id] = (timeline, now())
        self._kept.move_to_end(game_id)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def __len__(self) -> int:
        self._expire()
        return len(self._kept)

    def _expire(self) -> None:
        moment = now()
        for game_id in [
            key for key, (_, used) in self._kept.items() if moment - used > self.seconds
        ]:
            del self._kept[game_id]
