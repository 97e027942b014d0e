"""Level 8's table and hand around the edges: restarts mid-turn, stale, foreign and forged
clicks, spectators, the turn timer, leaving mid-turn, the lobby's options, French."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord
import simcord.interactions

from bot.settings import Settings
from cogs.level8.payloads import card_code, cards_code
from games.level8.actions import Discard, DrawFromPile
from games.level8.cards import is_number
from games.level8.levels import GroupKind
from tests.bot.helpers import cancel_game, query
from tests.bot.level8.driver import Driver, start, written
from tests.games.level8.helpers import BLUE, GREEN, PURPLE, c, group, make_state
from tests.support.bots import BotFactory
from tests.support.messages import (
    components,
    fields,
    sent_since,
    show_again,
)
from tests.support.table_driver import Player, kinds, logged_actions


def speak_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every member's Discord client is in French from now on (interactions carry its locale)."""
    original = simcord.interactions.base_payload

    def french_client(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", french_client)


async def two_people(env: simcord.Env, settings: Settings, **options: Any) -> Any:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return await start(env, settings, [alice, bob], channel, **options)


def last_line(hand: simcord.ResponseMessage) -> str:
    return (hand.embeds[0].description or "").splitlines()[-1]


async def draw_from_the_pile(driver: Driver) -> tuple[Player, simcord.ResponseMessage, Any]:
    """The seat to play opens its hand and draws from the pile; returns the player, the hand,
    which names the card drawn, and the "Draw pile" button as it was before the click."""
    seat = driver.state().current
    player = driver.players[seat]
    hand = await driver.open_hand(player)
    before = driver.state().players[seat].hand
    pile = driver.control_of(player, hand, DrawFromPile())
    await driver.do(player, hand, DrawFromPile())
    (new,) = set(driver.state().players[seat].hand) - set(before)
    assert last_line(hand) == f"🆕 You drew {written(new)}."
    return player, hand, pile


def first_discard(driver: Driver, player: Player, hand: simcord.ResponseMessage) -> Discard:
    """The first card the hand's discard menu offers."""
    return next(a for a in driver.offered(player, hand) if isinstance(a, Discard))


async def test_a_restart_between_the_draw_and_the_discard_loses_nothing(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    driver = await two_people(env, settings)
    player, hand, _ = await draw_from_the_pile(driver)
    seat = player.seat
    drawn = driver.state().players[seat].hand

    await env.restart_bot(make_bot())

    assert driver.state().players[seat].hand == drawn
    await driver.do(player, hand, first_discard(driver, player, hand))
    state = driver.state()
    assert state.current == 1 - seat and len(state.players[seat].hand) == 10
    assert kinds(settings.database_path) == [
        (seat, "human", "draw_pile"),
        (seat, "human", "discard"),
    ]
    other = driver.players[1 - seat]
    assert driver.table().content.startswith(f"▶️ Turn: <@{other.member.id}>")


async def test_a_double_click_on_the_draw_pile_still_names_the_card_drawn(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """One card is drawn; the second click is out of date, and its answer, like every hand
    shown until the turn ends, still says which card is new."""
    env = simcord_env
    driver = await two_people(env, settings)
    player, hand, pile = await draw_from_the_pile(driver)
    note = last_line(hand)

    await player.member.click(hand, custom_id=show_again(env, hand, pile))
    driver.collect(player.member.id)
    assert kinds(settings.database_path) == [(player.seat, "human", "draw_pile")]
    assert hand.content.startswith("⚠️ That button was out of date")
    assert last_line(hand) == note
    reopened = await driver.open_hand(player)
    assert last_line(reopened) == note

    await driver.do(player, reopened, first_discard(driver, player, reopened))
    assert "🆕" not in (reopened.embeds[0].description or "")


async def test_game_hand_in_the_thread_of_a_game_just_ended_says_how_it_ended(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    driver = await two_people(env, settings)
    winner = driver.state().current
    shown = [
        group(GroupKind.SET, c(5), c(5, BLUE), c(5, GREEN)),
        group(GroupKind.COLOUR, *[c(v, PURPLE) for v in (1, 3, 8, 9, 12)]),
    ]
    hands: list[list[int]] = [[c(9), c(10)], [c(9), c(10)]]
    hands[winner] = [c(14)]
    driver.set_position(
        make_state(hands, current=winner, levels=[7, 7], groups={winner: shown})
    )
    player = driver.players[winner]
    hand = await driver.open_hand(player)
    await driver.do(player, hand, Discard(card=c(14)))
    assert query(settings.database_path, "SELECT status FROM games") == [("finished",)]

    answer = (await player.member.slash(driver.thread, "game hand")).response
    assert answer is not None and answer.ephemeral
    loser = driver.players[1 - winner].member
    assert answer.content.splitlines() == [
        "There is no game running here any more: Level 8 #1 has ended. "
        "Start a new one with /play.",
        "🏁 Game over.",
        f"🏆 1. <@{player.member.id}> — level 8",
        f"2. <@{loser.id}> — level 7",
    ]
    speak_french(monkeypatch)
    answer = (await loser.slash(driver.thread, "game hand")).response
    assert answer is not None
    assert answer.content.splitlines()[:2] == [
        "Il n'y a plus de partie en cours ici\u00a0: la partie Level 8 n°1 est terminée. "
        "Lance-en une autre avec /jouer.",
        "🏁 Partie terminée.",
    ]


async def test_stale_foreign_and_forged_clicks_are_refused_and_change_nothing(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    """Two hands of one player, each shown before a restart (a newer hand deletes the one
    before it while the bot knows it): a move made with the first outdates the second."""
    env = simcord_env
    driver = await two_people(env, settings)
    seat = driver.state().current
    player, other = driver.players[seat], driver.players[1 - seat]
    first = await driver.open_hand(player)
    await env.restart_bot(make_bot())
    second = (await player.member.click(driver.table(), label="Show my hand")).response
    driver.collect(player.member.id)
    assert second is not None
    await env.restart_bot(make_bot())
    stale_pile = driver.control_of(player, second, DrawFromPile())["custom_id"]
    await driver.do(player, first, DrawFromPile())
    before = driver.state()

    await player.member.click(second, custom_id=stale_pile)
    driver.collect(player.member.id)
    assert second.content.startswith("⚠️ That button was out of date")
    assert len(logged_actions(settings.database_path)) == 1
    assert driver.state() == before
    assert first_discard(driver, player, second), "the refreshed hand is at the next step"

    waiting = await driver.open_hand(other)
    drawn = f"▶️ **{player.member.name}** has drawn."
    assert fields(waiting)["Now"] == drawn
    going_on = f"▶️ **{player.member.name}**: drew"
    assert (driver.table().embeds[0].description or "").endswith(f"\n{going_on}"), (
        "the table shows the turn going on as its steps so far"
    )
    assert list(components(waiting)) == []
    result = await driver.press_forged(player, second, "b", seat=1 - seat)
    assert [m.content for m in result.followups] == ["These buttons belong to another player."]

    not_a_skip = next(c for c in before.players[seat].hand if is_number(c))
    two_runs = "g" + cards_code([1, 2, 3]) + "." + cards_code([4, 5, 6])
    unknown = "That button is not part of this game."
    for payload, answer in [
        (two_runs, "Your level is 2 groups, laid down all at once and nothing more (not 3)."),
        ("g2l", unknown),
        ("zz", unknown),
        # Payloads of controls that now carry their action are no step.
        ("dp", unknown),
        (f"s{card_code(not_a_skip)}{1 - seat}", unknown),
        ("k-", unknown),
    ]:
        result = await driver.press_forged(player, second, payload)
        assert [m.content for m in result.followups] == [answer]
        assert all(m.ephemeral for m in result.followups)
    result = await driver.press_forged(player, second, "zz", kind="do")
    assert [m.content for m in result.followups] == [unknown]
    cursor = len(env.http_requests)
    result = await driver.press_forged(player, second, "0.zzzzzz", kind="do")
    answers = [data.get("content") or "" for _, data in sent_since(env, cursor, None)[0]]
    assert result.followups == [] and answers[0].startswith("⚠️ That button was out of date")
    assert driver.state() == before
    assert len(logged_actions(settings.database_path)) == 1


async def test_spectators_are_told_they_do_not_play_and_see_the_public_table(
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
    state = driver.state()
    assert table.embeds[0].title == f"Level 8 · round 1 · 🎴 Draw pile: {len(state.draw)}"
    to_draw = ["alice", "Computer 2"][state.current]
    assert (table.embeds[0].description or "").endswith(f"\n▶️ **{to_draw}** is to draw.")
    marks = ["▶️" if seat == state.current else "▪️" for seat in range(2)]
    assert list(fields(table)) == [
        f"{marks[0]} alice · level 1",
        f"{marks[1]} 🤖 Computer 2 · level 1",
    ]


async def test_the_timer_finishes_the_turn_and_hands_the_seat_back(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await two_people(env, settings)
    seat = driver.state().current
    player = driver.players[seat]
    hand = await driver.open_hand(player)
    await driver.do(player, hand, DrawFromPile())
    await env.advance_time(settings.turn_seconds)

    logged = kinds(settings.database_path)
    assert logged[0] == (seat, "human", "draw_pile")
    assert logged[-1][:2] == (seat, "timeout") and logged[-1][2] in ("discard", "play_skip")
    assert {actor for _, actor, _ in logged[1:]} == {"timeout"}
    state = driver.state()
    assert state.current == 1 - seat
    await env.advance_time(settings.turn_seconds / 4)
    assert len(kinds(settings.database_path)) == len(logged), (
        "the other player plays their turn themselves"
    )


async def test_leaving_mid_turn_hands_the_rest_of_the_turn_to_a_computer(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await two_people(env, settings)
    seat = driver.state().current
    player = driver.players[seat]
    hand = await driver.open_hand(player)
    await driver.do(player, hand, DrawFromPile())
    await player.member.slash(driver.thread, "game leave")

    logged = kinds(settings.database_path)
    assert logged[0] == (seat, "human", "draw_pile")
    assert logged[-1][:2] == (seat, "computer") and logged[-1][2] in ("discard", "play_skip")
    assert driver.state().current == 1 - seat
    assert f"🤖 Computer {seat + 1}" in "".join(fields(driver.table()))


async def test_the_lobby_says_which_deck_and_side_and_the_table_shows_them(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play level8", deck="en2016", side="hard")).response
    assert lobby is not None
    assert fields(lobby)["Options"].splitlines() == [
        "Deck: English 2016 edition (99 cards)",
        "Level card: Hard side (harder levels)",
    ]
    await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Start")
    table = channel.threads[-1].history()[-1]
    title = table.embeds[0].title or ""
    assert title.startswith("Level 8 · round 1 · hard side · 🎴 Draw pile: ")
    level_one = [value for name, value in fields(table).items() if "level 1" in name]
    assert level_one and all(" · 🎯 run of 3 + run of 4" in v for v in level_one)
    config = json.loads(query(settings.database_path, "SELECT config FROM games")[0][0])
    assert (config["deck"], config["side"]) == ("en2016", "hard")


async def test_the_table_in_the_servers_language_and_the_hand_in_the_players(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play level8")).response
    assert lobby is not None
    assert "Paquet\u00a0: Édition française (101 cartes)" in fields(lobby)["Options"]
    await alice.click(lobby, label="Ajouter un ordinateur")
    await alice.click(lobby, label="Commencer")
    table = channel.threads[-1].history()[-1]
    assert (table.embeds[0].title or "").startswith("Level 8 · manche 1 · 🎴 Pioche\u00a0: ")
    seats = [value for name, value in fields(table).items() if "niveau" in name]
    assert len(seats) == 2 and all("🎯 2 suites de 3" in value for value in seats)

    speak_french(monkeypatch)
    hand = (await alice.click(table, label="Voir ma main")).response
    assert hand is not None and hand.embeds[0].title == "🃏 Niveau 1\u00a0: 2 suites de 3"


async def test_two_timeouts_put_the_seat_on_autopilot_and_computers_finish_the_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    await env.advance_time(settings.turn_seconds)
    await env.advance_time(settings.turn_seconds)

    texts = [message.content for message in driver.thread.history()]
    assert any(text.startswith(f"🤖 <@{alice.id}> ran out of time twice") for text in texts)
    assert query(settings.database_path, "SELECT status FROM games") == [("finished",)]
    actors = {(seat, actor) for seat, actor, _ in kinds(settings.database_path)}
    assert actors == {(0, "timeout"), (0, "computer"), (1, "computer")}
    assert len(query(settings.database_path, "SELECT * FROM results")) == 2


async def test_the_host_cancels_mid_turn_and_the_hand_says_so(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await two_people(env, settings)
    seat = driver.state().current
    player = driver.players[seat]
    hand = await driver.open_hand(player)
    await driver.do(player, hand, DrawFromPile())
    await cancel_game(driver.players[0].member, driver.thread)

    assert driver.thread.history()[-1].content == "❌ This game was cancelled."
    menu = driver.control_of(player, hand, first_discard(driver, player, hand))
    value = menu["options"][0]["value"]
    result = await player.member.select(hand, [value], custom_id=menu["custom_id"])
    driver.collect(player.member.id)
    assert [m.content for m in result.followups] == ["This game was cancelled."]
    assert len(logged_actions(settings.database_path)) == 1


async def test_the_rules_in_both_languages_cover_the_levels_and_the_skips(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/rules level8` answers in the member's language, with both sides of the level card and
    what happens to a served Skip (the table shows them lying under the draw pile)."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    english = (await alice.slash(channel, "rules", game="level8")).response
    assert english is not None and english.ephemeral
    assert english.embeds[0].title == "Rules of Level 8"
    lines = (english.embeds[0].description or "").splitlines()
    assert "**Levels (standard side):** 1. two runs of 3 · 2. four pairs" in "\n".join(lines)
    assert "**Hard side:** 1. run of 3 + run of 4" in "\n".join(lines)
    assert any("A served Skip goes face up under the draw pile" in line for line in lines)

    speak_french(monkeypatch)
    french = (await alice.slash(channel, "rules", game="level8")).response
    assert french is not None and french.embeds[0].title == "Règles de Level 8"
    text = french.embeds[0].description or ""
    assert "**Niveaux (face standard)\u00a0:** 1. deux suites de 3 · 2. quatre paires" in text
    assert "**Face difficile\u00a0:** 1. suite de 3 + suite de 4" in text
    assert "Une carte Passe subie va face visible sous la pioche" in text
