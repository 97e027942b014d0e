"""A whole game of Heaven & Hell through SimCord, then its history and replay: every step's
table in the replay is the live table of that moment, and the round jumps follow its rounds."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.heaven_hell.driver import start
from tests.support.replays import TableRecorder, replay_checks, replay_step, step_button


async def test_a_whole_game_replays_step_by_step_as_it_was_played(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    driver = await start(env, settings, members, channel, computers=1)
    recorder = TableRecorder(env, settings.database_path)

    await recorder.play_to_the_end(driver)

    page = (await members[0].slash(channel, "history")).response
    assert page is not None
    assert "**Heaven & Hell**" in (page.embeds[0].description or "")
    final = await replay_checks(members[1], channel, 1, recorder)
    step, last = replay_step(final)
    assert step == last
    hands = {field.name: field.value for field in final.embeds[-1].fields}
    assert set(hands) == {"alice", "bob", "🤖 Computer 3"}
    rounds = 0
    while (forward := step_button(final, "pround")) is not None:
        await members[1].click(final, custom_id=forward)
        rounds += 1
    assert replay_step(final)[0] == 0
    assert rounds == 3, "back from the end to each round's start, then to the deal"
