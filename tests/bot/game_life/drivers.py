"""Each game's SimCord driver by the game's key, for the tests that play every game alike."""

from __future__ import annotations

from typing import Any

from tests.bot.heaven_hell.driver import Driver as HeavenHellDriver
from tests.bot.level8.driver import Driver as Level8Driver
from tests.bot.the_game.driver import Driver as TheGameDriver
from tests.support.table_driver import TableDriver

DRIVERS: dict[str, type[TableDriver[Any, Any]]] = {
    "the-game": TheGameDriver,
    "heaven-hell": HeavenHellDriver,
    "level8": Level8Driver,
}
