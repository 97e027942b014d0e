"""`/game hand|status|leave|cancel` in the game's thread."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.helpers import (
    alice_and_bob_at_a_table,
    cancel_game,
    hand_cards,
    query,
    start_game,
    table_message,
)


async def test_hand_and_status(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    carol = guild.add_member(env.create_user("carol"))
    place = await start_game(env, alice, [], channel, computers=1)
    hand = (await alice.slash(place, "game hand")).response
    assert hand is not None and hand.ephemeral and len(hand_cards(hand)) == 5
    status = (await carol.slash(place, "game status")).response
    assert status is not None and status.ephemeral
    assert "Tiny #1 — running" in status.content
    assert "🤖 Computer 2" in status.content
    refused = (await carol.slash(place, "game hand")).response
    assert refused is not None and "not playing" in refused.content
    nothing = (await alice.slash(channel, "game status")).response
    assert nothing is not None and "no game in this channel" in nothing.content


async def test_leaving_a_running_game_hands_the_seat_to_a_computer(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    result = await bob.slash(place, "game leave")
    assert result.response is not None and "computer player takes your seat" in (
        result.response.content
    )
    assert any(f"<@{bob.id}> left the game" in m.content for m in place.history())
    assert query(settings.database_path, "SELECT user_id FROM seats WHERE seat = 1") == [(None,)]
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    rows = query(settings.database_path, "SELECT seat, actor FROM actions ORDER BY seq")
    assert rows == [(1, "computer"), (0, "human"), (1, "computer")]


async def test_last_player_leaving_cancels_the_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_game(env, alice, [], channel, computers=1)
    await alice.slash(place, "game leave")
    assert query(settings.database_path, "SELECT status FROM games") == [("cancelled",)]
    assert place.history()[-1].content == "❌ This game was cancelled."
    answer = (await alice.slash(place, "game hand")).response
    assert answer is not None and answer.content == (
        "There is no game running here any more: Tiny #1 was cancelled. "
        "Start a new one with /play."
    )


async def test_a_host_who_leaves_passes_the_table_on(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    await alice.slash(place, "game leave")
    assert query(settings.database_path, "SELECT host_id FROM games") == [(bob.id,)]
    await cancel_game(bob, place)
    assert query(settings.database_path, "SELECT status FROM games") == [("cancelled",)]
