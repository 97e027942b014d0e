"""A whole game of The Game through SimCord, then its history and replay: `/history` lists it
with the team's result, and every step's table in the replay is the live table of that moment."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.the_game.driver import start
from tests.support.replays import TableRecorder, replay_checks, replay_step


async def test_a_whole_game_replays_step_by_step_as_it_was_played(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    recorder = TableRecorder(env, settings.database_path)

    await recorder.play_to_the_end(driver)

    page = (await alice.slash(channel, "history", member=bob)).response
    assert page is not None
    description = page.embeds[0].description or ""
    assert description.startswith(f"Games of <@{bob.id}>\n\n`#1` <t:")
    assert f"**The Game** · <@{alice.id}>, <@{bob.id}>\n🤝 the team lost: " in description or (
        "🏆 the team won: 🏆 total victory" in description
    )
    final = await replay_checks(alice, channel, 1, recorder)
    step, last = replay_step(final)
    assert step == last == len(driver.moves)
    hands = {field.name: field.value for field in final.embeds[-1].fields}
    assert set(hands) == {"alice", "bob"}
