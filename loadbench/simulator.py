"""SimCord as the benchmark runs it: a simulated Discord inside the bot's own process, whose
work is timed apart from the bot's, and which is kept from doing work that grows with the run
where Discord's would never reach the bot's process."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol


class Timer(Protocol):
    """What times the simulator (`loadbench.__main__.Probe`)."""

    def serve(self, original: Any) -> Any: ...


TIMED_ENV_METHODS = ("_process_resource_deadlines", "_next_resource_deadline")
"""SimCord's own bookkeeping each time its clock moves or it settles (closing polls, starting
scheduled events, ending entitlements, finding the next such moment): the simulated Discord's
work, run on the bot's thread."""


@contextmanager
def simulator_timed(probe: Timer) -> Iterator[None]:
    """SimCord's REST router and its clock's bookkeeping timed by `probe` while the block runs,
    and by it only: a router left timed by the previous backend's probe gave the second backend
    of `--backend both` no simulator time, so its figures "without the simulator" still held it.
    """
    from simcord import Env
    from simcord.http import router

    originals = {name: getattr(Env, name) for name in TIMED_ENV_METHODS}
    dispatch = router.dispatch
    router.dispatch = probe.serve(dispatch)
    for name, method in originals.items():
        setattr(Env, name, probe.serve(method))
    try:
        yield
    finally:
        router.dispatch = dispatch
        for name, method in originals.items():
            setattr(Env, name, method)


@contextmanager
def requests_sent_as_json() -> Iterator[None]:
    """SimCord handed a JSON copy of each request's body while the block runs, as Discord gets
    bytes. Otherwise SimCord stores the bot's own dicts and strings (the messages it keeps, its
    transcript of requests), still attributed by tracemalloc to the bot's code that allocated
    them: about half of the "bot's memory per live game" measured before issue 38 was SimCord's
    copy of what the bot had sent."""
    from simcord.http import router

    original = router.dispatch

    def dispatch(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("json") is not None:
            kwargs["json"] = json.loads(json.dumps(kwargs["json"]))
        return original(*args, **kwargs)

    router.dispatch = dispatch
    try:
        yield
    finally:
        router.dispatch = original


def index_polls(backend: Any) -> None:
    """SimCord's polls closed, and their next deadline found, from an index of the messages that
    carry one, with the same outcome as SimCord's own way: a scan of every message it holds, each
    time its clock moves and several times a settle. With a thousand games' messages that scan
    was the largest single cost of the benchmark's stream (as much CPU as the bot's own work per
    click, counted as the bot's), while Discord's polls cost a bot nothing.

    Install it on a fresh simulator (a poll posted before would be missed), for good: the
    simulator is thrown away with its run."""
    carrying: set[tuple[int, int]] = set()
    commit, edit = backend.commit_message, backend.edit_message

    def noted(message: Any) -> Any:
        if message.poll is not None:
            carrying.add((message.channel_id, message.id))
        return message

    def commit_message(message: Any, **options: Any) -> Any:
        return noted(commit(message, **options))

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        return noted(edit(channel_id, message_id, fields))

    def open_polls() -> list[Any]:
        found = []
        for key in sorted(carrying):
            message = backend.messages.get(key[0], {}).get(key[1])
            if message is None or message.poll is None or message.poll.finalized:
                carrying.discard(key)
            else:
                found.append(message)
        return found

    def next_poll_deadline() -> datetime.datetime | None:
        expiries = (datetime.datetime.fromisoformat(m.poll.expiry) for m in open_polls())
        return min(expiries, default=None)

    def expire_due_polls() -> None:
        now = datetime.datetime.fromisoformat(backend.now_iso())
        for message in open_polls():
            if datetime.datetime.fromisoformat(message.poll.expiry) <= now:
                backend.expire_poll(message.channel_id, message.id)

    backend.commit_message = commit_message
    backend.edit_message = edit_message
    backend.next_poll_deadline = next_poll_deadline
    backend.expire_due_polls = expire_due_polls
