"""The table service when something goes wrong: a move or a timer whose public message Discord
refuses is kept, the game goes on (computers, reminders, timeouts) and the player is not told that
nothing happened; a failing computer move is logged with its game; shown hands leave no timers."""

from __future__ import annotations

import asyncio
import logging

import pytest
import simcord

from bot.settings import Settings
from games.the_game import ENGINE
from games.the_game.actions import PlaceCard
from tests.bot.helpers import CANCELLED_PRIVATELY, cancel_game, query
from tests.bot.the_game.driver import start
from tests.support.table_driver import drain

pytestmark = pytest.mark.both_backends

FORBIDDEN = {"status": 403, "code": 50013, "message": "Missing Permissions"}


def actors(settings: Settings) -> list[tuple[int, str]]:
    return query(settings.database_path, "SELECT seat, actor FROM actions ORDER BY seq")


async def test_a_table_that_cannot_be_updated_does_not_stop_the_computers(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    player = driver.players[0]
    await driver.open_hand(player)
    for _ in range(2):
        move = next(a for a in ENGINE.legal_actions(driver.state(), 0) if isinstance(a, PlaceCard))
        await driver.place(player, move.card, move.pile)
    assert player.hand is not None

    env.inject_error("PATCH", "/channels/*/messages/*", **FORBIDDEN)
    result = await alice.click(player.hand, label="End turn")

    assert result.followups == [], "the turn was ended: no 'nothing was changed' apology"
    assert (1, "computer") in actors(settings), "the computer played its turn"
    assert driver.state().current == 0
    await drain(env)
    assert f"▶️ Turn: <@{alice.id}>" in driver.table().content


async def test_a_reminder_that_cannot_be_posted_does_not_stop_the_timer(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    await driver.play_one()

    env.inject_error("POST", "/channels/*/messages", **FORBIDDEN)
    await env.advance_time(settings.turn_seconds / 2 + 1)
    assert query(settings.database_path, "SELECT reminded FROM seats WHERE seat = 0") == [(1,)]
    await env.advance_time(settings.turn_seconds / 2)

    assert (0, "timeout") in actors(settings), "the turn timed out and a computer stood in"
    assert driver.state().current == 1


async def test_a_shown_hand_leaves_no_timer_behind(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """Hand controls are found by their custom ids: nothing needs to keep a shown hand's view,
    which discord.py would otherwise hold with a 15-minute timer task per hand shown."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    for _ in range(3):
        await driver.open_hand(driver.players[0])
    view_timers = [task for task in asyncio.all_tasks() if "timeout_task" in repr(task.get_coro())]
    assert view_timers == []


class BrokenPolicy:
    def choose(self, view: object, legal: object, rng: object) -> object:
        raise RuntimeError("the policy broke")


async def test_a_failing_computer_move_is_logged_with_its_game(
    simcord_env: simcord.Env,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    player = driver.players[0]
    await driver.open_hand(player)
    for _ in range(2):
        move = next(a for a in ENGINE.legal_actions(driver.state(), 0) if isinstance(a, PlaceCard))
        await driver.place(player, move.card, move.pile)
    monkeypatch.setattr(ENGINE, "policy", lambda name: BrokenPolicy())
    assert player.hand is not None

    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        await alice.click(player.hand, label="End turn")

    failures = [r for r in caplog.records if r.exc_info and "game 1" in r.getMessage()]
    assert [str(r.exc_info[1]) for r in failures if r.exc_info] == ["the policy broke"]
    assert driver.state().current == 1, "the move was not made, and nothing else changed"


async def test_cancel_works_when_the_lobby_message_was_deleted(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    lobby = channel.history()[0]
    env.backend.delete_message(channel.id, lobby.id)

    assert await cancel_game(alice, driver.thread) == CANCELLED_PRIVATELY
    assert query(settings.database_path, "SELECT status FROM games") == [("cancelled",)]
    assert driver.thread.history()[-1].content == "❌ This game was cancelled."
    assert all(not message.components for message in driver.thread.history())


async def test_show_my_hand_answers_while_the_game_is_busy(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """A change being saved holds the game's lock; showing a hand does not wait for it: every
    change is stored whole in one transaction, so the hand is read as stored, at once, well
    within Discord's 3 seconds."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    game_id = query(settings.database_path, "SELECT id FROM games")[0][0]
    busy = env.bot.tables.work.locks.lock(game_id)

    await busy.acquire()
    try:
        result = await asyncio.wait_for(alice.click(driver.table(), label="Show my hand"), 5)
    finally:
        busy.release()

    assert result.ephemeral
    assert result.response is not None and result.response.components, "the hand"
