"""The hard side's choice between rounds: which hand cards (at most four) to keep.

Payloads: "k" for the menu (values are card codes), "k-" for keeping nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Texts
from bot.tables.ui import Control, StepButton, StepSelect
from cogs.level8.payloads import card_code, read_card
from cogs.level8.words import card
from games.level8.actions import KeepCards
from games.level8.levels import HARD_KEEP_MAX

MENU = "k"
NOTHING = "k-"


def controls(tr: Texts, hand: Sequence[int]) -> list[Control]:
    options = [
        discord.SelectOption(label=card(tr, card_id), value=card_code(card_id)) for card_id in hand
    ]
    return [
        StepSelect(
            payload=MENU,
            options=options,
            placeholder=tr("level8.hand.keep", max=HARD_KEEP_MAX),
            min_values=1,
            max_values=min(HARD_KEEP_MAX, len(options)),
            row=0,
        ),
        StepButton(label=tr("level8.hand.keep_nothing"), payload=NOTHING, row=1),
    ]


def choose(payload: str, values: Sequence[str]) -> KeepCards:
    if payload == NOTHING:
        return KeepCards(cards=[])
    return KeepCards(cards=[read_card(value) for value in values])
