"""Heaven & Hell's table and hand around the edges: a turn in two clicks with closed rows
locked, the stuck player's discard, stale, double, foreign and forged clicks, spectators, the
lobby's minimum of three seats, French, and the talk rule that does not apply here."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
import simcord.interactions

from bot.settings import Settings
from bot.tables.carried import ActionRefs
from cogs.heaven_hell.hand import choose_code
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import DiscardStuck
from games.heaven_hell.cards import Side
from games.heaven_hell.state import HeavenHellState
from tests.bot.heaven_hell.driver import Driver, place, seat_lines, start
from tests.bot.helpers import channel_denying_the_bot, query
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, build
from tests.support.bots import BotFactory
from tests.support.locale import speak_french
from tests.support.messages import (
    carried,
    controls,
    disabled_controls,
    fields,
)
from tests.support.table_driver import kinds, logged_actions


async def three_people(env: simcord.Env, settings: Settings) -> Driver:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    return await start(env, settings, members, channel)


def bobs_turn() -> HeavenHellState:
    """Bob (seat 1) to play: red is closed, blue's heaven side is full."""
    cards = Cards()
    rows = {
        R: (cards.take(R, 5, 4), cards.take(R, 1, 1, 2)),
        B: (cards.take(B, 1, 2, 3), cards.take(B, 1)),
    }
    hands = [
        cards.take(Y, 1, 2, 3) + cards.take(G, 1, 2, 3),
        cards.take(R, 3)
        + cards.take(B, 4)
        + cards.take(G, 5)
        + cards.take(P, 1, 1)
        + cards.take(Y, 4),
        cards.take(Y, 5) + cards.take(G, 4) + cards.take(P, 2, 3, 4, 5),
    ]
    return build(cards, hands, rows, current=1)


