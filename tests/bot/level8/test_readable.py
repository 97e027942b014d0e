"""Level 8's colours read without colour vision (issues 26 and 33): every card carries its
colour's letter (hands, menus, groups, the table, the last moves), the same for every reader so
that one card has one name at one table, colour groups name their colour, and the hand explains
⭐, ⛔ and the letters in the reader's language."""

from __future__ import annotations

import pytest
import simcord

from bot.colours import MARKS
from bot.i18n import LOCALES, Catalog
from bot.settings import Settings
from cogs.level8.words import COLOUR_KEYS
from games.level8.actions import Discard, DrawFromDiscard
from games.level8.levels import GroupKind
from games.level8.state import Phase
from tests.bot.level8.driver import start, table_moves
from tests.bot.level8.test_table import speak_french
from tests.games.level8.helpers import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    YELLOW,
    c,
    group,
    make_state,
    p,
    skip,
    wild,
)
from tests.support.messages import fields

CATALOG = Catalog()


def test_the_six_colours_have_distinct_squares_and_letters() -> None:
    marks = [MARKS[key] for key in COLOUR_KEYS]
    assert len({mark.square for mark in marks}) == len({mark.letter for mark in marks}) == 6
    assert all(len(mark.letter) == 1 and mark.letter.isupper() for mark in marks)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_language_names_every_colour(locale: str) -> None:
    names = [CATALOG.messages[locale][f"colours.{key}"] for key in COLOUR_KEYS]
    assert len(set(names)) == 6 and all(names)


async def test_a_french_hand_table_and_menus_tell_colours_by_letter(
    simcord_env: simcord.Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    driver = await start(env, settings, members, channel)
    greens = group(GroupKind.COLOUR, c(3, GREEN), c(8, GREEN), p(wild(1), GREEN), c(12, GREEN))
    run = group(GroupKind.RUN, c(5, YELLOW), c(6, BLUE), c(7, ORANGE))
    hand = [c(3), c(5, YELLOW), c(7, GREEN), c(9, BLUE), c(11, PURPLE), c(13, ORANGE)]
    driver.set_position(
        make_state(
            [[*hand, wild(), skip()], [c(1, BLUE), c(2, BLUE)]],
            phase=Phase.DRAW,
            levels=[1, 3],
            groups={1: [run, greens]},
            discards={1: [c(14, PURPLE)]},
        )
    )
    speak_french(monkeypatch)
    alice = driver.players[0]
    message = await driver.open_hand(alice)
    embed = message.embeds[0]
    assert embed.description == "🟥R3 🟨Y5 🟩G7 🟦B9 🟪P11 🟧O13 ⭐ ⛔"
    assert embed.footer.text == (
        "⭐ joker\u00a0: toute carte · ⛔ Passe\u00a0: un tour passé · "
        "R rouge, Y jaune, G vert, B bleu, P violet, O orange"
    )
    assert driver.control_of(alice, message, DrawFromDiscard(owner=1))["label"] == (
        "Prendre 🟪P14 (bob)"
    )

    await driver.do(alice, message, DrawFromDiscard(owner=1))
    assert message.embeds[0].description == (
        "🟥R3 🟨Y5 🟩G7 🟦B9 🟪P11 🟧O13 🟪P14 ⭐ ⛔\n🆕 Tu as pioché 🟪P14."
    )
    discard = driver.control_of(alice, message, Discard(card=c(7, GREEN)))["options"]
    assert [option["label"] for option in discard] == [
        *("🟥R3", "🟨Y5", "🟩G7", "🟦B9", "🟪P11", "🟧O13", "🟪P14", "⭐"),
        "⛔ Passe (simplement défaussée)",
    ]
    await driver.do(alice, message, Discard(card=c(7, GREEN)))

    seats = fields(driver.table())
    assert seats["▶️ bob · level 3 ✅"].splitlines()[1:] == [
        "🟨Y5…🟧O7",
        "green: 🟩G3 🟩G8 🟩G12 ⭐=🟩G",
    ], "the table speaks the server's language, English here, with the same cards' names"
    assert table_moves(driver.table())[-1] == (
        "**alice**: took 🟪P14 from bob · discarded 🟩G7"
    ), "🟪P14 in alice's French hand is 🟪P14 on the English table: one card, one name"
