"""The bot's notion of "now", in one place.

`discord.utils.utcnow` rather than `time.time`, so that SimCord's virtual clock drives deadlines,
reminders and timestamps in tests exactly as it drives `asyncio.sleep`.
"""

from __future__ import annotations

import asyncio

import discord


def now() -> float:
    """Wall-clock seconds since the epoch."""
    return discord.utils.utcnow().timestamp()


async def sleep(seconds: float) -> None:
    """The bot's one timed wait (the sleeper of each `bot.tables.deadline_queue`). One named
    place, so that the tests and the playground can declare it to SimCord as an intentional
    wait (`playground/waits.py`): it then wakes only when the simulated clock is moved."""
    await asyncio.sleep(seconds)
