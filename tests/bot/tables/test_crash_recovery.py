"""The bot stopped at a chosen point of its code, then restarted on the same database: what
members see afterwards matches what is stored (one table, a closed lobby, a free channel).

A crash is `Killed`, raised at the exact step (before or after one Discord request, or instead
of one step of a command); the wake-ups of the stopped bot are stopped with it, so that only the
restarted bot can repair anything."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
import simcord

from bot.app import CardTableBot
from bot.settings import Settings
from tests.bot.conftest import BotFactory
from tests.bot.helpers import button_labels, hand_cards, query, start_game, table_message

pytestmark = pytest.mark.both_backends


class Killed(BaseException):
    """The process ending at this point: no `except Exception` of the bot stops it."""


def kill_at(
    monkeypatch: pytest.MonkeyPatch,
    bot: CardTableBot,
    target: object,
    name: str,
    *,
    after: bool = False,
    when: Callable[..., bool] = lambda *_args, **_kwargs: True,
) -> None:
    """Stop `bot` at the next call of `target.name` that `when` accepts: before it runs, or
    once it has run (`after`, e.g. once Discord created a message)."""
    original: Callable[..., Awaitable[Any]] = getattr(target, name)

    async def dying(*args: Any, **kwargs: Any) -> Any:
        if not when(*args, **kwargs):
            return await original(*args, **kwargs)
        if after:
            await original(*args, **kwargs)
        bot.tables.close()
        raise Killed(name)

    monkeypatch.setattr(target, name, dying)


def is_table(*_args: Any, params: Any, **_kwargs: Any) -> bool:
    """A request posting or editing a table: it carries a "Show my hand" button."""
    return "ct:hand:" in str(params.payload)


async def restart(env: simcord.Env, make_bot: BotFactory) -> None:
    """The stopped bot's crash is expected; the restarted bot recovers and does what is due."""
    await env.restart_bot(make_bot())
    assert [type(error) for error in env.errors] == [Killed]
    await env.advance_time(1)


def alice_and_bob(
    env: simcord.Env,
) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    return channel, alice, guild.add_member(env.create_user("bob"))


async def lobby_joined_by(
    member: simcord.MemberActor, host: simcord.MemberActor, channel: simcord.ChannelHandle
) -> simcord.ResponseMessage:
    lobby = (await host.slash(channel, "play tiny-game")).response
    assert lobby is not None
    await member.click(lobby, label="Join")
    return lobby


def tables(place: simcord.ChannelHandle) -> list[discord.Message]:
    return [message for message in place.history() if "Show my hand" in button_labels(message)]


def statuses(settings: Settings) -> list[str]:
    return [row[0] for row in query(settings.database_path, "SELECT status FROM games ORDER BY id")]


@pytest.mark.parametrize("step", ["lobby_message", "set_lobby_message"])
async def test_a_lobby_nobody_can_see_gives_way_to_a_new_play(
    simcord_env: simcord.Env,
    simcord_bot: CardTableBot,
    settings: Settings,
    make_bot: BotFactory,
    monkeypatch: pytest.MonkeyPatch,
    step: str,
) -> None:
    """Stopped before `/play` sent its lobby, or before it stored the lobby message's id (the
    lobby is then on screen, but nobody clicked it)."""
    env = simcord_env
    channel, alice, bob = alice_and_bob(env)
    part = simcord_bot.publishing if step == "lobby_message" else simcord_bot.tables
    kill_at(monkeypatch, simcord_bot, part, step)
    unseen = (await alice.slash(channel, "play tiny-game")).response
    await restart(env, make_bot)

    refused = (await alice.slash(channel, "play tiny-game")).response
    assert refused is not None and "already a game" in refused.content
    await env.advance_time(30)
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None and "Start" in button_labels(lobby)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert len(tables(channel.threads[0])) == 1
    assert statuses(settings) == ["cancelled", "running"]
    if unseen is not None:  # on screen after all, nobody having clicked it
        late = await bob.click(unseen, label="Join")
        assert [message.content for message in late.followups] == [
            "This table is closed: the game has already started or was cancelled."
        ]
        assert button_labels(unseen) == []


