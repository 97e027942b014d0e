"""Each game's messages live in its own area, and catalogs never overwrite each other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.i18n import LOCALES
from bot.i18n.catalog import Catalog, CatalogError


def game_folder(root: Path, area: str, messages: dict[str, object], file: str = "") -> Path:
    """A game's catalog folder, laid out as a cog's `locales/`, the same texts in each
    language."""
    folder = root / area
    for lang in LOCALES:
        (folder / lang).mkdir(parents=True)
        text = json.dumps(messages)
        (folder / lang / f"{file or area}.json").write_text(text, encoding="utf-8")
    return folder


def deck_option(label: str) -> dict[str, object]:
    return {"option": {"deck": {"name": "deck", "description": label, "label": label}}}


def test_two_games_with_an_option_of_the_same_name_keep_their_own_words(tmp_path: Path) -> None:
    catalog = Catalog()
    catalog.add(game_folder(tmp_path, "card_race", deck_option("Race deck")))
    catalog.add(game_folder(tmp_path, "tile_duel", deck_option("Tile set")))
    assert catalog.text("en", "card_race.option.deck.label") == "Race deck"
    assert catalog.text("fr", "tile_duel.option.deck.label") == "Tile set"


def test_a_key_defined_twice_is_refused_when_loaded(tmp_path: Path) -> None:
    catalog = Catalog()
    catalog.add(game_folder(tmp_path / "one", "card_race", deck_option("Race deck")))
    before = dict(catalog.messages["en"])
    with pytest.raises(CatalogError, match=r"card_race\.option\.deck\.label"):
        catalog.add(game_folder(tmp_path / "two", "card_race", deck_option("Other deck")))
    assert catalog.messages["en"] == before, "a refused folder changes nothing"


def test_a_game_may_not_add_to_an_area_of_the_bot(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="lobby"):
        Catalog().add(game_folder(tmp_path, "card_race", {"option": {"deck": "Deck"}}, "lobby"))


def test_a_folder_merged_twice_is_merged_once(tmp_path: Path) -> None:
    catalog = Catalog()
    folder = game_folder(tmp_path, "card_race", deck_option("Race deck"))
    catalog.add(folder)
    catalog.add(folder)
    assert catalog.text("en", "card_race.option.deck.label") == "Race deck"
