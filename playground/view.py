"""What one member sees in one channel or thread, as JSON for the page.

Messages come from SimCord's history for that member, so another member's ephemeral hand never
reaches the page of someone else: the page shows what a Discord client would show that member.
Embeds and components are discord.py's own dictionaries (Discord's API shapes).
"""

from __future__ import annotations

from typing import Any

import discord

from playground.client_locale import LANGUAGES
from playground.session import Playground

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2


def page_state(playground: Playground, member_id: int, place_id: int) -> dict[str, Any]:
    world = playground.world
    member = world.member(member_id)
    place = world.place(place_id)
    places = [world.channel, *world.channel.threads]
    return {
        "now": playground.env.now().timestamp(),
        "member": str(member.id),
        "place": str(place.id),
        "members": [
            {"id": str(m.id), "name": m.name, "locale": world.locale(m.id)} for m in world.members
        ],
        "languages": [{"locale": code, "name": name} for code, name in LANGUAGES.items()],
        "places": [
            {
                "id": str(p.id),
                "name": p.name,
                "thread": p.is_thread,
                "messages": len(p.history(viewer=member)),
            }
            for p in places
        ],
        "names": names(playground),
        "messages": [message_json(message) for message in place.history(viewer=member)],
        "commands": command_leaves(playground.commands(member, place), world.locale(member.id)),
        "botErrors": playground.bot_errors[-5:],
        "botErrorCount": len(playground.bot_errors),
    }


def names(playground: Playground) -> dict[str, str]:
    """Display names for `<@id>` mentions and `<#id>` links in messages."""
    world = playground.world
    bot_user = playground.env.backend.bot_user
    found = {str(m.id): m.name for m in world.members}
    found[str(bot_user.id)] = bot_user.name
    for place in [world.channel, *world.channel.threads]:
        found[str(place.id)] = place.name or ""
    return found


def message_json(message: discord.Message) -> dict[str, Any]:
    return {
        "id": str(message.id),
        "author": {
            "id": str(message.author.id),
            "name": message.author.display_name,
            "bot": message.author.bot,
        },
        "content": message.content,
        "embeds": [embed.to_dict() for embed in message.embeds],
        "components": [component.to_dict() for component in message.components],
        "ephemeral": message.flags.ephemeral,
        "timestamp": message.created_at.timestamp(),
        "edited": message.edited_at is not None,
        "reactions": [
            {"emoji": str(reaction.emoji), "count": reaction.count}
            for reaction in message.reactions
        ],
    }


def localized(item: dict[str, Any], field: str, locale: str) -> str:
    """A command's, option's or choice's `name` or `description` as a client in `locale` shows
    it: the translation the bot registered for that locale, else the default."""
    translations = item.get(f"{field}_localizations") or {}
    return str(translations.get(locale, item.get(field, "")))


def command_leaves(commands: list[Any], locale: str) -> list[dict[str, Any]]:
    """Each invocable command as a path (`["play", "the-game"]`) with its options, the way
    Discord's picker lists `/play the-game`. `label` is the path as a client in `locale` shows it
    (`/jouer the-game`); the command is still run by `path`, as Discord sends the default names."""
    leaves: list[dict[str, Any]] = []

    def walk(item: dict[str, Any], path: list[str], label: list[str]) -> None:
        children = [
            option
            for option in item.get("options") or []
            if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
        ]
        if children:
            for child in children:
                walk(child, [*path, child["name"]], [*label, localized(child, "name", locale)])
            return
        leaves.append(
            {
                "path": path,
                "label": label,
                "description": localized(item, "description", locale),
                "options": [
                    {
                        "name": option["name"],
                        "label": localized(option, "name", locale),
                        "description": localized(option, "description", locale),
                        "type": option["type"],
                        "required": bool(option.get("required")),
                        "choices": [
                            {"name": localized(choice, "name", locale), "value": choice["value"]}
                            for choice in option.get("choices") or []
                        ],
                    }
                    for option in item.get("options") or []
                ],
            }
        )

    for command in commands:
        if command.get("type", 1) == 1:
            walk(command, [command["name"]], [localized(command, "name", locale)])
    return sorted(leaves, key=lambda leaf: leaf["label"])
