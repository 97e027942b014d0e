"""The first step of a turn: draw from the draw pile or take the top of any discard pile, each
button carrying its legal draw.

A hand is sorted, so a card drawn would disappear among the others: the seat's view names it
until the turn ends, and every hand drawn from that view says which card is new."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import discord
from pydantic import BaseModel

from bot.discord_limits import LABEL_LIMIT, clip
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import ActionButton, Control, SeatInfo
from cogs.level8.words import card_emoji, count, owner_name, text_card
from games.level8.actions import DrawFromDiscard, DrawFromPile
from games.level8.view import Level8View

BUTTONS_PER_ROW = 5


def controls(
    tr: Texts,
    faces: CardFaces,
    view: Level8View,
    legal: Sequence[BaseModel],
    seats: Sequence[SeatInfo],
) -> list[Control]:
    """A button for the draw pile and one naming each discard pile's top card."""
    buttons: list[ActionButton] = []
    for action in legal:
        if isinstance(action, DrawFromPile):
            label = tr("level8.hand.draw_pile", cards=count(tr, "cards", view.draw_size))
            buttons.append(
                ActionButton(
                    label=label, action=action, emoji="🎴", style=discord.ButtonStyle.primary
                )
            )
        elif isinstance(action, DrawFromDiscard):
            top = view.players[action.owner].discard_top
            if top is None:
                continue
            owner = owner_name(tr, seats, action.owner, view.seat)
            label = tr("level8.hand.take_discard", card=text_card(top), owner=owner)
            buttons.append(
                ActionButton(
                    label=clip(label, LABEL_LIMIT), action=action, emoji=card_emoji(faces, top)
                )
            )
    return [replace(button, row=index // BUTTONS_PER_ROW) for index, button in enumerate(buttons)]
