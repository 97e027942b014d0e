"""Per-server settings chosen with `/settings`; unset values fall back to defaults.

Every public message of a game is written in the server's language, so publishing a click's
change used to read these settings from the database each time. They are kept in memory, per
open database (`_Known`), once read: only `/settings` changes them, and a server's interactions,
`/settings` included, reach the one process that runs its shard, which stores the change here as
it saves it. `/settings` itself reads them from the database (`fresh`), so that a change made by
another process (two processes serving a server for a moment, during a rolling restart) is seen
there and from then on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal
from weakref import WeakKeyDictionary

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


@dataclass
class _Known:
    """The settings read or saved through one database, and how many saves it has seen: a read
    that a save overtook does not store what it read, which the save made old."""

    settings: dict[int, GuildSettings] = field(default_factory=dict)
    saves: int = 0


_known: WeakKeyDictionary[Database, _Known] = WeakKeyDictionary()


async def get_guild_settings(
    db: Database, guild_id: int, *, fresh: bool = False
) -> GuildSettings:
    """The server's settings: as last read or saved by this process, or from the database when
    `fresh` or never read."""
    known = _known.setdefault(db, _Known())
    found = known.settings.get(guild_id)
    if found is not None and not fresh:
        return found
    saves = known.saves
    row = await db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None:
        settings = GuildSettings(guild_id)
    else:
        talk_rule: TalkRule = row["talk_rule"] if row["talk_rule"] in TALK_RULES else "delete"
        settings = GuildSettings(guild_id, row["locale"], row["turn_seconds"], talk_rule)
    if known.saves == saves:
        known.settings[guild_id] = settings
    return settings


async def save_guild_settings(db: Database, settings: GuildSettings) -> None:
    """Store the server's settings; the next read in this process (the next click's public
    messages) has them."""
    known = _known.setdefault(db, _Known())
    known.saves += 1
    known.settings.pop(settings.guild_id, None)
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, locale, turn_seconds, talk_rule) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, "
            "turn_seconds = excluded.turn_seconds, talk_rule = excluded.talk_rule",
            (settings.guild_id, settings.locale, settings.turn_seconds, settings.talk_rule),
        )
    known.saves += 1
    known.settings[settings.guild_id] = settings


async def public_locale(db: Database, guild: discord.Guild | None, guild_id: int) -> str:
    """The language of public messages: the server setting, else the server's preferred locale."""
    settings = await get_guild_settings(db, guild_id)
    if settings.locale is not None:
        return normalize_locale(settings.locale)
    return normalize_locale(guild.preferred_locale if guild is not None else None)
