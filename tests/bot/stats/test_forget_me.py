"""`/stats forget-me`: confirmed by the member who asked only; their statistics are gone
afterwards while the other players' records stay whole."""

from __future__ import annotations

import pytest
import simcord

from bot.settings import Settings
from tests.bot.helpers import button_labels, query
from tests.bot.stats.helpers import embed_of, leaderboard, play, rows


async def test_forget_me_needs_the_askers_confirmation_and_erases_everything(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")
    )
    for _ in range(3):
        await play(channel, [(alice, 5), (bob, 3), (carol, 1)])
    await play(channel, [(alice, 0), (bob, 0)], game="the-game")
    db = settings.database_path

    question = (await alice.slash(channel, "stats forget-me")).response
    assert question is not None and question.ephemeral
    assert "erases your statistics on every server" in question.content
    assert button_labels(question) == ["Erase my statistics", "Keep them"]
    with pytest.raises(simcord.SetupError):
        await bob.click(question, label="Erase my statistics")
    await alice.click(question, label="Keep them")
    assert question.content == "Nothing was erased."
    assert button_labels(question) == []
    assert query(db, "SELECT COUNT(*) FROM results WHERE user_id = ?", (alice.id,)) == [(4,)]
    assert query(db, "SELECT COUNT(*) FROM seats WHERE name = 'alice'") == [(4,)]

    question = (await alice.slash(channel, "stats forget-me")).response
    assert question is not None
    await alice.click(question, label="Erase my statistics")
    assert question.content == "Your statistics were erased (results made anonymous: 4)."

    assert query(db, "SELECT COUNT(*) FROM results WHERE user_id = ?", (alice.id,)) == [(0,)]
    assert query(db, "SELECT COUNT(*) FROM seats WHERE user_id = ?", (alice.id,)) == [(0,)]
    assert query(db, "SELECT COUNT(*) FROM seats WHERE name = 'alice'") == [(0,)]
    assert query(db, "SELECT COUNT(*), SUM(is_computer) FROM results") == [(11, 0)]

    page = await leaderboard(bob, channel, "level8")
    assert [line.split(" — ")[0] for line in rows(page)] == [
        f"**1.** <@{bob.id}>",
        f"**2.** <@{carol.id}>",
    ]
    assert "3 games · 0 wins (0%)" in rows(page)[0], "bob's record still shows alice's wins"
    teams = await leaderboard(bob, channel, "the-game")
    assert rows(teams)[1].startswith(f"**1.** 🏆 total victory — <@{bob.id}>, a former player")

    stats = (await bob.slash(channel, "stats show", member=alice)).response
    assert stats is not None
    assert [field.value for field in embed_of(stats).fields] == [
        "No finished game recorded yet."
    ] * 2, "one field per game this bot offers"
    again = (await alice.slash(channel, "stats forget-me")).response
    assert again is not None and again.content == "You have no statistics to erase."
    assert button_labels(again) == []
