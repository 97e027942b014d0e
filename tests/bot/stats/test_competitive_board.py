"""Competitive leaderboards (Level 8's key, played with the pick game) over finished games."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.settings import Settings
from tests.bot.helpers import query
from tests.bot.stats.helpers import (
    embed_of,
    field_value,
    footer,
    leaderboard,
    own_place,
    play,
    rows,
)
from tests.support.locale import speak_french

UNRANKED = "Not ranked yet, provisional ratings (fewer than 3 games)"


def admin_of(env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("admin"), roles=[admins])


async def test_ratings_order_ties_and_minimum_games(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol, dave = (
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")
    )
    for _ in range(3):
        await play(channel, [(alice, 5), (bob, 3), (carol, 3)])
    await play(channel, [(alice, 5), (dave, 1)])

    page = await leaderboard(dave, channel, "level8")
    assert embed_of(page).title == "Level 8 — Ratings — all time"
    assert rows(page) == [
        f"**1.** <@{alice.id}> — **1833** · 4 games · 4 wins (100%)",
        f"**2.** <@{bob.id}> — **1456** · 3 games · 0 wins (0%)",
        f"**2.** <@{carol.id}> — **1456** · 3 games · 0 wins (0%)",
    ]
    assert own_place(page) is None, "dave has one game: he is not ranked yet"
    assert field_value(page, UNRANKED) == f"<@{dave.id}> — **1467** · 1 game"
    assert "Players appear after 3 games." in footer(page)
    stats = (await dave.slash(channel, "stats show")).response
    assert stats is not None
    level8 = field_value(stats, "Level 8")
    assert "Rating **1467** (provisional) · 1 game · 0 wins (0%)" in level8
    assert "Appears on the leaderboard after 3 games (2 to go)." in level8

    admin = admin_of(env, guild)
    await admin.slash(channel, "settings", **{"leaderboard-min-games": 1})
    assert query(settings.database_path, "SELECT leaderboard_min_games FROM guild_settings") == [
        (1,)
    ]
    page = await leaderboard(dave, channel, "level8")
    assert [line.split(" — ")[0] for line in rows(page)] == [
        f"**1.** <@{alice.id}>",
        f"**2.** <@{dave.id}>",
        f"**3.** <@{bob.id}>",
        f"**3.** <@{carol.id}>",
    ], "one loss to the strongest player costs dave less than bob's and carol's three"
    assert "Players appear after 1 game." in footer(page)
    assert [field.name for field in embed_of(page).fields] == [], "everybody is ranked"


async def test_computer_seats_are_never_ranked_and_are_marked(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await admin_of(env, guild).slash(channel, "settings", **{"leaderboard-min-games": 1})
    await play(channel, [(alice, 9)], computers=2)
    await play(channel, [(bob, 9), (alice, 0)])
    recorded = query(settings.database_path, "SELECT COUNT(*) FROM results WHERE is_computer = 1")
    assert recorded == [(2,)]

    page = await leaderboard(bob, channel, "level8")
    lines = rows(page)
    assert len(lines) == 2, "only the two members are ranked, never the computer seats"
    alice_line = next(line for line in lines if f"<@{alice.id}>" in line)
    bob_line = next(line for line in lines if f"<@{bob.id}>" in line)
    assert alice_line.endswith("🤖") and "2 games · 1 win (50%)" in alice_line
    assert not bob_line.endswith("🤖")
    assert "🤖 computer players took part (they are never ranked)." in footer(page)
    stats = (await alice.slash(channel, "stats show")).response
    assert stats is not None
    level8 = field_value(stats, "Level 8")
    assert "🤖 Games with computer players: 1." in level8


async def test_a_french_client_reads_the_leaderboard_in_french(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SimCord's users all speak en-US; this one's client speaks French."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await play(channel, [(alice, 3), (bob, 1)], computers=1)
    speak_french(monkeypatch)
    page = await leaderboard(alice, channel, "level8", "week")
    assert embed_of(page).title == "Level 8 — Cotes — cette semaine"
    assert rows(page) == ["Personne n'a encore joué 3 parties pendant cette période."]
    assert footer(page) == "Page 1/1\nLes joueurs apparaissent après 3 parties."
    unranked = "Pas encore classés, cotes provisoires (moins de 3 parties)"
    assert field_value(page, unranked).splitlines() == [
        f"<@{alice.id}> — **1596** · 1 partie",
        f"<@{bob.id}> — **1419** · 1 partie",
    ]
    stats = (await alice.slash(channel, "stats show")).response
    assert stats is not None
    lines = field_value(stats, "Level 8").splitlines()
    assert lines[:3] == [
        "Cote **1596** (provisoire) · 1 partie · 1 victoire (100\u00a0%)",
        "Apparaît au classement après 3 parties (encore 2).",
        "🤖 Parties avec des joueurs ordinateurs\u00a0: 1.",
    ]
    assert lines[3] == "**Dernières parties**"
    assert lines[4].startswith("`#1` <t:") and lines[4].endswith("🏆 niveau 3")
    assert lines[5:] == [
        "Meilleur score\u00a0: niveau 3",
        "Victoires d'affilée\u00a0: 1 en ce moment, 1 au plus",
    ]


async def test_after_a_first_game_the_leaderboard_lists_its_players_below_the_ranking(
    simcord_env: simcord.Env,
) -> None:
    """Ranked after 3 games, nobody is after the first one: the page says so and lists who
    played, with their count of games, instead of looking empty; only the last page of a
    longer ranking lists them."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")
    )
    await play(channel, [(alice, 2), (bob, 1)])
    page = await leaderboard(carol, channel, "level8")
    assert rows(page) == ["Nobody has played 3 games in this period yet."]
    assert field_value(page, UNRANKED).splitlines() == [
        f"<@{alice.id}> — **1601** · 1 game",
        f"<@{bob.id}> — **1446** · 1 game",
    ]
    await play(channel, [(bob, 1), (carol, 2)])
    page = await leaderboard(carol, channel, "level8")
    assert field_value(page, UNRANKED).splitlines() == [
        f"<@{bob.id}> — **1401** · 2 games",
        f"<@{alice.id}> — **1601** · 1 game",
        f"<@{carol.id}> — **1595** · 1 game",
    ], "nearest to being ranked first"
