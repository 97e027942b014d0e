"""Both sides of the level card as data, so rules, finder and views read one source."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from games.level8.config import LevelSide


class GroupKind(StrEnum):
    RUN = "run"
    SET = "set"
    COLOUR = "colour"


class Requirement(BaseModel):
    """One group a level asks for: its kind and exact size."""

    model_config = ConfigDict(frozen=True)

    kind: GroupKind
    size: int


FINAL_LEVEL = 8


def _r(size: int) -> Requirement:
    return Requirement(kind=GroupKind.RUN, size=size)


def _s(size: int) -> Requirement:
    return Requirement(kind=GroupKind.SET, size=size)


def _c(size: int) -> Requirement:
    return Requirement(kind=GroupKind.COLOUR, size=size)


LEVELS: dict[LevelSide, tuple[tuple[Requirement, ...], ...]] = {
    LevelSide.STANDARD: (
        (_r(3), _r(3)),
        (_s(2), _s(2), _s(2), _s(2)),
        (_r(3), _c(4)),
        (_r(6), _s(2)),
        (_r(7),),
        (_s(2), _s(3), _s(3)),
        (_s(3), _c(5)),
        (_s(2), _s(3), _s(4)),
    ),
    LevelSide.HARD: (
        (_r(3), _r(4)),
        (_s(2), _s(2), _s(3)),
        (_r(4), _c(4)),
        (_r(7),),
        (_s(3), _r(5)),
        (_r(8),),
        (_s(4), _c(4)),
        (_s(4), _s(4)),
    ),
}

HARD_KEEP_LEVELS = range(5, FINAL_LEVEL + 1)
HARD_KEEP_MAX = 4


def requirements(side: LevelSide, level: int) -> tuple[Requirement, ...]:
    """The groups to display on `level` (1-based) of the given side."""
    return LEVELS[side][level - 1]
