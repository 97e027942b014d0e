"""Every turn of a person reaches them within a second, in a whole game of every registered game
(`tests.support.games`), in English and in French (`tests.support.turn_notices`): by a ping or by
their live hand, the turns that come straight back to the same seat included (a game whose
checks declare `TURNS_COME_BACK`, such as Level 8's Skip, is played by two people alone so that
it happens, and checked to happen), within Discord's per-channel rate limit. A game too short
for more than ten turns of people (its checks' `SHORT`) is skipped."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.i18n import Texts
from bot.settings import Settings
from tests.support.bots import make_bot, simcord_bot
from tests.support.games import GameUnderTest, every_game_fixtures
from tests.support.locale import speak_french
from tests.support.rate_limits import BUDGET, play_counting
from tests.support.turn_notices import PING_WITHIN, TurnNotices

__all__ = ["make_bot", "simcord_bot"]


THINK = PING_WITHIN
"""Seconds people take for each move: long enough for every ping held back by the channel's
budget to go out before they move (a ping the player no longer needs is not sent)."""


game, bot_extensions, register_games, fixed_deal = every_game_fixtures()


def computers(game: GameUnderTest) -> int:
    """No computer where turns come straight back between two players, one otherwise."""
    return 0 if game.flag("TURNS_COME_BACK", False) else 1





@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_every_turn_of_a_person_reaches_them_within_a_second(
    simcord_env: simcord.Env,
    settings: Settings,
    game: GameUnderTest,
    locale: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server and its members speak `locale`: the table, the pings and the hands too."""
    if game.flag("SHORT", False):
        pytest.skip("the game is too short for more than ten turns of people")
    env = simcord_env
    if locale == "fr":
        speak_french(monkeypatch)
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    notices = TurnNotices(env)
    tr = Texts(locale)
    driver: Any = await game.driver.start(
        env, settings, members, channel, computers=computers(game), language=locale
    )
    driver.think = THINK

    most = await play_counting(driver, default_pace=True)

    missed, turns = notices.missed_turns(driver.engine, driver.db, tr)
    comebacks = sum(turn.again for turn in turns)
    print(f"{len(turns)} turns of people ({comebacks} came straight back), missed: {missed}")
    assert len(turns) > 10
    assert missed == []
    assert comebacks > 0 or not game.flag("TURNS_COME_BACK", False)
    assert max(most.values()) <= BUDGET, most
