"""Clumsy and hostile input against a lobby of The Game (real engine and UI): every refusal is a
clear ephemeral answer in the clicker's language, and the stored tables do not change at all."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.i18n import Texts
from bot.settings import Settings
from tests.bot.helpers import CANCELLED_PRIVATELY, button_labels, cancel_game, query
from tests.integration.helpers import answer, controls_of, french_client, show_again, snapshot


async def open_lobby(
    guild: simcord.GuildHandle, channel: simcord.ChannelHandle, host: simcord.MemberActor
) -> simcord.ResponseMessage:
    lobby = (await host.slash(channel, "play the-game")).response
    assert lobby is not None
    return lobby


async def test_a_stranger_cannot_run_someone_elses_lobby(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("host"))
    stranger = guild.add_member(env.create_user("stranger"))
    french_client(monkeypatch, stranger)
    lobby = await open_lobby(guild, channel, host)
    empty = snapshot(settings.database_path)
    assert answer(await host.click(lobby, label="Remove computer")) == (
        "There is no computer player to remove."
    )
    assert snapshot(settings.database_path) == empty
    await host.click(lobby, label="Add computer")
    before = snapshot(settings.database_path)

    fr = Texts("fr")
    refusals = {
        "Start": fr("errors.host_only"),
        "Add computer": fr("errors.host_only"),
        "Remove computer": fr("errors.host_only"),
        "Cancel": fr("errors.cancel_forbidden"),
        "Leave": fr("errors.not_seated"),
    }
    for label, refusal in refusals.items():
        assert answer(await stranger.click(lobby, label=label)) == refusal, label

    assert snapshot(settings.database_path) == before
    assert "Start" in [c.get("label") for row in controls_of(env, lobby) for c in row["components"]]


async def test_join_when_full_and_join_twice(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("host"))
    bob = guild.add_member(env.create_user("bob"))
    late = guild.add_member(env.create_user("late"))
    lobby = await open_lobby(guild, channel, host)
    await bob.click(lobby, label="Join")
    before = snapshot(settings.database_path)
    assert answer(await bob.click(lobby, label="Join")) == "You already have a seat at this table."
    assert snapshot(settings.database_path) == before

    for _ in range(3):
        await host.click(lobby, label="Add computer")
    full = snapshot(settings.database_path)
    assert len(full["seats"]) == 5
    assert answer(await late.click(lobby, label="Join")) == "The table is full (5 players at most)."
    assert answer(await host.click(lobby, label="Add computer")) == (
        "The table is full (5 players at most)."
    )
    assert snapshot(settings.database_path) == full


async def test_start_pressed_twice_starts_one_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("host"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = await open_lobby(guild, channel, host)
    await bob.click(lobby, label="Join")
    waiting = controls_of(env, lobby)
    await host.click(lobby, label="Start")
    started = snapshot(settings.database_path)
    thread_messages = len(channel.threads[-1].history())

    for member, label in ((host, "Start"), (bob, "Join"), (bob, "Leave"), (host, "Add computer")):
        show_again(env, lobby, waiting)
        text = answer(await member.click(lobby, label=label))
        assert text == Texts("en")("errors.lobby_closed")
        assert button_labels(lobby) == [], "the click showed the closed lobby again"

    assert snapshot(settings.database_path) == started
    assert len(channel.threads) == 1
    assert len(channel.threads[-1].history()) == thread_messages


async def test_a_forged_turn_time_is_refused(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("host"))
    lobby = await open_lobby(guild, channel, host)
    before = snapshot(settings.database_path)
    stored = controls_of(env, lobby)
    menu = next(c for row in stored for c in row["components"] if c["type"] == 3)
    for value in ("1", "-60", "not-a-number"):
        menu["options"].append({"label": value, "value": value})
        show_again(env, lobby, stored)
        text = answer(await host.select(lobby, [value]))
        assert text == "This turn time is not one of the choices offered.", value
    assert snapshot(settings.database_path) == before


async def test_play_where_a_game_is_already_open(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("host"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = await open_lobby(guild, channel, host)
    before = snapshot(settings.database_path)
    busy = Texts("en")("errors.place_busy")
    assert answer(await bob.slash(channel, "play the-game", expert=True)) == busy
    assert snapshot(settings.database_path) == before

    await host.click(lobby, label="Start")
    thread = channel.threads[-1]
    running = snapshot(settings.database_path)
    assert answer(await bob.slash(thread, "play the-game")) == busy
    assert snapshot(settings.database_path) == running
    assert query(settings.database_path, "SELECT COUNT(*) FROM games") == [(1,)]


async def test_game_cancel_needs_the_host_or_manage_server(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("host"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = await open_lobby(guild, channel, host)
    await bob.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    thread = channel.threads[-1]
    running = snapshot(settings.database_path)

    refusal = Texts("en")("errors.cancel_forbidden")
    assert answer(await bob.slash(thread, "game cancel")) == refusal
    assert snapshot(settings.database_path) == running

    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    assert await cancel_game(admin, thread) == CANCELLED_PRIVATELY
    assert query(settings.database_path, "SELECT status FROM games") == [("cancelled",)]
