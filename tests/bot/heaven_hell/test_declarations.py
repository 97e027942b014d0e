"""The end of a round: every seat chooses its double in secret at once. Who has chosen shows at
the table, never what, until the last choice reveals them all with the round summary; a restart
in between loses nothing; the turn timer reminds and stands in for those who have not chosen
only; a player who leaves has a computer choose for them."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from cogs.heaven_hell.payloads import declare_code
from cogs.heaven_hell.words import square
from games.heaven_hell import ENGINE
from games.heaven_hell.state import Phase
from tests.bot.heaven_hell.conftest import TURN_SECONDS, BotFactory
from tests.bot.heaven_hell.driver import Driver, start
from tests.bot.helpers import query
from tests.support.messages import controls, fields
from tests.support.table_driver import kinds


async def three_people_at_the_declarations(env: simcord.Env, settings: Settings) -> Driver:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    driver = await start(env, settings, members, channel)
    await driver.play_until(Phase.DECLARE)
    return driver


def deadlines(driver: Driver) -> list[float | None]:
    return [row[0] for row in query(driver.db, "SELECT deadline FROM seats ORDER BY seat")]


def player_lines(driver: Driver) -> list[str]:
    return fields(driver.table())["Players"].splitlines()


def texts(driver: Driver) -> list[str]:
    return [message.content or "" for message in driver.thread.history()]


async def test_doubles_stay_secret_until_all_have_chosen_even_across_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    driver = await three_people_at_the_declarations(env, settings)
    alice, bob, carol = (driver.players[seat] for seat in range(3))
    colours = ENGINE.view(driver.state(), None).positive_colours
    assert colours
    table = driver.table()
    assert "🤫 The round is over" in (table.embeds[0].description or "")
    for member in (alice, bob, carol):
        assert f"<@{member.member.id}>" in (table.content or "")
    assert all(line.endswith("· ⏳ choosing") for line in player_lines(driver))

    hands = {seat: await driver.open_hand(driver.players[seat]) for seat in range(3)}
    expected = {declare_code(colour) for colour in colours} | {declare_code(None)}
    assert all(set(controls(hand)) == expected for hand in hands.values())
    before = deadlines(driver)

    await driver.click(alice, hands[0], declare_code(colours[0]))
    assert fields(hands[0])["Now"] == (
        f"Your secret choice: ×2 on {square(colours[0])}.\nWaiting for bob, carol to choose."
    )
    lines = player_lines(driver)
    assert lines[0].endswith("· ✅ has chosen")
    assert lines[1].endswith("· ⏳ choosing") and lines[2].endswith("· ⏳ choosing")
    assert deadlines(driver)[1:] == before[1:], "alice's choice gives the others no extra time"
    assert deadlines(driver)[0] is None

    await env.restart_bot(make_bot())

    await driver.click(bob, hands[1], declare_code(None))
    assert driver.state().declared == [True, True, False]
    await driver.click(carol, hands[2], declare_code(colours[-1]))

    state = driver.state()
    assert state.round == 1 and state.phase is Phase.PLAY
    assert [kind for _, _, kind in kinds(driver.db)][-3:] == ["declare"] * 3
    summary = next(
        message
        for message in driver.thread.history()
        if message.embeds and message.embeds[0].title == "🏁 Round 1 of 3 is over"
    )
    assert summary.embeds[0].description == (
        f"🎭 Doubles revealed: alice ×2 {square(colours[0])} · bob no double · "
        f"carol ×2 {square(colours[-1])}"
    )
    report = state.reports[0]
    assert report.doubles == [colours[0], None, colours[-1]]
    summary_fields = fields(summary)
    assert summary_fields["This round"] == " · ".join(
        f"{name} {'+' if p > 0 else '−' if p < 0 else ''}{abs(p)}"
        for name, p in zip(("alice", "bob", "carol"), report.points, strict=True)
    )
    table = driver.table()
    assert table.embeds[0].title == "Heaven & Hell · round 2 of 3"
    assert not any("choosing" in line or "chosen" in line for line in player_lines(driver))


async def test_the_timer_reminds_and_chooses_only_for_those_who_have_not_chosen(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_people_at_the_declarations(env, settings)
    alice, bob, carol = (driver.players[seat] for seat in range(3))
    hand = await driver.open_hand(alice)
    await env.advance_time(10)
    await driver.click(alice, hand, declare_code(None))
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
    declared = [(seat, actor) for seat, actor, kind in kinds(driver.db) if kind == "declare"]
    assert declared == [(0, "human"), (1, "timeout"), (2, "timeout")]
    assert driver.state().round == 1
    assert query(driver.db, "SELECT autopilot, stand_in, timeouts FROM seats ORDER BY seat") == [
        (0, 0, 0),
        (0, 0, 1),
        (0, 0, 1),
    ]
    assert not any(
        "it is your turn" in text and f"<@{alice.member.id}>" in text for text in texts(driver)
    )


async def test_a_player_who_leaves_has_a_computer_choose_for_them(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_people_at_the_declarations(env, settings)
    carol = driver.players[2]
    await carol.member.slash(driver.thread, "game leave")
    assert [(seat, actor, kind) for seat, actor, kind in kinds(driver.db)][-1] == (
        2,
        "computer",
        "declare",
    )
    assert player_lines(driver)[2].startswith("▪️ 🤖 **Computer 3**")
    assert player_lines(driver)[2].endswith("· ✅ has chosen")
    del driver.players[2]
    for _ in range(2):
        await driver.play_one()
    assert driver.state().round == 1
