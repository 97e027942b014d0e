"""A whole game of every registered game (`tests.support.games`, the tiny game included) through
SimCord, then its history and replay: `/history` lists it, by member and by game, with its
seats; the replay steps from the first action to the last and every step's table is the live
table of that moment, with every seat's hand at the end; the end-of-game message's Replay button
opens it at the deal after a restart. What only one game has (its result line, its rounds and
turns to jump between) is checked by its hook `after_a_replay` in `tests/bot/<area>/checks.py`,
on the same game."""

from __future__ import annotations

import simcord

from bot.i18n import Texts
from bot.settings import Settings
from bot.tables.render import game_name
from tests.support.bots import BotFactory
from tests.support.games import GameUnderTest, every_game_fixtures
from tests.support.replays import TableRecorder, replay_checks, replay_step, step_button

game, bot_extensions, register_games, fixed_deal = every_game_fixtures()





async def test_a_whole_game_replays_step_by_step_as_it_was_played(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory, game: GameUnderTest
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await game.driver.start(env, settings, [alice, bob], channel, computers=1)
    recorder = TableRecorder(env, settings.database_path)

    await recorder.play_to_the_end(driver)

    name = game_name(game.key, Texts("en"))
    seats = f"<@{alice.id}>, <@{bob.id}>, 🤖 Computer 3"
    page = (await alice.slash(channel, "history", member=bob)).response
    assert page is not None and page.ephemeral
    listed = page.embeds[0].description or ""
    assert listed.startswith(f"Games of <@{bob.id}>\n\n`#1` <t:")
    assert f"**{name}** · {seats}" in listed
    page = (await bob.slash(channel, "history", game=game.key)).response
    assert page is not None and page.ephemeral
    description = page.embeds[0].description or ""
    assert description.startswith(f"{name}\n\n`#1` <t:")
    assert seats in description

    final = await replay_checks(bob, channel, 1, recorder)
    step, last = replay_step(final)
    assert step == last
    hands = {field.name: field.value for field in final.embeds[-1].fields}
    assert set(hands) == {"alice", "bob", "🤖 Computer 3"}
    assert step_button(final, "next") is None and step_button(final, "first") is not None

    await env.restart_bot(make_bot())
    end_message = driver.thread.history()[-1]
    opened = await bob.click(end_message, label="Replay")
    replay = ([*opened.followups] or [opened.response])[0]
    assert replay is not None and replay.ephemeral
    assert replay_step(replay) == (0, last)
    assert step_button(replay, "prev") is None

    if (after := game.hook("after_a_replay")) is not None:
        await after(driver, bob, recorder, listed, final, replay)
