"""What a game declares about itself, read by everything that lists or runs games.

Modelled on OpenSpiel's `GameType`: the bot, the simulator and the tests learn a game's key,
player counts, kind and options from this one record instead of from lists kept elsewhere, so a
new game is added by writing its own packages only.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True)
class GameOption:
    """One field of an engine's config model: what a table may choose before the game starts.

    `choices` lists the allowed values of an enumerated option (empty otherwise)."""

    name: str
    type: Any
    default: Any
    choices: tuple[str, ...] = ()


def _one_mode(options: Mapping[str, Any]) -> str:
    return "standard"


@dataclass(frozen=True)
class TeamRanking:
    """How the leaderboards of a cooperative game judge a team's score (lower is better, 0 a
    total victory), so that the bot ranks any cooperative game without knowing its variants.

    - `modes` are the variants that change how hard a score is, in leaderboard order: teams are
      compared inside one player count and one mode only. Each mode is named to players by
      `<area>.leaderboard.mode.<mode>` in the game's own catalog.
    - `mode_of` gives the mode of a finished game's options.
    - `excellent_below`: a score under it counts as an excellent game on the players table.
    """

    modes: tuple[str, ...] = ("standard",)
    mode_of: Callable[[Mapping[str, Any]], str] = _one_mode
    excellent_below: int = 0


@dataclass(frozen=True)
class GameType:
    """A game's identity card.

    - `key` is stable: it is stored with every game, in custom ids and in the leaderboards.
    - `cooperative`: the seats win or lose together (one team result) rather than being ranked.
    - `options` are read from `config_model`, so they cannot drift from what the engine accepts.
    - `default_policy` is the computer player used for empty seats and absent players.
    - `menu_rank` orders the games in every list players see (lowest first), so that lists do
      not follow package names.
    - `computers_wait_for_people`: when several seats may act at once (anyone may open The
      Game), computer seats leave the first move to the people.
    - `simultaneous_choices`: seats that wait together each make a choice of their own (Heaven
      & Hell's secret doubles), so one seat's choice does not give the others a fresh turn time.
    - `team_ranking` is read by the leaderboards of a cooperative game (unused otherwise).
    """

    key: str
    min_players: int
    max_players: int
    cooperative: bool
    config_model: type[BaseModel]
    default_policy: str
    menu_rank: int
    computers_wait_for_people: bool = False
    simultaneous_choices: bool = False
    team_ranking: TeamRanking = field(default_factory=TeamRanking)

    @property
    def options(self) -> tuple[GameOption, ...]:
        return tuple(
            GameOption(
                name=name,
                type=field.annotation,
                default=field.default,
                choices=_choices(field.annotation),
            )
            for name, field in self.config_model.model_fields.items()
        )


def _choices(annotation: Any) -> tuple[str, ...]:
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return tuple(str(member.value) for member in annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(value) for value in typing.get_args(annotation))
    return ()
