"""The tests' SimCord answers the bot's requests the way the network does: the request suspends
its caller first (`tests/support/network.py`, which says why SimCord's settle needs that)."""

from __future__ import annotations

import asyncio

import simcord


async def test_a_request_lets_other_work_run_before_it_is_answered(
    simcord_env: simcord.Env,
) -> None:
    bot = simcord_env.bot
    assert bot.user is not None
    ran: list[str] = []

    async def meanwhile() -> None:
        ran.append("meanwhile")

    other = asyncio.create_task(meanwhile())
    fetched = await bot.fetch_user(bot.user.id)

    assert ran == ["meanwhile"]
    assert fetched.id == bot.user.id
    await other
