"""Command names and descriptions in French through discord.py's translator hook.

Commands declare their strings with `command_text("play.name")`: the English text comes from the
`commands` catalog and carries its key, which this translator looks up for French clients. A
game's `/play` subcommand takes its strings from the game's own area (`catalog_text`).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n.catalog import DEFAULT_LOCALE, catalog, normalize_locale


def command_text(key: str) -> app_commands.locale_str:
    """An English command string from `commands.json` that Discord may show translated."""
    return catalog_text(f"commands.{key}")


def catalog_text(key: str) -> app_commands.locale_str:
    """An English command string from any catalog (a game's own `/play` subcommand and options
    are in its area: `<area>.play.name`) that Discord may show translated."""
    return app_commands.locale_str(catalog().text(DEFAULT_LOCALE, key), key=key)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = normalize_locale(locale)
        if not isinstance(key, str) or language == DEFAULT_LOCALE:
            return None
        return catalog().text(language, key)
