"""Competitive leaderboards (Level 8's key, played with the pick game) over finished games."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.helpers import query
from tests.stats.helpers import footer, leaderboard, own_place, play, rows


async def test_ratings_order_ties_and_minimum_games(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol, dave = (
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")
    )
    for _ in range(3):
        await play(channel, [(alice, 5), (bob, 3), (carol, 3)])
    await play(channel, [(alice, 5), (dave, 1)])

    page = await leaderboard(alice, channel, "level8")
    lines = rows(page)
    print(lines, footer(page))
