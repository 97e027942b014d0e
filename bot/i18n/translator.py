"""Command names and descriptions in French through discord.py's translator hook.

Commands declare their strings with `command_text("play.name")`: the English text comes from the
`commands` catalog and carries its key, which this translator looks up for French clients.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n.catalog import DEFAULT_LOCALE, catalog, normalize_locale


def command_text(key: str) -> app_commands.locale_str:
    """An English command string from `commands.json` that Discord may show translated."""
    full_key = f"commands.{key}"
    return app_commands.locale_str(catalog().text(DEFAULT_LOCALE, full_key), key=full_key)


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
