"""Clumsy and hostile input against a running game of The Game (real engine and UI): people
without a seat, old hands after a restart, stale and forged menu options, leaving mid-turn."""

from __future__ import annotations

import pytest
import simcord

from bot.i18n import Texts
from bot.settings import Settings
from games.the_game import ENGINE
from games.the_game.actions import PlaceCard
from tests.bot.helpers import CANCELLED_PRIVATELY, cancel_game, query
from tests.bot.the_game.driver import digest, start, talk_menu
from tests.integration.helpers import answer, controls_of, french_client, show_again, snapshot
from tests.support.bots import BotFactory
from tests.support.messages import enabled_buttons
from tests.support.table_driver import drain


def actions(settings: Settings) -> list[tuple[int, str]]:
    return query(settings.database_path, "SELECT seat, actor FROM actions ORDER BY seq")


async def test_people_without_a_seat_change_nothing(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    carol = guild.add_member(env.create_user("carol"))
    dave = guild.add_member(env.create_user("dave"))
    french_client(monkeypatch, dave)
    driver = await start(env, settings, [alice], channel, computers=1)
    await driver.play_one()
    before = snapshot(settings.database_path)

    not_playing = "You are not playing in this game."
    assert answer(await carol.click(driver.table(), label="Show my hand")) == not_playing
    assert answer(await carol.slash(driver.thread, "game hand")) == not_playing
    assert answer(await carol.slash(driver.thread, "game leave")) == not_playing
    assert answer(await dave.click(driver.table(), label="Show my hand")) == Texts("fr")(
        "errors.not_playing"
    )
    assert answer(await alice.click(driver.table(), label="Show my hand")) != not_playing
    assert snapshot(settings.database_path) == before


async def test_old_hands_after_a_restart_and_a_cancel_or_the_end(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    hand = await driver.open_hand(driver.players[0])
    await env.restart_bot(make_bot())
    assert await cancel_game(alice, driver.thread) == CANCELLED_PRIVATELY
    cancelled = snapshot(settings.database_path)
    card = next(label for label in enabled_buttons(hand) if label.isdigit())
    assert answer(await alice.click(hand, label=card)) == "This game was cancelled."
    assert snapshot(settings.database_path) == cancelled

    solo = await start(env, settings, [alice], guild.create_text_channel("solo"))
    await solo.play_one()
    early = await solo.open_hand(solo.players[0])
    early_controls = controls_of(env, early)
    await env.restart_bot(make_bot())
    solo.players[0].hand = None  # played on with other hands: the early one is left as it was
    await solo.play_to_the_end()
    finished = snapshot(settings.database_path)
    show_again(env, early, early_controls)
    card = next(label for label in enabled_buttons(early) if label.isdigit())
    assert answer(await alice.click(early, label=card)) == "This game is over."
    assert snapshot(settings.database_path) == finished


async def test_stale_and_forged_menu_options(simcord_env: simcord.Env, settings: Settings) -> None:
    """The hints menu carries its actions: an option of a menu drawn before the hint was given
    is out of date; a forged option naming an action that is not legal (a card out of turn) is
    out of date too, and one naming no action at all (an old client's "dont_play:9") is refused.
    None is stored."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    await driver.play_one()
    hand = await driver.open_hand(driver.players[1])
    old = controls_of(env, hand)
    menu = talk_menu(hand)
    assert menu is not None
    hint = menu["options"][0]["value"]
    await bob.select(hand, [hint])
    given = snapshot(settings.database_path)

    show_again(env, hand, old)
    await bob.select(hand, [hint])
    assert hand.content.startswith(Texts("en")("table.stale"))
    assert snapshot(settings.database_path) == given

    out_of_turn = PlaceCard(card=driver.state().hands[1][0], pile=0)
    assert out_of_turn not in ENGINE.legal_actions(driver.state(), 1)
    forged = f"0.{digest(out_of_turn)}"
    add_option(env, hand, forged)
    assert not (await bob.select(hand, [forged])).followups
    assert hand.content.startswith(Texts("en")("table.stale"))
    redrawn = talk_menu(hand)
    assert redrawn is not None and "forged" not in [o["label"] for o in redrawn["options"]]
    assert snapshot(settings.database_path) == given

    add_option(env, hand, "dont_play:9")
    assert answer(await bob.select(hand, ["dont_play:9"])) == (
        Texts("en")("table.error.unknown_control")
    )
    assert snapshot(settings.database_path) == given


def add_option(env: simcord.Env, hand: simcord.ResponseMessage, value: str) -> None:
    """Adds an option the bot never offered to the hand's menu, as a modified client may send."""
    current = controls_of(env, hand)
    menu = next(c for row in current for c in row["components"] if c["type"] == 3)
    menu["options"].append({"label": "forged", "value": value})
    show_again(env, hand, current)


async def test_leaving_during_your_own_turn_hands_it_to_a_computer(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    await driver.play_one()
    hand = driver.players[0].hand
    assert hand is not None
    assert driver.state().current == 0 and len(actions(settings)) == 1

    assert answer(await alice.slash(driver.thread, "game leave")) == (
        "You left the game; a computer player takes your seat."
    )

    assert query(settings.database_path, "SELECT seat, user_id FROM seats ORDER BY seat") == [
        (0, None),
        (1, bob.id),
    ]
    notices = [m.content for m in driver.thread.history()]
    assert f"<@{alice.id}> left the game; a computer player takes seat 1." in notices
    logged = actions(settings)
    assert logged[0] == (0, "human")
    assert (0, "computer") in logged[1:], "the computer finished alice's turn"
    state = driver.state()
    assert state.current == 1 and state.turn == 1
    assert query(settings.database_path, "SELECT status, host_id FROM games") == [
        ("running", bob.id)
    ]
    before = snapshot(settings.database_path)
    card = next(label for label in enabled_buttons(hand) if label.isdigit())
    assert answer(await alice.click(hand, label=card)) == "You are not playing in this game."
    assert snapshot(settings.database_path) == before
    await drain(env)
    assert f"▶️ Turn: <@{bob.id}>" in driver.table().content

    del driver.players[0]
    await driver.play_to_the_end()
    assert query(settings.database_path, "SELECT seat, user_id, is_computer FROM results") == [
        (0, None, 1),
        (1, bob.id, 0),
    ]
