"""Where the table message is posted, edited and replaced, so that a crash at any step leaves
at most one table that the database does not know, and a note to find it.

A table is edited in place, or posted anew (and the old one deleted) when people must be
mentioned, when notices went out above it, when it has become too old to edit, when someone
deleted it, or when an earlier post may have left a table whose id was never stored.

What the database must hold for that is saved with the change itself, in its one transaction
(`prepare`, under the game's lock): `Game.table_posting_since`, the moment from which a table of
this game may be on Discord without its id stored. The post then happens after the lock is
released; the new table's id is kept here (`Posted`) and saved with the game's next change
(`recall`), or when the bot shuts down (`shut_down`). Until then the stored mark says "in doubt":
should the bot stop, the next post (recovery's, at the latest, as `Game.table_in_doubt`) looks
for the tables posted from that moment on with another id than the stored one, and deletes them.
The old table is deleted right after the new one is posted, so an old table's id never lives only
in memory.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord

from bot.clock import now
from bot.tables.components import show_hand_id
from bot.tables.host import TableHost
from bot.tables.outbox import Outboxes, Write
from bot.tables.records import Game, GameStatus
from bot.tables.ui import Panel

log = logging.getLogger(__name__)

REPOST_AFTER = 50 * 60
"""Seconds after which the table is posted anew: Discord limits edits of messages over an hour."""

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)

CLOCK_SKEW = 60
"""Seconds by which the search for a table whose id was never stored starts before the moment
its post began: Discord's clock, which dates the message, may lag behind the bot's."""

ENDED_BATCH = 500
"""Ended games whose final table's id is stored together, in one transaction of its own (no
change follows a game's end to store it with)."""

SEARCH_LIMIT = 100
"""Messages of the game's place read in that search (one request): the table was posted right
after the moment searched from, so only a chat far busier than a game's thread could hide it."""


@dataclass(frozen=True)
class Posted:
    """A table posted under the stored mark `mark` (`Game.table_posting_since`), whose id the
    database does not hold yet."""

    mark: float | None
    message_id: int
    posted_at: float


@dataclass
class TableFacts:
    """Where a game's table is, as far as this process knows."""

    message_id: int | None
    posted_at: float | None
    posting_since: float | None


