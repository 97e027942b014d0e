"""The end-of-game message: score and verdict, who placed what, how long it took, talk rule."""

from __future__ import annotations

import discord

from bot.tables.ui import FinishContext, Panel
from cogs.the_game.words import count, duration
from games.the_game.events import GameOver

VERDICT_COLOURS: dict[str, discord.Colour] = {
    "total_victory": discord.Colour.gold(),
    "excellent": discord.Colour.green(),
    "count": discord.Colour.dark_grey(),
}


def finish_panel(ctx: FinishContext) -> Panel:
    tr = ctx.table.tr
    summary = ctx.result.summary
    left = int(summary["cards_left"])
    verdict = str(summary["verdict"])
    placed: list[int] = list(summary["cards_placed"])
    embed = discord.Embed(
        title=tr("the_game.finish.title"),
        description=tr(f"the_game.finish.verdict.{verdict}", left=count(tr, "cards", left)),
        colour=VERDICT_COLOURS.get(verdict, discord.Colour.dark_grey()),
    )
    stuck = next((e.stuck_seat for e in ctx.table.events if isinstance(e, GameOver)), None)
    if stuck is not None:
        embed.description = "\n".join(
            [embed.description or "", tr("the_game.news.stuck", name=ctx.table.seats[stuck].name)]
        )
    lines = []
    for info in ctx.table.seats:
        line = tr(
            "the_game.finish.placed_line",
            name=info.name,
            placed=count(tr, "cards", placed[info.seat]),
        )
        if not info.is_computer:
            offences = ctx.offences.get(info.seat, 0)
            line += " · " + count(tr, "offences", offences)
        lines.append(line)
    embed.add_field(name=tr("the_game.finish.players"), value="\n".join(lines), inline=False)
    embed.add_field(name=tr("the_game.finish.time"), value=duration(tr, ctx.seconds), inline=False)
    return Panel(embeds=[embed])
