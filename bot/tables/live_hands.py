"""Live hands: the hand a member opened last in a game follows the game by itself.

A hand is an ephemeral message, which only the interaction that showed it can edit, through its
webhook token, for 15 minutes. Each member's last hand of each game is kept here with the newest
interaction that showed or edited it (a click in the hand answers by editing it, and its token
replaces the older one, so every click starts the 15 minutes again). When the game changes
(`changed`, called by publishing with every change, the game as saved), each live hand of the
game is drawn again from the newest of them a moment later (`SETTLE` seconds, so that a burst of
moves, computers playing one after another, edits a hand once) and edited only when what it
shows differs from what it showed. Edits go through the interaction's webhook, not the channel's
rate-limit bucket. Nothing here takes a game's lock or reads the database.

What holds, so that no hand shows an old state as current:

- a live hand is marked closed (no controls, "open your hand again from the table") before its
  token runs out (`CLOSE_AFTER`), and stays so: Discord no longer lets the bot touch it;
- a live hand is deleted when the member opens another hand of the same game, while its token
  still allows it, so that only the current hand and those whose time ran out remain;
- a hand whose game ended is closed saying so; one whose member left, with the same words;
- after a restart (or in another process) the live hands are lost: a hand shown before stays as
  it was, controls included, and may be behind the game. Its controls carry the seat's version,
  so a click on one whose moves have changed is refused with the "out of date" answer and the
  current hand, and a click on one still valid is exactly the move it shows; that click makes it
  the live hand again. Nothing it lets a member do is false; only its picture may be old, which
  is the state every hand was in before live hands.

Timing uses a deadline queue of its own (`bot.tables.deadline_queue`), one wake-up per live
hand, on the bot's clock.
"""

from __future__ import annotations

import itertools
import json
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot import clock
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.deadline_queue import DeadlineQueue, Wakeup
from bot.tables.errors import TableError
from bot.tables.presenting import hand_message, player_seat
from bot.tables.records import Game
from bot.tables.turns import Running

log = logging.getLogger(__name__)

CLOSE_AFTER = 14 * 60
"""Seconds after its newest interaction that a live hand is closed: Discord refuses edits of an
ephemeral message through a token older than 15 minutes, and a margin covers a slow edit."""

SETTLE = 1.0
"""Seconds between a change and the edit of the live hands it concerns: moves made meanwhile
(a chain of computer moves) are shown by the same edit."""

CLOSED_BECAUSE = {
    "game_over": "table.hand_game_over",
    "no_game": "table.hand_game_over",
    "game_cancelled": "table.hand_cancelled",
}
"""What a live hand says when it closes because its member no longer has a hand in the game, by
the refusal a redraw met; any other reason reads as a plain closed hand."""


@dataclass
class LiveHand:
    """A member's hand message and how to edit it: through `interaction`, the newest one that
    showed it. `ui_state` and `version` are those it was drawn with: a redraw keeps the state
    (a card picked, waiting for its side) while the seat's moves stay the same. `revision` is the
    game's it was drawn from."""

    serial: int
    game_id: int
    user_id: int
    message_id: int
    interaction: discord.Interaction[Any]
    tr: Texts
    ui_state: str
    version: int
    revision: int
    shown: str
    closes_at: float
    due: bool = False


def what_it_shows(message: dict[str, Any]) -> str:
    """What a member sees of a hand message, to edit only when it changes."""
    view = message.get("view")
    return json.dumps(
        [
            message.get("content"),
            [embed.to_dict() for embed in message.get("embeds") or []],
            view.to_components() if isinstance(view, discord.ui.View) else None,
        ],
        sort_keys=True,
        default=str,
    )


