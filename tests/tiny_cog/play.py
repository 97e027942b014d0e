"""`/play tiny [cards]`: the tiny game's table option, named as `TinyConfig` names it (so the
default `GameUI.make_config` applies), its bounds the engine's."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n.translator import command_text as _
from bot.tables.interactions import open_table
from bot.tables.registry import PlayCommand
from tests.tiny_game.engine import GAME_TYPE, MAX_CARDS


def play_command() -> PlayCommand:
    @app_commands.command(name=_("play.tiny.name"), description=_("play.tiny.description"))
    @app_commands.rename(cards=_("play.tiny.opt.cards.name"))
    @app_commands.describe(cards=_("play.tiny.opt.cards.description"))
    async def tiny(
        interaction: discord.Interaction[Any],
        cards: app_commands.Range[int, 1, MAX_CARDS] = MAX_CARDS,
    ) -> None:
        await open_table(interaction, GAME_TYPE.key, {"cards": cards})

    return tiny
