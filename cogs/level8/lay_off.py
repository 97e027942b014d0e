"""Laying off, once one's level is down: a menu of the hand cards that fit somewhere, then the
groups (and, for a wild, the ends or meanings) that card may join. A card with a single target
is laid off at once. Targets come from the engine's legal actions only.

Picking the card is a step of the UI (payload "o", the option values are card codes; the hand
then shows the card's targets with `ui_state` "o<card>"); each target button, or each option of
the target menu, carries its legal `LayOff`.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.discord_limits import LABEL_LIMIT, OPTION_LIMIT, clip
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import (
    ActionButton,
    ActionOption,
    ActionSelect,
    Choice,
    Control,
    SeatInfo,
    StepSelect,
)
from cogs.level8.payloads import card_code, read_card
from cogs.level8.words import (
    card_emoji,
    distinct_faces,
    group_title,
    owner_name,
    stands_for,
    text_card,
)
from games.level8.actions import LayOff
from games.level8.view import Level8View

CARD_MENU = "o"
CHOSEN = "o"
"""`ui_state` prefix: the card whose targets are shown."""
MAX_TARGET_BUTTONS = 5


def targets(legal: Sequence[BaseModel]) -> dict[int, list[LayOff]]:
    """Every legal lay-off, by hand card."""
    found: dict[int, list[LayOff]] = {}
    for action in legal:
        if isinstance(action, LayOff):
            found.setdefault(action.card, []).append(action)
    return found


def chosen_card(ui_state: str, legal: Sequence[BaseModel]) -> int | None:
    if not ui_state.startswith(CHOSEN):
        return None
    try:
        chosen = read_card(ui_state[1:])
    except ValueError:
        return None
    return chosen if chosen in targets(legal) else None


def target_label(tr: Texts, view: Level8View, seats: Sequence[SeatInfo], action: LayOff) -> str:
    """"🟥7 → Bob: Run 3–6", with what a wild stands for: "⭐=2 → you: Run 3–6"."""
    group = view.players[action.owner].groups[action.group]
    shown = text_card(action.card)
    if action.wild_as is not None:
        shown = f"{shown}={stands_for(group.kind, action.wild_as)}"
    owner = owner_name(tr, seats, action.owner, view.seat)
    return tr("level8.hand.lay_off_on", card=shown, owner=owner, group=group_title(tr, group))


def controls(
    tr: Texts,
    faces: CardFaces,
    view: Level8View,
    legal: Sequence[BaseModel],
    seats: Sequence[SeatInfo],
    ui_state: str,
) -> list[Control]:
    """The card menu on row 0 and, once a card is chosen, its targets on row 1."""
    found = targets(legal)
    if not found:
        return []
    chosen = chosen_card(ui_state, legal)
    hand = distinct_faces([card_id for card_id in view.hand or [] if card_id in found])
    options = [
        discord.SelectOption(
            label=text_card(card_id),
            value=card_code(card_id),
            emoji=card_emoji(faces, card_id),
            description=clip(target_label(tr, view, seats, found[card_id][0]), OPTION_LIMIT)
            if len(found[card_id]) == 1
            else tr("level8.hand.lay_off_places", n=len(found[card_id])),
            default=card_id == chosen,
        )
        for card_id in hand
    ]
    menu = StepSelect(
        payload=CARD_MENU, options=options, placeholder=tr("level8.hand.lay_off"), row=0
    )
    if chosen is None:
        return [menu]
    actions = found[chosen]
    if len(actions) <= MAX_TARGET_BUTTONS:
        buttons: list[Control] = [
            ActionButton(
                label=clip(target_label(tr, view, seats, action), LABEL_LIMIT),
                action=action,
                style=discord.ButtonStyle.primary,
                row=1,
            )
            for action in actions
        ]
        return [menu, *buttons]
    target_menu = ActionSelect(
        options=[
            ActionOption(
                label=clip(target_label(tr, view, seats, action), OPTION_LIMIT), action=action
            )
            for action in actions
        ],
        placeholder=tr("level8.hand.lay_off_where", card=text_card(chosen)),
        row=1,
    )
    return [menu, target_menu]


def choose(values: Sequence[str], legal: Sequence[BaseModel]) -> Choice:
    """A card picked in the card menu: laid off at once on its only target, else its targets
    are shown."""
    if len(values) != 1:
        raise ValueError(values)
    chosen = read_card(values[0])
    actions = targets(legal).get(chosen, [])
    if len(actions) == 1:
        return Choice(action=actions[0])
    if not actions:
        raise ValueError(chosen)
    return Choice(ui_state=CHOSEN + card_code(chosen))
