"""Whole games of Heaven & Hell played through the hand's controls: three people, in English and
in French. Every message is checked for leaked cards and doubles as it arrives (see the driver).
(Two people and two computers: `tests/bot/test_every_game.py`, with `checks.py`.)"""

from __future__ import annotations

import pytest
import simcord

from bot.settings import Settings
from tests.bot.heaven_hell.driver import start
from tests.bot.helpers import query
from tests.support.colour_marks import squares_in, unmarked_colours
from tests.support.locale import make_server_french, speak_french
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


async def test_a_whole_game_in_french_draws_every_colour_with_its_letter(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A French server and French members: every message (table, hands, buttons, notices,
    round summaries, the last moves, the final message) is checked as it arrives for a colour
    without its letter (see `ReplayingDriver`), with the same letters as an English game; the
    driver presses the table's French "Voir ma main"."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("jeux")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    await make_server_french(env, guild, channel)
    speak_french(monkeypatch)
    driver = await start(env, settings, members, channel, language="fr")

    await driver.play_to_the_end()

    driver.check_hands_were_seen()
    assert len(driver.state().reports) == 3
    texts = [text for sent in driver.sent for text in sent.texts]
    assert squares_in(texts) > 500
    assert unmarked_colours(texts) == []
    hands = [sent.text for sent in driver.sent if sent.is_hand]
    assert any("Couleurs (initiales anglaises)\u00a0: R rouge, Y jaune" in text for text in hands)
    summaries = {text for text in texts if text.startswith("🏁 La manche")}
    assert summaries == {f"🏁 La manche {n} sur 3 est finie" for n in (1, 2, 3)}
    assert any(text.startswith("🟥R 😈") for text in texts), "each colour's result is titled"
    assert True in driver.one_side, "some cards went to their only side in one click"
