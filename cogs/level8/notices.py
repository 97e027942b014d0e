"""Messages of their own: the summary of a round that just ended (who went up a level), and
the end-of-game message with the winner. Both are drawn from events and the spectator view."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Texts
from bot.tables.ui import FinishContext, Panel, SeatInfo, TableContext
from cogs.level8.table import COLOUR, spectator_view
from games.level8.config import LevelSide
from games.level8.events import RoundEnded
from games.level8.levels import HARD_KEEP_MAX
from games.level8.phases import EndReason, Phase
from games.level8.view import Level8View

ROUND_COLOUR = discord.Colour.dark_teal()


def round_panels(ctx: TableContext[Level8View]) -> list[Panel]:
    view = spectator_view(ctx)
    panels = []
    for event in ctx.events:
        if isinstance(event, RoundEnded):
            lines = round_lines(event, ctx.seats, ctx.tr)
            if view.phase is Phase.KEEP and view.config.side is LevelSide.HARD:
                lines.append(ctx.tr("level8.round.keep", max=HARD_KEEP_MAX))
            embed = discord.Embed(
                title=ctx.tr("level8.round.title", round=event.round),
                description="\n".join(lines),
                colour=ROUND_COLOUR,
            )
            panels.append(Panel(embeds=[embed]))
    return panels


def round_lines(event: RoundEnded, seats: Sequence[SeatInfo], tr: Texts) -> list[str]:
    """The seat that went out first, then everyone in seat order."""
    lines = []
    order = [event.out, *(seat for seat in range(len(event.levels)) if seat != event.out)]
    for seat in order:
        before, after = event.before[seat], event.levels[seat]
        name = seats[seat].name
        if seat == event.out:
            key = "level8.round.out"
        elif after > before:
            key = "level8.round.up"
        else:
            key = "level8.round.stays"
        lines.append(tr(key, name=name, before=before, after=after))
    return lines


def finish_panel(ctx: FinishContext[Level8View]) -> Panel:
    table = ctx.table
    tr = table.tr
    view = spectator_view(table)
    if view.winner is not None:
        heading = tr("level8.finish.winner", name=table.seats[view.winner].name)
    else:
        heading = tr("level8.finish.no_winner")
    reason = (view.end_reason or EndReason.TURN_LIMIT).value
    embed = discord.Embed(
        title=heading, description=tr(f"level8.finish.reason.{reason}"), colour=COLOUR
    )
    ranked = sorted(ctx.result.seats, key=lambda entry: (entry.rank, entry.seat))
    lines = [
        tr(
            "level8.finish.line",
            rank=entry.rank,
            name=table.seats[entry.seat].name,
            level=view.players[entry.seat].level,
        )
        for entry in ranked
    ]
    embed.add_field(name=tr("level8.finish.levels"), value="\n".join(lines), inline=False)
    embed.add_field(name=tr("level8.finish.rounds"), value=str(view.round), inline=True)
    return Panel(embeds=[embed])
