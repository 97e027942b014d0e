"""What every game's slash commands share: each game's `/play` subcommand (which opens a table
through `bot.tables.interactions.open_table`), and the list of games a command offers.

A game's `/play` subcommand is built from its engine's config model (`GameType.options`): one
command option per table option, with its type, bounds, choices and default, named and described
by the game's own catalog (`<area>.play.*`, `<area>.option.<name>.*`). The chosen options reach
`GameUI.make_config`.
"""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

from bot.i18n.translator import catalog_text as _
from bot.tables.interactions import open_table
from bot.tables.registry import GameCatalog, PlayCommand
from games.core.game_type import GameOption, GameType


def area(key: str) -> str:
    """A game's catalog area: its key with `-` as `_` (key `card-race`, area `card_race`)."""
    return key.replace("-", "_")


def play_command(game: GameType) -> PlayCommand:
    """`/play <game>` with one option per table option of `game`: a bool is a switch, a number
    keeps its bounds, an enumerated option offers its values as choices. Texts: the game's
    `<area>.play.name` / `.description`, each option's `<area>.option.<name>.name` /
    `.description` and each value's `<area>.option.<name>.choice.<value>`."""
    own = area(game.key)

    async def play(interaction: discord.Interaction[Any], **options: Any) -> None:
        await open_table(interaction, game.key, options)

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        *(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=option.default,
                annotation=_annotation(option),
            )
            for option in game.options
        ),
    ]
    play.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    text = {option.name: f"{own}.option.{option.name}" for option in game.options}
    callback: Any = play
    if text:
        callback = app_commands.rename(
            **{name: _(f"{prefix}.name") for name, prefix in text.items()}
        )(callback)
        callback = app_commands.describe(
            **{name: _(f"{prefix}.description") for name, prefix in text.items()}
        )(callback)
    choices = {
        option.name: [
            app_commands.Choice(name=_(f"{text[option.name]}.choice.{value}"), value=value)
            for value in option.choices
        ]
        for option in game.options
        if option.choices
    }
    if choices:
        callback = app_commands.choices(**choices)(callback)
    return app_commands.Command(
        name=_(f"{own}.play.name"), description=_(f"{own}.play.description"), callback=callback
    )


def _annotation(option: GameOption) -> Any:
    if option.choices:
        return str
    if option.type is int and (option.minimum is not None or option.maximum is not None):
        return app_commands.Range[int, option.minimum, option.maximum]
    return option.type


def play_commands(games: GameCatalog) -> list[PlayCommand]:
    """One `/play` subcommand per game the bot offers, in menu order."""
    return [play_command(game) for game in games.game_types()]


def game_choices(games: GameCatalog) -> list[app_commands.Choice[str]]:
    """The games as the choices of a command's `game` option (`/rules`, `/leaderboard`), named
    by `<area>.name`."""
    return [
        app_commands.Choice(name=_(f"{area(game.key)}.name"), value=game.key)
        for game in games.game_types()
    ]
