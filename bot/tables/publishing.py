"""Publishing on Discord: what a change to a game shows there, once the game's lock is released.

The service hands every saved change here (`Change`, in the order of the saves). From it this
draws the lobby message, the notices, the reminders, the table and the end-of-game message, and
sends them through each channel's outbox (`bot.tables.outbox`: Discord's per-channel rate limit,
in order, ending on the latest state); the table's post is crash-safe (`bot.tables.table_post`);
the live hands follow (`bot.tables.live_hands`). Everything goes through REST with ids stored in
the database (partial messageables), so it works for games recovered after a restart and needs
no cache of channels or messages.

Discord refusing a message (a locked or deleted thread, a permission taken away, an outage)
neither stalls the game nor tells the player that nothing changed: it is logged, and the next
change shows the table again.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from itertools import groupby
from typing import Any

import discord
from pydantic import BaseModel

from bot.clock import now
from bot.guild_settings import public_locale
from bot.history.components import ReplayOpenButton
from bot.i18n import Texts
from bot.tables import render
from bot.tables.changes import Change
from bot.tables.components import GameButton
from bot.tables.fitting import draw_fitting
from bot.tables.host import TableHost
from bot.tables.live_hands import LiveHands
from bot.tables.outbox import Outboxes, Write
from bot.tables.presenting import lobby_message, table_context
from bot.tables.records import Game, Seat
from bot.tables.reminders import Reminders
from bot.tables.table_post import MENTION_USERS, TablePost
from bot.tables.timers import mentions
from bot.tables.turns import Running
from bot.tables.ui import FinishContext
from bot.talk_offences import game_offence_counts
from games.core.result import GameResult

log = logging.getLogger(__name__)

KEPT_EVENTS = 12
"""Events a table update tells at most, when it replaces updates held back by the budget: the
newest, within the table message's length."""


