"""The Game's table and hand: refusals, spectators, hints, options, languages, restart, timer."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
import simcord.interactions

from bot.i18n import Texts
from bot.settings import Settings
from games.the_game import ENGINE
from games.the_game.actions import EndTurn, GiveHint, PlaceCard, WithdrawHint
from games.the_game.cards import can_place
from games.the_game.state import HintKind
from tests.bot.helpers import query
from tests.bot.the_game.driver import (
    Driver,
    digest,
    menu_actions,
    pile_choices,
    pile_label,
    start,
    talk_menu,
)
from tests.support.bots import BotFactory
from tests.support.messages import (
    components,
    enabled_buttons,
    fields,
    forge_control,
    left_by_a_restart,
)
from tests.support.table_driver import drain

STALE = Texts("en")("table.stale")


async def alice_and_a_computer(
    env: simcord.Env, settings: Settings
) -> tuple[simcord.MemberActor, Driver, simcord.ResponseMessage]:
    """Alice at The Game with a computer, her hand open at the start of her turn."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    return alice, driver, await driver.open_hand(driver.players[0])


def actions(settings: Settings) -> list[tuple[int, str, str]]:
    return query(settings.database_path, "SELECT seat, actor, action FROM actions ORDER BY seq")


async def test_forged_controls_for_a_wrong_placement_or_an_early_end_of_turn_apply_nothing(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """A client may send any custom id: one naming an action that is not legal (at any place in
    the seat's legal actions) only refreshes the hand; one that names no action, or a step the
    hand never offers, is refused."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    player = driver.players[0]
    hand = await driver.open_hand(player)
    cards = sorted(driver.state().hands[0])
    high = cards[-1]
    await driver.place(player, high, 0)
    low = next(card for card in cards if not can_place(card, 0, high))
    before = driver.state()
    legal = ENGINE.legal_actions(before, 0)

    for action in (PlaceCard(card=low, pile=0), EndTurn()):
        assert action not in legal
        for index in (0, len(legal) - 1, len(legal)):
            forged = forge_control(env, hand, f"{index}.{digest(action)}", kind="do")
            assert not (await alice.click(hand, custom_id=forged)).followups
            assert hand.content.startswith(STALE)
            assert forged not in [c.get("custom_id") for c in components(hand)], "redrawn"
            assert sorted(driver.state().hands[0]) == cards[:-1]
    for payload, kind in ((f"p{low}.0", "act"), ("end", "act"), ("c", "act"), ("end", "do")):
        result = await driver.press_forged(player, hand, payload, kind=kind)
        assert [m.content for m in result.followups] == ["That button is not part of this game."]
        assert all(m.ephemeral for m in result.followups)
    assert driver.state() == before
    assert len(actions(settings)) == 1
    assert "End turn" not in enabled_buttons(hand)


async def test_a_pile_button_of_a_hand_drawn_before_a_placement_is_out_of_date(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """A double click, or a client that missed the hand's edit, sends a pile button of a hand
    drawn for legal actions that changed since: it applies nothing and shows the current hand."""
    env = simcord_env
    alice, driver, hand = await alice_and_a_computer(env, settings)
    first = sorted(driver.state().hands[0])[-1]
    await alice.click(hand, label=str(first))
    put_back = left_by_a_restart(env, hand)
    assert {f"{first} on ▲A", f"{first} on ▲B"} <= set(pile_choices(hand))
    await alice.click(hand, label=f"{first} on ▲A")
    put_back()
    placed = driver.state()

    await alice.click(hand, label=f"{first} on ▲B")
    assert hand.content.startswith(STALE)
    assert driver.state() == placed
    assert len(actions(settings)) == 1
    assert [label for label in enabled_buttons(hand) if " on " in label] == []
    assert first not in {int(label) for label in enabled_buttons(hand) if label.isdigit()}


async def test_people_without_a_seat_are_told_so_and_see_only_the_public_table(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    carol = guild.add_member(env.create_user("carol"))
    driver = await start(env, settings, [alice], channel, computers=1)
    result = await carol.click(driver.table(), label="Show my hand")
    assert result.response is not None and result.response.ephemeral
    assert result.response.content == "You are not playing in this game."
    table = driver.table()
    assert not table.flags.ephemeral
    assert fields(table)["Players"] == "▪️ alice — 7 cards\n▪️ 🤖 Computer 2 — 7 cards"


async def test_hints_are_given_shown_and_withdrawn_from_the_hand(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    bob_player = driver.players[1]
    bob_hand = await driver.open_hand(bob_player)
    await driver.do(bob_player, bob_hand, GiveHint(pile=2, hint=HintKind.DONT_PLAY))
    table = driver.table()
    assert "💬 bob: 🚫 Please don't play on ▼C." in table.content
    assert fields(table)["Hints"] == "🚫 ▼C don't play: bob"

    alice_player = driver.players[0]
    await driver.open_hand(alice_player)
    await driver.place(alice_player, sorted(driver.state().hands[0])[0], 0)
    bob_hand = await driver.open_hand(bob_player)
    assert fields(bob_hand)["Now"] == "Waiting for alice."
    assert not [label for label in enabled_buttons(bob_hand) if label.isdigit()]

    menu = menu_actions(bob_hand, ENGINE.legal_actions(driver.state(), 1))
    assert menu["↩️ Withdraw my hint on ▼C"] == WithdrawHint(pile=2)
    await driver.do(bob_player, bob_hand, WithdrawHint(pile=2))
    table = driver.table()
    assert "💬 bob withdrew their hint on ▼C." in table.content
    assert "Hints" not in fields(table)


async def test_a_hint_the_computer_gives_for_a_player_out_of_time_is_shown_as_the_computer_s(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    player = driver.players[0]
    await driver.open_hand(player)
    for pile in (0, 1):
        await driver.place(player, sorted(driver.state().hands[0])[0], pile)
    assert player.hand is not None
    await driver.press(player, player.hand, "End turn")
    await env.advance_time(settings.turn_seconds)
    await drain(env)

    hints = [action for seat, actor, action in actions(settings) if '"kind":"hint"' in action]
    assert hints == ['{"kind":"hint","pile":0,"hint":"dont_jump","by_computer":true}']
    public = [sent.text for sent in driver.collect(None)]
    said = "💬 🤖 The computer playing for bob: ⚠️ Please don't jump far on ▲A."
    assert any(said in text for text in public), public
    assert not any("💬 bob:" in text for text in public)
    assert fields(driver.table())["Hints"] == "⚠️ ▲A don't jump far: 🤖 for bob"
    hand = await driver.open_hand(player)
    assert fields(hand)["Hints"] == "⚠️ ▲A don't jump far: 🤖 for bob"


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_before_the_first_card_the_table_says_anyone_may_open_and_pings_the_people(
    simcord_env: simcord.Env, settings: Settings, locale: str
) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    tr = Texts(locale)
    lobby = (await alice.slash(channel, "play the-game")).response
    assert lobby is not None
    await bob.click(lobby, label=tr("lobby.button.join"))
    await alice.click(lobby, label=tr("lobby.button.add"))
    await alice.click(lobby, label=tr("lobby.button.start"))
    table = channel.threads[-1].history()[-1]

    deadline = int(query(settings.database_path, "SELECT MIN(deadline) FROM seats")[0][0])
    opening = {
        "en": f"▶️ Anyone may open: place the first card. <@{alice.id}>, <@{bob.id}>: "
        f"time runs out <t:{deadline}:R>.",
        "fr": f"▶️ Chacun peut ouvrir\u00a0: pose la première carte. <@{alice.id}>, <@{bob.id}>"
        f"\u00a0: fin du temps <t:{deadline}:R>.",
    }
    assert table.content.splitlines()[0] == opening[locale]
    assert {alice.id, bob.id} <= {user.id for user in table.mentions}


async def test_expert_and_smaller_hands(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, expert=True, **{"smaller-hands": True})
    state = driver.state()
    assert state.config.expert and state.config.smaller_hands
    assert len(state.hands[0]) == 7
    table = driver.table()
    assert table.embeds[0].title == "The Game · expert · smaller hands"
    shown = (table.embeds[0].description or "").splitlines()
    assert "at least 3 this turn" in shown[3]
    assert shown[2] == "🎴 Draw pile: 91 cards"


async def test_table_in_the_servers_language_and_hand_in_the_players(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play the-game")).response
    assert lobby is not None
    await alice.click(lobby, label="Ajouter un ordinateur")
    await alice.click(lobby, label="Commencer")
    thread = channel.threads[-1]
    table = thread.history()[-1]
    assert set(fields(table)) == {"Joueurs"}
    shown = (table.embeds[0].description or "").splitlines()
    assert shown[2] == "🎴 Pioche\u00a0: 84 cartes"
    assert shown[3].startswith("N'importe qui peut ouvrir")
    assert fields(table)["Joueurs"] == "▪️ alice — 7 cartes\n▪️ 🤖 Ordinateur 2 — 7 cartes"

    original = simcord.interactions.base_payload

    def french_client(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", french_client)
    hand = (await alice.click(table, label="Voir ma main")).response
    assert hand is not None and hand.embeds[0].title == "🃏 Ta main"
    card = min(int(label) for label in enabled_buttons(hand) if label.isdigit())
    await alice.click(hand, label=str(card))
    assert f"{card} sur ▲A" in enabled_buttons(hand)
    menu = talk_menu(hand)
    assert menu is not None and menu["placeholder"] == "💬 Parler d'une pile…"
    await alice.click(hand, label=f"{card} sur ▲A")
    assert f"alice a ouvert la partie\u00a0: `{card}` sur ▲A" in thread.history()[-1].content


async def test_the_game_resumes_after_a_restart_in_the_middle_of_a_turn(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    alice, driver, hand = await alice_and_a_computer(env, settings)
    await driver.place(driver.players[0], sorted(driver.state().hands[0])[-1], 0)

    await env.restart_bot(make_bot())

    state = driver.state()
    card = sorted(state.hands[0])[0]
    await alice.click(hand, label=str(card))
    await alice.click(hand, label=pile_label(card, 2, state))
    await alice.click(hand, label="End turn")
    await drain(env)
    seats = [(seat, actor) for seat, actor, _ in actions(settings)]
    assert seats[:3] == [(0, "human"), (0, "human"), (0, "human")]
    assert (1, "computer") in seats[3:], "the computer played its turn after the restart"
    state = driver.state()
    assert state.current == 0 and state.turn == 2
    assert f"▶️ Turn: <@{alice.id}>" in driver.table().content


async def test_the_turn_timer_finishes_the_turn_with_legal_moves(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    alice, driver, _ = await alice_and_a_computer(env, settings)
    player = driver.players[0]
    await driver.place(player, sorted(driver.state().hands[0])[-1], 0)
    await env.advance_time(settings.turn_seconds)

    assert any(
        f"⌛ <@{alice.id}> ran out of time" in message.content
        for message in driver.thread.history()
    )
    logged = actions(settings)
    stand_in = [action for seat, actor, action in logged if (seat, actor) == (0, "timeout")]
    placed = [action for action in stand_in if '"kind":"place"' in action]
    assert len(placed) >= 1 and stand_in[-1] == '{"kind":"end_turn"}'
    state = driver.state()
    assert sum(1 for p in state.placements if p.turn == 0) >= 2
    assert state.current == 0 and state.turn == 2, "back to alice after the computer's turn"
    assert query(settings.database_path, "SELECT stand_in FROM seats WHERE seat = 0") == [(0,)]
    hand = await driver.open_hand(player)
    assert [c for c in components(hand) if c.get("label") == "End turn"] == []


async def test_alone_at_the_table_the_timer_plays_one_turn_and_hands_the_seat_back(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel)
    await env.advance_time(settings.turn_seconds)

    logged = actions(settings)
    assert {(seat, actor) for seat, actor, _ in logged} == {(0, "timeout")}
    assert [action for _, _, action in logged].count('{"kind":"end_turn"}') == 1
    assert logged[-1][2] == '{"kind":"end_turn"}'
    await env.advance_time(settings.turn_seconds / 4)
    assert len(actions(settings)) == len(logged), "alice plays her next turn herself"
    assert driver.state().turn == 1
