"""Messages of their own: the summary of a round that was just scored (each colour's rows and
result, where the doubles went and the revealed hands, the round's points and the totals), one
message per round however many colours were chosen for, and the end-of-game message with the
ranking. Both are drawn from events and the spectator view, which holds the scored round's report
once its hands are revealed."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Texts
from bot.tables.ui import FinishContext, Panel, SeatInfo, TableContext
from cogs.heaven_hell.moves import doubles_text
from cogs.heaven_hell.table import COLOUR, spectator_view
from cogs.heaven_hell.words import colour_result, colour_title, name_of, points, total
from games.heaven_hell.events import RoundScored
from games.heaven_hell.scoring import tie_break_order
from games.heaven_hell.state import RoundReport
from games.heaven_hell.view import HeavenHellView

ROUND_COLOUR = discord.Colour.dark_purple()


def round_panels(ctx: TableContext[HeavenHellView]) -> list[Panel]:
    view = spectator_view(ctx)
    report = view.last_report
    panels = []
    for event in ctx.events:
        if isinstance(event, RoundScored) and report is not None and report.round == event.round:
            panels.append(round_panel(report, event, view.rounds, ctx.seats, ctx.tr))
    return panels


def round_panel(
    report: RoundReport,
    event: RoundScored,
    rounds: int,
    seats: Sequence[SeatInfo],
    tr: Texts,
) -> Panel:
    """Where each double went, unless nobody was asked about one (nobody held a colour where
    heaven led)."""
    if any(score.asked for score in report.colours):
        doubles = tr("heaven_hell.round.doubles", doubles=doubles_text(report.doubles, seats, tr))
    else:
        doubles = tr("heaven_hell.round.no_doubles")
    embed = discord.Embed(
        title=tr("heaven_hell.round.title", round=report.round + 1, rounds=rounds),
        description=doubles,
        colour=ROUND_COLOUR,
    )
    order = tie_break_order(report.dealer, len(seats))
    for score in report.colours:
        embed.add_field(
            name=colour_title(score),
            value=colour_result(score, order, seats, tr),
            inline=False,
        )
    embed.add_field(
        name=tr("heaven_hell.round.points"),
        value=" · ".join(
            f"{name_of(seats, seat)} {points(value)}" for seat, value in enumerate(report.points)
        ),
        inline=False,
    )
    embed.add_field(
        name=tr("heaven_hell.round.totals"), value=standings(event.totals, seats), inline=False
    )
    return Panel(embeds=[embed])


def standings(totals: Sequence[int], seats: Sequence[SeatInfo]) -> str:
    """Totals, highest first; equal totals share a place."""
    ranked = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    lines = []
    for seat in ranked:
        rank = 1 + sum(1 for other in totals if other > totals[seat])
        lines.append(f"{rank}. {name_of(seats, seat)} — {total(totals[seat])}")
    return "\n".join(lines)


def finish_panel(ctx: FinishContext[HeavenHellView]) -> Panel:
    table = ctx.table
    tr = table.tr
    view = spectator_view(table)
    winners = [entry.seat for entry in ctx.result.seats if entry.won]
    names = [name_of(table.seats, seat) for seat in winners]
    if len(names) == 1:
        heading = tr("heaven_hell.finish.winner", name=names[0])
    else:
        heading = tr("heaven_hell.finish.shared", names=", ".join(names))
    embed = discord.Embed(title=heading, colour=COLOUR)
    totals = [0] * len(table.seats)
    for entry in ctx.result.seats:
        totals[entry.seat] = entry.score
    embed.add_field(
        name=tr("heaven_hell.finish.ranking"), value=standings(totals, table.seats), inline=False
    )
    per_round = [
        f"{name_of(table.seats, seat)}: "
        + " · ".join(points(points_of_round[seat]) for points_of_round in view.round_points)
        for seat in range(len(table.seats))
    ]
    embed.add_field(
        name=tr("heaven_hell.finish.rounds", rounds=len(view.round_points)),
        value="\n".join(per_round),
        inline=False,
    )
    return Panel(embeds=[embed])
