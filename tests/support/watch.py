"""Invariants the fuzz tests check after every step, whatever the game: the bot never mentions
nobody, and the messages it posts between two accepted actions stay bounded by the seats (a
loop of notices, or a reminder per seat per second, breaks the bound)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import simcord


async def wait(env: simcord.Env, seconds: float, step: float = 15.0) -> None:
    """Lets `seconds` of the bot's time pass in steps of `step`.

    SimCord gives one `advance_time` call its settle window of real time for everything that
    falls due in it; a whole turn with computers moving after each pause is a dozen moves, too
    many for that window on a loaded machine. Shorter steps cover the same time and events."""
    while seconds > 0:
        await env.advance_time(min(step, seconds))
        seconds -= step


def progress(db: Path) -> tuple[int, str]:
    """The newest game's accepted actions and status."""
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT action_count, status FROM games ORDER BY id DESC LIMIT 1"
        ).fetchone()
    return int(row[0]), str(row[1])


class Watch:
    """Counts the bot's messages in the game's place between two accepted actions."""

    def __init__(self, place: simcord.ChannelHandle, db: Path, seats: int) -> None:
        self.place, self.db = place, db
        self.bound = 3 * seats + 8
        self.seen = len(place.history())
        self.actions = progress(db)[0]

    def check(self) -> None:
        history = self.place.history()
        assert not any("<@None>" in (message.content or "") for message in history)
        actions = progress(self.db)[0]
        if actions != self.actions:
            self.actions, self.seen = actions, len(history)
            return
        posted = len(history) - self.seen
        assert posted <= self.bound, [m.content for m in history[self.seen :]]
