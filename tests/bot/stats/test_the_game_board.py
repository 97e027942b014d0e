"""The Game's leaderboards (best teams per player count and mode, players table) over finished
cooperative pick games, where the picks add up to the team's cards left."""

from __future__ import annotations

import simcord

from tests.bot.stats.helpers import (
    embed_of,
    field_value,
    footer,
    leaderboard,
    own_place,
    play,
    rows,
)


async def test_best_teams_per_category_and_players_table(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol, dave = (
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")
    )
    await play(channel, [(alice, 0), (bob, 0)], game="the-game")
    await play(channel, [(alice, 3), (bob, 2)], game="the-game")
    await play(channel, [(carol, 4), (dave, 1)], game="the-game")
    await play(channel, [(bob, 5), (carol, 0)], game="the-game")
    await play(channel, [(alice, 1), (carol, 2)], game="the-game", expert=True)
    await play(channel, [(alice, 0)], computers=1, game="the-game")

    page = await leaderboard(dave, channel, "the-game")
    assert embed_of(page).title == "The Game — Best teams — all time"
    lines = [line.split(" · <t:")[0] for line in rows(page)]
    assert lines == [
        "__2 players · standard__",
        f"**1.** 🏆 total victory — <@{alice.id}>, <@{bob.id}>",
        f"**2.** 2 cards left — <@{alice.id}>, 🤖 ×1",
        f"**3.** 5 cards left — <@{carol.id}>, <@{dave.id}>",
        f"**3.** 5 cards left — <@{bob.id}>, <@{carol.id}>",
        "__2 players · expert__",
        f"**1.** 3 cards left — <@{alice.id}>, <@{carol.id}>",
    ], "each team's best result only, fewest cards left first, ties sharing a rank"
    assert own_place(page) is None
    assert "🤖 computer players took part (they are never ranked)." in footer(page)

    players = (await dave.click(page, label="Players")).response
    assert players is not None
    assert embed_of(players).title == "The Game — Players — all time"
    assert rows(players) == [
        f"**1.** <@{alice.id}> — 1 total victory · 4 excellent games · 4 games · "
        "2.5 cards left on average · best 0 🤖",
        f"**2.** <@{bob.id}> — 1 total victory · 3 excellent games · 3 games · "
        "3.3 cards left on average · best 0",
        f"**3.** <@{carol.id}> — 0 total victories · 3 excellent games · 3 games · "
        "4.3 cards left on average · best 3",
        f"**4.** <@{dave.id}> — 0 total victories · 1 excellent game · 1 game · "
        "5.0 cards left on average · best 5",
    ]

    stats = (await carol.slash(channel, "stats show", member=alice)).response
    assert stats is not None
    the_game = field_value(stats, "The Game")
    assert the_game.splitlines()[:2] == [
        "4 games · 1 total victory · 4 excellent games · 2.5 cards left on average · best 0",
        "Players table: rank 1 of 4.",
    ]
    assert "Best team result: 🏆 total victory (2 players · standard" in the_game
    assert "🤖 Games with computer players: 1." in the_game
