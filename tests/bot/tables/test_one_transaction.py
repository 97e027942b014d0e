"""Every accepted action is stored in exactly one transaction, the table's post included: the
design's "one transaction per accepted action", counted on each backend over a game in which
the table is both edited and posted anew (a new turn mentions its player)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import pytest
import simcord

from bot.app import CardTableBot
from bot.db import Transaction
from bot.settings import Settings
from tests.bot.helpers import alice_and_bob_at_a_table, hand_cards, query, table_message
from tests.support.table_driver import drain

pytestmark = pytest.mark.both_backends


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

    def counting() -> AbstractAsyncContextManager[Transaction]:
        opened.append(1)
        return original()

    monkeypatch.setattr(db, "transaction", counting)

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
