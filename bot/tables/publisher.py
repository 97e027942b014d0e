"""The public side of a table: the lobby message, the table message and notices.

Everything here goes through REST with ids stored in the database (partial messageables), so it
works for games recovered after a restart and needs no cache of channels or messages.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from pydantic import BaseModel

from bot.clock import now
from bot.guild_settings import public_locale
from bot.i18n import Texts
from bot.tables import render
from bot.tables.components import PlayAgainButton, TurnHandButton, show_hand_id
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


@dataclass(frozen=True)
class Reminder:
    """A turn reminder posted in a game's place: for `seats`, whose time ran out at `deadline`."""

    message_id: int
    deadline: int
    seats: tuple[int, ...]


class TablePublisher:
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        self._watchers: list[Callable[[int], None]] = []
        self._reminders: dict[int, list[Reminder]] = {}

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
        await message.edit(content=None, **self.lobby_message(game, engine, tr))

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
        table = self._table_context(running, events, tr)
        seats, to_act, finished = table.seats, table.to_act, table.finished
        await self.retire_reminders(game, to_act)
        panel = running.ui.render_table(table)
        notices = running.ui.render_notices(table)
        if finished and game.outcome is not None:
            outcome = GameResult.model_validate_json(game.outcome)
            header = render.results_lines(outcome, seats, tr, game.game_key)
        else:
            header = [render.turn_line(game, seats, to_act, tr)]
        content = render.framed_content(panel, header)
        view = render.table_view(game, seats, tr)
        mentioned = [number for number in ping if seats[number].user_id is not None]
        old = game.table_message_id
        stale = game.table_posted_at is None or now() - game.table_posted_at > REPOST_AFTER
        channel = self.bot.get_partial_messageable(game.place_id)
        for notice in notices:
            await channel.send(
                content=notice.content, embeds=notice.embeds, allowed_mentions=MENTION_USERS
            )
        unsure = game.table_posting_since is not None
        if old is not None and not mentioned and not stale and not notices and not unsure:
            if await self.edit_table(game, content=content, embeds=panel.embeds, view=view):
                return
            old = None
        await self._post_table(
            game,
            old,
            content=content,
            embeds=panel.embeds,
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
        channel = self.bot.get_partial_messageable(game.place_id)
        await channel.send(
            content=panel.content, embeds=panel.embeds, view=view, allowed_mentions=MENTION_USERS
        )

    async def edit_table(self, game: Game, **fields: Any) -> bool:
        """Edit the table message; False when there is none (never posted, or deleted)."""
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
        channel = self.bot.get_partial_messageable(game.place_id)
        await channel.send(text, allowed_mentions=MENTION_USERS)

    async def remind(
        self, game: Game, text: str, seats: Sequence[int], deadline: int, label: str
    ) -> None:
        """A turn reminder, with a button that opens the reminded member's hand; deleted once
        its turn has passed (`retire_reminders`)."""
        view = discord.ui.View(timeout=None)
        view.add_item(TurnHandButton(game.id, label))
        view.stop()
        channel = self.bot.get_partial_messageable(game.place_id)
        sent = await channel.send(text, view=view, allowed_mentions=MENTION_USERS)
        self._reminders.setdefault(game.id, []).append(Reminder(sent.id, deadline, tuple(seats)))

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
                await self._delete(channel, reminder.message_id, game)
        if kept:
            self._reminders[game.id] = kept
