"""The hand a member opened last follows the game: edited when it changes, closed before Discord
stops accepting its edits (15 minutes after the newest click in it), and replaced by a newer
one."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.helpers import (
    alice_and_bob_at_a_table,
    button_labels,
    cancel_game,
    hand_cards,
    query,
    table_message,
)
from tests.support.messages import interaction_member

CLOSED = "🔒 This hand is closed: open your hand again from the table."


async def test_a_hand_left_open_shows_the_next_turn_and_plays_it(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    alice_hand = (await alice.click(table_message(place), label="Show my hand")).response
    bob_hand = (await bob.click(table_message(place), label="Show my hand")).response
    assert alice_hand is not None and bob_hand is not None
    await alice.click(alice_hand, label=f"Play {hand_cards(alice_hand)[0]}")
    await env.advance_time(1)
    await bob.click(bob_hand, label=f"Play {hand_cards(bob_hand)[0]}")
    assert not alice_hand.content.startswith("Your turn")
    await env.advance_time(1)

    assert alice_hand.content.startswith("Your turn")
    card = hand_cards(alice_hand)[0]
    await alice.click(alice_hand, label=f"Play {card}")
    assert "out of date" not in alice_hand.content
    assert card not in hand_cards(alice_hand)
    seats = query(settings.database_path, "SELECT seat FROM actions ORDER BY seq")
    assert seats == [(0,), (1,), (0,)]


async def test_edits_of_a_burst_of_moves_are_one(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """Bob plays a card and posts two hints at once: Alice's hand, whose turn comes, is edited
    once, after the last of them, and only to her."""
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    alice_hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert alice_hand is not None
    bob_hand = (await bob.click(table_message(place), label="Show my hand")).response
    assert bob_hand is not None
    await alice.click(alice_hand, label=f"Play {hand_cards(alice_hand)[0]}")
    await env.advance_time(1)
    cursor = len(env.http_requests)
    await bob.click(bob_hand, label=f"Play {hand_cards(bob_hand)[0]}")
    await bob.click(bob_hand, label="Hint low")
    await bob.click(bob_hand, label="Hint high")
    await env.advance_time(1)
    edits = [
        r.path
        for r in env.http_requests[cursor:]
        if r.method == "PATCH" and r.path.startswith("/webhooks/")
    ]
    assert [interaction_member(env, path, None) for path in edits] == [bob.id] * 3 + [alice.id]
    assert alice_hand.content.startswith("Your turn")


async def test_a_hand_closes_before_its_token_runs_out_and_a_click_restarts_the_time(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None
    await bob.click(lobby, label="Join")
    await alice.select(lobby, ["86400"])
    await alice.click(lobby, label="Start")
    place = channel.threads[0]
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    await env.advance_time(13 * 60)
    assert hand.content != CLOSED
    await alice.click(hand, label="Hint low")
    await env.advance_time(13 * 60)
    assert hand.content != CLOSED and "Hint high" in button_labels(hand)
    await env.advance_time(60)
    assert hand.content == CLOSED
    assert hand.components == [] and hand.embeds == []


async def test_a_hand_of_a_game_left_is_closed(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, _ = await alice_and_bob_at_a_table(env)
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    await alice.slash(place, "game leave")
    await env.advance_time(1)
    assert hand.content == CLOSED and hand.components == []


async def test_every_hand_of_a_cancelled_game_says_it_was_cancelled(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """The host cancels: bob's hand, open meanwhile, and the host's own say that the game was
    cancelled, not that it is over."""
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    table = table_message(place)
    hands = [(await who.click(table, label="Show my hand")).response for who in (alice, bob)]
    await cancel_game(alice, place)
    await env.advance_time(1)
    for hand in hands:
        assert hand is not None
        assert hand.content == "🔒 This game was cancelled: this hand is closed."
        assert hand.components == [] and hand.embeds == []


async def test_a_reminder_opens_the_hand_and_goes_once_the_turn_has_passed(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    await env.advance_time(settings.turn_seconds / 2 + 1)
    reminder = place.history()[-1]
    assert reminder.content.startswith(f"⏳ <@{alice.id}>, <@{bob.id}>, it is your turn")
    hand = (await alice.click(reminder, label="My hand")).response
    assert hand is not None and hand.ephemeral
    await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    assert reminder.id not in [message.id for message in place.history()]
    assert "Show my hand" in button_labels(table_message(place))
