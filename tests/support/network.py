"""SimCord's requests made to suspend their caller, as a request over the network does.

SimCord answers the bot's HTTP requests (`simcord.http.FakeHTTPClient` for REST,
`FakeWebhookAdapter` for interaction responses) without ever suspending the task that makes
them. A click whose handler awaits nothing else (a hand opened or a card chosen: the game is
kept in memory, `bot.tables.unit_of_work`) then runs from start to end within the one loop turn
that SimCord's settle yields after dispatching it. SimCord finds the task already finished but
its done-callbacks still queued, counts them as unsettled work, and waits for a task to finish
for its whole idle window (50 ms, `Env._settle_internal`) although none is left to finish:
about 120 times in a game of Heaven & Hell, most of a whole game's time. A task that suspends in
its request is still pending when the settle looks, so the settle waits for exactly that task
and carries on the moment it finishes.

Suspending once per request is what the bot meets in production, where every request awaits the
network; the answer itself is unchanged.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from simcord.http import FakeHTTPClient, FakeWebhookAdapter

Request = Callable[..., Coroutine[Any, Any, Any]]


def _suspending(request: Request) -> Request:
    async def suspended(self: object, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0)
        return await request(self, *args, **kwargs)

    return suspended


def suspend_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every request of the bot to SimCord yield to the event loop once before it is
    answered (undone with `monkeypatch`)."""
    for transport in (FakeHTTPClient, FakeWebhookAdapter):
        monkeypatch.setattr(transport, "request", _suspending(transport.request))
