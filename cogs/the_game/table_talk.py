"""The Game's talk rule on Discord: no card values in the chat of a running game.

While a game of The Game runs in a thread or channel, new and edited messages and new reactions
there are checked with the detector (`games/the_game/table_talk.py`). Numbers that only count
something ("deux cartes", "back in 5 minutes") pass; a message or reaction with a number that may
name a card or a gap between cards reveals one. What happens to it follows the server's
`/settings talk-rule`: `delete` removes it, `warn` leaves it, and both post a one-line notice to
its author that deletes itself (one at a time per member) and record an offence
(`bot/talk_offences.py`, shown at the end of the game); `off` does nothing. The notice says what
was given away and how it was written ("a card value, in words"), never the number: quoting it
would reveal it again.

Who is checked:
- In a game's own thread, every human who writes there: the thread exists for the game, so
  spectators may not give hints either.
- In a game played in a channel (the bot could not open a thread), only the seated players: the
  channel is shared with people who are not playing.
- Never bots, webhooks or system messages, this bot included: the rule binds players, and other
  bots (dice rollers, music, logging) cannot be told off. A player could launder a number through
  a proxy bot; that is accepted.

Speed: every message of every server passes here, so the common case (a place with no game) is a
dict look-up. `RunningPlaces` remembers per channel or thread whether a game of The Game runs
there; the detector runs only in such places, and the database is read again only for a message
that does reveal a number, so a stale entry can never punish anyone after a game has ended.

Without Manage Messages the bot cannot delete messages or remove others' reactions: in delete
mode it says so once per game in the game's place (public language), as soon as the table is
posted or at the first offence, and only warns. The "once" is remembered per process, so a
restart may say it once more.

A message left in place after an offence (warn mode, or no permission to delete it) is
remembered with its text, so that an update that changes nothing of it (Discord sends one when a
message is pinned, with the time of its last edit) is not a second offence. The bot keeps no cache
of messages itself (see `bot.app`), so this is the rule's own record, bounded like the others.

Without the Message Content intent it cannot read messages at all: it logs that at start-up,
`/settings` shows it, and only reactions are checked.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

import discord
from discord.ext import commands

from bot.app import CardTableBot
from bot.clock import now
from bot.guild_settings import get_guild_settings
from bot.tables.records import Game, GameStatus
from bot.talk_offences import record_offence
from games.the_game.engine import GAME_TYPE
from games.the_game.table_talk import NumberHit, revealing_numbers

log = logging.getLogger(__name__)

NOTICE_SECONDS = 8.0
"""How long the notice to an offender stays before it deletes itself."""

REFRESH_SECONDS = 60.0
"""How long a place's answer is trusted before the database is asked again. Games starting or
ending are noticed at once anyway (see `RunningPlaces`); this bounds staleness should the bot
fail to post there."""

MAX_REMEMBERED = 10_000
"""Entries each in-memory record (places, recent notices) keeps at most, so a process serving
many servers keeps bounded memory."""

OffenceKind = Literal["message", "edit", "reaction"]
"""What broke the rule; also the `kind` stored with the offence."""


class RunningPlaces:
    """Which channels and threads have a running game of The Game, remembered per place.

    An answer is kept `REFRESH_SECONDS` and forgotten as soon as the bot itself posts or edits a
    message in the place: a game starting (its table is posted), ending (its table is edited) or
    being cancelled (a notice is posted) is always announced there. A look-up that overlaps a
    forget is not kept, so a game that starts during a look-up is not hidden by an older answer.
    Each process only ever learns about the places it receives messages from, so shards in
    several processes need nothing shared.
    """

    def __init__(self, lookup: Callable[[int], Awaitable[int | None]]) -> None:
        self._lookup = lookup
        self._known: dict[int, tuple[int | None, float]] = {}
        self._forgets = 0

    async def game_id(self, place_id: int) -> int | None:
        """The id of the running game of The Game in this channel or thread, if any."""
        moment = now()
        known = self._known.get(place_id)
        if known is not None and moment - known[1] < REFRESH_SECONDS:
            return known[0]
        forgets = self._forgets
        game_id = await self._lookup(place_id)
        if forgets == self._forgets:
            self._remember(place_id, game_id, moment)
        return game_id

    def forget(self, place_id: int) -> None:
        self._forgets += 1
        self._known.pop(place_id, None)

    def _remember(self, place_id: int, game_id: int | None, moment: float) -> None:
        if len(self._known) >= MAX_REMEMBERED:
            fresh = {
                place: entry
                for place, entry in self._known.items()
                if moment - entry[1] < REFRESH_SECONDS
            }
            self._known = fresh if len(fresh) < MAX_REMEMBERED else {}
        self._known[place_id] = (game_id, moment)


@dataclass(frozen=True)
class Offence:
    """One revealing message, edit or reaction, found in a place with a running game.
    `found` is its first revealing number."""

    kind: OffenceKind
    place_id: int
    user_id: int
    message_id: int
    found: NumberHit
    remove: Callable[[], Awaitable[object]]
    """Deletes the message or removes the reaction."""


def readable_text(message: discord.Message) -> str:
    """Everything of a message that other players read: its text, forwarded text and poll."""
    parts = [message.content]
    parts += [snapshot.content for snapshot in message.message_snapshots]
    if message.poll is not None:
        parts.append(message.poll.question)
        parts += [answer.text for answer in message.poll.answers]
    return "\n".join(part for part in parts if part)


class TableTalk(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        self.places = RunningPlaces(self._running_game_id)
        self._told_missing_permission: set[int] = set()
        self._noticed: dict[tuple[int, int], float] = {}
        self._left: dict[int, str] = {}
        """By message id, the text of a message recorded as an offence and left in place."""

    async def cog_load(self) -> None:
        if not self.reads_messages:
            log.warning(
                "The Message Content intent is off: The Game's talk rule cannot check messages, "
                "only reactions. Enable the intent in the Discord developer portal (Bot page)."
            )

    @property
    def reads_messages(self) -> bool:
        return self.bot.intents.message_content

    # ------------------------------------------------------------------ events

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        await self._check_message(message, "message")

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """Only a change of text counts: Discord also sends updates when it adds a link preview
        (no edit time) or when a message is pinned (same text: a clean text stays clean, and an
        offence left in place is not counted twice)."""
        message = payload.message
        if self._is_mine(message.author.id):
            self.places.forget(payload.channel_id)
            return
        if message.edited_at is None:
            return
        if self._left.get(message.id) == readable_text(message):
            return
        await self._check_message(message, "edit")

    @commands.Cog.listener()
    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        member = payload.member
        if payload.guild_id is None or member is None or member.bot:
            return
        if await self.places.game_id(payload.channel_id) is None:
            return
        hits = revealing_numbers(str(payload.emoji))
        if not hits:
            return
        message = self.bot.get_partial_messageable(payload.channel_id).get_partial_message(
            payload.message_id
        )
        await self._enforce(
            Offence(
                kind="reaction",
                place_id=payload.channel_id,
                user_id=payload.user_id,
                message_id=payload.message_id,
                found=hits[0],
                remove=lambda: message.remove_reaction(payload.emoji, member),
            )
        )

    # ---------------------------------------------------------------- checking

    def _is_mine(self, user_id: int) -> bool:
        return self.bot.user is not None and user_id == self.bot.user.id

    async def _check_message(self, message: discord.Message, kind: OffenceKind) -> None:
        if message.guild is None:
            return
        if self._is_mine(message.author.id):
            await self._posted_here(message.channel.id)
            return
        if message.author.bot or message.is_system() or not self.reads_messages:
            return
        if await self.places.game_id(message.channel.id) is None:
            return
        hits = revealing_numbers(readable_text(message))
        if not hits:
            return
        removed = await self._enforce(
            Offence(
                kind=kind,
                place_id=message.channel.id,
                user_id=message.author.id,
                message_id=message.id,
                found=hits[0],
                remove=message.delete,
            )
        )
        if removed is False:
            if len(self._left) >= MAX_REMEMBERED:
                self._left.clear()
            self._left[message.id] = readable_text(message)

    async def _posted_here(self, place_id: int) -> None:
        """The bot posted in a place, as it does when a game there starts, ends or is cancelled:
        forget what was known about it. When a game of The Game now runs there in delete mode and
        the bot lacks Manage Messages, say so at once rather than at the first offence."""
        self.places.forget(place_id)
        if self._may_moderate(place_id):
            return
        game_id = await self.places.game_id(place_id)
        if game_id is None or game_id in self._told_missing_permission:
            return
        game = await self.bot.tables.game_in(place_id)
        if game is None or game.id != game_id:
            return
        if (await get_guild_settings(self.bot.db, game.guild_id)).talk_rule == "delete":
            await self._missing_permission(game, place_id)

    async def _running_game_id(self, place_id: int) -> int | None:
        game = await self.bot.tables.game_in(place_id)
        if game is None or game.status is not GameStatus.RUNNING:
            return None
        return game.id if game.game_key == GAME_TYPE.key else None

    async def _game_watching(self, offence: Offence) -> Game | None:
        """The running game whose rule the offender is bound by, read afresh from the database."""
        game = await self.bot.tables.game_in(offence.place_id)
        if game is None or game.status is not GameStatus.RUNNING:
            return None
        if game.game_key != GAME_TYPE.key:
            return None
        in_thread = game.thread_id == offence.place_id
        if not in_thread and game.seat_of(offence.user_id) is None:
            return None
        return game

    # --------------------------------------------------------------- enforcing

    async def _enforce(self, offence: Offence) -> bool | None:
        """Record the offence and tell its author; whether it was removed, None when it was no
        offence (no game watching, or the rule off)."""
        game = await self._game_watching(offence)
        if game is None:
            return None
        rule = (await get_guild_settings(self.bot.db, game.guild_id)).talk_rule
        if rule == "off":
            return None
        removed = rule == "delete" and await self._remove(game, offence)
        await record_offence(
            self.bot.db,
            guild_id=game.guild_id,
            channel_id=offence.place_id,
            game_id=game.id,
            user_id=offence.user_id,
            message_id=offence.message_id,
            kind=offence.kind,
        )
        if not self._notice_due(offence):
            return removed
        tr = await self.bot.publishing.texts(game)
        action = "removed" if removed else "warned"
        text = tr(
            f"table_talk.{offence.kind}.{action}",
            mention=f"<@{offence.user_id}>",
            what=tr(f"table_talk.what.{offence.found.role}"),
            found=tr(f"table_talk.found.{offence.found.kind}"),
        )
        await self._post(
            offence.place_id,
            text,
            delete_after=NOTICE_SECONDS,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(offence.user_id)]
            ),
        )
        return removed

    def _notice_due(self, offence: Offence) -> bool:
        """One notice at a time per member and place: while one is still shown, a burst of
        numbers is removed and recorded without piling up notices (and rate limits)."""
        moment = now()
        key = (offence.place_id, offence.user_id)
        last = self._noticed.get(key)
        if last is not None and moment - last < NOTICE_SECONDS:
            return False
        if len(self._noticed) >= MAX_REMEMBERED:
            self._noticed = {k: t for k, t in self._noticed.items() if moment - t < NOTICE_SECONDS}
        self._noticed[key] = moment
        return True

    async def _remove(self, game: Game, offence: Offence) -> bool:
        """Delete the message or remove the reaction; False when the bot may not."""
        if not self._may_moderate(offence.place_id):
            await self._missing_permission(game, offence.place_id)
            return False
        try:
            await offence.remove()
        except discord.NotFound:
            return True  # already gone
        except discord.Forbidden:
            await self._missing_permission(game, offence.place_id)
            return False
        return True

    def _may_moderate(self, place_id: int) -> bool:
        """Whether the bot has Manage Messages in the place, as far as its cache knows; a place it
        does not know is assumed fine, and Discord's answer to the attempt decides."""
        place = self.bot.get_channel(place_id)
        if isinstance(place, (discord.abc.GuildChannel, discord.Thread)):
            return place.permissions_for(place.guild.me).manage_messages
        return True

    async def _missing_permission(self, game: Game, place_id: int) -> None:
        """Say once per game that the rule cannot be enforced here, and why."""
        if game.id in self._told_missing_permission:
            return
        self._told_missing_permission.add(game.id)
        tr = await self.bot.publishing.texts(game)
        await self._post(place_id, tr("table_talk.missing_permission"))

    async def _post(self, place_id: int, text: str, **options: Any) -> None:
        """A public notice (`options` as for `send`); a place the bot may not write in gets none
        rather than an error."""
        channel = self.bot.get_partial_messageable(place_id)
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        try:
            await channel.send(text, **options)
        except discord.HTTPException as error:
            log.info("talk-rule notice not posted in %s: %s", place_id, error)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(TableTalk(bot))
