"""The history and replays of the tests' tiny game, which gets them by being registered: a
whole game through SimCord, then `/history`, the replay stepped to its end against the live
tables, the jumps, the end-of-game Replay button, and a restart."""

from __future__ import annotations

import pytest
import simcord

from bot.app import CardTableBot
from bot.settings import Settings
from tests.bot.conftest import BotFactory
from tests.bot.helpers import hand_cards, query, start_game, table_message
from tests.support.locale import speak_french
from tests.support.rate_limits import ChannelWrites
from tests.support.replays import (
    TableRecorder,
    custom_id,
    open_replay,
    replay_checks,
    replay_step,
    step_button,
)
from tests.support.table_driver import drain

pytestmark = pytest.mark.both_backends


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


def only_answer(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    messages = [*result.followups] or ([result.response] if result.response else [])
    assert len(messages) == 1
    return messages[0]


async def test_another_server_and_a_running_game_are_not_replayed(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    channel, alice, _ = await play_tiny(env, settings)
    other = env.create_guild()
    there = other.create_text_channel("games")
    mallory = other.add_member(env.create_user("mallory"))
    refused = only_answer(await mallory.slash(there, "replay", number=1))
    assert refused.ephemeral
    assert refused.content == "There is no ended game #1 on this server to replay."
    assert (await mallory.slash(there, "history")).response.embeds[0].description == (  # type: ignore[union-attr]
        "No ended game to show here yet."
    )

    bob = channel.guild.add_member(env.create_user("bob"))
    await start_game(env, alice, [bob], channel)
    running = only_answer(await bob.slash(channel, "replay", number=2))
    assert running.content == "There is no ended game #2 on this server to replay."


async def test_replay_buttons_work_after_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    channel, alice, _ = await play_tiny(env, settings)
    replay = await open_replay(alice, channel, 1)
    forward = step_button(replay, "nturn")
    page = (await alice.slash(channel, "history")).response
    assert page is not None

    await env.restart_bot(make_bot())

    await alice.click(replay, custom_id=forward)
    assert replay_step(replay)[0] > 0
    await alice.click(replay, custom_id=step_button(replay, "last"))
    assert replay_step(replay) == (10, 10)
    from_page = only_answer(await alice.click(page, label="#1"))
    assert from_page.ephemeral and replay_step(from_page) == (0, 10)
    lobby = channel.history()[0]
    from_lobby = only_answer(await alice.click(lobby, label="Replay"))
    assert replay_step(from_lobby) == (0, 10)


async def test_a_shared_step_is_posted_once_per_click_within_the_channel_budget(
    simcord_env: simcord.Env, settings: Settings, simcord_bot: CardTableBot
) -> None:
    env = simcord_env
    channel, alice, _ = await play_tiny(env, settings)
    writes = ChannelWrites(simcord_bot)
    replay = await open_replay(alice, channel, 1)
    await alice.click(replay, custom_id=step_button(replay, "next"))
    await alice.click(replay, custom_id=step_button(replay, "next"))
    share = custom_id(replay, "ct:rpsh:1:2")
    assert share is not None

    for _ in range(8):
        answer = only_answer(await alice.click(replay, custom_id=share))
        assert answer.ephemeral and answer.content == "Step 2 is posted in the channel."
    await drain(env)

    posted = [m for m in channel.history() if m.content.startswith(f"<@{alice.id}> shared")]
    assert len(posted) == 8
    assert posted[0].content == f"<@{alice.id}> shared step 2 of Tiny #1"
    assert [e.to_dict() for e in posted[0].embeds][:-1] == [e.to_dict() for e in replay.embeds][
        :-1
    ], "the table of that step"
    assert writes.most_in_window(channel.id) <= 5
    opened = only_answer(await alice.click(posted[0], label="Replay"))
    assert replay_step(opened) == (0, 10)


async def test_the_history_and_a_replay_speak_french(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    channel, alice, _ = await play_tiny(env, settings)
    speak_french(monkeypatch)

    page = (await alice.slash(channel, "history")).response
    assert page is not None
    assert page.embeds[0].title == "Historique des parties"
    assert "10 coups en 1 minute" in (page.embeds[0].description or "")
    replay = await open_replay(alice, channel, 1)
    assert (replay.embeds[-1].title or "").endswith("· étape 0/10")
    assert replay.embeds[-1].description == "Les cartes sont distribuées."


async def test_a_log_the_engine_no_longer_accepts_is_refused_clearly(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """As if the game's rules had changed since: another deal makes the logged cards unknown."""
    env = simcord_env
    channel, alice, _ = await play_tiny(env, settings)
    query(settings.database_path, "UPDATE games SET seed = seed + 1 WHERE id = 1")

    refused = only_answer(await alice.slash(channel, "replay", number=1))

    assert refused.ephemeral
    assert refused.content == (
        "This game can no longer be replayed: its game's rules have changed since it was played."
    )
