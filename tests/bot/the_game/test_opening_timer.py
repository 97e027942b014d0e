"""Issue 11: the turn timer before The Game's first card. Anyone may open, so every seat waits
at once; when the opening time runs out, one computer opens for the first seat, each late player
is told once, nobody is on autopilot for it, and reminders never mention a computer."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.settings import Settings
from tests.bot.helpers import query, start_game
from tests.bot.the_game.driver import start
from tests.support.bots import TURN_SECONDS


def bot_messages(place: simcord.ChannelHandle) -> list[str]:
    return [message.content or "" for message in place.history()]


def actors(db: Path) -> list[tuple[int, str]]:
    return [tuple(row) for row in query(db, "SELECT seat, actor FROM actions ORDER BY seq")]


async def test_nobody_opens_two_members(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    db = settings.database_path
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel, command="play the-game")

    await env.advance_time(TURN_SECONDS + 1)
    texts = bot_messages(place)
    assert len(texts) < 10
    timeouts = [text for text in texts if "ran out of time" in text]
    assert len(timeouts) == 1
    assert f"<@{alice.id}>" in timeouts[0] and f"<@{bob.id}>" in timeouts[0]
    assert not any("autopilot" in text for text in texts)
    # The first seat's stand-in opened and played its whole turn; then it is Bob's turn.
    assert actors(db)[0] == (0, "timeout")
    assert {seat for seat, _ in actors(db)} == {0}
    assert query(db, "SELECT seat, autopilot, stand_in, timeouts FROM seats ORDER BY seat") == [
        (0, 0, 0, 1),
        (1, 0, 0, 1),
    ]
    count = len(texts)
    await env.advance_time(TURN_SECONDS / 2 - 2)
    assert len(bot_messages(place)) == count


async def test_reminders_name_people_only(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_game(env, alice, [], channel, computers=1, command="play the-game")

    await env.advance_time(TURN_SECONDS / 2 + 1)
    reminders = [text for text in bot_messages(place) if "it is your turn" in text]
    assert len(reminders) == 1
    assert f"<@{alice.id}>" in reminders[0]
    assert "<@None>" not in " ".join(bot_messages(place))
    await env.advance_time(TURN_SECONDS / 2)
    assert "<@None>" not in " ".join(bot_messages(place))
    assert sum("ran out of time" in text for text in bot_messages(place)) == 1


async def test_the_turn_time_is_per_turn_not_per_card(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """Placing cards within a turn does not extend it; the next player's turn gets a full time."""
    env = simcord_env
    db = settings.database_path
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)

    def deadline(seat: int) -> float | None:
        rows = query(db, "SELECT deadline FROM seats WHERE seat = ?", (seat,))
        return None if rows[0][0] is None else float(rows[0][0])

    await env.advance_time(10)
    await driver.play_one()
    opener = driver.state().current
    assert opener is not None
    turn_deadline = deadline(opener)
    assert turn_deadline is not None
    await env.advance_time(100)
    while driver.state().current == opener and driver.state().turn == 0:
        await driver.play_one()
        if driver.state().current == opener:
            assert deadline(opener) == turn_deadline
    follower = driver.state().current
    assert follower is not None and follower != opener
    assert deadline(follower) == pytest.approx(turn_deadline + 100)