class TablePost:
    def __init__(self, host: TableHost, outboxes: Outboxes) -> None:
        self.host = host
        self.outboxes = outboxes
        self._posted: dict[int, Posted] = {}
        self._waiting_retire: dict[int, Panel] = {}
        """By game, the notice the old table becomes with its update waiting in the outbox."""
        self._waiting_post: dict[int, bool] = {}
        """By game, whether its table update waiting in the outbox posts the table anew: a later
        update replacing it must post too (it carries the mentions)."""
        self._marked: dict[int, float] = {}
        """By game, the mark this process saved for a post of its own not made yet: no table
        can be left under it unless this process stopped, so that post searches for none."""
        self._ended: set[int] = set()
        """Games whose last table (the final one, or a cancelled game's) has its id here only."""
        self._mine: dict[int, float] = {}
        """By game, the mark this process saved last: while the game holds it, a table in doubt
        is this process's own post, under way or made, not one a crash left."""

    def recall(self, game: Game) -> None:
        """Put the id of a table posted since the game was last saved into the loaded game; the
        change being made saves it."""
        posted = self._posted.get(game.id)
        if posted is not None and posted.mark == game.table_posting_since:
            game.table_message_id = posted.message_id
            game.table_posted_at = posted.posted_at
            game.table_posting_since = None

    def saved(self, game: Game) -> None:
        """`game` was saved: a table id it stored (or that another process made moot) is no
        longer kept here."""
        posted = self._posted.get(game.id)
        if posted is not None and posted.mark != game.table_posting_since:
            del self._posted[game.id]
        if self._mine.get(game.id) not in (None, game.table_posting_since):
            del self._mine[game.id]

    def in_doubt(self, game: Game) -> bool:
        """Whether Discord may not show `game`'s table as stored for a reason this process does
        not know of: never posted (Discord refused it), or a post begun by a process that
        stopped (or by another one), which recovery wakes the game at once for."""
        return game.table_in_doubt and self._mine.get(game.id) != game.table_posting_since

    def prepare(self, game: Game, must_post: bool) -> None:
        """Before saving a change whose table will be posted anew: the mark, unless one is
        already stored (the search from the earlier moment covers the later one)."""
        if self.posts(self._facts(game), must_post) and game.table_posting_since is None:
            game.table_posting_since = self._marked[game.id] = self._mine[game.id] = now()

    def posts_anyway(self, game: Game) -> bool:
        """Whether the table is posted anew whatever the change (none yet, too old, in doubt)."""
        return self.posts(self._facts(game), False)

    @staticmethod
    def posts(facts: TableFacts, must_post: bool) -> bool:
        """Whether the table is posted anew (and the old one deleted) rather than edited.

        This also prices the update against the channel's budget: one write for an edit, two for
        a post and the old table's deletion. Rare updates cost more than priced (an edit that
        finds the table deleted posts it; a post after a crash deletes the tables left behind),
        which Discord's bucket absorbs with a short wait."""
        stale = facts.posted_at is None or now() - facts.posted_at > REPOST_AFTER
        unsure = facts.posting_since is not None
        return facts.message_id is None or must_post or stale or unsure

    def posted_since(self, game_id: int, mark: float | None) -> int | None:
        """The id of a table of the game posted under the stored `mark`, which the database
        does not hold yet (so that a test finds the table on show)."""
        posted = self._posted.get(game_id)
        return posted.message_id if posted is not None and posted.mark == mark else None

    def _facts(self, game: Game) -> TableFacts:
        """The game's table as saved with `game`, and as posted since."""
        facts = TableFacts(game.table_message_id, game.table_posted_at, game.table_posting_since)
        posted = self._posted.get(game.id)
        if posted is not None and posted.mark == game.table_posting_since:
            facts = TableFacts(posted.message_id, posted.posted_at, None)
        return facts

    def message_id(self, game: Game) -> int | None:
        """The id of the game's table as far as this process knows."""
        return self._facts(game).message_id

    def waiting_retire_as(self, game: Game) -> Panel | None:
        """The notice the old table becomes with the update of it waiting in the outbox."""
        if self.outboxes.pending(game.place_id, ("table", game.id)) is None:
            return None
        return self._waiting_retire.get(game.id)

    def waiting_must_post(self, game: Game) -> bool:
        """Whether an update of the table that posts it anew waits in the outbox."""
        waiting = self.outboxes.pending(game.place_id, ("table", game.id))
        return waiting is not None and self._waiting_post.get(game.id, False)

    async def show(
        self,
        game: Game,
        must_post: bool,
        *,
        retire_as: Panel | None = None,
        sent: Callable[[], object] | None = None,
        **message: Any,
    ) -> None:
        """Edit or post the table (`content`, `embeds`, `view`) through the place's outbox,
        replacing an update of it still waiting there; `sent` is told when it goes out. With
        `retire_as`, the old table becomes that notice (no controls left) and the table is
        posted below it."""
        must_post = must_post or self.waiting_must_post(game)
        self._waiting_post[game.id] = must_post
        if retire_as is not None:
            self._waiting_retire[game.id] = retire_as

        async def send() -> None:
            self._waiting_post.pop(game.id, None)
            self._waiting_retire.pop(game.id, None)
            if sent is not None:
                sent()
            await self._show(game, must_post, retire_as, **message)

        facts = self._facts(game)
        cost = 2 if self.posts(facts, must_post) and facts.message_id is not None else 1
        await self.outboxes.write(game.place_id, Write(send, cost, ("table", game.id)))

    async def _show(
        self, game: Game, must_post: bool, retire_as: Panel | None, **message: Any
    ) -> None:
        facts = self._facts(game)
        old = facts.message_id
        if retire_as is not None:
            await self._retire_into(game, facts, retire_as)
            old = None
        elif not self.posts(facts, must_post):
            if await self._edit(game, facts, **message):
                return
            old = None
        view = message.pop("view", None) or discord.utils.MISSING
        message.setdefault("allowed_mentions", MENTION_USERS)
        await self._post(game, facts, old, view=view, **message)

    async def _post(self, game: Game, facts: TableFacts, old: int | None, **message: Any) -> None:
        channel = self.host.get_partial_messageable(game.place_id)
        mark = game.table_posting_since
        own = self._marked.pop(game.id, None)
        if facts.posting_since is not None and own != facts.posting_since:
            await self._delete_unknown_tables(game, facts, facts.posting_since)
        try:
            posted = await channel.send(**message)
        except discord.HTTPException:
            # Not shown: the game's timer shows it again (`in_doubt`), if no change does first.
            self._mine.pop(game.id, None)
            raise
        self._posted[game.id] = Posted(mark, posted.id, now())
        if game.status is not GameStatus.RUNNING:
            # No change follows to store its id: kept until enough ended games wait for it.
            self._ended.add(game.id)
            if len(self._ended) >= ENDED_BATCH:
                await self._store({gid: self._posted.pop(gid) for gid in self._ended})
                self._ended.clear()
        if old is not None:
            await self._delete(channel, old, game)

    async def _retire_into(self, game: Game, facts: TableFacts, notice: Panel) -> None:
        """The old table becomes `notice` (no controls left), so that the notice keeps its
        place above the table posted next; posted as a message of its own when there is no
        old table to edit (deleted meanwhile). Stopped right after the edit, the stored table
        is the notice: the next update turns it back into the table, and the notice is lost,
        never the table."""
        fields = {"content": notice.content, "embeds": notice.embeds, "view": None}
        if not await self._edit(game, facts, **fields):
            channel = self.host.get_partial_messageable(game.place_id)
            await channel.send(content=notice.content, embeds=notice.embeds)

    async def _edit(self, game: Game, facts: TableFacts, **fields: Any) -> bool:
        """Edit the table message; False when there is none (never posted, or deleted)."""
        if facts.message_id is None:
            return False
        channel = self.host.get_partial_messageable(game.place_id)
        try:
            await channel.get_partial_message(facts.message_id).edit(**fields)
        except discord.NotFound:
            log.info("table message of game %s was deleted", game.id)
            return False
        return True

    async def _delete_unknown_tables(self, game: Game, facts: TableFacts, since: float) -> None:
        """Delete this game's tables posted from `since` on (less the clock skew) whose id is
        not the stored one: the bot stopped before it could store their id."""
        me = self.host.user
        if me is None:
            return
        button = show_hand_id(game.id)
        moment = datetime.fromtimestamp(since - CLOCK_SKEW, tz=UTC)
        after = discord.Object(discord.utils.time_snowflake(moment))
        channel = self.host.get_partial_messageable(game.place_id)
        try:
            async for message in channel.history(
                limit=SEARCH_LIMIT, after=after, oldest_first=True
            ):
                ids = [
                    getattr(child, "custom_id", None)
                    for row in message.components
                    if isinstance(row, discord.ActionRow)
                    for child in row.children
                ]
                unknown = message.id != facts.message_id and message.author.id == me.id
                if unknown and button in ids:
                    await self._delete(channel, message.id, game)
        except discord.HTTPException:
            log.warning("game %s: could not look for a table left by a crash", game.id)

    @staticmethod
    async def _delete(channel: discord.PartialMessageable, message_id: int, game: Game) -> None:
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("table message %s of game %s already gone", message_id, game.id)

    async def shut_down(self) -> None:
        """Store the ids of the tables posted since their games were last saved (the bot is
        closing cleanly), each where the game still holds the mark it was posted under, and take
        back the marks of posts never made."""
        posted, self._posted = self._posted, {}
        unsent, self._marked = self._marked, {}
        self._ended.clear()
        await self._store(posted, unsent)

    async def _store(
        self, posted: dict[int, Posted], unsent: dict[int, float] | None = None
    ) -> None:
        """The ids of `posted` tables stored, each where its game still holds the mark it was
        posted under (no revision bump: a change saved meanwhile wins), and the marks of posts
        never made (`unsent`) taken back."""
        if not posted and not unsent:
            return
        async with self.host.db.transaction() as conn:
            for game_id, mark in (unsent or {}).items():
                # A post noted but never made (it waited for the channel's budget): no table
                # can be left under its mark, and the next change shows the game again.
                await conn.execute(
                    "UPDATE games SET table_posting_since = NULL "
                    "WHERE id = ? AND table_posting_since = ?",
                    (game_id, mark),
                )
            for game_id, table in posted.items():
                update = (
                    "UPDATE games SET table_message_id = ?, table_posted_at = ?, "
                    "table_posting_since = NULL WHERE id = ? AND table_posting_since "
                )
                if table.mark is None:
                    params: tuple[Any, ...] = (table.message_id, table.posted_at, game_id)
                    await conn.execute(update + "IS NULL", params)
                else:
                    params = (table.message_id, table.posted_at, game_id, table.mark)
                    await conn.execute(update + "= ?", params)
