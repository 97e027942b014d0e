"""Message catalogs in French and English, and how to pick the language.

Catalogs are JSON files `bot/i18n/locales/<lang>/<area>.json`; a key `"join"` in `lobby.json` is
looked up as `"lobby.join"`. Each area (lobby, settings, the talk rule...) owns its file. A game's
strings live in its cog, in a folder laid out the same way (`cogs/<game>/locales/<lang>/`) that its
UI names (`GameUI.locales`), so adding a game never means editing a shared file. Both languages
must have the same keys and the same `{placeholders}` (a test checks it).

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
