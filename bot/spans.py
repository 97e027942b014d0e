"""Marks of the bot's time by kind, for the load benchmark (`python -m loadbench`), which says
where a click's time goes.

The benchmark times most kinds from outside, wrapping what it hands the bot (the database, the
registered engines and UIs, the HTTP client). Two it cannot reach that way are marked here:
drawing a hand or a lobby (`bot.tables.presenting`, built from helpers the bot imports directly)
and waiting for a game's lock (the lock table lives inside the unit of work).

The recorder lives in a context variable that only the benchmark sets, in the context of each
interaction it follows; asyncio copies a context into the tasks created in it, so a mark is
charged to the interaction whose work it is. With no recorder set (the bot in production) a
mark costs one context-variable read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ParamSpec, Protocol, TypeVar


class Recorder(Protocol):
    """Told when the current task starts and stops work of a kind; spans nest (the engine's
    view drawn while drawing a hand), and the innermost one is charged."""

    def enter(self, kind: str) -> None: ...

    def leave(self) -> None: ...


RECORDER: ContextVar[Recorder | None] = ContextVar("bot_spans_recorder", default=None)

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def span(kind: str) -> Iterator[None]:
    """The block's time as work of `kind` (awaits inside it included)."""
    recorder = RECORDER.get()
    if recorder is None:
        yield
        return
    recorder.enter(kind)
    try:
        yield
    finally:
        recorder.leave()


def timed(kind: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A function's calls as work of `kind`."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            recorder = RECORDER.get()
            if recorder is None:
                return function(*args, **kwargs)
            recorder.enter(kind)
            try:
                return function(*args, **kwargs)
            finally:
                recorder.leave()

        return call

    return decorate

