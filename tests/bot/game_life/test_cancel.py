"""`/game cancel` in every registered game (`tests.support.games`): a private question first,
answered by the member who asked only (after a restart too); once confirmed, every message tells
that the game was cancelled and none says that a turn runs: the table, reposted as the last
message without its turn or controls; the reminders, deleted; every open hand; the lobby.
Nothing happens at the table afterwards, and the channel's budget of writes holds."""

from __future__ import annotations

from typing import Any, cast

import discord
import pytest
import simcord

from bot import clock
from bot.app import CardTableBot
from bot.settings import Settings
from bot.tables.outbox import Outbox
from tests.bot.game_life.conftest import TURN_SECONDS, BotFactory
from tests.bot.helpers import CANCELLED_PRIVATELY, button_labels, cancel_game, query
from tests.support.games import GameUnderTest, game_keys
from tests.support.messages import components
from tests.support.rate_limits import BUDGET, ChannelWrites
from tests.support.table_driver import TableDriver, drain, visible_texts

CANCELLED = "❌ This game was cancelled."
HAND_CANCELLED = "🔒 This game was cancelled: this hand is closed."


def texts_of(message: discord.Message) -> str:
    """Everything a member reads in a message: content, embeds, controls."""
    payload = {
        "content": message.content,
        "embeds": [embed.to_dict() for embed in message.embeds],
        "components": [row.to_dict() for row in message.components],
    }
    return "\n".join(visible_texts(payload))


