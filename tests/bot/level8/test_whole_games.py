"""Whole games of Level 8 played through the hand's controls by people alone, in English and in
French. Every message is checked for leaked cards as it arrives (see the driver), and the results
reach `/stats` and `/leaderboard game:level8`. (Two people and two computers:
`tests/bot/test_every_game.py`, with `checks.py`.)"""

from __future__ import annotations

import pytest
import simcord

from bot.settings import Settings
from tests.bot.helpers import query
from tests.bot.level8.driver import start
from tests.bot.stats.helpers import embed_of, field_value, leaderboard, rows
from tests.bot.stats.test_competitive_board import admin_of
from tests.support.colour_marks import squares_in, unmarked_colours
from tests.support.locale import make_server_french, speak_french
from tests.support.messages import fields
from tests.support.table_driver import logged_actions


async def test_two_members_play_a_whole_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)

    await driver.play_to_the_end()

    driver.check_hands_were_seen()
    state = driver.state()
    assert state.winner is not None and state.round > 1
    winner = [alice, bob][state.winner]
    logged = logged_actions(settings.database_path)
    assert {actor for _, actor, _ in logged} == {"human"}
    kinds = {action.split('"kind":"')[1].split('"')[0] for _, _, action in logged}
    assert {"draw_pile", "draw_discard", "display", "lay_off", "discard"} <= kinds

    history = driver.thread.history()
    titles = [message.embeds[0].title or "" for message in history if message.embeds]
    summaries = [title for title in titles if title.startswith("🏁 Round")]
    assert len(summaries) == state.round - 1 + (state.end_reason == "went_out_on_level_7")
    *_, table, final = history
    assert table.content.startswith(f"🏁 Game over.\n🏆 1. <@{winner.id}> — level 8")
    assert table.components == []
    assert final.embeds[0].title == f"🏆 {winner.name} wins Level 8!"
    assert fields(final)["Rounds"] == str(state.round)
    results = query(settings.database_path, "SELECT seat, rank, score, won FROM results")
    assert sorted(results) == [
        (seat, 1 if seat == state.winner else 2, player.level, int(seat == state.winner))
        for seat, player in enumerate(state.players)
    ]
    stats = (await winner.slash(channel, "stats show")).response
    assert stats is not None
    assert "1 game · 1 win (100%)" in field_value(stats, "Level 8")

    loser = [alice, bob][1 - state.winner]
    await admin_of(env, guild).slash(channel, "settings", **{"leaderboard-min-games": 1})
    page = await leaderboard(loser, channel, "level8")
    assert embed_of(page).title == "Level 8 — Ratings — all time"
    assert [line.split(" — ")[0] for line in rows(page)] == [
        f"**1.** <@{winner.id}>",
        f"**2.** <@{loser.id}>",
    ]
    assert rows(page)[0].endswith("1 game · 1 win (100%)")
    assert rows(page)[1].endswith("1 game · 0 wins (0%)")


async def test_a_whole_game_in_french_draws_every_colour_with_its_letter(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A French server and French members: every message (table, hands, menus, notices, the
    last moves, the final message) is checked as it arrives for a colour without its letter
    (see `ReplayingDriver`), with the same letters as an English game; the driver presses the
    table's French "Voir ma main"."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("jeux")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await make_server_french(env, guild, channel)
    speak_french(monkeypatch)
    driver = await start(env, settings, [alice, bob], channel, language="fr")

    await driver.play_to_the_end()

    driver.check_hands_were_seen()
    assert driver.state().winner is not None
    texts = [text for sent in driver.sent for text in sent.texts]
    assert squares_in(texts) > 500
    assert unmarked_colours(texts) == []
    hands = [sent.text for sent in driver.sent if sent.is_hand]
    assert any("R rouge, Y jaune" in text for text in hands)
