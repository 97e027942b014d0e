"""A game the bot's files do not know: the tiny game (tests/bot/tiny_engine.py and
tests/bot/tiny_ui.py, its message catalogs in tests/bot/tiny_locales) is registered on the bot and
offered, played and ranked under its own key through the same commands as the real games."""

from __future__ import annotations

import pytest
import simcord

from tests.bot.conftest import EXTENSIONS
from tests.bot.helpers import hand_cards, start_game, table_message
from tests.support.table_driver import drain


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, "cogs.leaderboard"]])
async def test_a_registered_game_is_played_ruled_and_ranked(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    assert "play tiny" in alice.available_commands(channel)

    rules = (await alice.slash(channel, "rules", game="tiny")).response
    assert rules is not None and rules.embeds[0].title == "Rules of Tiny"
    assert "highest total wins" in (rules.embeds[0].description or "")

    place = await start_game(env, alice, [], channel, computers=1, command="play tiny")
    for _ in range(5):
        hand = (await alice.click(table_message(place), label="Show my hand")).response
        assert hand is not None
        await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    await drain(env)
    assert "Game over" in place.history()[-1].content

    board = (await alice.slash(channel, "leaderboard", game="tiny")).response
    assert board is not None and board.ephemeral
    assert board.embeds[0].title is not None and board.embeds[0].title.startswith("Tiny")
    stats = (await alice.slash(channel, "stats show")).response
    assert stats is not None
    assert [field.name for field in stats.embeds[0].fields] == ["Tiny"]
