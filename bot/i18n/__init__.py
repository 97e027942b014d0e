"""Message catalogs in French and English, and how to pick the language.

Catalogs are JSON files `bot/i18n/locales/<lang>/<area>.json`; a key `"join"` in `lobby.json` is
looked up as `"lobby.join"`. Each area (lobby, a game's table, the talk rule...) owns its file, so
adding a game's strings never means editing another area's file. Both languages must have the same
keys and the same `{placeholders}` (a test checks it).

- `interaction_locale(interaction)`: the language of an ephemeral answer (the user's client).
- `Texts(locale)("lobby.join", name=...)`: one translated, formatted string.
"""

from bot.i18n.catalog import (
    DEFAULT_LOCALE,
    LOCALES,
    Catalog,
    Texts,
    catalog,
    interaction_locale,
    normalize_locale,
)

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "Catalog",
    "Texts",
    "catalog",
    "interaction_locale",
    "normalize_locale",
]
