"""How many times a click goes to the database: each is a hand-off to aiosqlite's thread and
back (SQLite) or a round trip to the server (PostgreSQL), and under load these waits are most of
a click's time. Counted at the drivers (`tests/support/db_traffic.py`) for the clicks members
make most: opening a hand (the game kept in memory by the unit of work, no trip), and a hand's
control that plays a card (its save: the game, its changed seats and the action logged, one
transaction sent at once). Before issue 38 opening a hand was one trip (the game read), and an
accepted click made 9 hand-offs on SQLite and 7 round trips on PostgreSQL: the game read, every
statement of the save on its own (BEGIN and COMMIT included), and a read of the server's settings
for the table's language."""

from __future__ import annotations

import pytest
import simcord

from bot.settings import Settings
from tests.bot.helpers import alice_and_bob_at_a_table, hand_cards, query, table_message
from tests.support.db_traffic import count_trips
from tests.support.table_driver import drain

pytestmark = pytest.mark.both_backends


async def test_a_hand_is_no_trip_and_an_accepted_move_one(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    await drain(env)
    trips = count_trips(monkeypatch)
    shows, plays = [], []
    for member in (alice, bob, alice, bob):
        mark = trips.count
        hand = (await member.click(table_message(place), label="Show my hand")).response
        await drain(env)
        shows.append(trips.since(mark))
        assert hand is not None
        card = hand_cards(hand)[0]
        mark = trips.count
        await member.click(hand, label=f"Play {card}")
        await drain(env)
        await env.advance_time(1)
        plays.append(trips.since(mark))
        assert card not in hand_cards(hand)

    assert shows == [0, 0, 0, 0]
    assert plays == [1, 1, 1, 1]
    assert len(query(settings.database_path, "SELECT seq FROM actions")) == 4
