"""Each channel's outbox: the bot's writes to a channel, kept within Discord's rate limit and in
order.

Discord gives a channel `BUDGET` message writes (creates, edits, deletes: one bucket) in `WINDOW`
seconds. Past it, discord.py would wait for the bucket, and the table would lag further behind
the game with each move. A write under budget goes at once; over budget it waits in the outbox,
in order, and the outbox is flushed by a wake-up of its own when the window frees enough room. A
write with a `key` (a table or a lobby update) replaces a waiting one with the same key: only the
newest state of a message is worth sending, so a burst of moves ends on the latest table within a
window, however fast the game goes.

One sender at a time per channel: a write handed over while another is being sent waits behind
it and is sent by the same sender, so writes reach Discord in the order they were handed over.

Not counted: interaction answers and the live hands' edits, which go through the interaction's
webhook, and a thread's creation, which is not a message.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.clock import now
from bot.tables.deadline_queue import DeadlineQueue, Wakeup

log = logging.getLogger(__name__)

BUDGET = 5
"""Message creates, edits and deletes a channel gets in `WINDOW` seconds: Discord's per-channel
bucket."""

WINDOW = 5.0


@dataclass
class Write:
    """A write to a channel, costing `cost` of its budget. A later write with the same `key`
    replaces this one while it waits."""

    send: Callable[[], Awaitable[None]]
    cost: int = 1
    key: tuple[str, int] | None = None


@dataclass
class Outbox:
    """A channel's writes: the moments of those sent within the last `WINDOW` seconds (one per
    write reserved), and those waiting, oldest first."""

    spent: deque[float] = field(default_factory=deque)
    waiting: list[Write] = field(default_factory=list)
    busy: bool = False

    def free(self, moment: float) -> int:
        while self.spent and self.spent[0] <= moment - WINDOW:
            self.spent.popleft()
        return BUDGET - len(self.spent)

    def ready_at(self, cost: int) -> float:
        """When `cost` writes fit in the window (once enough spent ones leave it)."""
        moment = now()
        missing = cost - self.free(moment)
        return moment if missing <= 0 else self.spent[missing - 1] + WINDOW

    def pending(self, key: tuple[str, int]) -> Write | None:
        return next((write for write in self.waiting if write.key == key), None)


class Outboxes:
    def __init__(self) -> None:
        self._outboxes: dict[int, Outbox] = {}
        self._flushes = DeadlineQueue(self._flush, "channel")

    def close(self) -> None:
        """Send nothing more (the bot is closing): what waits is shown by the next change."""
        self._flushes.close()

    def holding(self) -> bool:
        """Whether a write waits for its channel's budget (a test lets the clock run until not)."""
        return any(outbox.waiting or outbox.busy for outbox in self._outboxes.values())

    def pending(self, channel_id: int, key: tuple[str, int]) -> Write | None:
        """The write with `key` waiting in the channel's outbox, if any."""
        outbox = self._outboxes.get(channel_id)
        return outbox.pending(key) if outbox is not None else None

    async def write(self, channel_id: int, write: Write) -> None:
        """Send `write` now when the channel's budget allows and nothing waits before it; else
        queue it, replacing a waiting write of the same message."""
        outbox = self._outboxes.setdefault(channel_id, Outbox())
        if write.key is not None:
            outbox.waiting = [each for each in outbox.waiting if each.key != write.key]
        outbox.waiting.append(write)
        if not outbox.busy:
            await self._send(channel_id, outbox)

    async def _flush(self, channel_id: int, wakeup: Wakeup) -> None:
        outbox = self._outboxes.get(channel_id)
        if outbox is not None and not outbox.busy:
            await self._send(channel_id, outbox)

    async def _send(self, channel_id: int, outbox: Outbox) -> None:
        """Send what waits, in order, as far as the budget allows; have the rest flushed when
        the window frees room."""
        outbox.busy = True
        try:
            while outbox.waiting:
                head = outbox.waiting[0]
                if outbox.free(now()) < head.cost:
                    self._flushes.arm_at(channel_id, outbox.ready_at(head.cost))
                    return
                outbox.waiting.pop(0)
                outbox.spent.extend([now()] * head.cost)
                try:
                    await head.send()
                except discord.HTTPException:
                    log.warning("channel %s: Discord refused a message", channel_id, exc_info=True)
        finally:
            outbox.busy = False
        if not outbox.spent and not outbox.waiting:
            del self._outboxes[channel_id]
