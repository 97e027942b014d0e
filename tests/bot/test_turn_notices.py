"""Every turn of a person reaches them within a second, in whole games of each game, in English
and in French (`tests.support.turn_notices`): by a ping or by their live hand, the turns that come
straight back to the same seat included (Level 8's Skip between two players), within Discord's
per-channel rate limit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
import simcord

from bot.i18n import Texts
from bot.settings import Settings
from tests.bot.heaven_hell.driver import start as heaven_hell
from tests.bot.level8.driver import start as level8
from tests.bot.the_game.driver import start as the_game
from tests.support.bots import CORE_EXTENSIONS, GameRegistration, make_bot, simcord_bot
from tests.support.locale import speak_french
from tests.support.rate_limits import BUDGET, play_counting
from tests.support.table_driver import TableDriver
from tests.support.turn_notices import PING_WITHIN, TurnNotices

__all__ = ["make_bot", "simcord_bot"]


THINK = PING_WITHIN
"""Seconds people take for each move: long enough for every ping held back by the channel's
budget to go out before they move (a ping the player no longer needs is not sent)."""


@dataclass(frozen=True)
class Game:
    start: Callable[..., Awaitable[TableDriver[Any, Any]]]
    cog: str
    computers: int
    seed: int
    comes_back: bool
    """Whether the game's turns come straight back to the same person (checked to happen)."""


GAMES = {
    "the-game": Game(the_game, "cogs.the_game", 1, 5, False),
    "heaven-hell": Game(heaven_hell, "cogs.heaven_hell", 1, 8, False),
    "level8": Game(level8, "cogs.level8", 0, 8, True),
}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return GAMES[request.param]


@pytest.fixture
def bot_extensions(game: Game) -> list[str]:
    return [*CORE_EXTENSIONS, game.cog]


@pytest.fixture
def register_games() -> GameRegistration:
    return lambda _bot: None


@pytest.fixture
def fixed_deal(game: Game) -> dict[str, int]:
    return {"deal_seed": game.seed}


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_every_turn_of_a_person_reaches_them_within_a_second(
    simcord_env: simcord.Env,
    settings: Settings,
    game: Game,
    locale: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server and its members speak `locale`: the table, the pings and the hands too."""
    env = simcord_env
    if locale == "fr":
        speak_french(monkeypatch)
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    notices = TurnNotices(env)
    tr = Texts(locale)
    driver: Any = await game.start(
        env, settings, members, channel, computers=game.computers, language=locale
    )
    driver.think = THINK

    most = await play_counting(driver, default_pace=True)

    missed, turns = notices.missed_turns(driver.engine, driver.db, tr)
    comebacks = sum(turn.again for turn in turns)
    print(f"{len(turns)} turns of people ({comebacks} came straight back), missed: {missed}")
    assert len(turns) > 10
    assert missed == []
    assert comebacks > 0 or not game.comes_back
    assert max(most.values()) <= BUDGET, most
