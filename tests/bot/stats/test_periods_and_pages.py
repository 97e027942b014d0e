"""Periods (by the recorded end of each game, on SimCord's clock), pages of ten with their
buttons, the asking member's own row, and pages that went stale."""

from __future__ import annotations

import discord
import simcord

from tests.bot.stats.conftest import BotFactory
from tests.bot.stats.helpers import footer, leaderboard, own_place, play, rows

DAY = 24 * 3600


async def set_min_games(env: simcord.Env, guild: simcord.GuildHandle, value: int) -> None:
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    channel = guild.create_text_channel("admin")
    await admin.slash(channel, "settings", **{"leaderboard-min-games": value})


def ranked_ids(message: simcord.ResponseMessage | discord.Message) -> list[int]:
    return [int(line.split("<@")[1].split(">")[0]) for line in rows(message)]


async def test_week_month_and_all_time(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol, dave = (
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")
    )
    await set_min_games(env, guild, 1)
    await play(channel, [(alice, 4), (bob, 1)])  # Thursday 1 January 2026
    await env.advance_time(8 * DAY)
    await play(channel, [(carol, 4), (dave, 1)])  # Friday 9 January, the next week

    week = await leaderboard(alice, channel, "level8", "week")
    assert ranked_ids(week) == [carol.id, dave.id]
    assert own_place(week) is None, "alice did not play this week"
    month = await leaderboard(alice, channel, "level8", "month")
    assert sorted(ranked_ids(month)) == sorted([alice.id, bob.id, carol.id, dave.id])

    await env.advance_time(25 * DAY)  # 3 February
    february = await leaderboard(alice, channel, "level8", "month")
    assert rows(february) == ["No finished games in this period yet."]
    everything = await leaderboard(alice, channel, "level8", "all-time")
    assert len(rows(everything)) == 4


async def test_pages_of_ten_own_row_restart_and_stale_pages(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"player{n}")) for n in range(12)]
    await set_min_games(env, guild, 1)
    await play(channel, [(member, 10 - n) for n, member in enumerate(members[:6])])
    await play(channel, [(member, 10 - n) for n, member in enumerate(members[6:])])
    # Both games gave the same places: the two players of each place share one rating.
    order = [member.id for pair in zip(members[:6], members[6:], strict=True) for member in pair]
    last = members[11]

    first = await leaderboard(last, channel, "level8")
    assert ranked_ids(first) == order[:10]
    assert [line.split()[0] for line in rows(first)] == [
        f"**{rank}.**" for rank in (1, 1, 3, 3, 5, 5, 7, 7, 9, 9)
    ]
    assert footer(first).startswith("Page 1/2")
    own = own_place(first)
    assert own is not None and own.startswith(f"**11.** <@{last.id}>")

    await last.click(first, label="Next")
    assert ranked_ids(first) == order[10:]
    assert footer(first).startswith("Page 2/2")
    assert own_place(first) is None, "the member's row is on this page"
    await last.click(first, label="Previous")
    assert ranked_ids(first) == order[:10]

    await env.restart_bot(make_bot())
    await last.click(first, label="Next")
    assert ranked_ids(first) == order[10:], "page buttons still work after a restart"

    tenth = members[10]
    stale = await leaderboard(tenth, channel, "level8")
    for leaving in (members[5], members[11]):
        question = (await leaving.slash(channel, "stats forget-me")).response
        assert question is not None
        await leaving.click(question, label="Erase my statistics")
    await tenth.click(stale, label="Next")
    assert stale.content == (
        "The leaderboard changed since these buttons were drawn: this is page 1."
    )
    assert len(rows(stale)) == 10 and footer(stale).startswith("Page 1/1")
