"""Loading the JSON catalogs and formatting messages."""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

import discord

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
LOCALES: tuple[str, ...] = ("en", "fr")
DEFAULT_LOCALE = "en"


def normalize_locale(value: str | discord.Locale | None) -> str:
    """Discord's `fr` (or any `fr-*`) is French; every other language falls back to English."""
    if value is None:
        return DEFAULT_LOCALE
    text = value.value if isinstance(value, discord.Locale) else str(value)
    language = text.split("-")[0].lower()
    return language if language in LOCALES else DEFAULT_LOCALE


def interaction_locale(interaction: discord.Interaction[Any]) -> str:
    return normalize_locale(interaction.locale)


_GAME_FOLDERS: list[Path] = []
"""The games' own catalog folders, added by `add_locales` (a game UI declares its folder)."""


class CatalogError(ValueError):
    """Catalogs that would overwrite each other's messages: refused when they are loaded."""


def add_locales(root: Path) -> None:
    """Make the catalogs under `root/<language>/` part of every catalog, the shipped one
    included: a game brings its messages this way, so the shared files need not know it."""
    root = root.resolve()
    if root not in _GAME_FOLDERS:
        _GAME_FOLDERS.append(root)
        if catalog.cache_info().currsize:
            catalog().add(root)


class Catalog:
    """Every message of every area, per language: the bot's own catalogs and the games'.

    Each file `<area>.json` holds the keys `<area>.…`. A game's folder holds its own areas only
    (`<area>.json`, the area being its key with `-` as `_`; several when its cog has parts of
    its own, such as The Game's talk rule): it may not add to an area of the bot's, and a key
    may be defined once, so two games never overwrite each other's messages (two options named
    `deck` are `<area>.option.deck` in each game's own area)."""

    def __init__(self, root: Path = LOCALES_DIR) -> None:
        self.messages: dict[str, dict[str, str]] = {lang: {} for lang in LOCALES}
        self._folders: list[Path] = []
        self._shared_areas = {file.stem for file in (root / DEFAULT_LOCALE).glob("*.json")}
        self.add(root, shared=True)
        for folder in _GAME_FOLDERS:
            self.add(folder)

    def add(self, root: Path, shared: bool = False) -> None:
        """Merge the catalogs under `root/<language>/`, laid out as the bot's own; a folder
        merged already is skipped. Raises `CatalogError`, changing nothing, when a game's
        folder (`shared` False) holds a file of one of the bot's areas or a key is defined
        twice."""
        root = root.resolve()
        if root in self._folders:
            return
        loaded = {lang: self._load_language(root / lang) for lang in LOCALES}
        if not shared:
            areas = {file.stem for lang in LOCALES for file in (root / lang).glob("*.json")}
            if taken := sorted(areas & self._shared_areas):
                raise CatalogError(f"{root}: a game's catalogs may not add to the bot's {taken}")
        for lang, messages in loaded.items():
            if twice := sorted(messages.keys() & self.messages[lang].keys()):
                raise CatalogError(f"{root}: {lang} keys defined twice: {', '.join(twice[:10])}")
        for lang, messages in loaded.items():
            self.messages[lang].update(messages)
        self._folders.append(root)

    @staticmethod
    def _load_language(folder: Path) -> dict[str, str]:
        messages: dict[str, str] = {}
        for file in sorted(folder.glob("*.json")):
            data = json.loads(file.read_text(encoding="utf-8"))
            _flatten(file.stem, data, messages)
        return messages

    def text(self, locale: str, key: str, /, **params: Any) -> str:
        """The message for `key`, English when the language lacks it, the key itself if unknown."""
        template = self.messages.get(locale, {}).get(key)
        if template is None:
            template = self.messages[DEFAULT_LOCALE].get(key)
        if template is None:
            log.warning("missing message %s", key)
            return key
        return template.format(**params) if params else template

    def has(self, key: str) -> bool:
        return key in self.messages[DEFAULT_LOCALE]


def _flatten(prefix: str, data: Any, out: dict[str, str]) -> None:
    """Nested objects become dotted keys: `{"error": {"full": ...}}` in lobby.json is
    `lobby.error.full`."""
    if isinstance(data, dict):
        for key, value in data.items():
            _flatten(f"{prefix}.{key}", value, out)
    else:
        out[prefix] = str(data)


@cache
def catalog() -> Catalog:
    """The catalog shipped with the bot, loaded once (it is read-only)."""
    return Catalog()


class Texts:
    """Messages in one language: `tr = Texts("fr"); tr("lobby.title", game=...)`."""

    def __init__(self, locale: str) -> None:
        self.locale = normalize_locale(locale)

    def __call__(self, key: str, /, **params: Any) -> str:
        return catalog().text(self.locale, key, **params)

    def has(self, key: str) -> bool:
        return catalog().has(key)

    def plural(self, key: str, n: int, /, **params: Any) -> str:
        """`<key>.one` or `<key>.other` with `{n}`, by the language's rule: French uses the
        singular for 0 and 1 ("0 carte posée"), English for 1 only ("0 cards placed"); a
        negative count takes its size's form and is written with a true minus sign, U+2212
        ("−1 point", "−6 points"), as the games write negative points."""
        size = abs(n)
        singular = size in (0, 1) if self.locale == "fr" else size == 1
        shown: int | str = f"−{size}" if n < 0 else n
        return self(f"{key}.{'one' if singular else 'other'}", n=shown, **params)
