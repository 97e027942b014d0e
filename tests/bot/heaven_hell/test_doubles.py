"""The end of a round, colour by colour: before each positive colour, the players still holding
their double and holding the colour choose at once and in secret to play it there or keep it.
The table shows who is still choosing for which colour, never what; the choices are revealed
together, then the colour's hands, then the next colour, each colour scored shown on its row with
the doubles played on it; the round summary stays one message. A
restart between two choices keeps the first; a choice drawn for one colour is out of date for
the next; the turn timer reminds and stands in for those who have not chosen only; a player who
leaves has a computer choose for them."""

from __future__ import annotations

import re

import simcord

from bot.settings import Settings
from cogs.heaven_hell.hand import choose_code
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import ChooseDouble
from games.heaven_hell.cards import Colour, Side
from games.heaven_hell.state import HeavenHellState, Phase
from tests.bot.heaven_hell.driver import Driver, place, seat_lines, start
from tests.bot.helpers import query
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, build
from tests.support.bots import TURN_SECONDS, BotFactory
from tests.support.messages import components, controls, fields, left_by_a_restart
from tests.support.table_driver import drain, kinds, logged_actions

SCORING_RED = "🤫 Scoring 🟥R: ×2 chosen in secret"
ROWS = "Rows · 😈 hell │ 😇 heaven"


def last_card_of_the_round() -> HeavenHellState:
    """Bob (seat 1) closes yellow with his 🟨Y1, the second closed row after green: the round
    ends. Heaven leads in red (5 against 1) and blue (4 against 2); alice holds 🟥R4 🟦B2, bob
    🟥R1 🟦B5, carol 🟥R3, so all three are asked about red, and then those who kept their
    double and hold blue about blue."""
    cards = Cards()
    rows = {
        R: (cards.take(R, 5), cards.take(R, 1)),
        Y: (cards.take(Y, 1, 1), cards.take(Y, 4, 4)),
        G: (cards.take(G, 1, 1, 1), cards.take(G, 2, 2)),
        B: (cards.take(B, 4), cards.take(B, 2)),
    }
    hands = [
        cards.take(R, 4) + cards.take(B, 2) + cards.take(P, 1),
        cards.take(Y, 1) + cards.take(R, 1) + cards.take(B, 5),
        cards.take(R, 3) + cards.take(P, 2),
    ]
    return build(cards, hands, rows, current=1)


async def three_people_choosing_for_red(env: simcord.Env, settings: Settings) -> Driver:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    driver = await start(env, settings, members, channel)
    driver.set_position(last_card_of_the_round())
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    await driver.click(bob, hand, choose_code(Y, 1))
    await driver.do(bob, hand, place(Y, 1, Side.HEAVEN))
    state = driver.state()
    assert state.phase is Phase.DOUBLES and state.asking is R
    return driver


def double(colour: Colour, play: bool) -> ChooseDouble:
    return ChooseDouble(colour=colour, play=play)


def deadlines(driver: Driver) -> list[float | None]:
    return [row[0] for row in query(driver.db, "SELECT deadline FROM seats ORDER BY seat")]


def player_lines(driver: Driver) -> list[str]:
    return seat_lines(driver.table())


def texts(driver: Driver) -> list[str]:
    return [message.content or "" for message in driver.thread.history()]


def summaries(driver: Driver) -> list[str]:
    return [
        message.embeds[0].title or ""
        for message in driver.thread.history()
        if message.embeds and (message.embeds[0].title or "").startswith("🏁 Round")
    ]


