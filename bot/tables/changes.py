"""What one change to a game hands to publishing, and what publishing is to the service.

Every change to a game (a person's action, a computer's move, a timeout, a lobby change, a
cancel) is one unit of work (`bot.tables.unit_of_work`), which ends by handing a `Change` to
publishing once the game's lock is released. A `Change` holds plain values: the game as saved,
its parsed state, and what must be shown again. Publishing decides how (the Discord one,
`bot.tables.publishing`, talks to Discord through each channel's outbox; a test or another front
end may record the changes instead).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel

from bot.tables.records import Actor, Game, GameStatus, Seat
from bot.tables.turns import Running
from games.core.result import GameResult


@dataclass(frozen=True)
class Notice:
    """A public notice at the game's place: a catalog key and its parameters, in the server's
    language once published."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Logged:
    """An accepted action as the action log keeps it, saved with the game."""

    seat: int
    actor: Actor
    action: BaseModel
    events: list[BaseModel]
    at: float
    result: GameResult | None


@dataclass
class Change:
    """What one unit of work changed. `running` is the game's parsed state when it has one (a
    running or just finished game); `events` are those of the action applied, if any; `ping`
    the seats whose turn begins (a new table mentions their people); `notices` go out before the
    table; `reminders` are the seats reminded now; `table` and `lobby` say which messages show
    the game anew. `logged` is the accepted action the unit of work saves with the game."""

    game: Game
    running: Running | None = None
    events: list[BaseModel] = field(default_factory=list)
    ping: list[int] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    reminders: list[Seat] = field(default_factory=list)
    table: bool = False
    lobby: bool = False
    logged: Logged | None = None

    @property
    def shows_nothing(self) -> bool:
        """Nothing to save or show: a timer that found nothing due."""
        shown = self.table or self.lobby or self.reminders or self.notices
        return not shown and self.logged is None

    @property
    def finished(self) -> bool:
        """The game ended with this change (its final action)."""
        return self.game.status is GameStatus.FINISHED and bool(self.events)

    @property
    def cancelled(self) -> bool:
        return self.game.status is GameStatus.CANCELLED


class Publishing(Protocol):
    """Where the service hands its changes: everything a front end shows of the games.

    `recall` and `prepare` run under the game's lock and must not wait on Discord: `recall` puts
    back into a freshly loaded game what publishing knows and the database does not yet (the id
    of a table posted since the last save, see `bot.tables.table_post`); `prepare` sets, before
    the save, what showing `change` must find stored should the bot stop half-way (the moment a
    new table is begun). `publish` runs after the lock is released, in the order of the saves.
    """

    def recall(self, game: Game) -> None: ...

    def in_doubt(self, game: Game) -> bool:
        """Whether what the front end shows of the running `game` may not match what is stored,
        for a reason it does not know of (it stopped half-way): the game's timer then shows it
        again first."""
        ...

    async def prepare(self, change: Change) -> None: ...

    async def publish(self, change: Change) -> None: ...

    async def lobby_seen(self, game: Game) -> bool:
        """Whether members can still see the lobby's message (a new `/play` replaces a lobby
        nobody sees)."""
        ...

    async def shut_down(self) -> None: ...

    def close(self) -> None: ...
