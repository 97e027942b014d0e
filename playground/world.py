"""The simulated server the playground plays in, and the file that keeps it between runs.

The bot's SQLite file remembers games by guild, channel, thread and message ids; SimCord's world
lives in memory. For a game to survive restarting `make play`, the world (users, the guild, its
channels and threads, their messages) is saved beside the database and put back into SimCord's
backend before the bot connects, with the same ids, so the bot finds its threads and table
messages as it would on Discord. Ephemeral messages are not kept: a Discord client loses them on
reload too. Each member's client language is kept with the world, as a Discord client keeps its own.

This reads and writes SimCord's backend stores, which SimCord documents as internal; the `play`
extra pins SimCord's minor version for that reason, and a world saved by another version is not
loaded (a new world is built instead).
"""

from __future__ import annotations

import logging
import os
import pickle
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import simcord
from simcord.backend.models.message import Message

from playground.client_locale import ENGLISH, FRENCH, LANGUAGES

log = logging.getLogger(__name__)

GUILD_NAME = "Playground"
CHANNEL_NAME = "games"
BOT_NAME = "Card table"
MEMBER_NAMES = ("Alice", "Bob", "Chloé", "Dmitri")
# One member's client is in French from the start, so that a newcomer sees private answers in both
# languages (half of the bot's players are French) and finds the toggle that switches them.
FIRST_LOCALES = {"Chloé": FRENCH}
OLD_GAMES = "games still running in the database were in the old world: delete it to start afresh"

_STORES = (
    "users",
    "guilds",
    "channels",
    "dm_channels",
    "_reserved_ids",
    "_sequences",
    "application_id",
    "bot_user",
)


@dataclass(frozen=True)
class World:
    """Handles on the playground's guild, its games channel and the members a person plays as,
    with each member's client language (a Discord locale code, `en-US` or `fr`)."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    members: tuple[simcord.MemberActor, ...]
    locales: dict[int, str]

    def member(self, member_id: int) -> simcord.MemberActor:
        for member in self.members:
            if member.id == member_id:
                return member
        raise KeyError(member_id)

    def place(self, channel_id: int) -> simcord.ChannelHandle:
        """The games channel or one of its threads."""
        if channel_id == self.channel.id:
            return self.channel
        for thread in self.channel.threads:
            if thread.id == channel_id:
                return thread
        raise KeyError(channel_id)

    def locale(self, member_id: int) -> str:
        """The language of the member's Discord client (English for a user who is not one of
        the members)."""
        return self.locales.get(member_id, ENGLISH)

    def ids(self) -> dict[str, Any]:
        return {
            "guild_id": self.guild.id,
            "channel_id": self.channel.id,
            "member_ids": [member.id for member in self.members],
            "locales": dict(self.locales),
        }


def follow_wall_clock(env: simcord.Env) -> None:
    """Move the simulated clock (which starts on 1 January 2026) to the present, before the bot
    starts: timestamps then read like real ones, and turn deadlines stored in the database in an
    earlier run fall due at the right time."""
    behind = (datetime.now(UTC) - env.backend.clock.now()).total_seconds()
    if behind > 0:
        env.backend.advance_clock(behind)


def restore(env: simcord.Env, path: Path) -> dict[str, Any] | None:
    """Put a saved world into SimCord's backend before the bot starts; returns the saved ids, or
    None when there is no usable file (then a new world is built once the bot is up)."""
    if not path.exists():
        return None
    try:
        with path.open("rb") as file:
            saved = pickle.load(file)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError) as error:
        log.warning("cannot read %s (%s): starting a new world", path, error)
        log.warning(OLD_GAMES)
        return None
    if not isinstance(saved, dict) or saved.get("simcord") != simcord.__version__:
        log.warning("%s was saved by another SimCord version: starting a new world", path)
        log.warning(OLD_GAMES)
        return None
    backend = env.backend
    for name in _STORES:
        setattr(backend, name, saved["stores"][name])
    backend.messages = saved["messages"]
    ids: dict[str, Any] = saved["ids"]
    return ids


def save(env: simcord.Env, world: World, path: Path) -> None:
    """Write the world atomically (a crash mid-write leaves the previous file)."""
    backend = env.backend
    messages: dict[int, dict[int, Message]] = {
        channel_id: {
            message_id: message
            for message_id, message in by_id.items()
            if not message.is_ephemeral
        }
        for channel_id, by_id in backend.messages.items()
    }
    saved = {
        "simcord": simcord.__version__,
        "ids": world.ids(),
        "stores": {name: getattr(backend, name) for name in _STORES},
        "messages": messages,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("wb") as file:
        pickle.dump(saved, file)
    os.replace(temporary, path)


def build(env: simcord.Env) -> World:
    """A new server: the bot, a #games channel and a few members, the first of them owning it (so
    that the owner-only parts of /settings can be tried)."""
    env.backend.edit_bot_profile(BOT_NAME)
    users = [env.create_user(name) for name in MEMBER_NAMES]
    guild = env.create_guild(GUILD_NAME, owner=users[0])
    channel = guild.create_text_channel(CHANNEL_NAME)
    members = tuple(guild.add_member(user) for user in users)
    return World(guild, channel, members, _first_locales(members))


def _first_locales(members: tuple[simcord.MemberActor, ...]) -> dict[int, str]:
    return {member.id: FIRST_LOCALES.get(member.name, ENGLISH) for member in members}


def reattach(env: simcord.Env, ids: dict[str, Any]) -> World:
    """Handles on a restored world. A world saved before members had a language gets the first
    ones; a language the playground no longer offers becomes English."""
    backend = env.backend
    guild = simcord.GuildHandle(env, backend.get_guild(ids["guild_id"]))
    channel = simcord.ChannelHandle(env, guild, backend.get_channel(ids["channel_id"]))
    members = tuple(
        simcord.MemberActor(env, guild, simcord.UserHandle(env, backend.get_user(user_id)))
        for user_id in ids["member_ids"]
    )
    saved: dict[int, str] = ids.get("locales", _first_locales(members))
    locales = {
        member.id: locale if (locale := saved.get(member.id, ENGLISH)) in LANGUAGES else ENGLISH
        for member in members
    }
    return World(guild, channel, members, locales)
