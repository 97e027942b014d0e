"""Every button and select of a table, as `discord.ui.DynamicItem`s.

Their custom ids carry everything needed to handle a click (the game id, and for hand controls
the seat and the seat's version), so they keep working after a restart without any view being
re-registered for a message. A click is read into a plain value (`Click`) and handed to the bot's
one handler of table clicks (`TableClient.handle_table_click`, `bot.tables.interactions`).
Formats (all under 100 characters):

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
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, cast

import discord

from bot.i18n import Texts, interaction_locale
from bot.tables.carried import ActionRefs
from bot.tables.errors import TableError
from bot.tables.host import TableHost
from bot.tables.ui import MAX_PAYLOAD, ActionButton, ActionSelect, StepButton, StepSelect

LobbyOp = Literal["join", "leave", "add", "remove", "start", "cancel"]
LOBBY_OPS: tuple[LobbyOp, ...] = ("join", "leave", "add", "remove", "start", "cancel")
TURN_CHOICES: tuple[int, ...] = (60, 120, 300, 600, 1800, 3600, 86400)

CancelAnswer = Literal["yes", "no"]

GameButtonKind = Literal["hand", "mine", "back", "again"]
"""The buttons that carry only a game id: "Show my hand" on the table (`hand`) and on a turn
reminder (`mine`: a message that carries `show_hand_id` is taken for a table), "I'm back",
"Play again"."""


@dataclass(frozen=True)
class LobbyClick:
    game_id: int
    op: LobbyOp


@dataclass(frozen=True)
class TurnTimeClick:
    game_id: int
    value: str


@dataclass(frozen=True)
class GameClick:
    kind: GameButtonKind
    game_id: int


@dataclass(frozen=True)
class CancelClick:
    """An answer to `/game cancel`'s question, asked of `asker_id`."""

    game_id: int
    asker_id: int
    answer: CancelAnswer


@dataclass(frozen=True)
class StepClick:
    """A control of a UI step: the game's UI says what `payload` and `values` mean."""

    game_id: int
    seat: int
    version: int
    payload: str
    values: Sequence[str]


@dataclass(frozen=True)
class ActionClick:
    """A control that carries legal actions (`refs`, see `bot/tables/carried.py`)."""

    game_id: int
    seat: int
    version: int
    refs: Sequence[str]


Click = LobbyClick | TurnTimeClick | GameClick | CancelClick | StepClick | ActionClick


class TableClient(Protocol):
    async def handle_table_click(
        self, interaction: discord.Interaction[Any], click: Click
    ) -> None: ...


async def clicked(interaction: discord.Interaction[Any], click: Click) -> None:
    await cast(TableClient, interaction.client).handle_table_click(interaction, click)


def host_of(interaction: discord.Interaction[Any]) -> TableHost:
    return cast(TableHost, interaction.client)


async def answer(
    interaction: discord.Interaction[Any], content: str | None = None, **message: Any
) -> int | None:
    """An ephemeral answer, whether or not the interaction was already acknowledged; the id of
    the message shown, when Discord tells it."""
    if content is not None:
        message["content"] = content
    if interaction.response.is_done():
        sent = await interaction.followup.send(ephemeral=True, wait=True, **message)
        return sent.id
    callback = await interaction.response.send_message(ephemeral=True, **message)
    return callback.message_id


async def guarded(
    interaction: discord.Interaction[Any], handler: Callable[[], Awaitable[Any]]
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
        await clicked(interaction, LobbyClick(self.game_id, self.op))


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
        await clicked(interaction, TurnTimeClick(self.game_id, self.item.values[0]))


def show_hand_id(game_id: int) -> str:
    """The custom id of a table's "Show my hand" button, which also tells a table of this game
    among the messages of its place."""
    return f"ct:hand:{game_id}"


GAME_BUTTON_LOOKS: dict[GameButtonKind, tuple[discord.ButtonStyle, str | None]] = {
    "hand": (discord.ButtonStyle.primary, "🃏"),
    "mine": (discord.ButtonStyle.primary, "🃏"),
    "back": (discord.ButtonStyle.success, None),
    "again": (discord.ButtonStyle.success, "🔁"),
}


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:(?P<kind>hand|mine|back|again):(?P<game>\d+)",
):
    """A button that carries only a game id (`GameButtonKind`)."""

    def __init__(self, kind: GameButtonKind, game_id: int, label: str) -> None:
        style, emoji = GAME_BUTTON_LOOKS[kind]
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"ct:{kind}:{game_id}", emoji=emoji
            )
        )
        self.kind, self.game_id = kind, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        label = cast("discord.ui.Button[Any]", item).label or ""
        return cls(cast(GameButtonKind, match["kind"]), int(match["game"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicked(interaction, GameClick(self.kind, self.game_id))


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
        await clicked(interaction, CancelClick(self.game_id, self.user_id, self.answer))


def _control_id(kind: str, game_id: int, seat: int, version: int, payload: str) -> str:
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"control payload longer than {MAX_PAYLOAD} characters: {payload!r}")
    return f"ct:{kind}:{game_id}:{seat}:{version}:{payload}"


_CONTROL = r"(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<payload>.*)"


class StepButtonItem(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:act:" + _CONTROL
):
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
    ) -> StepButtonItem:
        button = cast("discord.ui.Button[Any]", item)
        control = StepButton(label=button.label or "", payload=match["payload"], style=button.style)
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]), control)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        click = StepClick(self.game_id, self.seat, self.version, self.payload, [])
        await clicked(interaction, click)


class StepSelectItem(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:pick:" + _CONTROL
):
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
    ) -> StepSelectItem:
        select = cast("discord.ui.Select[Any]", item)
        control = StepSelect(payload=match["payload"], options=list(select.options))
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]), control)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list(self.item.values)
        click = StepClick(self.game_id, self.seat, self.version, self.payload, values)
        await clicked(interaction, click)


class ActionButtonItem(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:do:" + _CONTROL
):
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
    ) -> ActionButtonItem:
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
    ) -> ActionButtonItem:
        button = cast("discord.ui.Button[Any]", item)
        return cls(
            int(match["game"]), int(match["seat"]), int(match["version"]), match["payload"], button
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicked(interaction, ActionClick(self.game_id, self.seat, self.version, [self.ref]))


class ActionSelectItem(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:dos:" + _CONTROL
):
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
    ) -> ActionSelectItem:
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
        # As for `StepSelectItem`: a dynamic item's row is read from `Item._row`.
        select._row = control.row
        return cls(game_id, seat, version, number, select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionSelectItem:
        select = cast("discord.ui.Select[Any]", item)
        number = match["payload"]
        if not number.isdigit():
            raise ValueError(number)
        return cls(
            int(match["game"]), int(match["seat"]), int(match["version"]), int(number), select
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        refs = list(self.item.values)
        await clicked(interaction, ActionClick(self.game_id, self.seat, self.version, refs))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    TurnTimeSelect,
    GameButton,
    CancelButton,
    StepButtonItem,
    StepSelectItem,
    ActionButtonItem,
    ActionSelectItem,
)
