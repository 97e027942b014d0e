"""Per-server settings chosen with `/settings`; unset values fall back to defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import discord

from bot.db import Database
from bot.i18n import normalize_locale

TalkRule = Literal["delete", "warn", "off"]
TALK_RULES: tuple[TalkRule, ...] = ("delete", "warn", "off")


@dataclass(frozen=True)
class GuildSettings:
    """`locale` None means "the server's preferred locale"; `turn_seconds` None means the bot's
    default (`TURN_SECONDS`)."""

    guild_id: int
    locale: str | None = None
    turn_seconds: int | None = None
    talk_rule: TalkRule = "delete"


async def get_guild_settings(db: Database, guild_id: int) -> GuildSettings:
    row = await db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None:
        return GuildSettings(guild_id)
    talk_rule: TalkRule = row["talk_rule"] if row["talk_rule"] in TALK_RULES else "delete"
    return GuildSettings(guild_id, row["locale"], row["turn_seconds"], talk_rule)


async def save_guild_settings(db: Database, settings: GuildSettings) -> None:
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, locale, turn_seconds, talk_rule) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, "
            "turn_seconds = excluded.turn_seconds, talk_rule = excluded.talk_rule",
            (settings.guild_id, settings.locale, settings.turn_seconds, settings.talk_rule),
        )


async def public_locale(db: Database, guild: discord.Guild | None, guild_id: int) -> str:
    """The language of public messages: the server setting, else the server's preferred locale."""
    settings = await get_guild_settings(db, guild_id)
    if settings.locale is not None:
        return normalize_locale(settings.locale)
    return normalize_locale(guild.preferred_locale if guild is not None else None)
