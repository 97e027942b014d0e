"""How a game's Discord front end plugs into the generic table machinery.

A game cog (a package `cogs/<game>/`) subclasses `GameUI` and registers an instance on the bot in
its `setup(bot)`; its `/play` subcommand is built from the engine's config model
(`bot/tables/commands.py`; README.md, "Adding a game")::

    async def setup(bot: CardTableBot) -> None:
        bot.games.register(MyGameUI())

The machinery then does everything that is not specific to the game: lobby, seats, the per-game
lock, persistence, turn timers, computer players and autopilot, the "Show my hand" and "I'm back"
buttons, mentions of whose turn it is, re-posting the table message, and custom ids. The UI only
turns engine views into Discord content and clicked controls back into engine actions:

- `render_table(ctx: TableContext) -> Panel`: the public table message, from the spectator view
  and the events of the action just applied.
- `render_hand(ctx: HandContext) -> HandPanel`: one seat's ephemeral hand, from that seat's view
  and legal actions, with the controls to act: `ActionButton` and `ActionSelect` carry one of
  `ctx.legal` each, and the machinery applies it when clicked.
- optionally `choose(ctx: HandContext, payload, values) -> Choice`: for the steps that exist only
  in the UI (`StepButton`, `StepSelect`: pick a card before its pile, build a group), what a
  click means: another UI state to render, or an engine action the step completed.
- optionally `render_finish(ctx: FinishContext) -> Panel | None`: a message posted once when the
  game ends (score, time taken, talk-rule offences), with the **Play again** button under it;
  by default none, and then no Play again either.
- optionally `render_notices(ctx: TableContext) -> list[Panel]`: messages of their own for the
  events of the action just applied (a round summary in a game of several rounds). They are
  shown above the table, which is then posted anew below them so that it stays the last
  message (the old table becomes the first notice); by default none.
- optionally `describe_moves(events, seats, tr, faces) -> list[str]`: what the events of one
  action did, in the words of the table's last moves, the cards shown by `faces`; a replay
  (`bot/history/`) tells each step with them. By default none, and the replay only says whose
  step it was.
- optionally `round_of(view) -> int | None`: the round a spectator view is in, for a game of
  several rounds; a replay then offers jumps from round to round. By default None (no rounds).

When a turn ends, whether computers wait for people and whether seats choose at once are facts
of the game, declared by its engine (`Engine.ends_turn`, `GameType`), not of its UI.

Every control's custom id holds the game id, the seat and the seat's version. The version
changes only when that seat's legal actions change, so a control is "out of date" exactly when
what the player could do has changed; unrelated actions of other seats (a public hint, say) leave
the player's controls working. An action control adds a reference to its action among the seat's
legal actions (`bot/tables/carried.py`); a step control adds a short `payload` chosen by the UI (at
most `MAX_PAYLOAD` characters, unique within one hand: Discord refuses two components with the
same custom id). `ui_state` is not stored anywhere: it only decides how the next hand is drawn,
so put whatever a later step needs into that control's payload (e.g. `"c57"` = card 57 picked).

Strings: a game's messages go in its own catalog files, `<locales>/en/<area>.json` and
`<locales>/fr/<area>.json` in the folder its UI names as `locales` (same keys and placeholders
in both; a test checks it; no key may be defined twice), read with
`ctx.tr("<area>.<key>", **params)`. `describe_error` looks up `<area>.error.<code>` for an
engine's `RuleError`, where `<area>` is the key with `-` as `_` (`card-race` gives `card_race`).

A complete small example is the toy game used by the tests, laid out as a new game is: its engine
package `tests/tiny_game/` and its cog `tests/tiny_cog/` (`ui.py`, `play.py`, `locales/`).
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import discord
from pydantic import BaseModel

from bot.faces.drawing import Face
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.i18n.catalog import add_locales
from bot.stats.model import TeamRanking
from games.core.base import Engine
from games.core.errors import RuleError
from games.core.result import GameResult

ViewT = TypeVar("ViewT", bound=BaseModel)
"""The engine's view model a game's UI reads."""

log = logging.getLogger(__name__)

MAX_PAYLOAD = 60
"""Longest control payload: the rest of the 100-character custom id is the machinery's."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the UI may show it. `name` is a display name or "Computer 2" (translated)."""

    seat: int
    name: str
    user_id: int | None
    autopilot: bool

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def mention(self) -> str:
        """A mention for humans, the name for computer seats."""
        return f"<@{self.user_id}>" if self.user_id is not None else self.name


