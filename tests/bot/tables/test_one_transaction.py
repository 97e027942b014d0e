"""Every accepted action is one unit of work: stored in exactly one transaction, the table's post
included (the design's "one transaction per accepted action", counted on each backend over a
game in which the table is both edited and posted anew; a transaction is a `transaction()` block
or a `write()` batch), and shown on Discord only once the game's lock is released."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal

import pytest
import simcord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.app import CardTableBot
from bot.db import Transaction, Write
from bot.settings import Settings
from bot.tables.locks import GameLock
from tests.bot.helpers import alice_and_bob_at_a_table, hand_cards, query, table_message
from tests.support.table_driver import drain

pytestmark = pytest.mark.both_backends

WEBHOOK_REQUESTS = (
    "create_interaction_response",
    "edit_original_interaction_response",
    "execute_webhook",
    "edit_webhook_message",
)
"""Interaction answers, follow-ups and edits of an ephemeral message (a hand)."""


async def test_one_transaction_per_accepted_action(
    simcord_env: simcord.Env,
    simcord_bot: CardTableBot,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    hands = {}
    for member in (alice, bob):
        hands[member.id] = (await member.click(table_message(place), label="Show my hand")).response
    db = simcord_bot.db
    opened: list[int] = []
    original: Callable[[], AbstractAsyncContextManager[Transaction]] = db.transaction
    write = db.write

    def counting() -> AbstractAsyncContextManager[Transaction]:
        opened.append(1)
        return original()

    async def counted(writes: Sequence[Write]) -> None:
        opened.append(1)
        await write(writes)

    monkeypatch.setattr(db, "transaction", counting)
    monkeypatch.setattr(db, "write", counted)

    per_action: list[int] = []
    tables: set[int] = set()
    for member in (alice, bob, alice, bob, alice, bob):
        hand = hands[member.id]
        assert hand is not None
        before = len(opened)
        await member.click(hand, label=f"Play {hand_cards(hand)[0]}")
        await drain(env)
        await env.advance_time(1)
        per_action.append(len(opened) - before)
        tables.add(table_message(place).id)

    assert per_action == [1] * 6
    assert len(query(settings.database_path, "SELECT seq FROM actions")) == 6
    assert len(tables) > 1, "the table was posted anew, not only edited"


async def test_no_discord_request_while_a_game_is_locked(
    simcord_env: simcord.Env, simcord_bot: CardTableBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """People's clicks, their hands, a computer's moves (the game's timer) and a lobby: no
    request to Discord, REST or an interaction's webhook, is made by a task while it holds a
    game's lock."""
    env = simcord_env
    holders: set[asyncio.Task[Any] | None] = set()
    acquire, release = GameLock.acquire, GameLock.release

    async def holding(lock: GameLock) -> Literal[True]:
        acquired = await acquire(lock)
        holders.add(asyncio.current_task())
        return acquired

    def releasing(lock: GameLock) -> None:
        holders.discard(asyncio.current_task())
        release(lock)

    monkeypatch.setattr(GameLock, "acquire", holding)
    monkeypatch.setattr(GameLock, "release", releasing)
    made: list[str] = []
    under_lock: list[str] = []

    def watched(name: str, send: Callable[..., Any]) -> Callable[..., Any]:
        async def sending(*args: Any, **kwargs: Any) -> Any:
            made.append(name)
            if asyncio.current_task() in holders:
                under_lock.append(name)
            return await send(*args, **kwargs)

        return sending

    monkeypatch.setattr(simcord_bot.http, "request", watched("rest", simcord_bot.http.request))
    for name in WEBHOOK_REQUESTS:
        monkeypatch.setattr(
            AsyncWebhookAdapter, name, watched(name, getattr(AsyncWebhookAdapter, name))
        )

    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Start")
    place = channel.threads[0]
    for _ in range(3):
        for member in (alice, bob):
            hand = (await member.click(table_message(place), label="Show my hand")).response
            assert hand is not None
            await member.click(hand, label=f"Play {hand_cards(hand)[0]}")
            await env.advance_time(1)
    await drain(env)

    assert "rest" in made and "edit_original_interaction_response" in made, made
    assert under_lock == []
