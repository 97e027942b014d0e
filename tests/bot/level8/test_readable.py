"""Level 8's colours read without colour vision (issue 26): every card carries its colour's
letter in the reader's language (hands, menus, groups, the table, the last moves), colour
groups name their colour, and the hand explains ⭐, ⛔ and the letters."""

from __future__ import annotations

import pytest
import simcord

from bot.i18n import LOCALES, Catalog
from bot.settings import Settings
from cogs.level8.words import COLOUR_KEYS
from games.level8.actions import Discard, DrawFromDiscard
from games.level8.levels import GroupKind
from games.level8.state import Phase
from tests.bot.level8.driver import start
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


@pytest.mark.parametrize("locale", LOCALES)
def test_each_language_gives_the_six_colours_distinct_letters_their_names_start_with(
    locale: str,
) -> None:
    """French "violet" and "vert" would share a V: French says "mauve" (M)."""
    messages = CATALOG.messages[locale]
    letters = [messages[f"level8.colour.{key}.letter"] for key in COLOUR_KEYS]
    names = [messages[f"level8.colour.{key}.name"] for key in COLOUR_KEYS]
    assert len(set(letters)) == len(COLOUR_KEYS) == 6
    assert all(len(letter) == 1 and letter.isupper() for letter in letters)
    assert [name[0].upper() for name in names] == letters


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
    assert embed.description == "🟥R3 🟨J5 🟩V7 🟦B9 🟪M11 🟧O13 ⭐ ⛔"
    assert embed.footer.text == (
        "⭐ joker\u00a0: toute valeur, toute couleur · ⛔ Passe\u00a0: un joueur passe son tour\n"
        "Couleurs\u00a0: R rouge, J jaune, V vert, B bleu, M mauve, O orange"
    )
    assert driver.control_of(alice, message, DrawFromDiscard(owner=1))["label"] == (
        "Prendre 🟪M14 (bob)"
    )

    await driver.do(alice, message, DrawFromDiscard(owner=1))
    assert message.embeds[0].description == (
        "🟥R3 🟨J5 🟩V7 🟦B9 🟪M11 🟧O13 🟪M14 ⭐ ⛔\n🆕 Tu as pioché 🟪M14."
    )
    discard = driver.control_of(alice, message, Discard(card=c(7, GREEN)))["options"]
    assert [option["label"] for option in discard] == [
        *("🟥R3", "🟨J5", "🟩V7", "🟦B9", "🟪M11", "🟧O13", "🟪M14", "⭐"),
        "⛔ Passe (simplement défaussée)",
    ]
    await driver.do(alice, message, Discard(card=c(7, GREEN)))

    seats = fields(driver.table())
    assert seats["▶️ bob · level 3"].splitlines()[2:] == [
        "Run 5–7: 🟨Y5 🟦B6 🟧O7",
        "🟩 green colour: 🟩G3 🟩G8 🟩G12 ⭐=🟩G",
    ], "the table speaks the server's language, English here"
    assert seats["Last moves"].splitlines()[-1] == (
        "**alice**: took 🟪P14 from bob's discard pile · discarded 🟩G7"
    )
