"""Fixtures: the real bot with Heaven & Hell's real engine and UI, the leaderboards and the talk
rule's cog, computers without pause, and a fixed deal so every run plays the same game."""

from __future__ import annotations

import pytest

from tests.support.bots import (
    CORE_EXTENSIONS,
    TURN_SECONDS,
    BotFactory,
    GameRegistration,
    make_bot,
    settings,
    simcord_bot,
)

__all__ = [
    "EXTENSIONS",
    "SEED",
    "TURN_SECONDS",
    "BotFactory",
    "make_bot",
    "settings",
    "simcord_bot",
]

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.heaven_hell", "cogs.leaderboard", "cogs.table_talk"]
SEED = 33


@pytest.fixture(autouse=True)
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games take their seed from `secrets.randbits`; a fixed one makes each test one game."""
    monkeypatch.setattr("bot.tables.lobby.secrets.randbits", lambda _bits: SEED)


@pytest.fixture
def bot_extensions() -> list[str]:
    return EXTENSIONS


@pytest.fixture
def register_games() -> GameRegistration:
    return lambda _bot: None
