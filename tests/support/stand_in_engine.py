"""The tiny game as a stand-in under another game's key (the talk rule watches The Game's key
only): its `/play` subcommand is then named by that game's catalog, which has no words for the
tiny game's option, so the stand-in offers none (the deal keeps its default)."""

from __future__ import annotations

from dataclasses import replace

from pydantic import Field

from games.core.game_type import NOT_A_TABLE_OPTION
from tests.tiny_game.engine import MAX_CARDS, TinyConfig, TinyEngine


class FixedConfig(TinyConfig):
    cards: int = Field(default=MAX_CARDS, ge=1, le=MAX_CARDS, json_schema_extra=NOT_A_TABLE_OPTION)


class StandInEngine(TinyEngine):
    game_type = replace(TinyEngine.game_type, config_model=FixedConfig)


STAND_IN_ENGINE = StandInEngine()
