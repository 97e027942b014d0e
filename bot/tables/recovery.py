"""Start-up: re-arm the timers of every running game this process serves.

Recovery reads only what re-arming needs, `(id, wake_at)` of the running games of the guilds
this process serves (its shards, filtered in the query), a page of a few thousand per query,
and pushes them into the games' timers (a deadline queue). No game is parsed at start-up: a
game is loaded when its wake-up fires or someone clicks one of its buttons (dynamic items find it
by id), and a snapshot that no longer loads is rebuilt from the action log then (`UnitOfWork.load`).

What Discord shows is brought back to what is stored the same way: a game whose table is in
doubt (`Game.table_in_doubt`: a crash after Start stored the game but before its table was
posted, or while a table was being replaced) comes back with no `wake_at` and wakes at once;
its wake-up shows the lobby as started and posts the table, deleting any table of the game
whose id was never stored (`bot.tables.timers.due`). Lobbies need nothing: their buttons are
dynamic items too, a click stores the lobby message's id if a crash lost it, and a lobby whose
message nobody can see gives way to the next `/play` in its channel (`TableService._unseen`).
"""

from __future__ import annotations

import logging

from bot.clock import now
from bot.db import Database
from bot.settings import Settings
from bot.tables.deadline_queue import DeadlineQueue
from bot.tables.records import ShardFilter, running_wakeups

log = logging.getLogger(__name__)

PAGE = 5000
"""Games per query: large enough that 100,000 games take a few dozen round trips."""


async def recover(db: Database, settings: Settings, timers: DeadlineQueue) -> int:
    """Returns the number of running games re-armed."""
    shards = None
    if settings.shard_count is not None and settings.shard_ids is not None:
        shards = ShardFilter(settings.shard_count, tuple(settings.shard_ids))
    count, after = 0, 0
    moment = now()
    while True:
        page = await running_wakeups(db, shards, after, PAGE)
        for game_id, wake_at in page:
            # A game saved before `wake_at` existed (or never planned) is looked at at once:
            # its wake-up works out what is due and plans it.
            when = moment if wake_at is None else wake_at
            timers.arm_at(game_id, when, start=False)
        count += len(page)
        if len(page) < PAGE:
            # One sleeper for the lot, started once every game is queued.
            timers.start()
            return count
        after = page[-1][0]
