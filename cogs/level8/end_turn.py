"""The last step of a turn: discard a card (a menu, usable on a phone with eleven cards), or
give a Skip to a player who has none in front of them (a button per such player).

Payloads: "x" for the discard menu (values are card codes), "s<card><target>" for a Skip.
A Skip that is one's last card is only offered as a discard: played, it would have no effect.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.discord_limits import LABEL_LIMIT, clip
from bot.i18n import Texts
from bot.tables.ui import Control, SeatInfo, StepButton, StepSelect
from cogs.level8.payloads import card_code, read_card
from cogs.level8.words import SKIP, card, distinct_faces
from games.level8.actions import Discard, PlaySkip
from games.level8.cards import is_skip
from games.level8.view import Level8View

DISCARD_MENU = "x"
SKIP_BUTTON = "s"


def controls(
    tr: Texts,
    view: Level8View,
    legal: Sequence[BaseModel],
    seats: Sequence[SeatInfo],
    skip_row: int,
    discard_row: int,
) -> list[Control]:
    discards = {action.card for action in legal if isinstance(action, Discard)}
    hand = [card_id for card_id in view.hand or [] if card_id in discards]
    found: list[Control] = []
    skip_card = next((card_id for card_id in hand if is_skip(card_id)), None)
    if skip_card is not None and len(view.hand or []) > 1:
        found += [
            StepButton(
                label=clip(tr("level8.hand.skip", name=seats[action.target].name), LABEL_LIMIT),
                payload=SKIP_BUTTON + card_code(skip_card) + str(action.target),
                emoji=SKIP,
                style=discord.ButtonStyle.danger,
                row=skip_row,
            )
            for action in legal
            if isinstance(action, PlaySkip) and action.card == skip_card
        ]
    if hand:
        options = [
            discord.SelectOption(
                label=tr("level8.hand.discard_skip") if is_skip(card_id) else card(tr, card_id),
                value=card_code(card_id),
            )
            for card_id in distinct_faces(hand)
        ]
        found.append(
            StepSelect(
                payload=DISCARD_MENU,
                options=options,
                placeholder=tr("level8.hand.discard"),
                row=discard_row,
            )
        )
    return found


def choose(payload: str, values: Sequence[str]) -> Discard | PlaySkip:
    if payload == DISCARD_MENU:
        if len(values) != 1:
            raise ValueError(values)
        return Discard(card=read_card(values[0]))
    target = payload[3:]
    if not target.isdigit():
        raise ValueError(payload)
    return PlaySkip(card=read_card(payload[1:3]), target=int(target))
