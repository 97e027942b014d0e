from __future__ import annotations

import discord
import pytest
import simcord

from bot.settings import Settings
from tests.bot.conftest import BotFactory
from tests.bot.helpers import (
    alice_and_bob_at_a_table,
    button_labels,
    cancel_game,
    channel_denying_the_bot,
    hand_cards,
    query,
    start_game,
    table_message,
)
from tests.support.messages import forge_control
from tests.support.table_driver import drain

pytestmark = pytest.mark.both_backends


async def test_start_opens_a_thread_with_the_table(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    assert place.is_thread
    table = table_message(place)
    assert f"<@{alice.id}>" in table.content and f"<@{bob.id}>" in table.content
    assert button_labels(table) == ["Show my hand"]
    lobby = channel.history()[0]
    assert button_labels(lobby) == []
    assert place.mention in (lobby.embeds[0].description or "")


async def test_without_thread_permission_the_game_plays_in_the_channel(
    simcord_env: simcord.Env,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = channel_denying_the_bot(guild, create_public_threads=False)
    alice = guild.add_member(env.create_user("alice"))
    place = await start_game(env, alice, [], channel, computers=1)
    assert place is channel
    assert channel.threads == []
    table_message(channel)


async def test_playing_a_card_updates_table_log_and_hand(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    shown = await alice.click(table_message(place), label="Show my hand")
    hand = shown.response
    assert hand is not None and hand.ephemeral
    cards = hand_cards(hand)
    assert len(cards) == 5
    await alice.click(hand, label=f"Play {cards[0]}")
    assert hand_cards(hand) == cards[1:]
    table = table_message(place)
    assert f"alice played {cards[0]}" in table.content
    assert f"<@{bob.id}>" in table.content
    rows = query(settings.database_path, "SELECT seat, actor, action FROM actions")
    assert rows == [(0, "human", f'{{"kind":"play","card":{cards[0]}}}')]


async def test_a_stale_hand_changes_nothing(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    """A hand whose controls outlived its moves (one shown before a restart, which live hands
    do not survive) only gets the current hand back."""
    env = simcord_env
    place, alice, _ = await alice_and_bob_at_a_table(env)
    first = (await alice.click(table_message(place), label="Show my hand")).response
    assert first is not None
    await env.restart_bot(make_bot())
    second = (await alice.click(table_message(place), label="Show my hand")).response
    assert second is not None
    card = hand_cards(second)[0]
    await alice.click(second, label=f"Play {card}")
    await alice.click(first, label=f"Play {card}")
    assert "out of date" in first.content
    assert card not in hand_cards(first)
    assert len(query(settings.database_path, "SELECT * FROM actions")) == 1


async def test_an_action_control_applies_only_the_action_it_names(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """A client may send any custom id: a reference that no longer names a legal action only
    refreshes the hand; text that is no reference at all is refused. Nothing is applied."""
    env = simcord_env
    place, alice, _ = await alice_and_bob_at_a_table(env)
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    cards = hand_cards(hand)
    for ref in ("0.000000", "z.abcdef"):
        forged = forge_control(env, hand, ref, kind="do")
        await alice.click(hand, custom_id=forged)
        assert "out of date" in hand.content and hand_cards(hand) == cards
    forged = forge_control(env, hand, "play-7", kind="do")
    result = await alice.click(hand, custom_id=forged)
    assert [m.content for m in result.followups] == ["That button is not part of this game."]
    assert query(settings.database_path, "SELECT * FROM actions") == []
    await alice.click(hand, label=f"Play {cards[0]}")
    assert hand_cards(hand) == cards[1:]


async def test_opening_a_hand_deletes_the_one_before(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, _ = await alice_and_bob_at_a_table(env)
    first = (await alice.click(table_message(place), label="Show my hand")).response
    second = (await alice.click(table_message(place), label="Show my hand")).response
    assert first is not None and second is not None
    ephemeral = [m.id for m in place.history(viewer=alice) if m.flags.ephemeral]
    assert ephemeral == [second.id]
    assert button_labels(second)


async def test_hints_of_other_seats_do_not_outdate_controls(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env)
    alice_hand = (await alice.click(table_message(place), label="Show my hand")).response
    bob_hand = (await bob.click(table_message(place), label="Show my hand")).response
    assert alice_hand is not None and bob_hand is not None
    await alice.click(alice_hand, label=f"Play {hand_cards(alice_hand)[0]}")
    await alice.click(alice_hand, label="Hint low")
    await bob.click(bob_hand, label=f"Play {hand_cards(bob_hand)[0]}")
    assert "out of date" not in bob_hand.content
    actors = query(settings.database_path, "SELECT seat, action FROM actions ORDER BY seq")
    assert [seat for seat, _ in actors] == [0, 0, 1]


async def test_a_full_game_records_results(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_game(env, alice, [], channel, computers=1)
    for _ in range(5):
        hand = (await alice.click(table_message(place), label="Show my hand")).response
        assert hand is not None
        await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    await drain(env)
    results = query(
        settings.database_path,
        "SELECT seat, user_id, is_computer, rank, won FROM results ORDER BY seat",
    )
    assert [(seat, user, computer) for seat, user, computer, _, _ in results] == [
        (0, alice.id, 0),
        (1, None, 1),
    ]
    status = query(settings.database_path, "SELECT status FROM games")
    assert status == [("finished",)]
    *_, final, finish = place.history()
    assert "Game over" in final.content
    assert button_labels(final) == []
    assert button_labels(finish) == ["Play again", "Replay"]
    lobby = channel.history()[0]
    winners = [user or "Computer 2" for _, user, _, _, won in results if won]
    names = ", ".join(f"<@{user}>" if isinstance(user, int) else user for user in winners)
    assert lobby.embeds[0].description == f"🏁 The game is over (<#{place.id}>): 🏆 {names}."
    assert button_labels(lobby) == ["Replay"]


async def test_the_lobby_of_a_game_cancelled_after_its_start_links_to_it(
    simcord_env: simcord.Env,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    await cancel_game(alice, place)
    lobby = channel.history()[0]
    assert lobby.embeds[0].title == "Tiny — game cancelled"
    assert lobby.embeds[0].description == f"❌ This game was cancelled (<#{place.id}>)."
    assert lobby.components == [], "nothing to replay before the first move"


async def test_two_step_choice_with_a_select(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    place, alice, _ = await alice_and_bob_at_a_table(env)
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    card = hand_cards(hand)[-1]
    await alice.select(hand, [str(card)])
    assert f"[picked {card}]" in hand.content
    assert query(settings.database_path, "SELECT * FROM actions") == []
    await alice.click(hand, label="Confirm")
    assert card not in hand_cards(hand)
    assert query(settings.database_path, "SELECT seat FROM actions") == [(0,)]


async def test_a_rejected_move_is_explained_and_changes_nothing(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, _ = await alice_and_bob_at_a_table(env)
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    before = hand.content
    result = await alice.click(hand, label="Pass")
    assert [m.content for m in result.followups] == ["That move is not allowed right now."]
    assert all(m.ephemeral for m in result.followups)
    assert hand.content == before
    assert query(settings.database_path, "SELECT * FROM actions") == []
    assert query(settings.database_path, "SELECT version FROM seats ORDER BY seat") == [(1,), (1,)]


async def test_an_old_table_message_is_posted_anew(simcord_env: simcord.Env) -> None:
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
    first = table_message(place)
    alice_hand = (await alice.click(first, label="Show my hand")).response
    assert alice_hand is not None
    await alice.click(alice_hand, label="Hint low")
    assert table_message(place).id == first.id
    await env.advance_time(3600)
    assert "closed" in alice_hand.content and alice_hand.components == []
    alice_hand = (await alice.click(first, label="Show my hand")).response
    assert alice_hand is not None
    await alice.click(alice_hand, label="Hint high")
    assert table_message(place).id != first.id
    assert first.id not in [message.id for message in place.history()]


async def test_a_deleted_table_message_comes_back(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    moderators = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    alice = guild.add_member(env.create_user("alice"), roles=[moderators])
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    await alice.delete(table_message(place))
    await alice.click(hand, label="Hint low")
    assert "Show my hand" in button_labels(table_message(place))
