"""The end-of-game message: score and verdict, who placed what, how long it took, talk rule."""

from __future__ import annotations

import discord

from bot.tables.ui import FinishContext, Panel
from cogs.the_game.words import count, duration
from games.the_game.events import GameEnded
from games.the_game.view import TheGameView

VERDICT_COLOURS: dict[str, discord.Colour] = {
    "total_victory": discord.Colour.gold(),
    "excellent": discord.Colour.green(),
    "count": discord.Colour.dark_grey(),
}


def finish_panel(ctx: FinishContext[TheGameView]) -> Panel:
    tr = ctx.table.tr
    summary = ctx.result.summary
    left = int(summary["cards_left"])
    verdict = str(summary["verdict"])
    placed: list[int] = list(summary["cards_placed"])
    story = [tr(f"the_game.finish.verdict.{verdict}", left=count(tr, "cards", left))]
    stuck = next((e.stuck_seat for e in ctx.table.events if isinstance(e, GameEnded)), None)
    if stuck is not None:
        story.append(tr("the_game.news.stuck", name=ctx.table.seats[stuck].name))
    embed = discord.Embed(
        title=tr("the_game.finish.title"),
        description="\n".join(story),
        colour=VERDICT_COLOURS.get(verdict, discord.Colour.dark_grey()),
    )
    embed.add_field(
        name=tr("the_game.finish.players"), value=player_lines(ctx, placed), inline=False
    )
    embed.add_field(name=tr("the_game.finish.time"), value=duration(tr, ctx.seconds), inline=False)
    return Panel(embeds=[embed])


def player_lines(ctx: FinishContext[TheGameView], placed: list[int]) -> str:
    """Cards placed by each seat, and each member's talk-rule offences during the game."""
    tr = ctx.table.tr
    lines = []
    for info in ctx.table.seats:
        parts = [count(tr, "placed", placed[info.seat])]
        if not info.is_computer:
            parts.append(count(tr, "offences", ctx.offences.get(info.seat, 0)))
        lines.append(tr("the_game.finish.player_line", name=info.name, what=" · ".join(parts)))
    return "\n".join(lines)
