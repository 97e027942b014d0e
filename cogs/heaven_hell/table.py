"""The public table: the five rows (hell side, heaven side, closed or not), the draw pile, each
seat's hand size, double, total, the round and the last moves. While the colours are scored one
by one it also says which colour's doubles are being chosen, who is asked and whether each has
chosen (never what), and the colours revealed and scored so far.

Built from the spectator view only (it has no hand and no pending choice), so nothing here can
reveal a card in someone's hand or a double not yet revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_limits import add_lines, last_lines
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import Panel, SeatInfo, TableContext
from cogs.heaven_hell.moves import move_lines
from cogs.heaven_hell.words import (
    DOUBLE,
    HEAVEN,
    HELL,
    colour_title,
    count,
    double_face,
    mark,
    points,
    row_line,
    total,
)
from games.heaven_hell.state import ColourScore
from games.heaven_hell.view import HeavenHellView, SeatView

COLOUR = discord.Colour.from_rgb(155, 89, 182)
RECENT_EXTRA = 4
"""Last moves shown beyond one per seat: a round's row closings and stuck players fit."""


def spectator_view(ctx: TableContext[HeavenHellView]) -> HeavenHellView:
    view = ctx.view
    if view.hand is not None or view.seat is not None:
        raise ValueError("the public table must be drawn from the spectator view")
    return view


def table_panel(ctx: TableContext[HeavenHellView]) -> Panel:
    view = spectator_view(ctx)
    tr = ctx.tr
    description = piles(view, tr, choosing=not ctx.finished)
    embed = discord.Embed(title=title(view, tr), description=description, colour=COLOUR)
    add_lines(embed, rows_title(tr), rows_lines(ctx.faces, view))
    embed.add_field(
        name=tr("heaven_hell.table.players"),
        value="\n".join(
            seat_line(seat, ctx.seats[seat.seat], view, seat.seat in ctx.to_act, tr, ctx.faces)
            for seat in view.seats
        ),
        inline=False,
    )
    if view.scored:
        embed.add_field(
            name=tr("heaven_hell.table.scored"),
            value="\n".join(scored_line(score, ctx.seats, tr) for score in view.scored),
            inline=False,
        )
    moves = move_lines(view.recent, ctx.seats, tr, ctx.faces)
    recent = last_lines(moves, view.players + RECENT_EXTRA)
    if recent:
        embed.add_field(name=tr("heaven_hell.table.recent"), value="\n".join(recent), inline=False)
    return Panel(embeds=[embed])


def scored_line(score: ColourScore, seats: Sequence[SeatInfo], tr: Texts) -> str:
    """`🟥R 😈 1 │ 😇 5 → **alice** +4`: one line a colour. Why that seat scored and what each
    held is the round summary's (`round_panels`); on the table it took three lines a colour."""
    colour = colour_title(score)
    if score.scorer is None or score.heaven == score.hell:
        return tr("heaven_hell.table.scored_none", colour=colour)
    key = "scored_doubled" if score.doubled else "scored_by"
    name = seats[score.scorer].name
    return tr(
        f"heaven_hell.table.{key}",
        colour=colour,
        name=name,
        points=points(score.points),
        double=DOUBLE,
    )


def title(view: HeavenHellView, tr: Texts) -> str:
    shown = min(view.round + 1, view.rounds)
    return " · ".join(
        [tr("heaven_hell.name"), tr("heaven_hell.table.round", round=shown, rounds=view.rounds)]
    )


def piles(view: HeavenHellView, tr: Texts, choosing: bool) -> str:
    """The piles, and while doubles are being chosen (`choosing`: not in a cancelled game
    stopped at that moment), for which colour."""
    lines = [
        tr("heaven_hell.table.draw_pile", cards=count(tr, "cards", view.draw_pile_size)),
        tr(
            "heaven_hell.table.closed",
            closed=view.closed_rows,
            needed=view.closed_rows_to_end,
        ),
    ]
    if choosing and view.asking is not None:
        lines.append(tr("heaven_hell.table.doubles", colour=mark(view.asking), double=DOUBLE))
    return "\n".join(lines)


def rows_title(tr: Texts) -> str:
    return tr("heaven_hell.table.rows", hell=HELL, heaven=HEAVEN)


def rows_lines(faces: CardFaces, view: HeavenHellView) -> list[str]:
    """A line per row; with the cards' faces, late in a round, five rows can pass a field's
    1,024 characters, and the rows go on in the next field."""
    return [row_line(faces, row) for row in view.rows]


def seat_line(
    seat: SeatView,
    info: SeatInfo,
    view: HeavenHellView,
    acting: bool,
    tr: Texts,
    faces: CardFaces,
) -> str:
    """`▶️ alice (dealer) — 7 cards · ×2 · 12 points`, and while a colour's doubles are chosen,
    for a seat asked, whether it has chosen (never what); the colour is said once, above."""
    pointer = "▶️" if acting else "▪️"
    robot = "🤖 " if info.is_computer or info.autopilot else ""
    name = f"{robot}**{info.name}**"
    if seat.seat == view.dealer:
        name = tr("heaven_hell.table.dealer", name=name)
    double = double_face(faces) if seat.holds_double else f"~~{DOUBLE}~~"
    facts = [
        count(tr, "cards", seat.hand_size),
        double,
        tr.plural("heaven_hell.points", abs(seat.total), total=total(seat.total)),
    ]
    if seat.asked and view.asking is not None:
        state = "chosen" if seat.chosen else "choosing"
        facts.append(tr(f"heaven_hell.table.{state}"))
    return f"{pointer} {name} — {' · '.join(facts)}"
