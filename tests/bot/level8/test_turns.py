"""Level 8's turn on Discord, step by step, in positions made for it: draw from a rival's
discard pile, lay down, lay off and Skip; one's own groups with a question about a wild; the
hard side's cards kept between rounds."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from cogs.level8.payloads import card_code
from games.level8.actions import (
    Discard,
    DisplayLevel,
    DrawFromDiscard,
    DrawFromPile,
    KeepCards,
    PlaySkip,
)
from games.level8.config import LevelSide
from games.level8.levels import GroupKind
from games.level8.state import Phase
from tests.bot.level8.driver import Driver, start, table_moves
from tests.games.level8.helpers import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    YELLOW,
    c,
    group,
    make_state,
    skip,
    wild,
)
from tests.support.messages import components, controls, enabled_buttons, fields, options
from tests.support.table_driver import drain, logged_actions


async def three_players(env: simcord.Env, settings: Settings) -> Driver:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    return await start(env, settings, members, channel)


async def test_a_turn_draws_a_rivals_discard_lays_down_lays_off_and_skips(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_players(env, settings)
    bob_runs = [
        group(GroupKind.RUN, c(5, YELLOW), c(6, YELLOW), c(7, YELLOW)),
        group(GroupKind.RUN, c(9, YELLOW), c(10, YELLOW), c(11, YELLOW)),
    ]
    alice_hand = [c(3), c(4, BLUE), c(5, GREEN), c(7), c(8, BLUE), c(12, PURPLE), skip()]
    alice_hand += [c(1, ORANGE), c(14, ORANGE)]
    driver.set_position(
        make_state(
            [alice_hand, [c(2, GREEN), c(3, GREEN)], [c(2, BLUE), c(13, BLUE)]],
            phase=Phase.DRAW,
            groups={1: bob_runs},
            discards={1: [c(9, GREEN)]},
        ),
    )
    alice = driver.players[0]
    hand = await driver.open_hand(alice)
    assert hand.embeds[0].title == "🃏 Level 1: 2 runs of 3"
    assert set(enabled_buttons(hand)) == {"Draw pile (81 cards)", "Take 🟩G9 (bob)"}
    assert driver.offered(alice, hand) == [DrawFromPile(), DrawFromDiscard(owner=1)]

    await driver.do(alice, hand, DrawFromDiscard(owner=1))
    assert hand.embeds[0].description == (
        "🟧O1 🟥R3 🟦B4 🟩G5 🟥R7 🟦B8 🟩G9 🟪P12 🟧O14 ⛔\n🆕 You drew 🟩G9."
    )
    assert fields(hand)["Lay this down, or build your own"] == (
        "Run 3–5: 🟥R3 🟦B4 🟩G5\nRun 7–9: 🟥R7 🟦B8 🟩G9"
    )
    (proposal,) = [a for a in driver.offered(alice, hand) if isinstance(a, DisplayLevel)]
    assert driver.control_of(alice, hand, proposal)["label"] == "Lay down"
    await driver.do(alice, hand, proposal)

    menu = controls(hand)["o"]
    assert [(o["label"], o.get("description")) for o in menu["options"]] == [
        ("🟪P12", "🟪P12 → bob: Run 9–11")
    ]
    await driver.select(alice, hand, "o", [card_code(c(12, PURPLE))])
    assert fields(hand)["Now"] == (
        "None of your cards fits on a displayed group. "
        "To end your turn, **discard** a card or give a **Skip**."
    )
    skips = [PlaySkip(card=skip(), target=target) for target in (1, 2)]
    assert [a for a in driver.offered(alice, hand) if isinstance(a, PlaySkip)] == skips
    assert [driver.control_of(alice, hand, a)["label"] for a in skips] == ["Skip bob", "Skip carol"]
    await driver.do(alice, hand, skips[1])

    assert fields(hand)["Now"] == "▶️ **bob** is to draw."
    assert list(components(hand)) == []
    await drain(env)
    table = driver.table()
    assert table.content.startswith(f"▶️ Turn: <@{driver.players[1].member.id}>")
    seats = fields(table)
    assert seats["▪️ alice · level 1 ✅"].splitlines() == [
        "2 cards · discard —",
        "🟥R3…🟩G5 · 🟥R7…🟩G9",
    ], "a run by its ends, both runs on one line"
    assert seats["▶️ bob · level 1 ✅"].splitlines() == [
        "2 cards · discard —",
        "🟨Y5…🟨Y7 · 🟨Y9…🟪P12",
    ]
    assert "⛔ misses a turn" in seats["▪️ carol · level 1"]
    assert table_moves(table)[-1] == (
        "**alice**: took 🟩G9 from bob · laid down level 1 ✅ · "
        "laid off 🟪P12 on bob · gave a Skip ⛔ to carol"
    )
    kinds = [action for seat, _, action in logged_actions(driver.db)]
    assert [k.split('"kind":"')[1].split('"')[0] for k in kinds] == [
        "draw_discard",
        "display",
        "lay_off",
        "play_skip",
    ]


async def test_own_groups_ask_about_wilds_only_when_ambiguous_and_refuse_with_the_rule(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_players(env, settings)
    hand_cards = [c(3), c(4, BLUE), wild(), c(7), c(8, BLUE), c(9, GREEN), c(14, ORANGE)]
    hand_cards.append(c(1, ORANGE))
    driver.set_position(make_state([hand_cards, [c(2, GREEN)], [c(2, BLUE)]]))
    alice = driver.players[0]
    hand = await driver.open_hand(alice)
    await driver.click(alice, hand, "b")
    assert fields(hand)["Now"] == "Group 1 of 2 (**run of 3**): choose its cards."
    menu = controls(hand)["g"]
    assert (menu["min_values"], menu["max_values"]) == (3, 3)
    labels = [option["label"] for option in menu["options"]]
    assert labels == ["🟧O1", "🟥R3", "🟦B4", "🟥R7", "🟦B8", "🟩G9", "🟧O14", "⭐"]

    await driver.select(alice, hand, "g", [card_code(x) for x in (c(3), c(4, BLUE), wild())])
    asked = next(p for p in controls(hand) if p.startswith("m"))
    assert fields(hand)["Now"] == "What does the wild stand for in 🟥R3 🟦B4 ⭐?"
    assert controls(hand)[asked]["placeholder"] == "What does the wild stand for?"
    assert [o["label"] for o in controls(hand)[asked]["options"]] == ["⭐ = 2", "⭐ = 5"]
    await driver.select(alice, hand, asked, ["3"])
    assert fields(hand)["Your groups so far"] == "Run 3–5: 🟥R3 🟦B4 ⭐=5"

    group_menu = next(p for p in controls(hand) if p.startswith("g"))
    result = await driver.select(
        alice, hand, group_menu, [card_code(x) for x in (c(7), c(8, BLUE), c(14, ORANGE))]
    )
    assert [m.content for m in result.followups] == [
        "These cards do not make a run (7, 8, 14): a run has consecutive values, "
        "and 15 and 1 do not connect."
    ]
    assert logged_actions(driver.db) == []
    await driver.select(
        alice, hand, group_menu, [card_code(x) for x in (c(7), c(8, BLUE), c(9, GREEN))]
    )
    state = driver.state()
    assert [len(g.cards) for g in state.players[0].groups] == [3, 3]
    assert "🟥R3…⭐=5" in fields(driver.table())["▶️ alice · level 1 ✅"]


async def test_a_group_that_leaves_the_rest_of_the_level_impossible_is_refused(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_players(env, settings)
    hand_cards = [c(3), c(4, BLUE), wild(), c(7), c(8, BLUE), c(9, GREEN), c(14, ORANGE)]
    driver.set_position(make_state([hand_cards, [c(2, GREEN)], [c(2, BLUE)]]))
    alice = driver.players[0]
    hand = await driver.open_hand(alice)
    await driver.click(alice, hand, "b")
    await driver.select(alice, hand, "g", [card_code(x) for x in (c(7), c(8, BLUE), wild())])
    asked = next(p for p in controls(hand) if p.startswith("m"))
    result = await driver.select(alice, hand, asked, ["7"])
    assert [m.content for m in result.followups] == [
        "With the cards left, the rest of your level cannot be made: start over with other cards."
    ]
    await driver.click(alice, hand, "b")
    assert "g" in controls(hand) and "Your groups so far" not in fields(hand)
    await driver.click(alice, hand, "B")
    assert any(isinstance(a, DisplayLevel) for a in driver.offered(alice, hand))


async def test_the_hard_side_asks_who_stayed_low_which_cards_to_keep(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    driver = await three_players(env, settings)
    runs = [group(GroupKind.RUN, c(1), c(2), c(3)), group(GroupKind.RUN, c(4), c(5), c(6), c(7))]
    alice_hand = [c(10), c(11, BLUE), wild(), skip(), c(13, GREEN)]
    driver.set_position(
        make_state(
            [alice_hand, [c(9, YELLOW)], [c(2, BLUE), c(3, BLUE)]],
            current=1,
            levels=[5, 1, 6],
            groups={1: runs},
            side=LevelSide.HARD,
        ),
    )
    bob = driver.players[1]
    hand = await driver.open_hand(bob)
    await driver.do(bob, hand, Discard(card=c(9, YELLOW)))
    summary = next(
        message
        for message in driver.thread.history()
        if message.embeds and message.embeds[0].title == "🏁 Round 1 is over"
    )
    assert (summary.embeds[0].description or "").splitlines() == [
        "🥇 **bob** went out: level 1 → **3**",
        "▪️ alice stays on level 5",
        "▪️ carol stays on level 6",
        "Players on level 5 or higher who did not lay down now choose up to 4 cards to keep.",
    ]
    assert driver.state().phase is Phase.KEEP
    alice_id, carol_id = driver.players[0].member.id, driver.players[2].member.id
    assert driver.table().content.startswith(f"▶️ Turn: <@{alice_id}> (")
    assert f"<@{carol_id}> (" in driver.table().content
    table_text = driver.table().embeds[0].description or ""
    assert table_text.endswith("\n⏳ Choosing the cards to keep: alice, carol.")
    table = {name: value.splitlines() for name, value in fields(driver.table()).items()}
    assert table["▪️ bob · level 1 ✅"] == [
        "0 cards · discard 🟨Y9",
        "🟥R1…🟥R3 · 🟥R4…🟥R7",
        "⏭️ Next round: level 3",
    ]
    alice_line = table["▶️ alice · level 5"]
    assert alice_line[0].endswith(" · 🎯 triple + run of 5")
    assert alice_line[-1] == "⏭️ Next round: level 5"
    bob_hand = await driver.open_hand(bob)
    assert bob_hand.embeds[0].title == "🃏 Level 1: run of 3 + run of 4 ✅"
    assert fields(bob_hand)["⏭️ Next round: level 3"] == "run of 4 + 4 cards of one colour"

    alice = driver.players[0]
    hand = await driver.open_hand(alice)
    assert fields(hand)["Now"].startswith("The round is over and you did not lay down")
    kept = (c(10), c(11, BLUE), c(13, GREEN), wild(), skip())
    assert options(hand, "k") == [card_code(x) for x in kept]
    assert controls(hand)["k"]["max_values"] == 4
    await driver.select(alice, hand, "k", [card_code(wild()), card_code(c(13, GREEN))])
    assert fields(hand)["Now"] == "⏳ Choosing the cards to keep: carol."

    carol = driver.players[2]
    hand = await driver.open_hand(carol)
    assert driver.offered(carol, hand) == [KeepCards(cards=[])]
    await driver.do(carol, hand, KeepCards(cards=[]))
    state = driver.state()
    assert state.round == 2 and state.phase is Phase.DRAW
    assert {wild(), c(13, GREEN)} <= set(state.players[0].hand)
    assert len(state.players[0].hand) == 10
    assert "**alice** keeps 2 cards" not in "\n".join(table_moves(driver.table()))
    assert "alice keeps 2 cards for the next round." in table_moves(driver.table())
