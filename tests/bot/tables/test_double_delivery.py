"""The same click delivered to two bot processes (a rolling restart, a change of shard count):
both share the database, each with its own connections, locks and timers, and the action is
applied exactly once. The process that loses the race answers "out of date", as for any stale
click. On both backends."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import simcord

from bot.app import CardTableBot
from bot.db import open_database
from bot.settings import Settings
from bot.tables.applying import apply_action
from bot.tables.records import (
    Actor,
    Game,
    StaleGame,
    append_action,
    load_game,
    save_change,
    save_game,
)
from tests.bot.conftest import BotFactory
from tests.bot.helpers import hand_cards, query, start_game, table_message
from tests.tiny_game.engine import Play

pytestmark = pytest.mark.both_backends


async def other_process(make_bot: BotFactory, settings: Settings) -> CardTableBot:
    """A second bot on the same database, as another process would be (never connected to
    Discord here: only its table service and storage are used)."""
    other = make_bot()
    other._db = await open_database(settings.database_path, settings.database_url)
    return other


async def alice_and_her_hand(
    env: simcord.Env,
) -> tuple[simcord.MemberActor, simcord.ResponseMessage, int]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    return alice, hand, hand_cards(hand)[0]


def game_id_of(settings: Settings) -> int:
    return int(query(settings.database_path, "SELECT id FROM games")[0][0])


def logged(settings: Settings) -> list[tuple[int, str]]:
    return [
        (seat, actor)
        for seat, actor in query(
            settings.database_path, "SELECT seat, actor FROM actions ORDER BY seq"
        )
    ]


async def test_this_process_first_then_the_other_is_refused(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    alice, hand, card = await alice_and_her_hand(simcord_env)
    other = await other_process(make_bot, settings)
    copy = await other.tables.work.load(game_id_of(settings))
    running = other.tables.work.running(copy)

    await alice.click(hand, label=f"Play {card}")
    with pytest.raises(StaleGame):
        await other.tables.work.save(apply_action(running, 0, Play(card=card), Actor.HUMAN, 0.0))

    assert logged(settings) == [(0, "human")], "applied once"
    assert card not in hand_cards(hand)


async def test_the_other_process_first_then_this_click_is_out_of_date(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    alice, hand, card = await alice_and_her_hand(simcord_env)
    other = await other_process(make_bot, settings)
    copy = await other.tables.work.load(game_id_of(settings))
    running = other.tables.work.running(copy)
    await other.tables.work.save(apply_action(running, 0, Play(card=card), Actor.HUMAN, 0.0))

    await alice.click(hand, label=f"Play {card}")

    assert "out of date" in hand.content
    assert logged(settings) == [(0, "human")], "applied once"


async def test_both_at_once_the_database_decides(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    """Both processes load the game before either saves: the other process's unit of work is
    open (not yet committed) while this process handles the click, so the in-process checks
    pass here and only the database's revision check can refuse the second save."""
    alice, hand, card = await alice_and_her_hand(simcord_env)
    other = await other_process(make_bot, settings)
    copy: Game = await other.tables.work.load(game_id_of(settings))
    running = other.tables.work.running(copy)
    state, _ = running.engine.apply(running.state, 0, Play(card=card))

    async with other.db.transaction() as conn:
        copy.state = state.model_dump_json()
        seq = copy.action_count
        copy.action_count += 1
        await save_game(conn, copy)
        action, logged_events = Play(card=card).model_dump_json(), json.dumps([])
        await append_action(conn, copy, 0, Actor.HUMAN, action, logged_events, 0.0, seq)
        click = asyncio.create_task(alice.click(hand, label=f"Play {card}"))
        # Let this process load the game and reach its save, which now waits for the other
        # process's transaction (a row lock on PostgreSQL, the write lock on SQLite).
        await asyncio.to_thread(time.sleep, 0.5)
        assert not click.done()
    await click

    assert "out of date" in hand.content, "the losing click gets the usual answer"
    assert logged(settings) == [(0, "human")], "applied once"
    assert len(other.tables.work.locks) == 0


async def test_a_click_still_valid_on_a_game_changed_elsewhere_is_applied_once(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    """This process keeps the game in memory (issue 38). Another process changes it in a way
    that leaves alice's hand as it was (here the lobby message's id): her click, worked out on
    the copy in memory, is refused at the save, worked out again on the game as stored, and
    applied once, the other process's change kept."""
    alice, hand, card = await alice_and_her_hand(simcord_env)
    other = await other_process(make_bot, settings)
    copy = await load_game(other.db, game_id_of(settings))
    assert copy is not None
    copy.lobby_message_id = 424242
    await save_change(other.db, copy)

    await alice.click(hand, label=f"Play {card}")

    assert "out of date" not in hand.content
    assert card not in hand_cards(hand)
    assert logged(settings) == [(0, "human")], "applied once"
    assert query(settings.database_path, "SELECT lobby_message_id FROM games") == [(424242,)]