@dataclass(frozen=True)
class TableContext(Generic[ViewT]):
    """What the public table message may show. `view` is the engine's spectator view
    (`view(state, None)`); `events` are the events of the action just applied (the deal's
    right after the start, none after a restart). `finished` is true once the game is over or
    was cancelled: then nobody is to act, and the table must not show a turn running, whatever
    the engine's view says (a cancelled game stops mid-turn). `tr` speaks the server's public
    language; `faces` shows cards as the bot's emojis once they are uploaded."""

    game_id: int
    view: ViewT
    events: Sequence[BaseModel]
    seats: Sequence[SeatInfo]
    to_act: Sequence[int]
    finished: bool
    tr: Texts
    faces: CardFaces = field(default_factory=CardFaces)


@dataclass(frozen=True)
class FinishContext(Generic[ViewT]):
    """What the end-of-game message may show: the final table, the result, how long the game
    ran (seconds from start to end) and each seat's talk-rule offences during this game."""

    table: TableContext[ViewT]
    result: GameResult
    seconds: float
    offences: Mapping[int, int]


@dataclass(frozen=True)
class HandContext(Generic[ViewT]):
    """What one seat may see and do. `ui_state` is "" for a fresh hand, or the state a previous
    `Choice` asked for. `tr` speaks the player's own language; `faces` as in `TableContext`."""

    game_id: int
    seat: int
    view: ViewT
    legal: Sequence[BaseModel]
    seats: Sequence[SeatInfo]
    to_act: Sequence[int]
    ui_state: str
    tr: Texts
    faces: CardFaces = field(default_factory=CardFaces)


@dataclass(frozen=True)
class ActionButton:
    """A button that applies one of the seat's legal actions (`HandContext.legal`). The machinery
    writes its custom id and, on a click, applies the action without asking the UI, or answers
    "out of date" when the seat's legal actions no longer hold it (see `bot/tables/carried.py`)."""

    label: str
    action: BaseModel
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | discord.PartialEmoji | None = None
    disabled: bool = False
    row: int | None = None


@dataclass(frozen=True)
class ActionOption:
    """One entry of an `ActionSelect`: a legal action and how the menu shows it."""

    label: str
    action: BaseModel
    description: str | None = None
    emoji: str | discord.PartialEmoji | None = None
    default: bool = False


@dataclass(frozen=True)
class ActionSelect:
    """A menu whose entries are legal actions: choosing one applies it, like an `ActionButton`."""

    options: Sequence[ActionOption]
    placeholder: str | None = None
    row: int | None = None


@dataclass(frozen=True)
class StepButton:
    """A button for a step that exists only in the UI (pick a card before its pile, build a
    group): `payload` comes back to `GameUI.choose`."""

    label: str
    payload: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | discord.PartialEmoji | None = None
    disabled: bool = False
    row: int | None = None


@dataclass(frozen=True)
class StepSelect:
    """A menu for a step of the UI (several cards chosen at once, say); its payload and the
    chosen option values come back to `GameUI.choose`."""

    payload: str
    options: Sequence[discord.SelectOption]
    placeholder: str | None = None
    min_values: int = 1
    max_values: int = 1
    row: int | None = None


Control = ActionButton | ActionSelect | StepButton | StepSelect


