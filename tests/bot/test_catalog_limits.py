"""Catalog texts that Discord would reject or cut, and French typography.

Discord refuses a command tree whose names or descriptions break its limits, so a bad French
translation would stop the bot from syncing its commands at all.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict

import pytest

from bot.i18n import LOCALES
from tests.support.catalogs import full_catalog

CATALOG = full_catalog()
NBSP = "\u00a0"


def command_texts(locale: str) -> dict[str, str]:
    return {
        key: text for key, text in CATALOG.messages[locale].items() if key.startswith("commands.")
    }


def is_command_name(text: str) -> bool:
    """Discord's rule for command and option names: ^[-_\\p{L}\\p{N}]{1,32}$, lowercase."""
    return (
        1 <= len(text) <= 32
        and text == text.lower()
        and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in text)
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_command_names_and_descriptions_fit_discords_rules(locale: str) -> None:
    texts = command_texts(locale)
    names = {key: text for key, text in texts.items() if key.endswith(".name")}
    descriptions = {key: text for key, text in texts.items() if key.endswith(".description")}
    choices = {key: text for key, text in texts.items() if key not in names | descriptions}
    assert len(names) > 20 and descriptions and choices
    assert [key for key, text in names.items() if not is_command_name(text)] == []
    assert [key for key, text in descriptions.items() if not 1 <= len(text) <= 100] == []
    assert [key for key, text in choices.items() if not 1 <= len(text) <= 100] == []


@pytest.mark.parametrize("locale", LOCALES)
def test_sibling_commands_and_options_have_distinct_names(locale: str) -> None:
    """Two options of one command (or two subcommands) translated alike cannot both be synced."""
    siblings: dict[str, list[str]] = defaultdict(list)
    for key, text in command_texts(locale).items():
        if key.endswith(".name"):
            parent = key.removesuffix(".name").rpartition(".")[0]
            siblings[parent].append(text)
    assert {p: n for p, n in siblings.items() if len(set(n)) != len(n)} == {}


@pytest.mark.parametrize("locale", LOCALES)
def test_embed_texts_fit_discords_limits(locale: str) -> None:
    messages = CATALOG.messages[locale]
    descriptions = {key: messages[key] for key in messages if key.startswith("rules.")}
    descriptions["help.text"] = messages["help.text"]
    assert [key for key, text in descriptions.items() if len(text) > 4096] == []
    assert len(messages["help.title"]) <= 256


def test_french_puts_a_no_break_space_before_double_punctuation() -> None:
    """An ordinary space would let Discord wrap a line right before the "?" or ":"."""
    bad = re.compile(r"[ \u202f][:;!?»]|«[ \u202f]")
    french = CATALOG.messages["fr"]
    assert [key for key, text in french.items() if bad.search(text)] == []
    assert [key for key, text in CATALOG.messages["en"].items() if NBSP in text] == []


@pytest.mark.parametrize("key", ["the-game", "heaven-hell", "level8"])
def test_the_game_names_agree_between_play_rules_and_leaderboards(key: str) -> None:
    """The name of a game reads the same in /play's choices, /rules and the leaderboards (and
    /help, which is written from these names)."""
    choice = key.replace("-", "_")
    for locale in LOCALES:
        messages = CATALOG.messages[locale]
        name = messages[f"games.{key}"]
        assert messages[f"commands.choice.{choice}"] == name
        assert messages[f"commands.play.{choice}.description"].startswith(name)
