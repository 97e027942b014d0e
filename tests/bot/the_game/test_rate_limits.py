"""Whole games at a quick and at the default pace within Discord's per-channel rate limit
(`tests.support.rate_limits`), the table ending on the final state."""

from __future__ import annotations

import pytest
import simcord

from bot.settings import Settings
from tests.bot.the_game.driver import start
from tests.support.rate_limits import check_a_whole_game

PEOPLE = ("alice", "bob")
COMPUTERS = 2


@pytest.mark.parametrize("default_pace", [False, True], ids=["quick", "default"])
async def test_a_whole_game_keeps_each_channel_within_its_budget(
    simcord_env: simcord.Env, settings: Settings, default_pace: bool
) -> None:
    await check_a_whole_game(
        simcord_env, settings, start, PEOPLE, COMPUTERS, default_pace=default_pace
    )
