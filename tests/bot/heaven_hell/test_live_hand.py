"""A whole game of Heaven & Hell in which each member opens their hand once and keeps it: the bot
edits it as the game moves, so each turn takes the card and the side, nothing more."""

from __future__ import annotations

from collections import defaultdict

import simcord

from bot.settings import Settings
from tests.bot.heaven_hell.driver import start


async def test_a_kept_hand_plays_each_turn_in_two_interactions(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    driver = await start(env, settings, members, channel)
    driver.live = True

    await driver.play_to_the_end()

    driver.check_hands_were_seen()
    by_kind: dict[str, list[int]] = defaultdict(list)
    for _, kind, clicks in driver.clicks_with_hands_kept():
        by_kind[kind].append(clicks)
    assert len(by_kind["PlaceCard"]) > 30
    assert set(by_kind["PlaceCard"]) == {2}
    assert set(by_kind["DeclareDouble"]) == {1}
    assert set(by_kind["DiscardStuck"]) <= {1}
