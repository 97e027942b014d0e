"""Fixtures: the real bot with The Game's real engine and UI, computers without pause, and a
fixed deal so every run plays the same game."""

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

EXTENSIONS = [*CORE_EXTENSIONS, "cogs.the_game"]
SEED = 20260


@pytest.fixture(autouse=True)
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games take their seed from `secrets.randbits`; a fixed one makes each test one game."""
    monkeypatch.setattr("bot.tables.lobby.secrets.randbits", lambda _bits: SEED)


@pytest.fixture
def bot_extensions() -> list[str]:
    return EXTENSIONS


@pytest.fixture
def register_games() -> GameRegistration:
    """The real game only: the tiny engine that tests/bot registers under this key stays out."""
    return lambda _bot: None