class DiscordPublishing:
    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.outboxes = Outboxes()
        self.table_post = TablePost(host, self.outboxes)
        self.reminders = Reminders(host, self.outboxes)
        self.live_hands = LiveHands(host.card_faces)
        self._unshown: dict[int, list[BaseModel]] = {}
        """By game, the events told by its table update waiting in the outbox: a later update
        replacing it tells them too, so that no move goes untold at the table."""

    def close(self) -> None:
        """Send nothing more (the bot is closing or stopped)."""
        self.outboxes.close()
        self.live_hands.close()

    async def shut_down(self) -> None:
        """The bot closes cleanly: store what the tables' posts still hold in memory."""
        self.close()
        await self.table_post.shut_down()

    def holding(self) -> bool:
        """Whether a write waits for its channel's budget (a test lets the clock run until not)."""
        return self.outboxes.holding()

    async def texts(self, game: Game) -> Texts:
        """The language of the game's public messages."""
        guild = self.host.get_guild(game.guild_id)
        return Texts(await public_locale(self.host.db, guild, game.guild_id))

    async def lobby_message(self, game: Game) -> dict[str, Any]:
        """The lobby's embed and buttons, in the server's language."""
        found = self.host.games.playable(game.game_key)
        if found is None:
            raise ValueError(game.game_key)
        return lobby_message(game, found[0], await self.texts(game))

    async def lobby_seen(self, game: Game) -> bool:
        """Whether Discord still shows the lobby's message (None: never stored). A message that
        Discord cannot return for another reason (an outage, a permission) counts as seen."""
        if game.lobby_message_id is None:
            return False
        channel = self.host.get_partial_messageable(game.channel_id)
        try:
            await channel.fetch_message(game.lobby_message_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True
        return True

    def recall(self, game: Game) -> None:
        self.table_post.recall(game)

    def in_doubt(self, game: Game) -> bool:
        return self.table_post.in_doubt(game)

    async def prepare(self, change: Change) -> None:
        if change.cancelled and change.running is not None:
            self.table_post.prepare(change.game, must_post=True)
        elif change.table and change.running is not None:
            # Whether the table is posted anew; the notices are drawn (which reads the server's
            # language) only when nothing else decides it, before the member is answered.
            posts = self._must_post(change, []) or self.table_post.posts_anyway(change.game)
            if not posts:
                tr = await self.texts(change.game)
                context = table_context(change.running, change.events, tr, self.host.card_faces)
                posts = bool(change.running.ui.render_notices(context))
            self.table_post.prepare(change.game, posts)

    def _must_post(self, change: Change, notices: Sequence[object]) -> bool:
        """A new table rather than an edit: people must be mentioned, or notices went out above
        it, or an update waiting for the budget had to post."""
        seats = change.game.seats
        mentioned = any(seats[number].user_id is not None for number in change.ping)
        return mentioned or bool(notices) or self.table_post.waiting_must_post(change.game)

    async def publish(self, change: Change) -> None:
        game, running = change.game, change.running
        self.table_post.saved(game)
        try:
            if change.cancelled:
                await self._notices(game, change)
                await self._cancelled(game, running)
            else:
                if change.lobby and not change.finished:
                    await self._show_lobby(game)
                await self._notices(game, change)
                if change.reminders:
                    await self._remind(game, change.reminders)
                if change.table and running is not None:
                    await self._show_table(change, running)
                if change.finished and running is not None:
                    await self._show_finish(running, change.events)
                    await self._show_lobby(game)
        finally:
            self.live_hands.changed(game, running)

    async def _notices(self, game: Game, change: Change) -> None:
        if not change.notices:
            return
        tr = await self.texts(game)
        for notice in change.notices:
            await self._send(game, content=tr(notice.key, **notice.params))

    async def _show_lobby(self, game: Game) -> None:
        if game.lobby_message_id is None:
            return
        channel = self.host.get_partial_messageable(game.channel_id)
        message = channel.get_partial_message(game.lobby_message_id)
        fields = await self.lobby_message(game)

        async def edit() -> None:
            await message.edit(content=None, **fields)

        await self.outboxes.write(game.channel_id, Write(edit, key=("lobby", game.id)))

    async def _show_table(self, change: Change, running: Running) -> None:
        game, events = change.game, change.events
        tr = await self.texts(game)
        waiting = self.outboxes.pending(game.place_id, ("table", game.id))
        unshown = [*self._unshown.pop(game.id, []), *events][-KEPT_EVENTS:] if waiting else events
        table = table_context(running, unshown, tr, self.host.card_faces)
        seats, to_act, finished = table.seats, table.to_act, table.finished
        await self.reminders.retire(game, to_act)
        panel = draw_fitting(running.ui.render_table, table)
        faces = self.host.card_faces
        notices = running.ui.render_notices(table_context(running, events, tr, faces))
        if finished and game.outcome is not None:
            outcome = GameResult.model_validate_json(game.outcome)
            header = render.results_lines(outcome, seats, tr, game.game_key)
        else:
            first_mover = running.engine.game_type.computers_wait_for_people
            header = [render.turn_line(game, seats, to_act, tr, first_mover=first_mover)]
        content = render.framed_content(panel, header)
        view = render.table_view(game, seats, tr)
        # A round's notice takes the old table's place (the old table is edited into it)
        # rather than being posted beside it: the round's end then costs the channel two
        # writes (that edit, the new table), as any new turn does, instead of three (the
        # notice, the new table, the old one's deletion).
        retire_as = self.table_post.waiting_retire_as(game)
        if retire_as is None and notices and self.table_post.message_id(game) is not None:
            retire_as, *notices = notices
        for notice in notices:
            await self._send(game, content=notice.content, embeds=notice.embeds)
        self._unshown[game.id] = list(unshown)
        shown = self._unshown
        await self.table_post.show(
            game,
            self._must_post(change, notices) or retire_as is not None,
            retire_as=retire_as,
            content=content,
            embeds=panel.embeds,
            view=view,
            sent=lambda: shown.pop(game.id, None),
        )

    async def _show_finish(self, running: Running, events: Sequence[BaseModel]) -> None:
        """The UI's end-of-game message, if it has one, below the final table."""
        game = running.game
        if game.outcome is None:
            return
        tr = await self.texts(game)
        by_user = await game_offence_counts(self.host.db, game.id)
        offences = {seat.seat: by_user.get(seat.user_id, 0) for seat in game.seats if seat.user_id}
        seconds = (game.ended_at or now()) - (game.started_at or game.created_at)
        outcome = GameResult.model_validate_json(game.outcome)
        table = table_context(running, events, tr, self.host.card_faces)
        context = FinishContext(table, outcome, seconds, offences)
        panel = running.ui.render_finish(context)
        if panel is None:
            return
        view = discord.ui.View(timeout=None)
        view.add_item(GameButton("again", game.id, tr("table.play_again")))
        view.add_item(ReplayOpenButton(game.id, tr("history.button.replay")))
        view.stop()
        await self._send(game, content=panel.content, embeds=panel.embeds, view=view)

    async def _remind(self, game: Game, seats: list[Seat]) -> None:
        """One reminder per deadline, naming everyone who shares it."""
        tr = await self.texts(game)
        by_deadline = sorted(seats, key=lambda seat: seat.deadline or 0.0)
        for deadline, group in groupby(by_deadline, key=lambda seat: int(seat.deadline or 0)):
            named = list(group)
            when = f"<t:{deadline}:R>"
            text = tr("table.reminder", mention=mentions(named), deadline=when)
            numbers = [seat.seat for seat in named]
            await self.reminders.post(game, text, numbers, deadline, tr("table.open_hand"))

    async def _cancelled(self, game: Game, running: Running | None) -> None:
        """A cancelled game shown as such: its reminders gone, the lobby without buttons, and
        a started game's table, posted anew below everything else, saying that it was
        cancelled rather than whose turn it is: the position it stopped at, without controls,
        mentioning nobody. It replaces a table update still waiting for the channel's budget,
        which would show the game running again. The live hands follow and close saying so."""
        await self.reminders.retire(game, [])
        await self._show_lobby(game)
        if running is None:
            return
        tr = await self.texts(game)
        self._unshown.pop(game.id, None)
        panel = running.ui.render_table(table_context(running, [], tr, self.host.card_faces))
        content = render.framed_content(panel, [tr("table.cancelled")])
        await self.table_post.show(
            game,
            True,
            content=content,
            embeds=panel.embeds,
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def post_in(self, channel_id: int, **message: Any) -> None:
        """A message of the bot's own in any channel (a replay step a member shared), in turn
        with that channel's other writes and within its budget; mentions in it ping nobody."""
        channel = self.host.get_partial_messageable(channel_id)

        async def send() -> None:
            await channel.send(allowed_mentions=discord.AllowedMentions.none(), **message)

        await self.outboxes.write(channel_id, Write(send))

    async def _send(
        self, game: Game, *, view: discord.ui.View | None = None, **message: Any
    ) -> None:
        """A message in the game's place, in turn with its other writes (mentions ping)."""
        channel = self.host.get_partial_messageable(game.place_id)

        async def send() -> None:
            await channel.send(
                view=view or discord.utils.MISSING, allowed_mentions=MENTION_USERS, **message
            )

        await self.outboxes.write(game.place_id, Write(send))
