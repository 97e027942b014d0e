"""Turn reminders at a game's place: posted at half time of a turn, with a button that opens the
reminded member's hand, and deleted once their turn has passed, so that a game's place keeps the
table and a bounded number of notices.

A reminder held back by the channel's budget is dropped, unsent, when its turn passes first (the
game went on, ended or was cancelled meanwhile). Known in memory only: reminders posted before a
restart stay, and what they say ("time runs out 10 minutes ago") is then plainly of the past.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.tables.components import GameButton
from bot.tables.host import TableHost
from bot.tables.outbox import Outboxes, Write
from bot.tables.records import Game
from bot.tables.table_post import MENTION_USERS

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reminder:
    """A turn reminder in a game's place: for `seats`, whose time runs out at `deadline`;
    `message_id` is None while it waits for the channel's budget."""

    deadline: int
    seats: tuple[int, ...]
    message_id: int | None = None


class Reminders:
    def __init__(self, host: TableHost, outboxes: Outboxes) -> None:
        self.host = host
        self.outboxes = outboxes
        self._reminders: dict[int, list[Reminder]] = {}

    async def post(
        self, game: Game, text: str, seats: Sequence[int], deadline: int, label: str
    ) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(GameButton("mine", game.id, label))
        view.stop()
        channel = self.host.get_partial_messageable(game.place_id)
        waiting = Reminder(deadline, tuple(seats))
        self._reminders.setdefault(game.id, []).append(waiting)

        async def send() -> None:
            kept = self._reminders.get(game.id, [])
            if not any(reminder is waiting for reminder in kept):
                return
            message = await channel.send(content=text, view=view, allowed_mentions=MENTION_USERS)
            posted = Reminder(deadline, tuple(seats), message.id)
            self._reminders[game.id] = [posted if each is waiting else each for each in kept]

        await self.outboxes.write(game.place_id, Write(send))

    async def retire(self, game: Game, to_act: Sequence[int]) -> None:
        """Delete the reminders whose turn has passed: none of their seats still waits under the
        deadline they named."""
        channel = self.host.get_partial_messageable(game.place_id)
        kept: list[Reminder] = []
        gone: list[int] = []
        for reminder in self._reminders.pop(game.id, []):
            if any(
                number in to_act and int(game.seat(number).deadline or 0) == reminder.deadline
                for number in reminder.seats
            ):
                kept.append(reminder)
            elif reminder.message_id is not None:
                gone.append(reminder.message_id)
        if kept:
            self._reminders[game.id] = kept
        for message_id in gone:
            await self._delete(channel, message_id, game)

    async def _delete(
        self, channel: discord.PartialMessageable, message_id: int, game: Game
    ) -> None:
        async def delete() -> None:
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                log.info("reminder %s of game %s already gone", message_id, game.id)

        await self.outboxes.write(game.place_id, Write(delete))
