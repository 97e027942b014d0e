"""The bot's notion of "now", in one place.

`discord.utils.utcnow` rather than `time.time`, so that SimCord's virtual clock drives deadlines,
reminders and timestamps in tests exactly as it drives `asyncio.sleep`.
"""

from __future__ import annotations

import discord


def now() -> float:
    """Wall-clock seconds since the epoch."""
    return discord.utils.utcnow().timestamp()
