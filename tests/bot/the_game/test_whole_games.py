"""Whole games of The Game played through clicks, solo and with several players."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from bot.talk_offences import record_offence
from tests.bot.helpers import query
from tests.bot.the_game.driver import start
from tests.support.messages import fields


async def test_a_solo_game_played_to_the_end(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel)
    for _ in range(6):
        await driver.play_one()
    game_id = query(settings.database_path, "SELECT id FROM games")[0][0]
    await record_offence(
        env.bot.db,  # type: ignore[attr-defined]
        guild_id=guild.id,
        channel_id=driver.thread.id,
        game_id=game_id,
        user_id=alice.id,
        message_id=None,
        kind="message",
    )
    await env.advance_time(125)

    await driver.play_to_the_end()

    driver.check_no_hand_leaks()
    state = driver.state()
    assert state.over
    *_, table, summary = driver.thread.history()
    assert table.content.startswith("🏁 Game over.")
    assert table.components == []
    embed = summary.embeds[0]
    assert embed.title == "🏁 The Game is over"
    left = state.cards_left
    verdict = (
        "🏆 **Total victory!**"
        if left == 0
        else f"🌟 **Excellent!** Only {left} cards left."
        if left < 10
        else f"Score: **{left} cards** left."
    )
    assert (embed.description or "").startswith(verdict)
    placed = len(state.placements)
    [(played,)] = query(settings.database_path, "SELECT ended_at - started_at FROM games")
    assert 125 <= played < 3600, "the pause, and the windows moves waited for the table"
    assert fields(summary) == {
        "Players": f"alice: {placed} cards placed · 1 talk-rule slip",
        "⏱️ Time": f"{int(played) // 60} min",
    }


async def test_two_members_and_a_computer_play_a_whole_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel, computers=1)
    first = driver.table()
    assert "Anyone may open the game" in str(first.embeds[0].to_dict())
    assert query(settings.database_path, "SELECT COUNT(*) FROM actions") == [(0,)]

    await driver.play_to_the_end()

    driver.check_no_hand_leaks()
    actors = query(settings.database_path, "SELECT seat, actor, action FROM actions ORDER BY seq")
    assert actors[0][:2] == (0, "human"), "a person opens the game, not the computer"
    assert {(seat, actor) for seat, actor, _ in actors} == {
        (0, "human"),
        (1, "human"),
        (2, "computer"),
    }
    kinds = {(seat, action.split('"kind":"')[1].split('"')[0]) for seat, _, action in actors}
    assert {(0, "hint"), (1, "hint"), (2, "hint")} <= kinds, "everyone talks about piles"
    public = [
        line
        for sent in driver.sent
        if sent.owner is None
        for text in sent.texts
        for line in text.splitlines()
    ]
    assert any(line.startswith("💬 Computer 3: ") for line in public), "computer hints shown"
    backwards = [p for p in driver.state().placements if p.backwards and p.seat < 2]
    assert backwards, "people used the backwards trick, from pile buttons marked ↩"
    assert any("↩" in line for line in public), "backwards tricks are marked at the table"
    assert f"▶️ Turn: <@{bob.id}>" in "\n".join(public), "bob is mentioned when his turn starts"

    *_, table, summary = driver.thread.history()
    state = driver.state()
    team = f"<@{alice.id}>, <@{bob.id}>, Computer 3"
    assert table.content.startswith(f"🏁 Game over.\n🤝 Team {team} — score {state.cards_left}")
    placed = [sum(1 for p in state.placements if p.seat == seat) for seat in range(3)]
    assert fields(summary)["Players"].splitlines() == [
        f"alice: {placed[0]} cards placed · 0 talk-rule slips",
        f"bob: {placed[1]} cards placed · 0 talk-rule slips",
        f"Computer 3: {placed[2]} cards placed",
    ]
    assert f"{state.cards_left} card" in (summary.embeds[0].description or "")
