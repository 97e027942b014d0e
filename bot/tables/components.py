"""Every button and select of a table, as `discord.ui.DynamicItem`s.

Their custom ids carry everything needed to handle a click (the game id, and for hand controls
the seat and the seat's version), so they keep working after a restart without any view being
re-registered for a message. Formats (all under 100 characters):

- `ct:lobby:<game>:<op>`             lobby buttons (join, leave, add, remove, start, cancel)
- `ct:time:<game>`                   lobby select for the turn time limit
- `ct:hand:<game>`                   "Show my hand" on the table message
- `ct:mine:<game>`                   the same on a turn reminder
- `ct:back:<game>`                   "I'm back" on the table message
- `ct:again:<game>`                  "Play again" on the end-of-game message
- `ct:cancel:<game>:<user>:<answer>` the answer (yes, no) to `/game cancel`'s question, which
                                     only `<user>`, who asked, may give
- `ct:do:<game>:<seat>:<version>:<ref>`        a hand button carrying a legal action
- `ct:dos:<game>:<seat>:<version>:<n>`         the n-th menu of a hand whose options carry one
                                               (each option's value is a `ref`)
- `ct:act:<game>:<seat>:<version>:<payload>`   a hand button for a UI step (payload chosen by
                                               the GameUI)
- `ct:pick:<game>:<seat>:<version>:<payload>`  a hand menu for a UI step
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Literal, cast

import discord

from bot.i18n import Texts, interaction_locale
from bot.tables.carried import ActionRefs
from bot.tables.errors import TableError
from bot.tables.host import TableActions, TableClient, TableHost
from bot.tables.ui import MAX_PAYLOAD, ActionButton, ActionSelect, StepButton, StepSelect

LobbyOp = Literal["join", "leave", "add", "remove", "start", "cancel"]
CancelAnswer = Literal["yes", "no"]
LOBBY_OPS: tuple[LobbyOp, ...] = ("join", "leave", "add", "remove", "start", "cancel")
TURN_CHOICES: tuple[int, ...] = (60, 120, 300, 600, 1800, 3600, 86400)


def tables_of(interaction: discord.Interaction[Any]) -> TableActions:
    return cast(TableClient, interaction.client).tables


def host_of(interaction: discord.Interaction[Any]) -> TableHost:
    return cast(TableHost, interaction.client)


async def answer(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def guarded(
    interaction: discord.Interaction[Any], handler: Callable[[], Awaitable[None]]
) -> None:
    """Run a click handler: a `TableError` becomes a short translated ephemeral answer; anything
    else gets a generic apology and is re-raised for the logs."""
    tr = Texts(interaction_locale(interaction))
    try:
        await handler()
    except TableError as error:
        await answer(interaction, error.text(tr))
    except Exception:
        await answer(interaction, tr("errors.unexpected"))
        raise


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:lobby:(?P<game>\d+):(?P<op>[a-z]+)",
):
    def __init__(self, game_id: int, op: LobbyOp, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"ct:lobby:{game_id}:{op}")
        )
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        op = match["op"]
        if op not in LOBBY_OPS:
            raise ValueError(op)
        button = cast("discord.ui.Button[Any]", item)
        return cls(int(match["game"]), cast(LobbyOp, op), button.label or op, button.style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction,
            lambda: tables_of(interaction).lobby_click(interaction, self.game_id, self.op),
        )


class TurnTimeSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:time:(?P<game>\d+)"
):
    def __init__(self, game_id: int, options: list[discord.SelectOption], placeholder: str) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:time:{game_id}", options=options, placeholder=placeholder
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnTimeSelect:
        select = cast("discord.ui.Select[Any]", item)
        return cls(int(match["game"]), list(select.options), select.placeholder or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        value = self.item.values[0]
        await guarded(
            interaction,
            lambda: tables_of(interaction).turn_time_click(interaction, self.game_id, value),
        )


def show_hand_id(game_id: int) -> str:
    """The custom id of a table's "Show my hand" button, which also tells a table of this game
    among the messages of its place."""
    return f"ct:hand:{game_id}"


class ShowHandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:hand:(?P<game>\d+)"
):
    prefix: ClassVar[str] = "ct:hand"

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"{self.prefix}:{game_id}",
                emoji="🃏",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShowHandButton:
        return cls(int(match["game"]), cast("discord.ui.Button[Any]", item).label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, lambda: tables_of(interaction).show_hand(interaction, self.game_id)
        )


class TurnHandButton(ShowHandButton, template=r"ct:mine:(?P<game>\d+)"):
    """The same button on a turn reminder, under an id of its own: a message that carries
    `show_hand_id` is taken for a table."""

    prefix = "ct:mine"


class PlayAgainButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:again:(?P<game>\d+)"
):
    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=f"ct:again:{game_id}",
                emoji="🔁",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayAgainButton:
        return cls(int(match["game"]), cast("discord.ui.Button[Any]", item).label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, lambda: tables_of(interaction).play_again(interaction, self.game_id)
        )


class CancelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:cancel:(?P<game>\d+):(?P<user>\d+):(?P<answer>yes|no)",
):
    """An answer to `/game cancel`'s question. The question is ephemeral; the member it was
    asked of is in the custom id all the same, so that a forged or replayed click by anyone else
    is refused."""

    def __init__(self, game_id: int, user_id: int, answer: CancelAnswer, label: str) -> None:
        style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"ct:cancel:{game_id}:{user_id}:{answer}"
            )
        )
        self.game_id, self.user_id, self.answer = game_id, user_id, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CancelButton:
        label = cast("discord.ui.Button[Any]", item).label or ""
        answer = cast(CancelAnswer, match["answer"])
        return cls(int(match["game"]), int(match["user"]), answer, label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction,
            lambda: tables_of(interaction).answer_cancel(
                interaction, self.game_id, self.user_id, self.answer
            ),
        )


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:back:(?P<game>\d+)"):
    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"ct:back:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["game"]), cast("discord.ui.Button[Any]", item).label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lambda: tables_of(interaction).back(interaction, self.game_id))


def _control_id(kind: str, game_id: int, seat: int, version: int, payload: str) -> str:
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"control payload longer than {MAX_PAYLOAD} characters: {payload!r}")
    return f"ct:{kind}:{game_id}:{seat}:{version}:{payload}"


_CONTROL = r"(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<payload>.*)"


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:act:" + _CONTROL):
    def __init__(self, game_id: int, seat: int, version: int, control: StepButton) -> None:
        super().__init__(
            discord.ui.Button(
                label=control.label or None,
                style=control.style,
                emoji=control.emoji,
                disabled=control.disabled,
                row=control.row,
                custom_id=_control_id("act", game_id, seat, version, control.payload),
            )
        )
        self.game_id, self.seat, self.version, self.payload = (
            game_id,
            seat,
            version,
            control.payload,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        button = cast("discord.ui.Button[Any]", item)
        control = StepButton(label=button.label or "", payload=match["payload"], style=button.style)
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]), control)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        tables = tables_of(interaction)
        await guarded(
            interaction,
            lambda: tables.step(
                interaction, self.game_id, self.seat, self.version, self.payload, []
            ),
        )


class HandSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:pick:" + _CONTROL):
    def __init__(self, game_id: int, seat: int, version: int, control: StepSelect) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=_control_id("pick", game_id, seat, version, control.payload),
                options=list(control.options),
                placeholder=control.placeholder,
                min_values=control.min_values,
                max_values=control.max_values,
                row=control.row,
            )
        )
        # discord.py 2.7's Select keeps `row` in a slot that shadows `Item.row`, and a dynamic
        # item's row is read from `Item._row`: without this the view places the menu anywhere.
        self.item._row = control.row
        self.game_id, self.seat, self.version, self.payload = (
            game_id,
            seat,
            version,
            control.payload,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandSelect:
        select = cast("discord.ui.Select[Any]", item)
        control = StepSelect(payload=match["payload"], options=list(select.options))
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]), control)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        tables = tables_of(interaction)
        values = list(self.item.values)
        await guarded(
            interaction,
            lambda: tables.step(
                interaction, self.game_id, self.seat, self.version, self.payload, values
            ),
        )


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:do:" + _CONTROL):
    """A hand button that carries a legal action (see `bot/tables/carried.py`)."""

    def __init__(
        self, game_id: int, seat: int, version: int, ref: str, button: discord.ui.Button[Any]
    ) -> None:
        button.custom_id = _control_id("do", game_id, seat, version, ref)
        super().__init__(button)
        self.game_id, self.seat, self.version, self.ref = game_id, seat, version, ref

    @classmethod
    def of(
        cls, game_id: int, seat: int, version: int, control: ActionButton, refs: ActionRefs
    ) -> MoveButton:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=control.label or None,
            style=control.style,
            emoji=control.emoji,
            disabled=control.disabled,
            row=control.row,
        )
        return cls(game_id, seat, version, refs.ref(control.action), button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        button = cast("discord.ui.Button[Any]", item)
        return cls(
            int(match["game"]), int(match["seat"]), int(match["version"]), match["payload"], button
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        tables = tables_of(interaction)
        await guarded(
            interaction,
            lambda: tables.move(interaction, self.game_id, self.seat, self.version, [self.ref]),
        )


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:dos:" + _CONTROL):
    """A hand menu whose options carry legal actions; `number` keeps two such menus of one hand
    apart."""

    def __init__(
        self, game_id: int, seat: int, version: int, number: int, select: discord.ui.Select[Any]
    ) -> None:
        select.custom_id = _control_id("dos", game_id, seat, version, str(number))
        super().__init__(select)
        self.game_id, self.seat, self.version = game_id, seat, version

    @classmethod
    def of(
        cls,
        game_id: int,
        seat: int,
        version: int,
        number: int,
        control: ActionSelect,
        refs: ActionRefs,
    ) -> MoveSelect:
        select: discord.ui.Select[Any] = discord.ui.Select(
            options=[
                discord.SelectOption(
                    label=option.label,
                    value=refs.ref(option.action),
                    description=option.description,
                    emoji=option.emoji,
                    default=option.default,
                )
                for option in control.options
            ],
            placeholder=control.placeholder,
            row=control.row,
        )
        # As for `HandSelect`: a dynamic item's row is read from `Item._row`.
        select._row = control.row
        return cls(game_id, seat, version, number, select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        select = cast("discord.ui.Select[Any]", item)
        number = match["payload"]
        if not number.isdigit():
            raise ValueError(number)
        return cls(
            int(match["game"]), int(match["seat"]), int(match["version"]), int(number), select
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        tables = tables_of(interaction)
        refs = list(self.item.values)
        await guarded(
            interaction,
            lambda: tables.move(interaction, self.game_id, self.seat, self.version, refs),
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    TurnTimeSelect,
    ShowHandButton,
    TurnHandButton,
    PlayAgainButton,
    CancelButton,
    BackButton,
    HandButton,
    HandSelect,
    MoveButton,
    MoveSelect,
)
