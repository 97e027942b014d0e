"""A whole game of Level 8 in which each member opens their hand once and keeps it: the bot edits
it as the game moves, so a plain turn takes the draw and the discard, nothing more."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.level8.driver import start

TURN_ENDS = ("Discard", "PlaySkip")


async def test_a_kept_hand_plays_a_plain_turn_in_two_interactions(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel, computers=1)
    driver.live = True

    await driver.play_to_the_end()

    driver.check_hands_were_seen()
    turns: list[list[tuple[str, int]]] = []
    current: dict[int, list[tuple[str, int]]] = {}
    for seat, kind, clicks in driver.clicks_with_hands_kept():
        current.setdefault(seat, []).append((kind, clicks))
        if kind in TURN_ENDS:
            turns.append(current.pop(seat))
    plain = [turn for turn in turns if [kind for kind, _ in turn][1:] == ["Discard"]]
    assert len(plain) > 20
    assert {sum(clicks for _, clicks in turn) for turn in plain} == {2}
