"""Heaven & Hell's turns under the table machinery: the turn timer stands in for an absent
player, two timeouts in a row mean autopilot until "I'm back", a seat left mid-turn is played by
a computer, a cancelled game refuses the rest of a turn, and a table of computers plays to the
end by itself with few messages."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from cogs.heaven_hell.hand import choose_code
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import PlaceCard
from tests.bot.heaven_hell.driver import Driver, seat_lines, start
from tests.bot.helpers import button_labels, cancel_game, query
from tests.support.bots import TURN_SECONDS, BotFactory
from tests.support.messages import carried, controls
from tests.support.table_driver import drain, game_status, kinds


def thread_posts(env: simcord.Env, place: simcord.ChannelHandle) -> int:
    path = f"/channels/{place.id}/messages"
    return sum(1 for r in env.http_requests if r.method == "POST" and r.path == path)


async def table_of(
    env: simcord.Env, settings: Settings, names: list[str], computers: int
) -> Driver:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in names]
    return await start(env, settings, members, channel, computers=computers)


async def test_an_absent_player_goes_on_autopilot_and_the_computers_finish_the_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await table_of(env, settings, ["alice"], computers=2)
    alice = driver.players[0].member
    assert ENGINE.to_act(driver.state()) == [0], "the computers have played at once"
    await env.advance_time(TURN_SECONDS)
    assert [(actor, kind) for seat, actor, kind in kinds(driver.db) if seat == 0] == [
        ("timeout", "place")
    ]
    texts = [m.content or "" for m in driver.thread.history()]
    assert f"⌛ <@{alice.id}> ran out of time: a computer player acts for them this time." in texts
    assert ENGINE.to_act(driver.state()) == [0]

    await env.advance_time(TURN_SECONDS)

    texts = [m.content or "" for m in driver.thread.history()]
    assert any(text.startswith(f"🤖 <@{alice.id}> ran out of time twice") for text in texts)
    assert game_status(driver.db) == "finished"
    state = driver.state()
    assert len(state.reports) == 3
    actors = {(seat, actor) for seat, actor, _ in kinds(driver.db)}
    assert actors == {(0, "timeout"), (0, "computer"), (1, "computer"), (2, "computer")}
    assert len(query(driver.db, "SELECT * FROM results")) == 3
    # Computer moves edit the table. New messages: the first table; for each of alice's two
    # turns the table posted anew to ping her, a reminder and a notice; each round's summary
    # with the table posted again below it; the final message.
    computer_moves = sum(1 for _, actor, _ in kinds(driver.db) if actor == "computer")
    posts = thread_posts(env, driver.thread)
    assert posts <= 1 + 2 * 3 + 2 * len(state.reports) + 1 < computer_moves
    await drain(env)
    *_, table, final = driver.thread.history()
    assert table.content.startswith("🏁 Game over.")
    assert (final.embeds[0].title or "").startswith("🏆")


async def test_i_am_back_takes_the_seat_back_from_the_autopilot(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await table_of(env, settings, ["alice", "bob"], computers=1)
    alice = driver.players.pop(0)
    for _ in range(100):
        if query(driver.db, "SELECT autopilot FROM seats WHERE seat = 0") == [(1,)]:
            break
        if 0 in ENGINE.to_act(driver.state()):
            await env.advance_time(TURN_SECONDS)
        else:
            await driver.play_one()
    assert "I'm back" in button_labels(driver.table())
    while 1 not in ENGINE.to_act(driver.state()):
        await env.advance_time(1)
    result = await alice.member.click(driver.table(), label="I'm back")
    assert result.response is not None
    assert result.response.content == "Welcome back! Your seat is yours again."
    assert query(driver.db, "SELECT autopilot, timeouts FROM seats WHERE seat = 0") == [(0, 0)]
    await drain(env)
    assert "I'm back" not in button_labels(driver.table())
    driver.players[0] = alice
    count = len(kinds(driver.db))
    while ENGINE.to_act(driver.state()) != [0]:
        await driver.play_one()
    await driver.play_one()
    assert [actor for seat, actor, _ in kinds(driver.db)[count:] if seat == 0] == ["human"]


async def test_leaving_after_choosing_a_card_hands_the_turn_to_a_computer(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await table_of(env, settings, ["alice", "bob", "carol"], computers=0)
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    chosen = next(payload for payload in controls(hand) if payload.startswith("c"))
    await driver.click(bob, hand, chosen)
    await bob.member.slash(driver.thread, "game leave")

    assert kinds(driver.db) == [(1, "computer", "place")]
    assert driver.state().current == 2
    assert seat_lines(driver.table())[1].startswith("▪️ 🤖 **Computer 2**")
    texts = [m.content or "" for m in driver.thread.history()]
    assert f"<@{bob.member.id}> left the game; a computer player takes seat 2." in texts


async def test_the_host_cancels_mid_turn_and_the_hand_says_so(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await table_of(env, settings, ["alice", "bob", "carol"], computers=0)
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    move = next(a for a in ENGINE.legal_actions(driver.state(), 1) if isinstance(a, PlaceCard))
    await driver.click(bob, hand, choose_code(move.colour, move.value))
    legal = ENGINE.legal_actions(driver.state(), 1)
    custom_id = carried(hand, legal)[0].component["custom_id"]
    await cancel_game(driver.players[0].member, driver.thread)

    assert driver.thread.history()[-1].content == "❌ This game was cancelled."
    result = await bob.member.click(hand, custom_id=custom_id)
    driver.collect(bob.member.id)
    assert [m.content for m in result.followups] == ["This game was cancelled."]
    assert kinds(driver.db) == []


async def test_a_restart_between_the_card_and_the_side_loses_nothing(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    """The side buttons carry the whole placement and work after a restart; the turn's
    deadline is stored and still runs out on time."""
    env = simcord_env
    driver = await table_of(env, settings, ["alice", "bob", "carol"], computers=0)
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    chosen = next(payload for payload in controls(hand) if payload.startswith("c"))
    await driver.click(bob, hand, chosen)
    side = driver.offered(bob, hand)[0]
    await env.advance_time(100)

    await env.restart_bot(make_bot())

    await driver.do(bob, hand, side)
    assert kinds(driver.db) == [(1, "human", "place")]
    assert driver.state().current == 2
    assert query(driver.db, "SELECT deadline IS NOT NULL FROM seats ORDER BY seat") == [
        (0,),
        (0,),
        (1,),
    ]
    await env.restart_bot(make_bot())
    await env.advance_time(TURN_SECONDS - 1)
    assert len(kinds(driver.db)) == 1
    await env.advance_time(1)
    assert kinds(driver.db)[1][:2] == (2, "timeout")
