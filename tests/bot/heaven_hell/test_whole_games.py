"""A whole game of Heaven & Hell between three people played through the hand's controls. Every
message is checked for leaked cards and doubles as it arrives (see the driver). (Two people and
two computers: `tests/bot/test_every_game.py`, with `checks.py`.)"""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.heaven_hell.driver import start
from tests.bot.helpers import query
from tests.support.messages import fields
from tests.support.table_driver import kinds


async def test_three_members_play_a_whole_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    driver = await start(env, settings, members, channel)

    await driver.play_to_the_end()

    driver.check_hands_were_seen()
    state = driver.state()
    assert len(state.reports) == 3
    logged = kinds(settings.database_path)
    assert {actor for _, actor, _ in logged} == {"human"}
    assert {kind for _, _, kind in logged} >= {"place", "double"}
    history = driver.thread.history()
    titles = [message.embeds[0].title or "" for message in history if message.embeds]
    summaries = [title for title in titles if title.startswith("🏁 Round")]
    assert summaries == [f"🏁 Round {n} of 3 is over" for n in (1, 2, 3)]
    totals = state.totals()
    *_, table, final = history
    best = max(totals)
    assert table.content.startswith("🏁 Game over.")
    first = min(range(3), key=lambda seat: (-totals[seat], seat))
    points = "point" if abs(best) == 1 else "points"
    assert table.content.splitlines()[1] == f"🏆 1. <@{members[first].id}> — {best} {points}"
    assert table.components == []
    winners = [members[seat].name for seat in range(3) if totals[seat] == best]
    assert final.embeds[0].title in (
        f"🏆 {winners[0]} wins Heaven & Hell!",
        f"🏆 {', '.join(winners)} share the victory in Heaven & Hell!",
    )
    ranking = fields(final)["Ranking"].splitlines()
    assert len(ranking) == 3 and ranking[0].startswith("1. ")
    results = query(settings.database_path, "SELECT seat, rank, score, won FROM results")
    assert sorted(results) == [
        (seat, 1 + sum(t > totals[seat] for t in totals), totals[seat], int(totals[seat] == best))
        for seat in range(3)
    ]
