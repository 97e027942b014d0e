"""The history's buttons, as `discord.ui.DynamicItem`s: their custom ids carry everything a click
needs, so they work after a restart and on messages of any age. Formats (under 100 characters):

- `ct:hist:<game key or ->:<member or 0>:<page>`   a `/history` page (its filters and number)
- `ct:rpo:<game>`                                  open a replay of the game (at its start)
- `ct:rp:<game>:<step>:<tag>`                      move a replay to `step`; `tag` names the
                                                   button (two may lead to the same step)
- `ct:rpsh:<game>:<step>`                          post that step of the replay in the channel

A click is checked against the server it comes from: another server's game, or a game that has
not ended, is refused like one that does not exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Protocol, cast

import discord

from bot.tables.components import guarded

STEP_TAGS = ("first", "pturn", "prev", "next", "nturn", "last", "pround", "nround")


class HistoryActions(Protocol):
    """What the buttons call (`bot.history.service.History`)."""

    async def show_page(
        self, interaction: discord.Interaction[Any], request: HistoryRequest, *, edit: bool
    ) -> None: ...

    async def open_replay(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def step(
        self, interaction: discord.Interaction[Any], game_id: int, number: int
    ) -> None: ...

    async def share(
        self, interaction: discord.Interaction[Any], game_id: int, number: int
    ) -> None: ...


class HistoryClient(Protocol):
    history: HistoryActions


def history_of(interaction: discord.Interaction[Any]) -> HistoryActions:
    return cast(HistoryClient, interaction.client).history


@dataclass(frozen=True)
class HistoryRequest:
    """Which page of the history, with which filters (None: every game, every member)."""

    game_key: str | None = None
    member_id: int | None = None
    page: int = 0

    def at(self, page: int) -> HistoryRequest:
        return replace(self, page=page)

    @property
    def custom_id(self) -> str:
        return f"ct:hist:{self.game_key or '-'}:{self.member_id or 0}:{self.page}"


class HistoryPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:hist:(?P<game>[a-z0-9-]+):(?P<member>\d+):(?P<page>\d+)",
):
    def __init__(self, request: HistoryRequest, label: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=request.custom_id,
                disabled=disabled,
                row=2,
            )
        )
        self.request = request

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryPageButton:
        game = match["game"]
        request = HistoryRequest(
            None if game == "-" else game, int(match["member"]) or None, int(match["page"])
        )
        return cls(request, cast("discord.ui.Button[Any]", item).label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction,
            lambda: history_of(interaction).show_page(interaction, self.request, edit=True),
        )


class ReplayOpenButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:rpo:(?P<game>\d+)"
):
    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"ct:rpo:{game_id}",
                emoji="🎞️",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayOpenButton:
        return cls(int(match["game"]), cast("discord.ui.Button[Any]", item).label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, lambda: history_of(interaction).open_replay(interaction, self.game_id)
        )


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:rp:(?P<game>\d+):(?P<step>\d+):(?P<tag>[a-z]+)",
):
    def __init__(
        self,
        game_id: int,
        step: int,
        tag: str,
        label: str,
        emoji: str | None,
        *,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"ct:rp:{game_id}:{step}:{tag}",
                emoji=emoji,
                row=row,
                disabled=disabled,
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        if match["tag"] not in STEP_TAGS:
            raise ValueError(match["tag"])
        button = cast("discord.ui.Button[Any]", item)
        return cls(int(match["game"]), int(match["step"]), match["tag"], button.label or "", None)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, lambda: history_of(interaction).step(interaction, self.game_id, self.step)
        )


class ShareButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:rpsh:(?P<game>\d+):(?P<step>\d+)",
):
    def __init__(self, game_id: int, step: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=f"ct:rpsh:{game_id}:{step}",
                emoji="📣",
                row=1,
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShareButton:
        label = cast("discord.ui.Button[Any]", item).label or ""
        return cls(int(match["game"]), int(match["step"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, lambda: history_of(interaction).share(interaction, self.game_id, self.step)
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    HistoryPageButton,
    ReplayOpenButton,
    ReplayButton,
    ShareButton,
)