class LiveHands:
    def __init__(self, faces: CardFaces) -> None:
        self.faces = faces
        self._hands: dict[int, dict[int, LiveHand]] = {}
        """By game, then member: a change finds its game's hands without looking at the others
        (thousands in a process serving many games, and every change of every game asks)."""
        self._by_serial: dict[int, LiveHand] = {}
        self._serials = itertools.count(1)
        self._redraws = DeadlineQueue(self._on_wake, "live hand")
        self._latest: dict[int, tuple[Game, Running | None]] = {}
        """By game with live hands, the game as last saved, which they are drawn from."""

    def __len__(self) -> int:
        return sum(len(hands) for hands in self._hands.values())

    async def shown(
        self,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        message: dict[str, Any],
        running: Running,
        ui_state: str,
        tr: Texts,
    ) -> None:
        """A hand drawn from `running` was shown to the interaction's member (a new one, or the
        clicked one edited): it becomes their live hand in that game, and a different one they
        had is deleted. Drawn again at once when the game changed since."""
        if message_id is None:
            return
        game = running.game
        previous = self._hands.get(game.id, {}).get(interaction.user.id)
        if previous is not None:
            self._forget(previous)
            if previous.message_id != message_id:
                await self._delete(previous)
        seat = game.seat_of(interaction.user.id)
        latest = self._latest.get(game.id)
        if latest is None or latest[0].revision < game.revision:
            self._latest[game.id] = (game, running)
        hand = LiveHand(
            serial=next(self._serials),
            game_id=game.id,
            user_id=interaction.user.id,
            message_id=message_id,
            interaction=interaction,
            tr=tr,
            ui_state=ui_state,
            version=seat.version if seat is not None else 0,
            revision=game.revision,
            shown=what_it_shows(message),
            closes_at=clock.now() + CLOSE_AFTER,
        )
        self._hands.setdefault(game.id, {})[interaction.user.id] = hand
        self._by_serial[hand.serial] = hand
        self._redraws.arm_at(hand.serial, hand.closes_at)
        if self._latest[game.id][0].revision > hand.revision:
            self._redraw_soon(hand)

    def changed(self, game: Game, running: Running | None) -> None:
        """The game changed: its live hands are drawn again in `SETTLE` seconds (those already
        due keep their moment, so a burst of changes makes one edit)."""
        hands = self._hands.get(game.id)
        if not hands:
            return
        latest = self._latest.get(game.id)
        if latest is None or latest[0].revision <= game.revision:
            self._latest[game.id] = (game, running)
        for hand in hands.values():
            self._redraw_soon(hand)

    def _redraw_soon(self, hand: LiveHand) -> None:
        if not hand.due:
            hand.due = True
            self._redraws.arm_at(hand.serial, min(clock.now() + SETTLE, hand.closes_at))

    def close(self) -> None:
        """Stop editing (the bot is closing)."""
        self._redraws.close()

    def _forget(self, hand: LiveHand) -> None:
        self._redraws.stop(hand.serial)
        self._by_serial.pop(hand.serial, None)
        hands = self._hands.get(hand.game_id, {})
        if hands.get(hand.user_id) is hand:
            del hands[hand.user_id]
        if not hands:
            self._hands.pop(hand.game_id, None)
            self._latest.pop(hand.game_id, None)

    async def _on_wake(self, serial: int, wakeup: Wakeup) -> None:
        hand = self._by_serial.get(serial)
        if hand is None or not self._redraws.is_current(serial, wakeup):
            return
        if clock.now() >= hand.closes_at - SETTLE:
            self._forget(hand)
            await self._close(hand)
            return
        hand.due = False
        self._redraws.arm_at(serial, hand.closes_at)
        game, running = self._latest[hand.game_id]
        try:
            seat = player_seat(game, hand.user_id)
            if running is None:
                raise TableError("game_cancelled")
            ui_state = hand.ui_state if seat.version == hand.version else ""
            message = hand_message(running, seat, ui_state, hand.tr, None, self.faces)
        except TableError as error:
            self._forget(hand)
            await self._close(hand, CLOSED_BECAUSE.get(error.code, "table.hand_closed"))
            return
        shown = what_it_shows(message)
        hand.revision = game.revision
        if shown == hand.shown:
            return
        hand.version, hand.ui_state, hand.shown = seat.version, ui_state, shown
        try:
            await hand.interaction.edit_original_response(**message)
        except discord.HTTPException:
            log.info("game %s: a live hand could not be edited", hand.game_id)
            self._forget(hand)

    @staticmethod
    async def _delete(hand: LiveHand) -> None:
        """Delete a hand another one replaced, through the interaction that last showed it:
        a live hand is still within the 15 minutes Discord allows that (it is closed before
        they end, and forgotten then), and a stub left for each reopening would pile up in
        the member's view of the thread."""
        try:
            await hand.interaction.delete_original_response()
        except discord.HTTPException:
            log.info("game %s: a replaced hand could not be deleted", hand.game_id)

    @staticmethod
    async def _close(hand: LiveHand, why: str = "table.hand_closed") -> None:
        """Mark a hand closed, saying `why` (a catalog key): no controls, nothing that could
        pass for the current game."""
        try:
            await hand.interaction.edit_original_response(
                content=hand.tr(why), embeds=[], view=None
            )
        except discord.HTTPException:
            log.info("game %s: a hand could not be marked closed", hand.game_id)
