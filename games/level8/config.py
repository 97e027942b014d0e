"""The options of a Level 8 table, validated once when the game is created."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from games.core.game_type import NOT_A_TABLE_OPTION


class DeckPreset(StrEnum):
    """Editions differ only in how many wilds and Skips the box holds (rules: deck presets)."""

    FR = "fr"
    EN2016 = "en2016"
    DE2016 = "de2016"


class LevelSide(StrEnum):
    """Which side of the level card the table plays."""

    STANDARD = "standard"
    HARD = "hard"


MIN_PLAYERS = 2
MAX_PLAYERS = 6
DEFAULT_MAX_TURNS = 1500


class Level8Config(BaseModel):
    """Variant options.

    `max_turns` is a real rule of this engine, not a simulator trick: two players who never get
    rid of their hand (for example two random players) could otherwise play forever. After that
    many turns (a turn spent serving a Skip counts) the game ends with no winner and the seats are
    ranked by the level they reached. The default is far beyond any human game.
    """

    model_config = ConfigDict(frozen=True)

    deck: DeckPreset = DeckPreset.FR
    side: LevelSide = LevelSide.STANDARD
    max_turns: int = Field(default=DEFAULT_MAX_TURNS, ge=1, json_schema_extra=NOT_A_TABLE_OPTION)
    """A limit for simulators and a safeguard, not a choice players make."""
