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
from bot.tables.commands import area
from tests.support.catalogs import full_catalog
from tests.support.games import game_keys

CATALOG = full_catalog()
NBSP = "\u00a0"


def command_texts(locale: str) -> dict[str, str]:
    """The bot's command texts (`commands.*`) and every registered game's `/play` subcommand:
    its name and description (`<area>.play.*`), its options' names, descriptions and choices
    (`<area>.option.<name>.*`, but the lobby's words for them)."""
    games = tuple(f"{area(key)}.{part}." for key in game_keys() for part in ("play", "option"))
    return {
        key: text
        for key, text in CATALOG.messages[locale].items()
        if key.startswith("commands.")
        or (key.startswith(games) and not key.endswith((".label", ".off")))
    }


def parent(key: str) -> str:
    """The command a name belongs to: every game's subcommand is a sibling under `/play`."""
    if key.endswith(".play.name"):
        return "commands.play"
    return key.removesuffix(".name").rpartition(".")[0]


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
            siblings[parent(key)].append(text)
    assert {p: n for p, n in siblings.items() if len(set(n)) != len(n)} == {}


@pytest.mark.parametrize("locale", LOCALES)
def test_embed_texts_fit_discords_limits(locale: str) -> None:
    messages = CATALOG.messages[locale]
    descriptions = {f"{area(key)}.rules": messages[f"{area(key)}.rules"] for key in game_keys()}
    descriptions["help.text"] = messages["help.text"]
    assert [key for key, text in descriptions.items() if len(text) > 4096] == []
    assert len(messages["help.title"]) <= 256


def test_french_puts_a_no_break_space_before_double_punctuation() -> None:
    """An ordinary space would let Discord wrap a line right before the "?" or ":"."""
    bad = re.compile(r"[ \u202f][:;!?»]|«[ \u202f]")
    french = CATALOG.messages["fr"]
    assert [key for key, text in french.items() if bad.search(text)] == []
    assert [key for key, text in CATALOG.messages["en"].items() if NBSP in text] == []


@pytest.mark.parametrize("key", game_keys())
def test_a_games_play_description_starts_with_its_name(key: str) -> None:
    """A game has one name (`<area>.name`: /play's choices, /rules, the leaderboards, /help);
    its `/play` description opens with it."""
    for locale in LOCALES:
        messages = CATALOG.messages[locale]
        assert messages[f"{area(key)}.play.description"].startswith(messages[f"{area(key)}.name"])
