"""The public table: the five rows (hell side, heaven side, closed or not), the draw pile, each
seat's double, hand size and total, the dealer, the round and the last moves. While the colours
are scored one by one it also says which colour's doubles are being chosen, who is asked and
whether each has chosen (never what), and, on each colour's row once it is scored, who scored it
and the doubles played on it.

A four-seat table fits one phone screen (`tests/bot/faces/test_phone_tables.py`): a row, full
of faces, is one line; a seat is one line (its mark says whether it is to act or has chosen its
double, the dealer is named once above the seats); the piles are one line while cards are
placed, and while doubles are chosen the piles, which no longer change, give way to the colour
being scored; the last moves are a line per seat, its last turn (`moves.py`), and leave a
colour's revealed doubles to its row.

Built from the spectator view only (it has no hand and no pending choice), so nothing here can
reveal a card in someone's hand or a double not yet revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.discord_limits import add_lines, last_lines
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import Panel, SeatInfo, TableContext
from cogs.heaven_hell.moves import move_lines
from cogs.heaven_hell.words import (
    CLOSED,
    DOUBLE,
    HEAVEN,
    HELL,
    double_face,
    mark,
    name_of,
    points,
    row_line,
)
from games.heaven_hell.cards import Colour
from games.heaven_hell.events import DoublesRevealed, RoundStarted
from games.heaven_hell.state import ColourScore
from games.heaven_hell.view import HeavenHellView, RowView, SeatView

COLOUR = discord.Colour.from_rgb(155, 89, 182)


def spectator_view(ctx: TableContext[HeavenHellView]) -> HeavenHellView:
    view = ctx.view
    if view.hand is not None or view.seat is not None:
        raise ValueError("the public table must be drawn from the spectator view")
    return view


def table_panel(ctx: TableContext[HeavenHellView]) -> Panel:
    view = spectator_view(ctx)
    tr = ctx.tr
    description = status(view, tr, choosing=not ctx.finished)
    embed = discord.Embed(title=title(view, tr), description=description, colour=COLOUR)
    add_lines(embed, rows_title(tr), rows_lines(view, ctx.seats, tr, ctx.faces))
    embed.add_field(
        name=tr("heaven_hell.table.players", dealer=name_of(ctx.seats, view.dealer)),
        value="\n".join(
            seat_line(seat, ctx.seats[seat.seat], view, seat.seat in ctx.to_act, tr, ctx.faces)
            for seat in view.seats
        ),
        inline=False,
    )
    told = [event for event in view.recent if not isinstance(event, DoublesRevealed)]
    recent = last_lines(move_lines(told, ctx.seats, tr, ctx.faces), view.players)
    if recent:
        embed.add_field(name=tr("heaven_hell.table.recent"), value="\n".join(recent), inline=False)
    return Panel(embeds=[embed])


def title(view: HeavenHellView, tr: Texts) -> str:
    return " · ".join([tr("heaven_hell.name"), round_text(view, tr)])


def round_text(view: HeavenHellView, tr: Texts) -> str:
    """The round being played ("round 2 of 4"), or the last once the game is over."""
    shown = min(view.round + 1, view.rounds)
    return tr("heaven_hell.table.round", round=shown, rounds=view.rounds)


def status(view: HeavenHellView, tr: Texts, choosing: bool) -> str:
    """The piles; while doubles are being chosen (`choosing`: not in a cancelled game stopped at
    that moment), the colour they are chosen for instead: the piles no longer change then."""
    if choosing and view.asking is not None:
        return tr("heaven_hell.table.doubles", colour=mark(view.asking), double=DOUBLE)
    return tr(
        "heaven_hell.table.piles",
        cards=view.draw_pile_size,
        closed=view.closed_rows,
        needed=view.closed_rows_to_end,
    )


def rows_title(tr: Texts) -> str:
    return tr("heaven_hell.table.rows", hell=HELL, heaven=HEAVEN)


def rows_lines(
    view: HeavenHellView, seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> list[str]:
    """A line per row; with the cards' faces, late in a round, five rows can pass a field's
    1,024 characters, and the rows go on in the next field. A colour already scored this round
    is its sums and what became of it instead of its cards, which no longer count."""
    scored = {score.colour: score for score in view.scored}
    played = doubles_played(view.recent)
    return [
        scored_row(row, scored[row.colour], played.get(row.colour, []), seats, tr)
        if row.colour in scored
        else row_line(faces, row)
        for row in view.rows
    ]


def doubles_played(events: Sequence[BaseModel]) -> dict[Colour, list[int]]:
    """The seats that played their double on each colour revealed in this round so far."""
    played: dict[Colour, list[int]] = {}
    for event in events:
        if isinstance(event, RoundStarted):
            played.clear()
        elif isinstance(event, DoublesRevealed) and event.played:
            played[event.colour] = list(event.played)
    return played


def scored_row(
    row: RowView, score: ColourScore, played: Sequence[int], seats: Sequence[SeatInfo], tr: Texts
) -> str:
    """`🟩G 0 │ **9** → **bob** +16 · ×2 bob, carol`: the row's sums, who scored the colour and
    the doubles played on it (whoever scored); why that seat scored and what each held is the
    round summary's (`round_panels`)."""
    hell = f"**{score.hell}**" if score.hell > score.heaven else str(score.hell)
    heaven = f"**{score.heaven}**" if score.heaven > score.hell else str(score.heaven)
    lock = f" {CLOSED}" if row.closed else ""
    if score.scorer is None or score.heaven == score.hell:
        result = tr("heaven_hell.table.scored_none")
    else:
        name = name_of(seats, score.scorer)
        result = tr("heaven_hell.table.scored_by", name=name, points=points(score.points))
    line = f"{mark(row.colour)} {hell} │ {heaven}{lock} {result}"
    if played:
        names = ", ".join(name_of(seats, seat) for seat in played)
        line += " · " + tr("heaven_hell.table.played", double=DOUBLE, names=names)
    return line


def seat_line(
    seat: SeatView,
    info: SeatInfo,
    view: HeavenHellView,
    acting: bool,
    tr: Texts,
    faces: CardFaces,
) -> str:
    """`▶️ **alice** ×2 🎴 7 · 12 pts`: ▶️ to act (to play, or to choose for the colour whose
    doubles are chosen), ✅ has chosen for it (never what), ▪️ neither; then the double, held
    (its face) or spent (struck), the cards in hand and the total."""
    if acting:
        pointer = "▶️"
    elif seat.asked and seat.chosen and view.asking is not None:
        pointer = "✅"
    else:
        pointer = "▪️"
    robot = "🤖 " if info.is_computer or info.autopilot else ""
    return tr(
        "heaven_hell.table.seat",
        pointer=pointer,
        name=f"{robot}**{info.name}**",
        double=double_face(faces) if seat.holds_double else f"~~{DOUBLE}~~",
        cards=seat.hand_size,
        points=tr.plural("heaven_hell.pts", seat.total),
    )
