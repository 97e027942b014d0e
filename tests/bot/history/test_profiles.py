"""Profiles in `/stats show`: per game, the member's last five results with a button to replay
each, their best score and their winning streaks."""

from __future__ import annotations

import pytest
import simcord

from bot.settings import Settings
from bot.stats.model import FinishedGame, SeatOutcome
from bot.stats.profile import profile
from tests.bot.conftest import EXTENSIONS
from tests.bot.helpers import cancel_game, hand_cards, query, start_game, table_message
from tests.bot.history.test_tiny_history import only_answer, play_tiny
from tests.support.replays import replay_step

ALICE = 1


def game(number: int, score: int, won: bool) -> FinishedGame:
    seats = (
        SeatOutcome(0, ALICE, False, 1 if won else 2, score, won),
        SeatOutcome(1, None, True, 2 if won else 1, 0, not won),
    )
    return FinishedGame(number, float(number), seats)


def test_last_five_newest_first_best_score_and_streaks() -> None:
    outcomes = [(5, True), (9, True), (3, False), (7, True), (8, True), (6, True), (2, False)]
    games = [game(n, score, won) for n, (score, won) in enumerate(outcomes, start=1)]
    games.insert(3, FinishedGame(99, 3.5, (SeatOutcome(0, 2, False, 1, 50, True),)))

    found = profile(games, ALICE, cooperative=False)

    assert found is not None
    assert [past.game_id for past, _ in found.recent] == [7, 6, 5, 4, 3]
    assert found.best == 9, "the most points or the highest level"
    assert (found.current_streak, found.longest_streak) == (0, 3)
    assert profile(games[:-1], ALICE, cooperative=False).current_streak == 3  # type: ignore[union-attr]
    assert profile(games, ALICE, cooperative=True).best == 2, "the fewest cards left"  # type: ignore[union-attr]
    assert profile(games, 3, cooperative=False) is None


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, "cogs.leaderboard"]])
async def test_stats_show_lists_the_last_games_with_replay_buttons(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    channel, alice, _ = await play_tiny(env, settings)
    ((score, won),) = query(
        settings.database_path, "SELECT score, won FROM results WHERE user_id = ?", (alice.id,)
    )

    stats = (await alice.slash(channel, "stats show")).response
    assert stats is not None
    tiny = next(field.value for field in stats.embeds[0].fields if field.name == "Tiny")
    lines = tiny.splitlines()
    start = lines.index("**Last games**")
    assert lines[start + 1].startswith("`#1` <t:")
    assert lines[start + 1].endswith(f"{'🏆' if won else '▪️'} {score} points"), "result_score"
    assert lines[start + 2] == f"Best score: {score} points"
    assert lines[start + 3] == f"Wins in a row: {int(won)} now, {int(won)} at most"

    replay = only_answer(await alice.click(stats, label="#1"))
    assert replay.ephemeral and replay_step(replay) == (0, 10)


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, "cogs.leaderboard"]])
async def test_a_forgotten_member_reads_as_a_former_member_in_history_and_replays(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    channel, alice, _ = await play_tiny(env, settings)
    bob = channel.guild.add_member(env.create_user("bob"))
    question = (await alice.slash(channel, "stats forget-me")).response
    assert question is not None
    await alice.click(question, label="Erase my statistics")

    page = (await bob.slash(channel, "history")).response
    assert page is not None
    line = page.embeds[0].description or ""
    assert "a former member, 🤖 Computer 2" in line
    assert str(alice.id) not in line and "alice" not in line
    assert (await bob.slash(channel, "history", member=alice)).response.embeds[0].description == (  # type: ignore[union-attr]
        f"Games of <@{alice.id}>\n\nNo ended game to show here yet."
    )
    replay = only_answer(await bob.slash(channel, "replay", number=1))
    texts = [replay.content or ""] + [
        text
        for embed in replay.embeds
        for text in [embed.title or "", embed.description or ""]
        + [part for f in embed.fields for part in (f.name, f.value or "")]
    ]
    assert not any("alice" in text or str(alice.id) in text for text in texts)
    assert "a former member" in [field.name for field in replay.embeds[-1].fields]


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, "cogs.leaderboard"]])
async def test_a_member_of_cancelled_games_only_can_be_forgotten_from_the_history(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    hand = (await bob.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    await bob.click(hand, label=f"Play {hand_cards(hand)[0]}")
    await cancel_game(alice, place)
    page = (await alice.slash(channel, "history")).response
    assert page is not None and f"<@{bob.id}>" in (page.embeds[0].description or "")
    assert "❌ cancelled · 1 move" in (page.embeds[0].description or "")

    question = (await bob.slash(channel, "stats forget-me")).response
    assert question is not None
    await bob.click(question, label="Erase my statistics")

    page = (await alice.slash(channel, "history")).response
    assert page is not None
    line = page.embeds[0].description or ""
    assert f"<@{alice.id}>, a former member" in line and str(bob.id) not in line
