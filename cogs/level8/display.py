"""Laying one's level down: the combination finder's proposal in one click, or building the
groups oneself (`builder.py`).

The finder returns one arrangement per hand, the one that uses the fewest wilds (the engine
lists it as the only `DisplayLevel` among the legal actions), so the hand proposes that one, its
button carrying that action, and offers the builder for any other. Both are offered only when
the finder says the level can be laid down at all: a builder that can only fail would not be a
legal choice.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import ActionButton, Control, StepButton
from cogs.level8.builder import BUILDING
from cogs.level8.words import group_text
from games.level8.actions import DisplayLevel
from games.level8.groups import build_group
from games.level8.levels import Requirement


def proposal(legal: Sequence[BaseModel]) -> DisplayLevel | None:
    return next((action for action in legal if isinstance(action, DisplayLevel)), None)


def proposal_lines(
    tr: Texts, faces: CardFaces, requirements: Sequence[Requirement], display: DisplayLevel
) -> list[str]:
    return [
        group_text(tr, faces, build_group(requirement, group))
        for requirement, group in zip(requirements, display.groups, strict=True)
    ]


def controls(tr: Texts, offered: DisplayLevel) -> list[Control]:
    return [
        ActionButton(
            label=tr("level8.hand.lay_down"),
            action=offered,
            emoji="✅",
            style=discord.ButtonStyle.success,
            row=0,
        ),
        StepButton(label=tr("level8.hand.build"), payload=BUILDING, emoji="🛠️", row=0),
    ]
