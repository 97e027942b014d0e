"""The talk rule during real games of The Game: card values said in the game's thread by players
and spectators are removed, counted per player in the end-of-game message, counts stay, and
nothing is checked once the game is over; a restart in the middle changes none of that, and the
result is recorded once."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.helpers import query
from tests.bot.stats.helpers import field_value, leaderboard, rows
from tests.bot.the_game.driver import Driver, start
from tests.support.bots import BotFactory
from tests.support.messages import fields

NOTICE = "🤐"


def texts(place: simcord.ChannelHandle) -> list[str]:
    return [message.content for message in place.history()]


def offences(settings: Settings) -> list[tuple[int, str]]:
    return query(settings.database_path, "SELECT user_id, kind FROM talk_offences ORDER BY id")


async def say(
    env: simcord.Env, member: simcord.MemberActor, place: simcord.ChannelHandle, text: str
) -> str:
    """`member` writes `text` in the game's thread; returns the notice it got (and lets the
    notice fade so that the next slip gets one too)."""
    await member.send(place, text)
    assert text not in texts(place), f"{text!r} was left in the thread"
    notice = next(t for t in reversed(texts(place)) if NOTICE in t)
    assert notice.startswith(f"🤐 <@{member.id}>")
    await env.advance_time(10)
    assert not any(NOTICE in t for t in texts(place))
    return notice


def players_field(driver: Driver) -> list[str]:
    *_, summary = driver.thread.history()
    return fields(summary)["Players"].splitlines()


def placed(driver: Driver, seat: int) -> int:
    return sum(1 for placement in driver.state().placements if placement.seat == seat)


async def test_numbers_are_removed_during_a_real_game_and_counted_at_the_end(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    driver = await start(env, settings, [alice, bob], channel)
    thread = driver.thread

    assert "a card value (in digits)" in await say(env, alice, thread, "j'ai le 37")
    for _ in range(4):
        await driver.play_one()
    assert "a card value (in words)" in await say(env, bob, thread, "ninety-seven?")
    assert "a card value (in words)" in await say(env, carol, thread, "quatre-vingt-dix-sept !")
    for text in ("je joue sur la deuxième pile, attention", "je vais en poser trois, on est deux"):
        await alice.send(thread, text)
        assert text in texts(thread)
    assert "a card value (in words)" in await say(env, alice, thread, "plus que soixante et onze")
    assert offences(settings) == [
        (alice.id, "message"),
        (bob.id, "message"),
        (carol.id, "message"),
        (alice.id, "message"),
    ]

    await driver.play_to_the_end()

    assert players_field(driver) == [
        f"alice: {placed(driver, 0)} cards placed · 2 talk-rule slips",
        f"bob: {placed(driver, 1)} cards placed · 1 talk-rule slip",
    ]
    await alice.send(thread, "j'ai le 37")
    await bob.send(thread, "ninety-seven")
    assert texts(thread)[-2:] == ["j'ai le 37", "ninety-seven"]
    assert len(offences(settings)) == 4


async def test_a_restart_in_the_middle_keeps_the_rule_and_records_the_result_once(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=1)
    for _ in range(3):
        await driver.play_one()
    await say(env, alice, driver.thread, "il me reste le 12")

    await env.restart_bot(make_bot())

    await alice.send(driver.thread, "plus que ２２ cartes dans la pioche")
    assert "plus que ２２ cartes dans la pioche" in texts(driver.thread)
    await say(env, alice, driver.thread, "plus que ２２ sur ▲A")
    moves = len(driver.state().placements)
    await driver.play_to_the_end()
    assert len(driver.state().placements) > moves
    assert players_field(driver) == [
        f"alice: {placed(driver, 0)} cards placed · 2 talk-rule slips",
        f"Computer 2: {placed(driver, 1)} cards placed",
    ]
    finish_messages = [
        m for m in driver.thread.history() if m.embeds and "is over" in str(m.embeds[0].title)
    ]
    assert len(finish_messages) == 1
    left = driver.state().cards_left
    assert query(settings.database_path, "SELECT seat, is_computer, score FROM results") == [
        (0, 0, left),
        (1, 1, left),
    ]

    await env.restart_bot(make_bot())
    history = len(driver.thread.history())
    logged = query(settings.database_path, "SELECT * FROM actions")
    await env.advance_time(settings.turn_seconds * 2)
    assert len(driver.thread.history()) == history, "no timer of the finished game is left"
    assert query(settings.database_path, "SELECT * FROM actions") == logged
    assert query(settings.database_path, "SELECT COUNT(*) FROM results") == [(2,)]
    board = await leaderboard(alice, channel, "the-game")
    assert len([line for line in rows(board) if line.startswith("**")]) == 1
    stats = (await alice.slash(channel, "stats show")).response
    assert stats is not None
    assert field_value(stats, "The Game").startswith("1 game · ")
