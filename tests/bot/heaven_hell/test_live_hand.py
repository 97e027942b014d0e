"""A whole game of Heaven & Hell in which each member opens their hand once and keeps it: the bot
edits it as the game moves, so each turn takes the card and the side, nothing more, and a card
only one side still takes a single click."""

from __future__ import annotations

from collections import defaultdict

import simcord

from bot.settings import Settings
from tests.bot.heaven_hell.conftest import TURN_SECONDS
from tests.bot.heaven_hell.driver import start
from tests.support.table_driver import kinds


async def test_a_kept_hand_places_a_card_in_two_interactions_or_one_where_one_side_takes_it(
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
    assert by_kind["PlaceCard"] == [1 if one else 2 for one in driver.one_side]
    assert 0 < driver.one_side.count(True) < len(driver.one_side)
    assert set(by_kind["ChooseDouble"]) == {1}
    assert set(by_kind["DiscardStuck"]) <= {1}


async def test_a_thread_keeps_at_most_two_bot_messages_per_turn_when_everyone_is_reminded(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """Each member waits past half their time before every move, so every turn of a person has
    its reminder; what is left in the thread at the end is the table, the round summaries, the
    final message and whatever notices were not retired."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    driver = await start(env, settings, members, channel, computers=1)
    driver.live = True
    driver.think = TURN_SECONDS / 2 + 1

    await driver.play_to_the_end()

    reminded = sum("it is your turn" in sent.text for sent in driver.sent if sent.owner is None)
    turns = sum(kind in ("place", "discard") for _, _, kind in kinds(settings.database_path))
    left = [message for message in driver.thread.history() if message.author.bot]
    assert reminded >= len(driver.moves) / 2
    assert len(left) <= 2 * turns
    assert not [message.content for message in left if "it is your turn" in message.content]
