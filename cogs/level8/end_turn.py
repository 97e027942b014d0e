"""The last step of a turn: discard a card (a menu, usable on a phone with eleven cards), or
give a Skip to a player who has none in front of them (a button per such player: their name
beside the Skip's face, so that three keep to two lines of a phone, or "Skip bob" while the
faces are not uploaded). Each Skip button and each option of the menu carries its legal
action; the menu shows each face once (wilds and Skips all look alike), its option carrying the
discard of the first such card.

A Skip that is one's last card is only offered as a discard: played, it would have no effect.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.discord_limits import LABEL_LIMIT, clip
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import ActionButton, ActionOption, ActionSelect, Control, SeatInfo
from cogs.level8.words import SKIP, card_emoji, distinct_faces, text_card
from games.level8.actions import Discard, PlaySkip
from games.level8.cards import is_skip
from games.level8.view import Level8View


def controls(
    tr: Texts,
    faces: CardFaces,
    view: Level8View,
    legal: Sequence[BaseModel],
    seats: Sequence[SeatInfo],
    skip_row: int,
    discard_row: int,
) -> list[Control]:
    discards = {action.card: action for action in legal if isinstance(action, Discard)}
    hand = [card_id for card_id in view.hand or [] if card_id in discards]
    found: list[Control] = []
    skip_card = next((card_id for card_id in hand if is_skip(card_id)), None)
    if skip_card is not None and len(view.hand or []) > 1:
        face = card_emoji(faces, skip_card)
        found += [
            ActionButton(
                label=clip(
                    seats[action.target].name
                    if face
                    else tr("level8.hand.skip", name=seats[action.target].name),
                    LABEL_LIMIT,
                ),
                action=action,
                emoji=face or SKIP,
                style=discord.ButtonStyle.danger,
                row=skip_row,
            )
            for action in legal
            if isinstance(action, PlaySkip) and action.card == skip_card
        ]
    if hand:
        options = [
            ActionOption(
                label=tr("level8.hand.discard_skip")
                if is_skip(card_id)
                else text_card(card_id),
                action=discards[card_id],
                emoji=card_emoji(faces, card_id),
            )
            for card_id in distinct_faces(hand)
        ]
        found.append(
            ActionSelect(options=options, placeholder=tr("level8.hand.discard"), row=discard_row)
        )
    return found
