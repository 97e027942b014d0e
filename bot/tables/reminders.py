"""Turn reminders at a game's place: posted at half time of a turn, with a button that opens the
reminded member's hand, and deleted once their turn has passed, so that a game's place keeps the
table and a bounded number of notices.

Known in memory only: reminders posted before a restart stay, and what they say ("time runs out
10 minutes ago") is then plainly of the past.
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
    """A turn reminder posted in a game's place: for `seats`, whose time ran out at `deadline`."""

    message_id: int
    deadline: int
    seats: tuple[int, ...]


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

        async def send() -> None:
            message = await channel.send(
                content=text, view=view, allowed_mentions=MENTION_USERS
            )
            reminder = Reminder(message.id, deadline, tuple(seats))
            self._reminders.setdefault(game.id, []).append(reminder)

        await self.outboxes.write(game.place_id, Write(send))

    async def retire(self, game: Game, to_act: Sequence[int]) -> None:
        """Delete the reminders whose turn has passed: none of their seats still waits under the
        deadline they named."""
        channel = self.host.get_partial_messageable(game.place_id)
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

    async def _delete(
        self, channel: discord.PartialMessageable, message_id: int, game: Game
    ) -> None:
        async def delete() -> None:
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                log.info("reminder %s of game %s already gone", message_id, game.id)

        await self.outboxes.write(game.place_id, Write(delete))
