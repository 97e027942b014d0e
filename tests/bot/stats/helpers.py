"""Drive pick games to their end through SimCord, and read leaderboard answers."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from tests.bot.helpers import table_message


async def play(
    channel: simcord.ChannelHandle,
    picks: list[tuple[simcord.MemberActor, int]],
    *,
    computers: int = 0,
    game: str = "level8",
    **options: Any,
) -> None:
    """Open `game` with the first member as host, seat everyone, start, and let each member pick
    their number: the game ends and the table service records its results."""
    host = picks[0][0]
    lobby = (await host.slash(channel, f"play {game}", **options)).response
    assert lobby is not None
    for member, _ in picks[1:]:
        await member.click(lobby, label="Join")
    for _ in range(computers):
        await host.click(lobby, label="Add computer")
    await host.click(lobby, label="Start")
    place = channel.threads[-1] if channel.threads else channel
    for member, number in picks:
        hand = (await member.click(table_message(place), label="Show my hand")).response
        assert hand is not None
        await member.click(hand, label=f"Pick {number}")


async def leaderboard(
    member: simcord.MemberActor, channel: simcord.ChannelHandle, game: str, period: str = "all-time"
) -> simcord.ResponseMessage:
    answer = (await member.slash(channel, "leaderboard", game=game, period=period)).response
    assert answer is not None and answer.ephemeral
    return answer


def embed_of(message: simcord.ResponseMessage | discord.Message) -> discord.Embed:
    assert len(message.embeds) == 1
    return message.embeds[0]


def rows(message: simcord.ResponseMessage | discord.Message) -> list[str]:
    """The leaderboard lines of the page (the embed's description)."""
    return (embed_of(message).description or "").splitlines()


def own_place(message: simcord.ResponseMessage | discord.Message) -> str | None:
    return next(
        (field.value for field in embed_of(message).fields if field.name == "Your place"), None
    )


def footer(message: simcord.ResponseMessage | discord.Message) -> str:
    return embed_of(message).footer.text or ""


def field_value(message: simcord.ResponseMessage | discord.Message, name: str) -> str:
    """The text of the embed field called `name` (a game's section of `/stats show`)."""
    return next(field.value or "" for field in embed_of(message).fields if field.name == name)