async def two_people_and_a_computer(
    env: simcord.Env, settings: Settings, key: str
) -> tuple[TableDriver[Any, Any], simcord.ChannelHandle]:
    """A game of `key` by alice (the host), bob and a computer, in a thread of #games."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    driver = await GameUnderTest.of(key).driver.start(env, settings, members, channel, computers=1)
    return driver, channel


def shown(place: simcord.ChannelHandle, viewer: simcord.MemberActor) -> list[tuple[int, str]]:
    return [(m.id, m.content) for m in place.history(viewer=viewer)]


@pytest.mark.parametrize("key", game_keys())
async def test_after_a_cancel_every_message_says_so_and_no_turn_runs(
    simcord_env: simcord.Env, settings: Settings, key: str
) -> None:
    env = simcord_env
    driver, channel = await two_people_and_a_computer(env, settings, key)
    alice, bob = driver.players[0], driver.players[1]
    thread, db = driver.thread, settings.database_path
    await driver.play_one()
    hands = [await driver.open_hand(player) for player in (alice, bob)]
    await env.advance_time(TURN_SECONDS / 2 + 1)
    assert any(m.content.startswith("⏳") for m in thread.history()), "a turn is reminded"
    assert "▶️" in texts_of(driver.table()), "the table shows the turn running"
    writes = ChannelWrites(cast(CardTableBot, env.bot))
    actions = query(db, "SELECT COUNT(*) FROM actions")

    assert await cancel_game(alice.member, thread) == CANCELLED_PRIVATELY
    await drain(env)
    await env.advance_time(1)

    *_, table = thread.history()
    assert table.content == CANCELLED, "the table, posted anew, is the last message"
    assert table.embeds and table.components == []
    assert "▶️" not in texts_of(table) and "⏳" not in texts_of(table)
    if key == "the-game":
        assert "to place" not in texts_of(table) and "This turn" not in texts_of(table)
    public = [m for m in thread.history() if m.author.bot]
    assert [m.id for m in public if "Show my hand" in button_labels(m)] == []
    assert [m.content for m in public if m.content.startswith("⏳")] == [], "reminders gone"
    seen_by_alice = [*shown(channel, alice.member), *shown(thread, alice.member)]
    assert [content for _, content in seen_by_alice].count(CANCELLED) == 1
    for hand in hands:
        assert hand.content == HAND_CANCELLED and hand.components == []
    lobby = channel.history()[0]
    assert (lobby.embeds[0].title or "").endswith(" — game cancelled")
    assert lobby.embeds[0].description == f"❌ This game was cancelled (<#{thread.id}>)."

    after = shown(thread, bob.member)
    await env.advance_time(3 * TURN_SECONDS)
    await drain(env)
    assert shown(thread, bob.member) == after, "no timeout, reminder or move after the cancel"
    assert query(db, "SELECT COUNT(*) FROM actions") == actions
    most = {channel: writes.most_in_window(channel) for channel in writes.moments}
    print("most writes in 5 s:", most)
    assert max(most.values()) <= BUDGET


async def test_the_question_is_answered_by_its_member_only_even_after_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    driver, _ = await two_people_and_a_computer(env, settings, "the-game")
    alice, bob = driver.players[0].member, driver.players[1].member
    thread, db = driver.thread, settings.database_path
    refusal = (await bob.slash(thread, "game cancel")).response
    assert refusal is not None and refusal.content == (
        "Only the host or a member with the Manage Server permission can cancel this game."
    )

    question = (await alice.slash(thread, "game cancel")).response
    assert question is not None and question.ephemeral
    assert question.content.startswith("Cancel The Game #1 for everyone at the table?")
    assert button_labels(question) == ["Cancel the game", "Keep playing"]
    assert query(db, "SELECT status FROM games") == [("running",)]
    await alice.click(question, label="Keep playing")
    assert question.content == "Nothing was cancelled: the game goes on."
    assert button_labels(question) == []
    assert query(db, "SELECT status FROM games") == [("running",)]

    question = (await alice.slash(thread, "game cancel")).response
    late = (await alice.slash(thread, "game cancel")).response
    kept_late = (await alice.slash(thread, "game cancel")).response
    assert question is not None and late is not None and kept_late is not None
    [confirm, _] = [str(component["custom_id"]) for component in components(question)]
    hand = await driver.open_hand(driver.players[1])
    stored = env.backend.get_message(hand.channel_id, hand.id)
    stored.components.append(
        {"type": 1, "components": [{"type": 2, "style": 4, "label": "x", "custom_id": confirm}]}
    )
    forged = await bob.click(hand, custom_id=confirm)
    assert [m.content for m in forged.followups] + (
        [forged.response.content] if forged.response is not None else []
    ) == ["Only the member who asked can answer this."]
    assert query(db, "SELECT status FROM games") == [("running",)]

    await env.restart_bot(make_bot())
    await alice.click(question, label="Cancel the game")
    assert question.content == CANCELLED_PRIVATELY and button_labels(question) == []
    assert query(db, "SELECT status FROM games") == [("cancelled",)]
    await alice.click(late, label="Cancel the game")
    assert late.content == "This game was cancelled." and button_labels(late) == []
    await alice.click(kept_late, label="Keep playing")
    assert kept_late.content == "This game was cancelled." and button_labels(kept_late) == []
    await drain(env)
    assert [m.content for m in thread.history()].count(CANCELLED) == 1


async def test_a_reminder_held_back_by_the_channels_budget_is_not_sent_after_a_cancel(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """The channel has spent its budget when a turn's reminder falls due, so the reminder
    waits in the outbox; the host cancels meanwhile: the reminder is never posted."""
    env = simcord_env
    bot = cast(CardTableBot, env.bot)
    driver, _ = await two_people_and_a_computer(env, settings, "the-game")
    publishing = bot.publishing
    await env.advance_time(TURN_SECONDS / 2 - 1)
    spent = publishing.outboxes._outboxes.setdefault(driver.thread.id, Outbox()).spent
    spent.extend([clock.now()] * BUDGET)
    await env.advance_time(2)
    assert publishing.holding(), "the reminder waits for the channel's budget"

    assert await cancel_game(driver.players[0].member, driver.thread) == CANCELLED_PRIVATELY
    await drain(env)

    contents = [message.content for message in driver.thread.history()]
    assert not any(content.startswith("⏳") for content in contents), contents
    assert contents[-1] == CANCELLED
