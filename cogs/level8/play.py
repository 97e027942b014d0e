"""`/play level8 [deck] [hard]`: Level 8's table options (`Level8UI.make_config` turns `hard`
into the side of the level card)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n.translator import command_text as _
from bot.tables.interactions import open_table
from bot.tables.registry import PlayCommand
from games.level8.config import DeckPreset
from games.level8.engine import GAME_TYPE


def play_command() -> PlayCommand:
    @app_commands.command(name=_("play.level8.name"), description=_("play.level8.description"))
    @app_commands.rename(deck=_("play.opt.deck.name"), hard=_("play.opt.hard.name"))
    @app_commands.describe(
        deck=_("play.opt.deck.description"), hard=_("play.opt.hard.description")
    )
    @app_commands.choices(
        deck=[
            app_commands.Choice(name=_(f"play.opt.deck.{preset.value}"), value=preset.value)
            for preset in DeckPreset
        ]
    )
    async def level8(
        interaction: discord.Interaction[Any], deck: str = DeckPreset.FR.value, hard: bool = False
    ) -> None:
        await open_table(interaction, GAME_TYPE.key, {"deck": deck, "hard": hard})

    return level8
