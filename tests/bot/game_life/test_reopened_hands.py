"""An evening of reopened hands, in every registered game (`tests.support.games`): two people
and a computer play a whole game, pressing "Show my hand" again whenever the game moved (as
people do who close the hand between turns), and now and then step away longer than a hand
lasts. A hand that a newer one replaced is deleted; only each member's current hand and the
hands whose time ran out (marked closed) remain in their view of the thread. A game too short
for an evening (its checks' `SHORT`) is skipped."""

from __future__ import annotations

from typing import Any, cast

import pytest
import simcord

from bot.app import CardTableBot
from bot.settings import Settings
from bot.tables.live_hands import CLOSE_AFTER
from tests.support.games import GameUnderTest, game_keys
from tests.support.rate_limits import BUDGET, ChannelWrites
from tests.support.table_driver import drain, game_status

CLOSED = "🔒 This hand is closed: open your hand again from the table."
DAY = 24 * 60 * 60
STEP_AWAY = 20
"""Moves by people between two moments when everyone leaves their hand longer than it lasts."""


@pytest.mark.parametrize("key", game_keys())
async def test_only_current_and_timed_out_hands_remain_after_an_evening(
    simcord_env: simcord.Env, settings: Settings, key: str
) -> None:
    game = GameUnderTest.of(key)
    if game.flag("SHORT", False):
        pytest.skip(f"too few moves for people to step away every {STEP_AWAY}")
    env = simcord_env
    bot = cast(CardTableBot, env.bot)
    bot.settings.turn_seconds = DAY
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    driver = await game.driver.start(env, settings, members, channel, computers=1)
    writes = ChannelWrites(bot)
    timed_out: dict[int, set[int]] = {seat: set() for seat in driver.players}
    moves = 0
    while game_status(driver.db) == "running":
        await drain(env)
        if not set(driver.engine.to_act(driver.state())) & set(driver.players):
            await env.advance_time(bot.settings.computer_delay_seconds)
            continue
        if moves and moves % STEP_AWAY == 0:
            await step_away(env, driver.players, timed_out)
        await driver.play_one()
        moves += 1
    await drain(env)

    remaining: dict[int, list[tuple[int, str]]] = {}
    for seat, player in driver.players.items():
        ephemeral = [
            (message.id, message.content)
            for message in driver.thread.history(viewer=player.member)
            if message.flags.ephemeral
        ]
        remaining[seat] = ephemeral
        assert player.hand is not None
        current = [(player.hand.id, player.hand.content)]
        stubs = [(message_id, CLOSED) for message_id in sorted(timed_out[seat])]
        assert sorted(ephemeral) == sorted(stubs + current), (seat, ephemeral)
    opened = sum(driver.openings.values())
    kept = sum(len(each) for each in remaining.values())
    print(f"{key}: {moves} moves, {opened} hands opened, {kept} remain")
    assert all(timed_out.values()), "some hands timed out"
    assert opened - kept >= 10, "and many more were replaced, then deleted"
    most = {channel: writes.most_in_window(channel) for channel in writes.moments}
    print("most writes in 5 s:", most)
    assert max(most.values()) <= BUDGET


async def step_away(
    env: simcord.Env, players: dict[int, Any], timed_out: dict[int, set[int]]
) -> None:
    """Everyone leaves their hand open longer than Discord lets the bot edit it: the bot marks
    it closed, and it stays so; back at the table, everyone opens a new one."""
    for seat, player in players.items():
        if player.hand is not None:
            timed_out[seat].add(player.hand.id)
    await env.advance_time(CLOSE_AFTER + 60)
    for player in players.values():
        player.hand = None
