"""Turn timers on SimCord's clock: reminder at half time, a computer plays a timed-out turn, two
timeouts in a row put the seat on autopilot until "I'm back", and deadlines survive a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.settings import Settings
from tests.bot.conftest import BotFactory
from tests.bot.helpers import button_labels, hand_cards, query, start_game, table_message

pytestmark = pytest.mark.both_backends

DELAY = 30


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=tmp_path / "timers.sqlite3",
        turn_seconds=300,
        computer_delay_seconds=DELAY,
        shard_count=1,
    )


def actions(db: Path) -> list[tuple[int, str]]:
    return [
        (seat, actor) for seat, actor in query(db, "SELECT seat, actor FROM actions ORDER BY seq")
    ]


def contents(place: simcord.ChannelHandle) -> list[str]:
    return [message.content for message in place.history()]


async def test_reminder_timeout_autopilot_and_back(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    db = settings.database_path
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_game(env, alice, [], channel, computers=1)
    await env.advance_time(DELAY)
    assert actions(db) == [(1, "computer")]

    await env.advance_time(149)
    assert not any("it is your turn" in text for text in contents(place))
    await env.advance_time(1)
    assert f"⏳ <@{alice.id}>, it is your turn" in contents(place)[-1]

    await env.advance_time(150)
    assert f"⌛ <@{alice.id}> ran out of time" in contents(place)[-1]
    assert actions(db) == [(1, "computer")]
    await env.advance_time(DELAY)
    assert actions(db) == [(1, "computer"), (0, "timeout")]
    await env.advance_time(DELAY)
    assert actions(db)[-1] == (1, "computer")

    await env.advance_time(300)
    assert any("on autopilot" in text for text in contents(place))
    assert "I'm back" in button_labels(table_message(place))
    await env.advance_time(DELAY)
    await env.advance_time(DELAY)
    assert actions(db)[-2:] == [(0, "computer"), (1, "computer")]
    assert query(db, "SELECT autopilot, timeouts FROM seats WHERE seat = 0") == [(1, 2)]

    result = await alice.click(table_message(place), label="I'm back")
    assert result.response is not None and "Welcome back" in result.response.content
    assert query(db, "SELECT autopilot, timeouts FROM seats WHERE seat = 0") == [(0, 0)]
    assert "I'm back" not in button_labels(table_message(place))
    count = len(actions(db))
    await env.advance_time(DELAY)
    assert len(actions(db)) == count


async def test_i_am_back_is_refused_when_not_on_autopilot(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    await env.advance_time(300 + DELAY)
    hand = (await bob.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    await bob.click(hand, label=f"Play {hand_cards(hand)[0]}")
    await env.advance_time(300)
    assert "I'm back" in button_labels(table_message(place))
    result = await bob.click(table_message(place), label="I'm back")
    messages = [result.response, *result.followups]
    assert any(m is not None and "not on autopilot" in m.content for m in messages)


async def test_deadlines_survive_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    db = settings.database_path
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    await env.advance_time(100)
    await env.restart_bot(make_bot())
    await env.advance_time(50)
    assert "it is your turn" in contents(place)[-1]
    await env.advance_time(150)
    assert "ran out of time" in contents(place)[-1]
    await env.advance_time(DELAY)
    assert actions(db) == [(0, "timeout")]


async def test_computer_moves_resume_after_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    await bob.slash(place, "game leave")
    await env.restart_bot(make_bot())
    assert actions(settings.database_path) == []
    await env.advance_time(DELAY)
    assert actions(settings.database_path) == [(1, "computer")]