@dataclass
class Panel:
    """Message content: text and/or embeds."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)


@dataclass
class HandPanel(Panel):
    """A hand message with its controls (at most 25 buttons, or fewer with selects)."""

    controls: list[Control] = field(default_factory=list)


@dataclass(frozen=True)
class Choice:
    """The meaning of a click: an `action` to apply (then the hand is shown with `ui_state`), or
    no action and only a new `ui_state` to render."""

    action: BaseModel | None = None
    ui_state: str = ""


class GameUI(ABC, Generic[ViewT]):
    """Subclass per game, over the engine's view model (`GameUI[MyView]`), so that its
    renderers read their view without checking its type; `key` is the engine key. `locales`,
    when set, is a folder laid out as `bot/i18n/locales` (`en/<area>.json`, `fr/<area>.json`)
    holding the game's own messages.

    What only Discord needs to know about a game is declared here rather than on its engine's
    `GameType`: `menu_rank` orders the games in every list players see (`/play`, `/rules`,
    `/leaderboard`, `/help`; lowest first, so that lists do not follow package names), and a
    cooperative game's `team_ranking` tells its leaderboards how to group and judge team
    scores."""

    key: ClassVar[str]
    locales: ClassVar[Path | None] = None
    menu_rank: ClassVar[int]
    team_ranking: ClassVar[TeamRanking] = TeamRanking()
    faces: ClassVar[Sequence[Face]] = ()
    """The game's card faces, uploaded as the bot's emojis at start-up (`bot/faces/`); the
    renderers show them through `ctx.faces`."""
    rules_faces: ClassVar[Sequence[str]] = ()
    """Keys of the faces `/rules` shows as what the game's cards look like (each colour, the
    special cards), once they are uploaded."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's catalogs are loaded with its UI class, so that its texts are there wherever
        the UI is used (a bot, or a test drawing a table)."""
        super().__init_subclass__(**kwargs)
        if "locales" in cls.__dict__ and cls.locales is not None:
            add_locales(cls.locales)

    def make_config(self, engine: Engine, options: Mapping[str, Any]) -> BaseModel:
        """The engine config from the `/play` options (see `cogs/lobby.py` for their names).

        Override when the engine's config fields are named differently.
        """
        return engine.config_model.model_validate(dict(options))

    @abstractmethod
    def render_table(self, ctx: TableContext[ViewT]) -> Panel:
        """The public table. The machinery adds whose turn it is and the buttons."""

    @abstractmethod
    def render_hand(self, ctx: HandContext[ViewT]) -> HandPanel:
        """One seat's private hand and the controls to act."""

    def choose(self, ctx: HandContext[ViewT], payload: str, values: Sequence[str]) -> Choice:
        """Map a clicked step control (its payload, and the chosen values for a `StepSelect`)
        to a Choice. Only games with UI-only steps override it; by default no payload is known.

        Raise `RuleError` for a choice that makes no sense; it is shown like an engine error.
        """
        raise RuleError("unknown_control")

    def render_finish(self, ctx: FinishContext[ViewT]) -> Panel | None:
        """A message posted once when the game ends, after the final table; None for none."""
        return None

    def render_notices(self, ctx: TableContext[ViewT]) -> list[Panel]:
        """Messages posted, in order, above a fresh table for `ctx.events` (a round that ended);
        the table message itself only shows the current state."""
        return []

    def describe_moves(
        self, events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
    ) -> list[str]:
        """The events of one action in words, as the table's last moves tell them, the cards
        shown by `faces` (a replay shows them for each step); by default none."""
        return []

    def round_of(self, view: ViewT) -> int | None:
        """The round a spectator view is in, for a game played in rounds; None otherwise."""
        return None

    def describe_error(self, error: RuleError, tr: Texts) -> str:
        """A short message for a rejected action. Default: the catalog entry
        `<key>.error.<code>` (key with `-` as `_`), else the entry for the refusals every engine
        shares (`table.error.<code>`: player count, seat, malformed action), else a generic
        message. The code itself is for developers: it is logged, never shown to players."""
        own = f"{self.key.replace('-', '_')}.error.{error.code}"
        for key in (own, f"table.error.{error.code}"):
            if tr.has(key):
                return tr(key, **self.error_params(dict(error.params), tr))
        log.warning("no message for rule error %s of %s", error.code, self.key)
        return tr("table.error.rule")

    def error_params(self, params: dict[str, Any], tr: Texts) -> dict[str, Any]:
        """An error's parameters as players read them: engines name cards, piles and colours by
        ids and codes. By default as the engine gives them."""
        return params
