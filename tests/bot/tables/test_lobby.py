from __future__ import annotations

import discord
import pytest
import simcord

from bot.app import CardTableBot
from bot.settings import Settings
from tests.bot.conftest import EXTENSIONS
from tests.bot.helpers import (
    CANCELLED_PRIVATELY,
    button_labels,
    cancel_game,
    query,
    start_game,
)
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE as TINY_ENGINE

pytestmark = pytest.mark.both_backends


def seat_lines(lobby: simcord.ResponseMessage) -> list[str]:
    field = next(f for f in lobby.message.embeds[0].fields if (f.name or "").startswith("Seats"))
    return (field.value or "").splitlines()


def ephemeral_text(result: simcord.InteractionResult) -> str:
    messages = [*([result.response] if result.response else []), *result.followups]
    return "\n".join(m.content for m in messages if m.ephemeral)


async def open_lobby(
    member: simcord.MemberActor, channel: simcord.ChannelHandle
) -> simcord.ResponseMessage:
    lobby = (await member.slash(channel, "play tiny-game")).response
    assert lobby is not None
    return lobby


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, "cogs.the_game"]])
async def test_lobby_lists_game_options_and_seats(simcord_env: simcord.Env) -> None:
    """The Game's own `/play` subcommand passes its options to the lobby."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "play the-game", expert=True)).response
    assert lobby is not None
    embed = lobby.message.embeds[0]
    assert embed.title == "The Game — table open"
    assert any("Expert mode" in (f.value or "") for f in embed.fields)
    assert button_labels(lobby.message) == [
        "Join",
        "Leave",
        "Add computer",
        "Remove computer",
        "Start",
        "Cancel",
    ]
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    assert seat_lines(lobby) == [f"1. <@{alice.id}>", f"2. <@{bob.id}>", "3. 🤖 Computer 3"]


async def test_joining_twice_changes_nothing(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    lobby = await open_lobby(alice, channel)
    result = await alice.click(lobby, label="Join")
    assert "already have a seat" in ephemeral_text(result)
    assert seat_lines(lobby) == [f"1. <@{alice.id}>"]


async def test_only_the_host_manages_computers_and_starts(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = await open_lobby(alice, channel)
    await bob.click(lobby, label="Join")
    for label in ("Add computer", "Remove computer", "Start"):
        result = await bob.click(lobby, label=label)
        assert "opened this table" in ephemeral_text(result), label
    result = await bob.click(lobby, label="Cancel")
    assert "Manage Server" in ephemeral_text(result)
    assert len(seat_lines(lobby)) == 2
    assert "Join" in button_labels(lobby.message)


async def test_player_count_limits(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    carol = guild.add_member(env.create_user("carol"))
    lobby = await open_lobby(alice, channel)
    result = await alice.click(lobby, label="Start")
    assert "At least 2 players" in ephemeral_text(result)
    result = await alice.click(lobby, label="Remove computer")
    assert "no computer player" in ephemeral_text(result)
    for _ in range(3):
        await alice.click(lobby, label="Add computer")
    assert len(seat_lines(lobby)) == 4
    result = await alice.click(lobby, label="Add computer")
    assert "full" in ephemeral_text(result)
    result = await carol.click(lobby, label="Join")
    assert "full" in ephemeral_text(result)
    await alice.click(lobby, label="Remove computer")
    await carol.click(lobby, label="Join")
    assert seat_lines(lobby)[-1] == f"4. <@{carol.id}>"


async def test_one_open_game_per_channel(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    other = guild.create_text_channel("more-games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await open_lobby(alice, channel)
    result = await bob.slash(channel, "play tiny-game")
    assert "already a game in this channel" in ephemeral_text(result)
    assert (await bob.slash(other, "play tiny-game")).response is not None


async def test_a_started_game_frees_the_channel_for_another(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_game(env, alice, [], channel, computers=1)
    assert place.is_thread
    result = await alice.slash(place, "play tiny-game")
    assert "already a game" in ephemeral_text(result)
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None and lobby.message.embeds


async def test_host_cancels_the_lobby(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    lobby = await open_lobby(alice, channel)
    await alice.click(lobby, label="Cancel")
    assert button_labels(lobby.message) == []
    assert lobby.message.embeds[0].description == "This table was cancelled."
    assert query(settings.database_path, "SELECT status FROM games") == [("cancelled",)]
    assert (await alice.slash(channel, "play tiny-game")).response is not None


async def test_manage_server_may_cancel_any_game(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    moderators = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    mod = guild.add_member(env.create_user("mod"), roles=[moderators])
    place = await start_game(env, alice, [], channel, computers=1)
    result = await bob.slash(place, "game cancel")
    assert "Manage Server" in ephemeral_text(result)
    assert await cancel_game(mod, place) == CANCELLED_PRIVATELY
    table = place.history()[-1]
    assert table.content == "❌ This game was cancelled."
    assert table.embeds and button_labels(table) == []
    lobby = await open_lobby(alice, channel)
    await mod.click(lobby, label="Cancel")
    assert button_labels(lobby.message) == []


async def test_leaving_the_lobby(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = await open_lobby(alice, channel)
    result = await bob.click(lobby, label="Leave")
    assert "do not have a seat" in ephemeral_text(result)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Leave")
    assert seat_lines(lobby) == [f"1. <@{bob.id}>"]
    host = next(f for f in lobby.message.embeds[0].fields if f.name == "Host")
    assert host.value == f"<@{bob.id}>"
    await bob.click(lobby, label="Leave")
    assert query(settings.database_path, "SELECT status FROM games") == [("cancelled",)]
    assert button_labels(lobby.message) == []


async def test_host_sets_the_turn_time_in_the_lobby(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = await open_lobby(alice, channel)
    result = await bob.select(lobby, ["60"])
    assert "opened this table" in ephemeral_text(result)
    await alice.select(lobby, ["600"])
    turn = next(f for f in lobby.message.embeds[0].fields if f.name == "Time per turn")
    assert turn.value == "10 min"
    assert query(settings.database_path, "SELECT turn_seconds FROM games") == [(600,)]


class EnginelessUI(TinyUI):
    key = "chess"


def tiny_and_engineless(bot: CardTableBot) -> None:
    bot.games.register(TinyUI(), engine=TINY_ENGINE)
    bot.games.register(EnginelessUI())


@pytest.mark.parametrize("register_games", [tiny_and_engineless])
async def test_a_game_without_engine_is_not_offered(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    commands = alice.available_commands(channel)
    assert "play tiny-game" in commands
    assert not any("chess" in command for command in commands)
