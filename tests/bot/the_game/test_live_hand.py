"""A whole game of The Game in which each member opens their hand once and keeps it: the bot edits
it as the game moves, so a turn takes two interactions per card (the card, the pile) and End
turn."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.the_game.driver import start


async def test_a_kept_hand_plays_each_card_in_two_interactions(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    driver.live = True

    await driver.play_to_the_end()

    by_kind: dict[str, set[int]] = {}
    for _, kind, clicks in driver.clicks_with_hands_kept():
        by_kind.setdefault(kind, set()).add(clicks)
    assert by_kind["PlaceCard"] == {2}
    assert by_kind["EndTurn"] == {1}