async def test_a_lobby_whose_id_was_not_stored_is_kept_once_clicked(
    simcord_env: simcord.Env,
    simcord_bot: CardTableBot,
    settings: Settings,
    make_bot: BotFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = simcord_env
    channel, alice, bob = alice_and_bob(env)
    kill_at(monkeypatch, simcord_bot, simcord_bot.tables, "set_lobby_message")
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None
    await restart(env, make_bot)

    await bob.click(lobby, label="Join")
    assert bob.mention in str(lobby.embeds[0].to_dict())
    await env.advance_time(60)
    refused = (await bob.slash(channel, "play tiny-game")).response
    assert refused is not None and "already a game" in refused.content
    await alice.click(lobby, label="Start")
    assert button_labels(lobby) == []
    assert statuses(settings) == ["running"]


async def test_a_deleted_lobby_gives_way_to_a_new_play(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    moderators = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    alice = guild.add_member(env.create_user("alice"), roles=[moderators])
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None
    await alice.delete(lobby)

    again = (await alice.slash(channel, "play tiny-game")).response
    assert again is not None and "Start" in button_labels(again)
    assert statuses(settings) == ["cancelled", "lobby"]


async def test_start_again_after_a_crash_plays_in_the_thread_already_opened(
    simcord_env: simcord.Env,
    simcord_bot: CardTableBot,
    make_bot: BotFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stopped after Start opened the game's thread but before the game was stored: the lobby
    is still open, and Start again uses that thread rather than playing in the channel."""
    env = simcord_env
    channel, alice, bob = alice_and_bob(env)
    lobby = await lobby_joined_by(bob, alice, channel)
    kill_at(monkeypatch, simcord_bot, simcord_bot.tables.work, "save")
    await alice.click(lobby, label="Start")
    await restart(env, make_bot)

    assert "Start" in button_labels(lobby)
    await alice.click(lobby, label="Start")
    assert len(channel.threads) == 1
    opened = [name for kind, name, _ in env.backend.transcript if name.endswith("/threads")]
    assert len(opened) == 1, "Discord refuses a second thread from one message"
    assert len(tables(channel.threads[0])) == 1
    assert tables(channel) == []


@pytest.mark.parametrize("after_lobby_edit", [False, True])
async def test_a_game_started_just_before_a_crash_gets_its_table(
    simcord_env: simcord.Env,
    simcord_bot: CardTableBot,
    make_bot: BotFactory,
    monkeypatch: pytest.MonkeyPatch,
    after_lobby_edit: bool,
) -> None:
    """Stopped once Start stored the running game: before the lobby message was edited, or
    before the first table was posted."""
    env = simcord_env
    channel, alice, bob = alice_and_bob(env)
    lobby = await lobby_joined_by(bob, alice, channel)
    if after_lobby_edit:
        kill_at(monkeypatch, simcord_bot, simcord_bot.http, "send_message", when=is_table)
    else:
        kill_at(monkeypatch, simcord_bot, simcord_bot.http, "edit_message")
    await alice.click(lobby, label="Start")
    place = channel.threads[0]
    assert tables(place) == []
    await restart(env, make_bot)

    shown = tables(place)
    assert len(shown) == 1
    assert alice.mention in (shown[0].content or "") and bob.mention in (shown[0].content or "")
    assert button_labels(lobby) == []
    assert lobby.embeds[0].description == f"The game has started in <#{place.id}>."
    hand = (await alice.click(shown[0], label="Show my hand")).response
    assert hand is not None
    await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    assert len(tables(place)) == 1
    assert (await bob.slash(channel, "play tiny-game")).response is not None


@pytest.mark.parametrize("after_deleting_the_old", [False, True])
async def test_a_table_being_replaced_leaves_one_table(
    simcord_env: simcord.Env,
    simcord_bot: CardTableBot,
    settings: Settings,
    make_bot: BotFactory,
    monkeypatch: pytest.MonkeyPatch,
    after_deleting_the_old: bool,
) -> None:
    """Stopped while a move posted the table anew: once the new table was posted, or once the
    old one was deleted too, in both cases before the new one's id was stored."""
    env = simcord_env
    channel, alice, bob = alice_and_bob(env)
    place = await start_game(env, alice, [bob], channel)
    alice_hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert alice_hand is not None
    await alice.click(alice_hand, label=f"Play {hand_cards(alice_hand)[0]}")
    bob_hand = (await bob.click(table_message(place), label="Show my hand")).response
    assert bob_hand is not None
    first = table_message(place)
    if after_deleting_the_old:
        kill_at(monkeypatch, simcord_bot, simcord_bot.http, "delete_message", after=True)
    else:
        kill_at(
            monkeypatch, simcord_bot, simcord_bot.http, "send_message", after=True, when=is_table
        )
    await bob.click(bob_hand, label=f"Play {hand_cards(bob_hand)[0]}")
    assert len(tables(place)) == (1 if after_deleting_the_old else 2)
    await restart(env, make_bot)

    shown = tables(place)
    assert len(shown) == 1 and shown[0].id != first.id
    assert alice.mention in (shown[0].content or "")
    hand = (await alice.click(shown[0], label="Show my hand")).response
    assert hand is not None
    await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    assert len(tables(place)) == 1
    rows = query(settings.database_path, "SELECT seat FROM actions ORDER BY seq")
    assert rows == [(0,), (1,), (0,)]
    # The id of a table posted anew is stored with the game's next change, or when the bot
    # closes, as here; until then the stored mark (`table_posting_since`) leads to it.
    await env.bot.close()
    stored = query(settings.database_path, "SELECT table_message_id FROM games")
    assert stored == [(tables(place)[0].id,)]
