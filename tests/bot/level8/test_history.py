"""A whole game of Level 8 through SimCord, then its history and replay: `/history` lists it,
the replay steps from the first action to the last and every step's table is the live table of
that moment, the jumps land on the starts of turns and rounds, and the Replay button of the
end-of-game message still works after a restart."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.level8.driver import start
from tests.support.bots import BotFactory
from tests.support.replays import (
    TableRecorder,
    replay_checks,
    replay_step,
    step_button,
)


async def test_a_whole_game_replays_step_by_step_as_it_was_played(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel, computers=1)
    recorder = TableRecorder(env, settings.database_path)

    await recorder.play_to_the_end(driver)

    page = (await bob.slash(channel, "history", game="level8")).response
    assert page is not None and page.ephemeral
    description = page.embeds[0].description or ""
    assert description.startswith("Level 8\n\n`#1` <t:")
    assert f"<@{alice.id}>, <@{bob.id}>, 🤖 Computer 3" in description
    final = await replay_checks(bob, channel, 1, recorder)
    step, last = replay_step(final)
    assert step == last > 100
    assert len(recorder.seen) > 20
    hands = {field.name: field.value for field in final.embeds[-1].fields}
    assert set(hands) == {"alice", "bob", "🤖 Computer 3"}
    assert step_button(final, "next") is None and step_button(final, "first") is not None

    await env.restart_bot(make_bot())
    end_message = driver.thread.history()[-1]
    opened = await bob.click(end_message, label="Replay")
    replay = ([*opened.followups] or [opened.response])[0]
    assert replay is not None and replay.ephemeral
    assert replay_step(replay) == (0, last)
    assert "round 1" in (replay.embeds[0].title or "")
    assert step_button(replay, "prev") is None and step_button(replay, "pround") is None

    await bob.click(replay, custom_id=step_button(replay, "nround"))
    round_two, _ = replay_step(replay)
    assert "round 2" in (replay.embeds[0].title or "")
    await bob.click(replay, custom_id=step_button(replay, "prev"))
    assert "round 1" in (replay.embeds[0].title or ""), "the round began at that very step"
    await bob.click(replay, custom_id=step_button(replay, "first"))
    acting = [f.name for f in replay.embeds[0].fields if f.name.startswith("▶️")]
    await bob.click(replay, custom_id=step_button(replay, "nturn"))
    turn, _ = replay_step(replay)
    assert 0 < turn < round_two
    assert [f.name for f in replay.embeds[0].fields if f.name.startswith("▶️")] != acting
    await bob.click(replay, custom_id=step_button(replay, "prev"))
    assert [f.name for f in replay.embeds[0].fields if f.name.startswith("▶️")] == acting
    await bob.click(replay, custom_id=step_button(replay, "last"))
    assert replay_step(replay) == (last, last)
