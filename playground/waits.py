"""The bot's timed wait, declared to SimCord as intentional.

SimCord runs the bot's sleeps on its simulated clock, but for a sleep it does not recognise as
intentional it also arms a wall-clock fallback, which can fire in the middle of another
operation and move the games on behind its back (that operation's settle then times out). The
bot's one timed wait is `bot.clock.sleep`, the wake-up queue's sleeper; declared through
`Env.external_wait`, it wakes only when the simulated clock is moved: by the playground's
ticker, or by a test's `advance_time` (`tests/support/bots.py`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import simcord

from bot import clock

Sleep = Callable[[float], Coroutine[Any, Any, None]]


def declared_sleep(env: simcord.Env) -> Sleep:
    """A replacement for `bot.clock.sleep` that waits as an intentional wait of `env`."""

    async def sleep(seconds: float) -> None:
        await env.external_wait(
            asyncio.sleep(seconds), reason="the wake-up queue waits for its next game"
        )

    return sleep


def declare(env: simcord.Env) -> Callable[[], None]:
    """Make `bot.clock.sleep` a declared wait of `env` (the playground's one environment per
    process); the returned function puts the undeclared one back."""
    undeclared = clock.sleep
    setattr(clock, "sleep", declared_sleep(env))  # noqa: B010 (mypy: a module's function)
    return lambda: setattr(clock, "sleep", undeclared)