async def test_a_turn_is_a_card_then_a_legal_side_and_closed_rows_are_locked(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_people(env, settings)
    driver.set_position(bobs_turn())
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    assert hand.embeds[0].title == "🃏 Your hand · round 1 of 3"
    assert (hand.embeds[0].description or "").splitlines() == [
        "🟥R3 🟨Y4 🟩G5 🟦B4 🟪P1 🟪P1",
        "🔒 Closed rows: 🟥R",
    ]
    assert fields(hand)["Now"] == (
        "Your turn (card drawn): **choose a card**, then 😇 or 😈.\n"
        "A card with an arrow goes to its only side in one click."
    )
    assert set(disabled_controls(hand)) == {choose_code(R, 3)}
    assert set(controls(hand)) == {choose_code(c, v) for c, v in ((Y, 4), (G, 5), (P, 1))}
    one_side = {place(B, 4, Side.HELL): "🟦B4 → 😈 5"}
    assert driver.labelled(bob, hand) == one_side, "blue's heaven side is full"

    await driver.click(bob, hand, choose_code(G, 5))
    assert fields(hand)["Now"] == "Where does 🟩G5 go?"
    assert driver.labelled(bob, hand) == {
        **one_side,
        place(G, 5, Side.HELL): "Hell: 0 → 5",
        place(G, 5, Side.HEAVEN): "Heaven: 0 → 5",
    }
    assert logged_actions(driver.db) == []
    await driver.do(bob, hand, place(G, 5, Side.HEAVEN))

    assert kinds(driver.db) == [(1, "human", "place")]
    assert fields(hand)["Now"] == "Waiting for carol."
    assert controls(hand) == {}
    table = driver.table()
    carol = driver.players[2].member
    assert table.content.startswith(f"▶️ Turn: <@{carol.id}>")
    rows = fields(table)["Rows · 😈 hell │ 😇 heaven"].splitlines()
    assert rows[0] == "🟥R 1 1 2 = 4 │ 5 4 = **9** 🔒"
    assert rows[2] == "🟩G — │ 5 = **5**"
    assert rows[3] == "🟦B 1 = 1 │ 1 2 3 = **6**"
    assert fields(table)["Last moves"].splitlines()[-1] == "**bob**: 🟩G5 → 😇 heaven"
    assert seat_lines(table) == [
        "▪️ **alice** ×2 🎴 6 · 0 pts",
        "▪️ **bob** ×2 🎴 5 · 0 pts",
        "▶️ **carol** ×2 🎴 7 · 0 pts",
    ]
    assert "Players · alice deals" in fields(table)


async def test_a_card_only_one_side_takes_is_placed_in_one_click_in_french(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blue's heaven side is full: 🟦B4 can only go to hell, and its button puts it there."""
    env = simcord_env
    driver = await three_people(env, settings)
    driver.set_position(bobs_turn())
    speak_french(monkeypatch)
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    assert fields(hand)["Maintenant"].splitlines()[1] == (
        "Une carte fléchée va d'un clic au seul côté qui la prend."
    )
    assert driver.labelled(bob, hand) == {place(B, 4, Side.HELL): "🟦B4 → 😈 5"}

    await driver.do(bob, hand, place(B, 4, Side.HELL))

    assert kinds(driver.db) == [(1, "human", "place")]
    rows = fields(driver.table())["Rows · 😈 hell │ 😇 heaven"].splitlines()
    assert rows[3] == "🟦B 1 4 = 5 │ 1 2 3 = **6** 🔒"
    assert fields(driver.table())["Last moves"].splitlines()[-1] == "**bob**: 🟦B4 → 😈 hell 🔒", (
        "🟦B4 on bob's French button is 🟦B4 on the English table: one card, one name; the 🔒 "
        "says it closed its row"
    )


async def test_a_stuck_player_shows_their_hand_and_discards(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_people(env, settings)
    cards = Cards()
    rows = {
        R: (cards.take(R, 5, 4), cards.take(R, 1, 1, 2)),
        Y: (cards.take(Y, 5, 4, 3), cards.take(Y, 1, 1)),
    }
    hands = [
        cards.take(G, 1, 2),
        cards.take(R, 3, 3) + cards.take(Y, 2, 2),
        cards.take(B, 4, 5),
    ]
    green = cards.take(G, 4)
    state = build(cards, hands, rows, current=1, draw_pile=[*cards.rest(), *green])
    driver.set_position(state)
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    assert fields(hand)["Now"].startswith("None of your cards can be placed")
    assert controls(hand) == {}
    assert driver.labelled(bob, hand) == {
        DiscardStuck(colour=R, value=3): "🟥R3",
        DiscardStuck(colour=Y, value=2): "🟨Y2",
    }
    await driver.do(bob, hand, DiscardStuck(colour=Y, value=2))
    assert kinds(driver.db) == [(1, "human", "discard")]
    assert fields(hand)["Now"].startswith("Your turn (card drawn)")
    assert set(controls(hand)) == {choose_code(G, 4)}, "the drawn green 4 can be placed"
    last = fields(driver.table())["Last moves"].splitlines()
    assert last[-1] == "**bob**: discards 🟨Y2"
    await driver.click(bob, hand, choose_code(G, 4))
    await driver.do(bob, hand, place(G, 4, Side.HELL))
    assert driver.state().current == 2
    last = fields(driver.table())["Last moves"].splitlines()
    assert last[-1] == "**bob**: discards 🟨Y2 · 🟩G4 → 😈 hell", "one line for bob's turn"


async def test_stale_double_foreign_and_forged_clicks_are_refused_and_change_nothing(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    """Two hands of bob, each with 🟩5 picked, each shown before a restart (a newer hand
    deletes the one before it while the bot knows it): placing with the first outdates the
    second's side buttons."""
    env = simcord_env
    driver = await three_people(env, settings)
    driver.set_position(bobs_turn())
    bob, alice = driver.players[1], driver.players[0]
    first = await driver.open_hand(bob)
    await driver.click(bob, first, choose_code(G, 5))
    await env.restart_bot(make_bot())
    second = (await bob.member.click(driver.table(), label="Show my hand")).response
    driver.collect(bob.member.id)
    assert second is not None
    await driver.click(bob, second, choose_code(G, 5))
    await env.restart_bot(make_bot())
    heaven = place(G, 5, Side.HEAVEN)
    legal = ENGINE.legal_actions(driver.state(), 1)
    (drawn,) = [entry.component for entry in carried(second, legal) if entry.action == heaven]
    await driver.do(bob, first, heaven)
    after = driver.state()

    assert driver.offered(bob, second) == [], "what it carries is no longer legal"
    await bob.member.click(second, custom_id=drawn["custom_id"])
    driver.collect(bob.member.id)
    assert second.content.startswith("⚠️ That button was out of date")
    assert controls(second) == {}, "the refreshed hand shows bob waiting"
    assert driver.state() == after
    assert len(logged_actions(driver.db)) == 1

    waiting = await driver.open_hand(alice)
    assert fields(waiting)["Now"] == "Waiting for carol."
    assert controls(waiting) == {}
    carol = driver.players[2]
    hand = await driver.open_hand(carol)
    result = await driver.press_forged(carol, hand, choose_code(Y, 5), seat=0)
    assert [m.content for m in result.followups] == ["These buttons belong to another player."]

    for payload, answer in [
        (choose_code(R, 1), "You do not have 🟥R1 in your hand."),
        ("c16", "That button is not part of this game."),
        ("p05-", "That button is not part of this game."),
        ("x0+", "That button is not part of this game."),
        ("zz", "That button is not part of this game."),
    ]:
        result = await driver.press_forged(carol, hand, payload)
        assert [m.content for m in result.followups] == [answer]
        assert all(m.ephemeral for m in result.followups)
    for ref in ("zz", "0.", "0.abc"):
        result = await driver.press_forged(carol, hand, ref, kind="do")
        assert [m.content for m in result.followups] == ["That button is not part of this game."]
    assert driver.state() == after

    discard = DiscardStuck(colour=Y, value=5)
    await driver.press_forged(carol, hand, ActionRefs([discard]).ref(discard), kind="do")
    assert hand.content.startswith("⚠️ That button was out of date"), "carol may not discard"
    assert controls(hand), "the refreshed hand: carol chooses a card"
    assert driver.state() == after
    assert len(logged_actions(driver.db)) == 1


async def test_spectators_are_told_they_do_not_play(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    dave = guild.add_member(env.create_user("dave"))
    driver = await start(env, settings, [alice], channel, computers=2)
    result = await dave.click(driver.table(), label="Show my hand")
    assert result.response is not None and result.response.ephemeral
    assert result.response.content == "You are not playing in this game."


async def test_the_lobby_needs_three_seats(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "play heaven-hell")).response
    assert lobby is not None
    assert fields(lobby)["Players"] == "3 to 5"
    await bob.click(lobby, label="Join")
    result = await alice.click(lobby, label="Start")
    assert [m.content for m in result.followups] == [
        "At least 3 players are needed to start: invite someone or add a computer."
    ]
    assert query(settings.database_path, "SELECT status FROM games") == [("lobby",)]
    await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Start")
    assert query(settings.database_path, "SELECT status FROM games") == [("running",)]


async def test_the_table_in_the_servers_language_and_the_hand_in_the_players(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play heaven-hell")).response
    assert lobby is not None
    await alice.click(lobby, label="Ajouter un ordinateur")
    await alice.click(lobby, label="Ajouter un ordinateur")
    await alice.click(lobby, label="Commencer")
    table = channel.threads[-1].history()[-1]
    assert table.embeds[0].title == "Paradis & Enfer · manche 1 sur 3"
    assert "Rangées · 😈 enfer │ 😇 paradis" in fields(table)

    original = simcord.interactions.base_payload

    def french_client(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", french_client)
    hand = (await alice.click(channel.threads[-1].history()[-1], label="Voir ma main")).response
    assert hand is not None
    assert hand.embeds[0].title == "🃏 Ta main · manche 1 sur 3"
    assert fields(hand)["Maintenant"] == (
        "À toi (carte piochée)\u00a0: **choisis une carte**, puis 😇 ou 😈."
    ), "the computers have played their turns at once"


@pytest.mark.parametrize("may_moderate", [True, False], ids=["may-delete", "may-not"])
async def test_numbers_may_be_said_and_the_bot_says_nothing_about_the_talk_rule(
    simcord_env: simcord.Env, settings: Settings, may_moderate: bool
) -> None:
    """The talk rule is The Game's: in Heaven & Hell values are said freely, and where the bot
    could not remove a message it says nothing about a missing permission either."""
    env = simcord_env
    guild = env.create_guild()
    if may_moderate:
        channel = guild.create_text_channel("games")
    else:
        channel = channel_denying_the_bot(guild, manage_messages=False)
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    driver = await start(env, settings, members, channel)
    thread = driver.thread
    before = len(thread.history())
    said = await members[0].send(thread, "I have the 5 and the 4 in red, I can play the 42")
    await members[1].react(said, "5️⃣")
    await env.advance_time(1)
    history = thread.history()
    assert history[-1].id == said.id and len(history) == before + 1
    assert query(settings.database_path, "SELECT COUNT(*) FROM talk_offences") == [(0,)]


async def test_the_rules_in_both_languages(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    english = (await alice.slash(channel, "rules", game="heaven-hell")).response
    assert english is not None and english.ephemeral
    assert english.embeds[0].title == "Rules of Heaven & Hell"
    assert "one colour after the other in the rows' order" in (english.embeds[0].description or "")

    original = simcord.interactions.base_payload

    def french_client(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", french_client)
    french = (await alice.slash(channel, "rules", game="heaven-hell")).response
    assert french is not None
    assert french.embeds[0].title == "Règles de Paradis & Enfer"
    assert "ta main te demande en secret" in (french.embeds[0].description or "")
