"""The Game's leaderboards over real games played to the end through clicks: solo, with a
computer, by different members. Scores come from the engine's final states, so the expectations
hold whatever the computer players (and the driver's moves) become."""

from __future__ import annotations

from dataclasses import dataclass

import simcord

from bot.settings import Settings
from tests.bot.stats.helpers import field_value, footer, leaderboard, own_place, rows
from tests.bot.the_game.driver import start


@dataclass
class Played:
    members: list[simcord.MemberActor]
    computers: int
    left: int


def result(left: int) -> str:
    if left == 0:
        return "🏆 total victory"
    return f"{left} card left" if left == 1 else f"{left} cards left"


def counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


async def play(
    env: simcord.Env,
    settings: Settings,
    channel: simcord.ChannelHandle,
    members: list[simcord.MemberActor],
    computers: int = 0,
) -> Played:
    driver = await start(env, settings, members, channel, computers=computers)
    await driver.play_to_the_end()
    return Played(members, computers, driver.state().cards_left)


async def test_real_games_make_the_boards_and_the_stats(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    solo = await play(env, settings, channel, [alice])
    duo = [
        await play(env, settings, channel, [alice], computers=1),
        await play(env, settings, channel, [bob], computers=1),
    ]

    page = await leaderboard(carol, channel, "the-game")
    lines = [line.split(" · <t:")[0] for line in rows(page)]
    duo_ranked = sorted(enumerate(duo), key=lambda pair: (pair[1].left, pair[0]))
    first, second = (game for _, game in duo_ranked)
    second_rank = 1 if first.left == second.left else 2
    assert lines == [
        "__solo · standard__",
        f"**1.** {result(solo.left)} — <@{alice.id}>",
        "__2 players · standard__",
        f"**1.** {result(first.left)} — <@{first.members[0].id}>, 🤖 ×1",
        f"**{second_rank}.** {result(second.left)} — <@{second.members[0].id}>, 🤖 ×1",
    ]
    assert own_place(page) is None
    assert "🤖 computer players took part (they are never ranked)." in footer(page)

    players = (await carol.click(page, label="Players")).response
    assert players is not None
    lefts = {alice.id: [solo.left, duo[0].left], bob.id: [duo[1].left]}

    def figures(user: int) -> tuple[int, int, float]:
        games = lefts[user]
        average = round(sum(games) / len(games), 1)
        return sum(g == 0 for g in games), sum(g < 10 for g in games), average

    def line(rank: int, user: int) -> str:
        victories, excellent, average = figures(user)
        games = lefts[user]
        return (
            f"**{rank}.** <@{user}> — {counted(victories, 'total victory', 'total victories')}"
            f" · {counted(excellent, 'excellent game', 'excellent games')}"
            f" · {counted(len(games), 'game', 'games')} · {average} cards left on average"
            f" · best {min(games)} 🤖"
        )

    def order(user: int) -> tuple[int, int, float]:
        victories, excellent, average = figures(user)
        return -victories, -excellent, average

    top, other = sorted(lefts, key=lambda user: (*order(user), user))
    other_rank = 1 if order(top) == order(other) else 2
    assert rows(players) == [line(1, top), line(other_rank, other)]

    stats = (await carol.slash(channel, "stats show", member=alice)).response
    assert stats is not None
    alice_rank = 1 if alice.id == top else other_rank
    victories, excellent, average = figures(alice.id)
    the_game = field_value(stats, "The Game").splitlines()
    assert the_game[:2] == [
        f"2 games · {counted(victories, 'total victory', 'total victories')} · "
        f"{counted(excellent, 'excellent game', 'excellent games')} · "
        f"{average} cards left on average · best {min(lefts[alice.id])}",
        f"Players table: rank {alice_rank} of 2.",
    ]
    best = min((solo, "solo · standard"), (duo[0], "2 players · standard"), key=lambda b: b[0].left)
    assert the_game[2].startswith(f"Best team result: {result(best[0].left)} ({best[1]}, <t:")
    assert the_game[3] == "🤖 Games with computer players: 1."
