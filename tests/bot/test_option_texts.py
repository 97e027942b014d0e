"""How the lobby shows the options chosen with `/play`: in the game's own words."""

from __future__ import annotations

import pytest

from bot.i18n import Texts
from bot.i18n.catalog import add_locales
from bot.tables.render import option_lines
from tests.support.catalogs import game_locales


@pytest.fixture(autouse=True)
def games_words() -> None:
    """The two games' catalogs, as their cogs add them when the bot loads them: without this the
    tests passed only after another test in the same process had loaded those cogs."""
    for area in ("level8", "the_game"):
        add_locales(game_locales(area))


def test_chosen_values_are_shown_in_the_games_words() -> None:
    options = {"deck": "en2016", "side": "hard"}
    assert option_lines("level8", options, Texts("en")) == [
        "Deck: English 2016 edition (99 cards)",
        "Level card: Hard side (harder levels)",
    ]
    french = option_lines("level8", options, Texts("fr"))
    assert french[0] == "Paquet\u00a0: Édition anglaise 2016 (99 cartes)"


def test_switches_are_shown_by_name_when_on() -> None:
    options = {"expert": True, "smaller_hands": False}
    assert option_lines("the-game", options, Texts("en")) == ["Expert mode"]
    assert option_lines("the-game", options, Texts("fr")) == ["Mode expert"]


def test_a_value_or_option_without_words_is_shown_as_given() -> None:
    assert option_lines("level8", {"deck": "custom"}, Texts("en")) == ["Deck: custom"]
    assert option_lines("level8", {"rounds": 3}, Texts("en")) == ["rounds: 3"]
