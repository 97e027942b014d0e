"""`/play the-game [expert] [smaller-hands]`: The Game's table options, as `TheGameConfig`
names them (so the default `GameUI.make_config` applies)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n.translator import command_text as _
from bot.tables.interactions import open_table
from bot.tables.registry import PlayCommand
from games.the_game.engine import GAME_TYPE


def play_command() -> PlayCommand:
    @app_commands.command(
        name=_("play.the_game.name"), description=_("play.the_game.description")
    )
    @app_commands.rename(
        expert=_("play.opt.expert.name"), smaller_hands=_("play.opt.smaller_hands.name")
    )
    @app_commands.describe(
        expert=_("play.opt.expert.description"),
        smaller_hands=_("play.opt.smaller_hands.description"),
    )
    async def the_game(
        interaction: discord.Interaction[Any], expert: bool = False, smaller_hands: bool = False
    ) -> None:
        await open_table(
            interaction, GAME_TYPE.key, {"expert": expert, "smaller_hands": smaller_hands}
        )

    return the_game
