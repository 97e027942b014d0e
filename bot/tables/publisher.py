"""The public side of a table: the lobby message, the table message and notices.

Everything here goes through REST with ids stored in the database (partial messageables), so it
works for games recovered after a restart and needs no cache of channels or messages.

Every write to a channel goes through that channel's outbox, which keeps it within Discord's
per-channel rate limit (`BUDGET` writes in `WINDOW` seconds of the bot's clock): past it,
discord.py would wait for the bucket, and the table would lag further behind the game with
each move. A write under budget goes at once; over budget it waits in the outbox, in order, and
the outbox is flushed by a wake-up of its own (`bot.tables.deadline_queue`) when the window frees
enough room. A table or lobby update that waits is replaced by a later one of the same message
(only the newest state is worth sending), so a burst of moves ends on the latest table within a
window, however fast the game goes.

Counted as writes: message creates, edits and deletes, all three in the same channel bucket on
Discord. Not counted: interaction answers and the live hands' edits, which go through the
interaction's webhook, and the thread's creation, which is not a message.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
from pydantic import BaseModel

from bot.clock import now
from bot.guild_settings import public_locale
from bot.i18n import Texts
from bot.tables import render
from bot.tables.components import PlayAgainButton, TurnHandButton, show_hand_id
from bot.tables.deadline_queue import DeadlineQueue, Wakeup
from bot.tables.errors import TableError
from bot.tables.host import TableHost
from bot.tables.records import Game, GameStatus, StaleGame, save_game
from bot.tables.turns import Running
from bot.tables.ui import FinishContext, SeatInfo, TableContext
from bot.talk_offences import game_offence_counts
from games.core.engine import Engine
from games.core.result import GameResult

log = logging.getLogger(__name__)

REPOST_AFTER = 50 * 60
"""Seconds after which the table is posted anew: Discord limits edits of messages over an hour."""

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)

CLOCK_SKEW = 60
"""Seconds by which the search for a table whose id was never stored starts before the moment
its post began: Discord's clock, which dates the message, may lag behind the bot's."""

SEARCH_LIMIT = 100
"""Messages of the game's place read in that search (one request): the table was posted right
after the moment searched from, so only a chat far busier than a game's thread could hide it."""


BUDGET = 5
"""Message creates, edits and deletes a channel gets in `WINDOW` seconds: Discord's per-channel
bucket."""

WINDOW = 5.0



@dataclass
class Write:
    """A write waiting for its channel's budget. `send` gets the game, loaded afresh under its
    lock, when `game_id` is set (a table update stores the table's id), else None. A later write
    with the same `key` replaces this one while it waits."""

    send: Callable[[Game | None], Awaitable[None]]
    cost: int = 1
    key: tuple[str, int] | None = None
    game_id: int | None = None
    must_post: bool = False


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


KEPT_EVENTS = 12
"""Events a table update tells at most, when it replaces updates held back by the budget: the
newest, within the table message's length."""


GameLockFor = Callable[[int], AbstractAsyncContextManager[Any]]
GameLoader = Callable[[int], Awaitable[Game]]


@dataclass(frozen=True)
class Reminder:
    """A turn reminder posted in a game's place: for `seats`, whose time ran out at `deadline`."""

    message_id: int
    deadline: int
    seats: tuple[int, ...]


