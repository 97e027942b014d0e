"""A whole game of Heaven & Hell with live hands in which every turn is reminded. (How many
interactions a turn takes with the hand kept open is checked on the game every registered game
plays, `tests/bot/test_every_game.py`, by `checks.py`.)"""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.heaven_hell.driver import start
from tests.support.bots import TURN_SECONDS
from tests.support.table_driver import kinds


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
