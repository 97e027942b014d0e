"""A whole game of The Game in which each member opens their hand once and keeps it: the bot edits
it as the game moves, so a turn takes two interactions per card (the card, the pile) and End
turn; at its end, "Play again"."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from tests.bot.helpers import query
from tests.bot.the_game.driver import start
from tests.support.messages import fields


def said(result: simcord.InteractionResult) -> str:
    """The ephemeral answer to a click that the bot acknowledged by thinking first."""
    assert result.response is not None and result.response.ephemeral
    return result.response.content


async def test_a_kept_hand_plays_each_card_in_two_interactions_then_play_again(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """One whole game (they are long) for both: the interactions with hands kept, then "Play
    again", which opens a lobby with the same seats and options."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    options = {"smaller-hands": True}
    driver = await start(env, settings, [alice, bob], channel, computers=1, **options)
    driver.live = True
    await driver.play_to_the_end()

    by_kind: dict[str, set[int]] = {}
    for _, kind, clicks in driver.clicks_with_hands_kept():
        by_kind.setdefault(kind, set()).add(clicks)
    assert by_kind["PlaceCard"] == {2}
    assert by_kind["EndTurn"] == {1}
    final = driver.thread.history()[-1]

    refused = await carol.click(final, label="Play again")
    assert said(refused) == "You are not playing in this game."
    result = await bob.click(final, label="Play again")
    assert said(result) == f"A new table with the same seats is open in <#{channel.id}>."
    lobby = channel.history()[-1]
    assert fields(lobby)["Seats (3/5)"].splitlines() == [
        f"1. <@{alice.id}>",
        f"2. <@{bob.id}>",
        "3. 🤖 Computer 3",
    ]
    assert fields(lobby)["Host"] == f"<@{bob.id}>"
    assert fields(lobby)["Options"] == "Smaller hands"
    again = await alice.click(final, label="Play again")
    assert said(again).startswith("There is already a game")

    await alice.click(lobby, label="Leave")
    await bob.click(lobby, label="Start")
    seats = query(
        settings.database_path,
        "SELECT seat, user_id FROM seats WHERE game_id = (SELECT MAX(id) FROM games)",
    )
    assert sorted(seats) == [(0, bob.id), (1, None)]
