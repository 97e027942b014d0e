"""Which faces the renderers can show as emojis: the name → emoji map the upload fills.

Renderers ask for a face by its key and give the text to show instead; until the face's emoji is
uploaded (the first start of a new application uploads about 220 of them, which takes a while)
or where an emoji cannot go, the text face is shown, so the bot plays from its first second.
"""

from __future__ import annotations

import discord


class CardFaces:
    """One per bot (the ids belong to its application), filled as faces land."""

    def __init__(self) -> None:
        self._emojis: dict[str, discord.PartialEmoji] = {}

    def add(self, key: str, emoji: discord.Emoji | discord.PartialEmoji) -> None:
        self._emojis[key] = discord.PartialEmoji(name=emoji.name, id=emoji.id)

    def emoji(self, key: str) -> discord.PartialEmoji | None:
        """The face's emoji, for a button or a menu option, None before it is uploaded."""
        return self._emojis.get(key)

    def inline(self, key: str, text: str) -> str:
        """The face in a message's text: its emoji (`<:tg_57_1a2b3c4:123>`), else `text`."""
        emoji = self._emojis.get(key)
        return str(emoji) if emoji is not None else text

    def __len__(self) -> int:
        return len(self._emojis)
