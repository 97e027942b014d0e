"""What every game's slash commands share: the `/play` subcommand of a game without table
options, and the list of games a command offers.

A game's cog may give its own `/play` subcommand (with its options) when it registers; it calls
`bot.tables.interactions.open_table` with the options, which reach `GameUI.make_config`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n.translator import command_text as _
from bot.tables.interactions import open_table
from bot.tables.registry import GameCatalog, PlayCommand


def area(key: str) -> str:
    """A game's catalog area: its key with `-` as `_` (key `card-race`, area `card_race`)."""
    return key.replace("-", "_")


def plain_play_command(key: str) -> PlayCommand:
    """`/play <game>` for a game that has no table options: named by `play.<area>.name`."""

    async def play(interaction: discord.Interaction[Any]) -> None:
        await open_table(interaction, key, {})

    return app_commands.Command(
        name=_(f"play.{area(key)}.name"),
        description=_(f"play.{area(key)}.description"),
        callback=play,
    )


def play_commands(games: GameCatalog) -> list[PlayCommand]:
    """One `/play` subcommand per game the bot offers, in menu order."""
    return [
        games.play_command(game.key) or plain_play_command(game.key) for game in games.game_types()
    ]


def game_choices(games: GameCatalog) -> list[app_commands.Choice[str]]:
    """The games as the choices of a command's `game` option (`/rules`, `/leaderboard`), named
    by `choice.<area>`."""
    return [
        app_commands.Choice(name=_(f"choice.{area(game.key)}"), value=game.key)
        for game in games.game_types()
    ]
