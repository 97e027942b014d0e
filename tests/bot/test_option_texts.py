"""How the lobby shows the options chosen with `/play`."""

from __future__ import annotations

from bot.i18n import Texts
from bot.tables.render import option_lines


def test_chosen_values_are_shown_in_words_and_switches_by_name() -> None:
    options = {"deck": "en2016", "hard": True, "expert": False}
    assert option_lines(options, Texts("en")) == [
        "Deck: English 2016 edition (99 cards)",
        "Hard side of the level card",
    ]
    french = option_lines(options, Texts("fr"))
    assert french[0] == "Paquet\u00a0: édition anglaise 2016 (99 cartes)"


def test_a_value_without_words_is_shown_as_given() -> None:
    assert option_lines({"deck": "custom"}, Texts("en")) == ["Deck: custom"]


def test_a_switch_whose_off_side_is_a_choice_says_so() -> None:
    assert option_lines({"deck": "fr", "hard": False, "expert": False}, Texts("en")) == [
        "Deck: French edition (101 cards)",
        "Standard side of the level card",
    ]
    assert option_lines({"hard": False}, Texts("fr")) == ["Face standard de la carte Niveaux"]