async def test_a_whole_game_scores_colour_by_colour_and_a_restart_keeps_the_first_choice(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    driver = await three_people_choosing_for_red(env, settings)
    alice, bob, carol = (driver.players[seat] for seat in range(3))
    table = driver.table()
    assert table.embeds[0].description == SCORING_RED, "the piles no longer change"
    for member in (alice, bob, carol):
        assert f"<@{member.member.id}>" in (table.content or "")
    assert player_lines(driver) == [
        "▶️ **alice** ×2 🎴 3 · 0 pts",
        "▶️ **bob** ×2 🎴 2 · 0 pts",
        "▶️ **carol** ×2 🎴 2 · 0 pts",
    ]

    hands = {seat: await driver.open_hand(driver.players[seat]) for seat in range(3)}
    assert (hands[0].embeds[0].description or "").splitlines() == [
        "🟥R4 🟦B2 🟪P1",
        "🔒 Closed rows: 🟨Y 🟩G",
    ], "every closed row, though alice holds neither colour"
    assert fields(hands[0])["Now"].splitlines() == [
        "Scoring 🟥R: heaven leads, you hold 4. **Your double (×2)**, in secret: play it on 🟥R "
        "or keep it?",
        "Later colours where heaven leads, in your hand: 🟦B.",
        "×2 doubles your points on a colour if you hold the most of it; played, it is spent.",
    ]
    offered = {double(R, True): "Play ×2 on 🟥R", double(R, False): "Keep it"}
    for seat, hand in hands.items():
        assert driver.labelled(driver.players[seat], hand) == offered
        assert controls(hand) == {}
    before = deadlines(driver)

    await driver.do(alice, hands[0], double(R, False))
    assert fields(hands[0])["Now"] == (
        "Your secret choice: keep your double past 🟥R.\nWaiting for bob, carol to choose for 🟥R."
    )
    lines = player_lines(driver)
    assert lines[0] == "✅ **alice** ×2 🎴 3 · 0 pts", "alice has chosen, never what"
    assert lines[1].startswith("▶️ **bob**") and lines[2].startswith("▶️ **carol**")
    assert deadlines(driver)[1:] == before[1:], "alice's choice gives the others no extra time"
    assert deadlines(driver)[0] is None

    await env.restart_bot(make_bot())

    await driver.do(bob, hands[1], double(R, False))
    assert driver.state().choices == [False, False, None], "alice's choice survived the restart"
    again = await driver.open_hand(alice)
    assert fields(again)["Now"].startswith("Your secret choice: keep your double past 🟥R.")
    assert player_lines(driver)[0].startswith("✅ **alice**")
    assert summaries(driver) == []

    await driver.do(carol, hands[2], double(R, True))
    state = driver.state()
    assert state.phase is Phase.DOUBLES and state.asking is B
    assert ENGINE.to_act(state) == [0, 1], "carol spent her double and holds no blue"
    table = driver.table()
    assert table.embeds[0].description == SCORING_RED.replace("🟥R", "🟦B")
    assert player_lines(driver) == [
        "▶️ **alice** ×2 🎴 3 · 0 pts",
        "▶️ **bob** ×2 🎴 2 · 0 pts",
        "▪️ **carol** ~~×2~~ 🎴 2 · 0 pts",
    ]
    assert fields(table)[ROWS].splitlines() == [
        "🟥R 1 │ **5** → **alice** +4 · ×2 carol",
        "🟨Y **8** │ 3 🔒 → nobody scores",
        "🟩G **4** │ 3 🔒 → nobody scores",
        "🟦B 2 = 2 │ 4 = **4**",
        "🟪P — │ —",
    ], "the colours scored: their sums, who scored, where the doubles went; then the cards"
    assert not any("🎭" in line for line in fields(table)["Last moves"].splitlines())
    assert summaries(driver) == [], "the round summary waits for the round's last colour"

    hands = {seat: await driver.open_hand(driver.players[seat]) for seat in (0, 1)}
    assert set(driver.offered(alice, hands[0])) == {double(B, True), double(B, False)}
    assert fields(hands[0])["Now"].splitlines()[1] == (
        "No later colour where heaven leads is in your hand: kept, it goes unused."
    )
    await driver.do(bob, hands[1], double(B, True))
    await driver.do(alice, hands[0], double(B, False))

    state = driver.state()
    assert state.round == 1 and state.phase is Phase.PLAY
    assert state.reports[0].doubles == [None, B, R]
    assert state.reports[0].points == [4, 10, 0]
    assert [kind for _, _, kind in kinds(driver.db)][-5:] == ["double"] * 5
    await drain(driver.env)
    assert summaries(driver) == ["🏁 Round 1 of 3 is over"]
    summary = next(m for m in driver.thread.history() if m.embeds and
                   m.embeds[0].title == "🏁 Round 1 of 3 is over")
    assert summary.embeds[0].description == (
        "🎭 Doubles revealed: alice no double · bob ×2 🟦B · carol ×2 🟥R"
    )
    assert fields(summary)["🟦B 😈 2 │ 😇 4"].splitlines()[0] == (
        "😇 Heaven leads: **bob** holds the most (5) and played the ×2 double: **+10**."
    )
    assert not any(line.startswith("✅") for line in player_lines(driver))

    await driver.play_to_the_end()

    driver.check_hands_were_seen()
    assert summaries(driver) == [f"🏁 Round {n} of 3 is over" for n in (1, 2, 3)]
    *_, table, _ = driver.thread.history()
    final = table.content or ""
    assert final.startswith("🏁 Game over.")
    assert not re.search(r"-\d", final), "negative points take a true minus sign"


async def test_the_round_summary_takes_the_old_table_s_place_in_two_writes(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """The round's end costs the thread what a new turn costs: the old table is edited into the
    summary and the table is posted below it, instead of posting both and deleting the old
    table, so the budget does not hold the new table back right after a round."""
    env = simcord_env
    driver = await three_people_choosing_for_red(env, settings)
    hands = {seat: await driver.open_hand(driver.players[seat]) for seat in range(3)}
    for seat, play in ((0, False), (1, False), (2, True)):
        await driver.do(driver.players[seat], hands[seat], double(R, play))
    hands = {seat: await driver.open_hand(driver.players[seat]) for seat in (0, 1)}
    await driver.do(driver.players[1], hands[1], double(B, True))
    await drain(env)
    old_table = driver.table().id
    since = len(env.http_requests)

    await driver.do(driver.players[0], hands[0], double(B, False))

    assert driver.state().round == 1
    messages = f"/channels/{driver.thread.id}/messages"
    writes = [
        (entry.method, entry.path)
        for entry in env.http_requests[since:]
        if entry.path.startswith(messages) and entry.method in ("POST", "PATCH", "DELETE")
    ]
    assert writes == [("PATCH", f"{messages}/{old_table}"), ("POST", messages)]
    *_, summary, table = driver.thread.history()
    assert summary.id == old_table and summary.components == []
    assert summary.embeds[0].title == "🏁 Round 1 of 3 is over" and not summary.content
    assert table.id == driver.table().id
    assert table.embeds[0].title == "Heaven & Hell · round 2 of 3"


async def test_a_choice_drawn_for_red_is_out_of_date_once_blue_is_asked(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """Alice's hand as drawn for red, kept past everyone's choices for red: its "Keep it" reads
    the same as blue's, and applies nothing; the hand is drawn again for blue."""
    env = simcord_env
    driver = await three_people_choosing_for_red(env, settings)
    alice, bob, carol = (driver.players[seat] for seat in range(3))
    hand = await driver.open_hand(alice)
    drawn_for_red = left_by_a_restart(env, hand)
    keep_red = driver.labelled(alice, hand)
    await driver.do(alice, hand, double(R, False))
    for player, play in ((bob, False), (carol, True)):
        await driver.do(player, await driver.open_hand(player), double(R, play))
    state = driver.state()
    assert state.asking is B and 0 in ENGINE.to_act(state)
    logged = logged_actions(driver.db)
    drawn_for_red()
    assert driver.offered(alice, hand) == []

    (old,) = [c for c in components(hand) if c.get("label") == keep_red[double(R, False)]]
    await alice.member.click(hand, custom_id=old["custom_id"])
    driver.collect(alice.member.id)

    assert (hand.content or "").startswith("⚠️ That button was out of date")
    assert driver.state() == state
    assert logged_actions(driver.db) == logged
    assert driver.labelled(alice, hand) == {
        double(B, True): "Play ×2 on 🟦B",
        double(B, False): "Keep it",
    }


async def test_the_timer_reminds_and_chooses_only_for_those_who_have_not_chosen(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_people_choosing_for_red(env, settings)
    alice, bob, carol = (driver.players[seat] for seat in range(3))
    hand = await driver.open_hand(alice)
    await env.advance_time(10)
    await driver.do(alice, hand, double(R, False))
    count = len(texts(driver))

    await env.advance_time(TURN_SECONDS / 2 - 10)
    reminders = [text for text in texts(driver)[count:] if text.startswith("⏳")]
    assert reminders == [
        f"⏳ <@{bob.member.id}>, <@{carol.member.id}>, it is your turn: time runs out "
        f"<t:{int(deadlines(driver)[1] or 0)}:R>."
    ]
    await env.advance_time(TURN_SECONDS / 2)
    timeouts = [text for text in texts(driver) if text.startswith("⌛")]
    assert timeouts == [
        f"⌛ <@{bob.member.id}>, <@{carol.member.id}> ran out of time: a computer player "
        "acts for them this time."
    ]
    chosen = [(seat, actor) for seat, actor, kind in kinds(driver.db) if kind == "double"]
    assert chosen == [(0, "human"), (1, "timeout"), (2, "timeout")]
    state = driver.state()
    assert state.asking is B and ENGINE.to_act(state) == [0, 1], "bob's computer kept his double"
    assert query(driver.db, "SELECT autopilot, stand_in, timeouts FROM seats ORDER BY seat") == [
        (0, 0, 0),
        (0, 0, 1),
        (0, 0, 1),
    ]
    assert deadlines(driver)[1] is not None, "bob chooses for blue himself, in his own time"
    assert not any(
        "it is your turn" in text and f"<@{alice.member.id}>" in text for text in texts(driver)
    )


async def test_a_player_who_leaves_has_a_computer_choose_for_them(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_people_choosing_for_red(env, settings)
    carol = driver.players[2]
    await carol.member.slash(driver.thread, "game leave")
    await drain(env)
    assert [(seat, actor, kind) for seat, actor, kind in kinds(driver.db)][-1] == (
        2,
        "computer",
        "double",
    )
    assert player_lines(driver)[2].startswith("✅ 🤖 **Computer 3**")
    del driver.players[2]
    while driver.state().round == 0:
        await driver.play_one()
    assert len(driver.state().reports) == 1
