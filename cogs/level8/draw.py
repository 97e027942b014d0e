"""The first step of a turn: draw from the draw pile or take the top of any discard pile.

A hand is sorted, so a card drawn from the pile would disappear among the others: the draw
leaves the hand as it was in the next `ui_state` ("n<cards>"), and the hand that follows names
the one card that was not there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import discord
from pydantic import BaseModel

from bot.i18n import Texts
from bot.tables.ui import ActionButton, Choice, Control, SeatInfo
from cogs.level8.payloads import cards_code, read_cards
from cogs.level8.words import card, clip, count, owner_name
from games.level8.actions import DrawFromDiscard, DrawFromPile
from games.level8.view import Level8View

PILE = "dp"
DISCARD = "dd"
BEFORE = "n"
"""`ui_state` prefix: the hand before the draw."""
BUTTONS_PER_ROW = 5
LABEL_LIMIT = 80


def controls(
    tr: Texts, view: Level8View, legal: Sequence[BaseModel], seats: Sequence[SeatInfo]
) -> list[Control]:
    """A button for the draw pile and one naming each discard pile's top card."""
    buttons: list[ActionButton] = []
    for action in legal:
        if isinstance(action, DrawFromPile):
            label = tr("level8.hand.draw_pile", cards=count(tr, "cards", view.draw_size))
            buttons.append(
                ActionButton(
                    label=label, payload=PILE, emoji="🎴", style=discord.ButtonStyle.primary
                )
            )
        elif isinstance(action, DrawFromDiscard):
            top = view.players[action.owner].discard_top
            if top is None:
                continue
            owner = owner_name(tr, seats, action.owner, view.seat)
            label = tr("level8.hand.take_discard", card=card(tr, top), owner=owner)
            buttons.append(
                ActionButton(label=clip(label, LABEL_LIMIT), payload=f"{DISCARD}{action.owner}")
            )
    return [replace(button, row=index // BUTTONS_PER_ROW) for index, button in enumerate(buttons)]


def choose(payload: str, hand: Sequence[int]) -> Choice:
    state = BEFORE + cards_code(list(hand))
    if payload == PILE:
        return Choice(action=DrawFromPile(), ui_state=state)
    owner = payload.removeprefix(DISCARD)
    if not owner.isdigit():
        raise ValueError(payload)
    return Choice(action=DrawFromDiscard(owner=int(owner)), ui_state=state)


def drawn(ui_state: str, hand: Sequence[int]) -> int | None:
    """The card just drawn: the one card of `hand` that the hand before the draw lacked."""
    if not ui_state.startswith(BEFORE):
        return None
    try:
        before = read_cards(ui_state[1:])
    except ValueError:
        return None
    new = list(hand)
    for card_id in before:
        if card_id not in new:
            return None
        new.remove(card_id)
    return new[0] if len(new) == 1 else None
