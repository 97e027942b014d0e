"""What a game declares about itself, read by everything that lists or runs games.

Modelled on OpenSpiel's `GameType`: the bot, the simulator and the tests learn a game's key,
player counts, kind and options from this one record instead of from lists kept elsewhere, so a
new game is added by writing its own packages only.
"""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

NOT_A_TABLE_OPTION: dict[str, Any] = {"table_option": False}
"""`json_schema_extra` of a config field that tables do not choose (a limit for simulators, a
variant no front end offers yet): `Field(default=..., json_schema_extra=NOT_A_TABLE_OPTION)`."""


@dataclass(frozen=True)
class GameOption:
    """One field of an engine's config model: what a table may choose before the game starts.

    `choices` lists the allowed values of an enumerated option (empty otherwise); `minimum` and
    `maximum` are a number's bounds (`Field(ge=..., le=...)`), None where it has none. The
    default of an enumerated option is its value, as players and storage write it."""

    name: str
    type: Any
    default: Any
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class GameType:
    """A game's identity card.

    - `key` is stable: it is stored with every game, in custom ids and in the leaderboards.
    - `cooperative`: the seats win or lose together (one team result) rather than being ranked.
    - `options` are read from `config_model` (every field but those marked
      `NOT_A_TABLE_OPTION`), so they cannot drift from what the engine accepts.
    - `default_policy` is the computer player used for empty seats and absent players.
    - `computers_wait_for_people`: when several seats may act at once (anyone may open The
      Game), computer seats leave the first move to the people.
    - `simultaneous_choices`: seats that wait together each make a choice of their own (Heaven
      & Hell's secret doubles), so one seat's choice does not give the others a fresh turn time.

    How a game is listed and ranked on Discord (its place in menus, a cooperative game's
    leaderboard modes) is a fact of its Discord front end, declared on its `GameUI`.
    """

    key: str
    min_players: int
    max_players: int
    cooperative: bool
    config_model: type[BaseModel]
    default_policy: str
    computers_wait_for_people: bool = False
    simultaneous_choices: bool = False

    @property
    def options(self) -> tuple[GameOption, ...]:
        return tuple(
            GameOption(
                name=name,
                type=field.annotation,
                default=field.default.value
                if isinstance(field.default, enum.Enum)
                else field.default,
                choices=_choices(field.annotation),
                minimum=_bound(field, "ge"),
                maximum=_bound(field, "le"),
            )
            for name, field in self.config_model.model_fields.items()
            if field.json_schema_extra != NOT_A_TABLE_OPTION
        )


def _bound(field: FieldInfo, name: str) -> int | None:
    return next((getattr(rule, name) for rule in field.metadata if hasattr(rule, name)), None)


def _choices(annotation: Any) -> tuple[str, ...]:
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return tuple(str(member.value) for member in annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(value) for value in typing.get_args(annotation))
    return ()
