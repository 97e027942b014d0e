"""Fixtures: the real bot with the three games' cogs and the card faces turned on."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings
from tests.support.bots import (
    CORE_EXTENSIONS,
    BotFactory,
    database_backend,
    database_url,
    make_bot,
    real_game_fixtures,
    simcord_bot,
    simcord_env,
)
from tests.support.bots import settings as text_settings

__all__ = [
    "EXTENSIONS",
    "BotFactory",
    "database_backend",
    "database_url",
    "make_bot",
    "simcord_bot",
    "simcord_env",
    "text_settings",
]

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.the_game", "cogs.heaven_hell", "cogs.level8"]

fixed_deal, bot_extensions, register_games = real_game_fixtures(EXTENSIONS, 7)


@pytest.fixture
def settings(tmp_path: Path, database_url: str | None) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=tmp_path / "data" / "faces.sqlite3",
        computer_delay_seconds=0,
        shard_count=1,
        card_emojis=True,
    )
