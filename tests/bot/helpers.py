"""Small helpers for the table tests: find messages, read hands, query the database file."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.i18n import LOCALES, Texts
from tests.support.messages import components
from tests.support.postgres import registered_url, run_sync

CANCELLED_PRIVATELY = "Done: the game is cancelled, and its table says so."
"""What the member who confirmed `/game cancel` reads in its question once the game is cancelled."""


def button_labels(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    labels: list[str] = []
    rows = message.components
    for row in rows:
        children = row["components"] if isinstance(row, dict) else row.children
        for child in children:
            label = child.get("label") if isinstance(child, dict) else getattr(child, "label", None)
            if label:
                labels.append(label)
    return labels


def table_message(place: simcord.ChannelHandle) -> discord.Message:
    """The newest bot message of a channel or thread that carries the "Show my hand" button, in
    any language."""
    labels = {Texts(language)("table.show_hand") for language in LOCALES}
    for message in reversed(place.history()):
        if labels & set(button_labels(message)):
            return message
    raise AssertionError("no table message")


def hand_cards(hand: simcord.ResponseMessage) -> list[int]:
    line = next(line for line in hand.content.splitlines() if line.startswith("hand:"))
    return [int(part) for part in line.removeprefix("hand:").split("[")[0].split()]


def channel_denying_the_bot(guild: simcord.GuildHandle, **denied: bool) -> simcord.ChannelHandle:
    """A "games" channel where the bot lacks some permissions, e.g. `manage_messages=False`."""
    me = guild.me
    assert me is not None
    overwrites = {me: discord.PermissionOverwrite(**denied)}
    return guild.create_text_channel("games", overwrites=overwrites)


def query(db: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run `sql` on the test's database: the SQLite file at `db`, or the PostgreSQL schema a
    test running on PostgreSQL registered under that path."""
    url = registered_url(db)
    if url is not None:
        return run_sync(url, sql, params)
    with sqlite3.connect(db) as conn:
        return list(conn.execute(sql, params))


async def start_game(
    env: simcord.Env,
    host: simcord.MemberActor,
    others: list[simcord.MemberActor],
    channel: simcord.ChannelHandle,
    computers: int = 0,
    command: str = "play tiny-game",
    language: str = "en",
    **options: Any,
) -> simcord.ChannelHandle:
    """The lobby as people use it: `/<command>` (with its options) by the host, the others
    join, the host adds `computers`, then starts, pressing the buttons as the server's
    `language` labels them. Returns the game's place: its thread, or the channel itself where
    the bot may not open threads. The default command opens the tiny game, which most of
    tests/bot play."""
    tr = Texts(language)
    lobby = (await host.slash(channel, command, **options)).response
    assert lobby is not None
    for member in others:
        await member.click(lobby, label=tr("lobby.button.join"))
    for _ in range(computers):
        await host.click(lobby, label=tr("lobby.button.add"))
    await host.click(lobby, label=tr("lobby.button.start"))
    threads = channel.threads
    return threads[-1] if threads else channel


async def alice_and_bob_at_a_table(
    env: simcord.Env, command: str = "play tiny-game"
) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    """The table most tests need: alice hosts a game (`command`, the tiny game by default) in
    #games and bob joins; returns the game's place and both members."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return await start_game(env, alice, [bob], channel, command=command), alice, bob


async def cancel_game(member: simcord.MemberActor, place: simcord.ChannelHandle) -> str:
    """`/game cancel` as people use it: the command, then the confirmation in the private
    question it asks. Returns what the member reads privately in the end: the question as the
    click left it, or the command's refusal when it asked nothing."""
    asked = await member.slash(place, "game cancel")
    question = asked.response
    assert question is not None and question.ephemeral
    confirm = [
        component["custom_id"]
        for component in components(question)
        if str(component.get("custom_id", "")).endswith(":yes")
    ]
    if not confirm:
        return question.content
    result = await member.click(question, custom_id=confirm[0])
    assert result.followups == [], [message.content for message in result.followups]
    return question.content