class TablePublisher:
    def __init__(self, bot: TableHost, lock: GameLockFor, load: GameLoader) -> None:
        self.bot = bot
        self._lock = lock
        self._load = load
        self._watchers: list[Callable[[int], None]] = []
        self._reminders: dict[int, list[Reminder]] = {}
        self._outboxes: dict[int, Outbox] = {}
        self._unshown: dict[int, list[BaseModel]] = {}
        """By game, the events told by its table update waiting in the outbox: a later update
        replacing it tells them too, so that no move goes untold at the table."""
        self._flushes = DeadlineQueue(self._flush)

    def close(self) -> None:
        """Send nothing more (the bot is closing): what waits is shown by the next change."""
        self._flushes.close()

    def holding(self) -> bool:
        """Whether a write waits for its channel's budget (a test lets the clock run until not)."""
        return any(outbox.waiting or outbox.busy for outbox in self._outboxes.values())

    async def _write(self, channel_id: int, write: Write, game: Game | None = None) -> None:
        """Send `write` now when the channel's budget allows and nothing waits before it (with
        `game`, the caller's, under its lock); else queue it, replacing a waiting write of the
        same message, and have the outbox flushed when there is room."""
        outbox = self._outboxes.setdefault(channel_id, Outbox())
        if write.key is not None:
            outbox.waiting = [each for each in outbox.waiting if each.key != write.key]
        if not outbox.waiting and not outbox.busy and outbox.free(now()) >= write.cost:
            outbox.spent.extend([now()] * write.cost)
            await write.send(game)
            return
        outbox.waiting.append(write)
        if not outbox.busy:
            self._flushes.arm_at(channel_id, outbox.ready_at(outbox.waiting[0].cost))

    async def _flush(self, channel_id: int, wakeup: Wakeup) -> None:
        """Send what waits in the channel's outbox, in order, as far as the budget allows."""
        outbox = self._outboxes.get(channel_id)
        if outbox is None or outbox.busy:
            return
        outbox.busy = True
        try:
            while outbox.waiting:
                head = outbox.waiting[0]
                if outbox.free(now()) < head.cost:
                    self._flushes.arm_at(channel_id, outbox.ready_at(head.cost))
                    return
                outbox.waiting.pop(0)
                outbox.spent.extend([now()] * head.cost)
                await self._send_later(head)
        finally:
            outbox.busy = False
        if not outbox.spent:
            del self._outboxes[channel_id]

    async def _send_later(self, write: Write) -> None:
        try:
            if write.game_id is None:
                await write.send(None)
                return
            async with self._lock(write.game_id):
                await write.send(await self._load(write.game_id))
        except (discord.HTTPException, TableError, StaleGame):
            log.warning("a message held back by the rate limit could not be sent", exc_info=True)

    def watch(self, watcher: Callable[[int], None]) -> None:
        """Have `watcher(game_id)` told of every change shown at a game's table (the live
        hands follow the game through it)."""
        self._watchers.append(watcher)

    def changed(self, game_id: int) -> None:
        for watcher in self._watchers:
            watcher(game_id)

    async def texts(self, game: Game) -> Texts:
        """The language of the game's public messages."""
        guild = self.bot.get_guild(game.guild_id)
        return Texts(await public_locale(self.bot.db, guild, game.guild_id))

    @staticmethod
    def seat_infos(game: Game, tr: Texts) -> list[SeatInfo]:
        infos: list[SeatInfo] = []
        for seat in game.seats:
            if seat.user_id is None:
                name = tr("table.computer", n=seat.seat + 1)
            else:
                name = seat.name or f"<@{seat.user_id}>"
            infos.append(SeatInfo(seat.seat, name, seat.user_id, seat.autopilot))
        return infos

    def lobby_message(self, game: Game, engine: Engine, tr: Texts) -> dict[str, Any]:
        embed = render.lobby_embed(game, engine, self.seat_infos(game, tr), tr)
        return {"embed": embed, "view": render.lobby_view(game, tr)}

    async def show_lobby(self, game: Game, engine: Engine) -> None:
        if game.lobby_message_id is None:
            return
        tr = await self.texts(game)
        channel = self.bot.get_partial_messageable(game.channel_id)
        message = channel.get_partial_message(game.lobby_message_id)
        fields = self.lobby_message(game, engine, tr)

        async def edit(_: Game | None) -> None:
            await message.edit(content=None, **fields)

        await self._write(game.channel_id, Write(edit, key=("lobby", game.id)))

    async def show_table(
        self, running: Running, events: Sequence[BaseModel], *, ping: Sequence[int]
    ) -> None:
        """Edit the table message, or post it anew (mentioning them) when people who were not
        already waiting must act now, when the UI posted notices above it (a round summary),
        when the message has become too old to edit, when someone deleted it, or when an
        earlier post may have left a table whose id was never stored."""
        game = running.game
        self.changed(game.id)
        tr = await self.texts(game)
        key = ("table", game.id)
        waiting = self._outboxes.get(game.place_id, Outbox()).pending(key)
        unshown = [*self._unshown.pop(game.id, []), *events][-KEPT_EVENTS:] if waiting else events
        table = self._table_context(running, unshown, tr)
        seats, to_act, finished = table.seats, table.to_act, table.finished
        await self.retire_reminders(game, to_act)
        panel = running.ui.render_table(table)
        notices = running.ui.render_notices(self._table_context(running, events, tr))
        if finished and game.outcome is not None:
            outcome = GameResult.model_validate_json(game.outcome)
            header = render.results_lines(outcome, seats, tr, game.game_key)
        else:
            header = [render.turn_line(game, seats, to_act, tr)]
        content = render.framed_content(panel, header)
        view = render.table_view(game, seats, tr)
        mentioned = any(seats[number].user_id is not None for number in ping)
        for notice in notices:
            await self._send(game, content=notice.content, embeds=notice.embeds)
        must_post = mentioned or bool(notices) or (waiting is not None and waiting.must_post)
        self._unshown[game.id] = list(unshown)

        async def show(fresh: Game | None) -> None:
            assert fresh is not None
            self._unshown.pop(game.id, None)
            await self._show_table(fresh, must_post, content, panel.embeds, view)

        posts = self._posts_table(game, must_post)
        cost = 2 if posts and game.table_message_id is not None else 1
        write = Write(show, cost, key, game.id, must_post)
        await self._write(game.place_id, write, game)

    @staticmethod
    def _posts_table(game: Game, must_post: bool) -> bool:
        """Whether the table is posted anew (and the old one deleted) rather than edited.

        This also prices the update against the channel's budget: one write for an edit, two for
        a post and the old table's deletion. Rare updates cost more than priced (an edit that
        finds the table deleted posts it; a post after a crash deletes the tables left behind),
        which Discord's bucket absorbs with a short wait."""
        stale = game.table_posted_at is None or now() - game.table_posted_at > REPOST_AFTER
        unsure = game.table_posting_since is not None
        return game.table_message_id is None or must_post or stale or unsure

    async def _show_table(
        self,
        game: Game,
        must_post: bool,
        content: str | None,
        embeds: list[discord.Embed],
        view: discord.ui.View | None,
    ) -> None:
        old = game.table_message_id
        if not self._posts_table(game, must_post):
            if await self.edit_table(game, content=content, embeds=embeds, view=view):
                return
            old = None
        await self._post_table(
            game,
            old,
            content=content,
            embeds=embeds,
            view=view or discord.utils.MISSING,
            allowed_mentions=MENTION_USERS,
        )

    async def _post_table(self, game: Game, old: int | None, **message: Any) -> None:
        """Post the table and retire the `old` one so that a crash at any step leaves at most
        one table that the database does not know, and a note to find it:

        1. `table_posting_since` is saved first; the next post (recovery's, at the latest, as
           `Game.table_in_doubt`) looks for a table posted from then on with another id than the
           stored one, and deletes it;
        2. the old table is deleted before the new one's id replaces its id, so that an old
           table's id never lives only in memory; stopped in between, the stored id is of a
           deleted message, which the next post finds gone.
        """
        channel = self.bot.get_partial_messageable(game.place_id)
        if game.table_posting_since is not None:
            await self._delete_unknown_tables(game, game.table_posting_since)
        game.table_posting_since = now()
        if not await self._store(game):
            return
        posted = await channel.send(**message)
        if old is not None:
            await self._delete(channel, old, game)
        game.table_message_id = posted.id
        game.table_posted_at = now()
        game.table_posting_since = None
        if not await self._store(game):
            await self._delete(channel, posted.id, game)

    async def _store(self, game: Game) -> bool:
        """Save what a post changed; False when another process changed the game since this
        move was saved (a rolling restart): the move stands, and that process shows its own
        table, whose id it stores."""
        try:
            async with self.bot.db.transaction() as conn:
                await save_game(conn, game)
        except StaleGame:
            log.info("game %s: not shown here, the game changed elsewhere meanwhile", game.id)
            return False
        return True

    async def _delete_unknown_tables(self, game: Game, since: float) -> None:
        """Delete this game's tables posted from `since` on (less the clock skew) whose id is
        not the stored one: the bot stopped before it could store their id."""
        me = self.bot.user
        if me is None:
            return
        button = show_hand_id(game.id)
        moment = datetime.fromtimestamp(since - CLOCK_SKEW, tz=UTC)
        after = discord.Object(discord.utils.time_snowflake(moment))
        channel = self.bot.get_partial_messageable(game.place_id)
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
                unknown = message.id != game.table_message_id and message.author.id == me.id
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

    def _table_context(
        self, running: Running, events: Sequence[BaseModel], tr: Texts
    ) -> TableContext[BaseModel]:
        game = running.game
        finished = game.status is GameStatus.FINISHED
        return TableContext(
            game_id=game.id,
            view=running.engine.view(running.state, None),
            events=events,
            seats=self.seat_infos(game, tr),
            to_act=[] if finished else running.to_act(),
            finished=finished,
            tr=tr,
        )

    async def show_finish(self, running: Running, events: Sequence[BaseModel]) -> None:
        """The UI's end-of-game message, if it has one, below the final table."""
        game = running.game
        if game.outcome is None:
            return
        tr = await self.texts(game)
        by_user = await game_offence_counts(self.bot.db, game.id)
        offences = {seat.seat: by_user.get(seat.user_id, 0) for seat in game.seats if seat.user_id}
        seconds = (game.ended_at or now()) - (game.started_at or game.created_at)
        outcome = GameResult.model_validate_json(game.outcome)
        context = FinishContext(
            self._table_context(running, events, tr), outcome, seconds, offences
        )
        panel = running.ui.render_finish(context)
        if panel is None:
            return
        view = discord.ui.View(timeout=None)
        view.add_item(PlayAgainButton(game.id, tr("table.play_again")))
        view.stop()
        await self._send(game, content=panel.content, embeds=panel.embeds, view=view)

    async def hide_table_controls(self, game: Game) -> None:
        """The table without its buttons (the game was cancelled)."""

        async def edit(fresh: Game | None) -> None:
            assert fresh is not None
            await self.edit_table(fresh, view=None)

        await self._write(game.place_id, Write(edit, game_id=game.id), game)

    async def edit_table(self, game: Game, **fields: Any) -> bool:
        """Edit the table message, a write the caller counted; False when there is none (never
        posted, or deleted)."""
        if game.table_message_id is None:
            return False
        channel = self.bot.get_partial_messageable(game.place_id)
        try:
            await channel.get_partial_message(game.table_message_id).edit(**fields)
        except discord.NotFound:
            log.info("table message of game %s was deleted", game.id)
            return False
        return True

    async def post(self, game: Game, text: str) -> None:
        """A notice in the game's channel or thread (mentions ping)."""
        await self._send(game, content=text)

    async def _send(
        self,
        game: Game,
        *,
        view: discord.ui.View | None = None,
        sent: Callable[[discord.Message], None] | None = None,
        **message: Any,
    ) -> None:
        """A message in the game's place, in turn with its other writes; `sent` is told of the
        message posted."""
        channel = self.bot.get_partial_messageable(game.place_id)

        async def send(_: Game | None) -> None:
            posted = await channel.send(
                view=view or discord.utils.MISSING, allowed_mentions=MENTION_USERS, **message
            )
            if sent is not None:
                sent(posted)

        await self._write(game.place_id, Write(send))

    async def remind(
        self, game: Game, text: str, seats: Sequence[int], deadline: int, label: str
    ) -> None:
        """A turn reminder, with a button that opens the reminded member's hand; deleted once
        its turn has passed (`retire_reminders`)."""
        view = discord.ui.View(timeout=None)
        view.add_item(TurnHandButton(game.id, label))
        view.stop()

        def sent(message: discord.Message) -> None:
            reminder = Reminder(message.id, deadline, tuple(seats))
            self._reminders.setdefault(game.id, []).append(reminder)

        await self._send(game, content=text, view=view, sent=sent)

    async def retire_reminders(self, game: Game, to_act: Sequence[int]) -> None:
        """Delete the reminders whose turn has passed (none of their seats still waits under
        the deadline they named), so that a game's place keeps the table and a bounded number of
        notices. Known in memory only: reminders posted before a restart stay, and what they say
        ("time runs out 10 minutes ago") is then plainly of the past."""
        channel = self.bot.get_partial_messageable(game.place_id)
        kept: list[Reminder] = []
        for reminder in self._reminders.pop(game.id, []):
            if any(
                number in to_act and int(game.seat(number).deadline or 0) == reminder.deadline
                for number in reminder.seats
            ):
                kept.append(reminder)
            else:
                await self._retire(channel, reminder.message_id, game)
        if kept:
            self._reminders[game.id] = kept

    async def _retire(
        self, channel: discord.PartialMessageable, message_id: int, game: Game
    ) -> None:
        async def delete(_: Game | None) -> None:
            await self._delete(channel, message_id, game)

        await self._write(game.place_id, Write(delete))
