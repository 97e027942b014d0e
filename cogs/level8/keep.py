"""The hard side's choice between rounds: which hand cards (at most four) to keep.

The menu is a step of the UI that composes the `KeepCards` (payload "k", values are card
codes); "Keep nothing" carries the legal `KeepCards` of no card.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import ActionButton, Control, StepSelect
from cogs.level8.payloads import card_code, read_card
from cogs.level8.words import card_emoji, text_card
from games.level8.actions import KeepCards
from games.level8.levels import HARD_KEEP_MAX

MENU = "k"


def controls(
    tr: Texts, faces: CardFaces, hand: Sequence[int], legal: Sequence[BaseModel]
) -> list[Control]:
    options = [
        discord.SelectOption(
            label=text_card(card_id), value=card_code(card_id), emoji=card_emoji(faces, card_id)
        )
        for card_id in hand
    ]
    nothing = next(
        action for action in legal if isinstance(action, KeepCards) and not action.cards
    )
    return [
        StepSelect(
            payload=MENU,
            options=options,
            placeholder=tr("level8.hand.keep", max=HARD_KEEP_MAX),
            min_values=1,
            max_values=min(HARD_KEEP_MAX, len(options)),
            row=0,
        ),
        ActionButton(label=tr("level8.hand.keep_nothing"), action=nothing, row=1),
    ]


def choose(values: Sequence[str]) -> KeepCards:
    return KeepCards(cards=[read_card(value) for value in values])
