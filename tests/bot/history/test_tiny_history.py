"""The history and replays of the tests' tiny game, which gets them by being registered: a
whole game through SimCord, then `/history`, the replay stepped to its end against the live
tables, the jumps, the end-of-game Replay button, and a restart."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.helpers import hand_cards, start_game, table_message
from tests.support.replays import TableRecorder, custom_id, replay_checks, replay_step
from tests.support.table_driver import drain


async def play_tiny(
    env: simcord.Env, settings: Settings
) -> tuple[simcord.ChannelHandle, simcord.MemberActor, TableRecorder]:
    """Alice against a computer, five cards each, to the end, the live table noted after each
    of her moves."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_game(env, alice, [], channel, computers=1)
    recorder = TableRecorder(env, settings.database_path)
    for _ in range(5):
        await drain(env)
        recorder.note()
        hand = (await alice.click(table_message(place), label="Show my hand")).response
        assert hand is not None
        await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    await drain(env)
    recorder.note()
    return channel, alice, recorder


async def test_a_whole_tiny_game_is_listed_and_replays_as_it_was_played(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    channel, alice, recorder = await play_tiny(env, settings)

    page = (await alice.slash(channel, "history")).response
    assert page is not None and page.ephemeral
    (line,) = (page.embeds[0].description or "").split("\n\n")
    assert line.startswith("`#1` <t:")
    assert "**Tiny**" in line and f"<@{alice.id}>, 🤖 Computer 2" in line
    assert "10 moves" in line

    final = await replay_checks(alice, channel, 1, recorder)
    assert replay_step(final) == (10, 10)
    words = final.embeds[-1].description or ""
    assert "won" in words
    assert custom_id(final, "ct:rp:1:10:next") is None, "no step past the end"
