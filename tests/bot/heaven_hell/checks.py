"""Heaven & Hell's own checks on the games every registered game plays
(`tests/bot/test_every_game.py`, `tests/bot/history/test_every_game_replays.py`)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import discord
import simcord

from bot.settings import Settings
from tests.support.messages import posts_in
from tests.support.replays import TableRecorder, replay_step, step_button
from tests.support.table_driver import kinds


def with_hands_kept(driver: Any, kept: list[tuple[int, str, int]]) -> None:
    """With the hand kept open, each placement takes the card and the side, or one click for a
    card only one side still takes; a double's choice one click, a stuck player's discard one."""
    driver.check_hands_were_seen()
    by_kind: dict[str, list[int]] = defaultdict(list)
    for _, kind, clicks in kept:
        by_kind[kind].append(clicks)
    assert len(by_kind["PlaceCard"]) > 15
    assert by_kind["PlaceCard"] == [1 if one else 2 for one in driver.one_side]
    assert 0 < driver.one_side.count(True) < len(driver.one_side)
    assert set(by_kind["ChooseDouble"]) <= {1}
    assert set(by_kind["DiscardStuck"]) <= {1}



async def after_a_quick_game(
    driver: Any, settings: Settings, channel: simcord.ChannelHandle
) -> None:
    """Two people and two computers: four rounds, each seat's moves logged as its own, the
    table posted near once per person's turn, and the ratings, the week's board and `/stats`
    saying who won."""
    env = driver.env
    guild = channel.guild
    alice, bob = driver.players[0].member, driver.players[1].member
    driver.check_hands_were_seen()
    state = driver.state()
    assert len(state.reports) == 4
    logged = kinds(settings.database_path)
    assert {(seat, actor) for seat, actor, _ in logged} == {
        (0, "human"),
        (1, "human"),
        (2, "computer"),
        (3, "computer"),
    }
    assert {(seat, kind) for seat, _, kind in logged if seat < 2} >= {
        (0, "place"),
        (0, "double"),
        (1, "place"),
        (1, "double"),
    }
    # Computers' moves edit the table; it is posted anew when a person must act (to ping
    # them) and below each round summary, so new messages stay near one per person's turn.
    people_turns = sum(1 for seat, _, kind in logged if seat < 2 and kind in ("place", "double"))
    assert posts_in(env, driver.thread) <= 1 + people_turns + 2 * len(state.reports) + 1

    totals = state.totals()
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    await admin.slash(channel, "settings", **{"leaderboard-min-games": 1})
    page = (await alice.slash(channel, "leaderboard", game="heaven-hell")).response
    assert page is not None and page.ephemeral
    assert page.embeds[0].title == "Heaven & Hell — Ratings — all time"
    lines = (page.embeds[0].description or "").splitlines()
    order = [alice, bob] if totals[0] >= totals[1] else [bob, alice]
    assert [line.split(" — ")[0].split("** ")[1] for line in lines] == [
        f"<@{member.id}>" for member in order
    ]
    assert all("1 game" in line for line in lines)
    week = (await bob.slash(channel, "leaderboard", game="heaven-hell", period="week")).response
    assert week is not None
    assert week.embeds[0].title == "Heaven & Hell — Ratings — this week"
    assert (week.embeds[0].description or "").splitlines() == lines
    stats = (await bob.slash(channel, "stats show")).response
    assert stats is not None
    section = next(f.value or "" for f in stats.embeds[0].fields if f.name == "Heaven & Hell")
    won = totals[1] == max(totals)
    assert f"1 game · {int(won)} win{'' if won else 's'} ({100 if won else 0}%)" in section


async def after_a_replay(
    driver: Any,
    bob: simcord.MemberActor,
    recorder: TableRecorder,
    listed: str,
    final: simcord.ResponseMessage,
    replay: simcord.ResponseMessage,
) -> None:
    """The replay's round jumps follow the game's rounds: back from the end to each round's
    start, then to the deal."""
    rounds = 0
    while (forward := step_button(final, "pround")) is not None:
        await bob.click(final, custom_id=forward)
        rounds += 1
    assert replay_step(final)[0] == 0
    assert rounds == 3, "back from the end to each round's start, then to the deal"
