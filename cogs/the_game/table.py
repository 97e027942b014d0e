"""The public table: piles, draw pile, hand sizes, the turn, recent moves and standing hints.

Built from the spectator view only (it has no hand at all), so nothing here can reveal a card
that is still in someone's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

import discord
from pydantic import BaseModel

from bot.discord_limits import add_lines
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import Panel, SeatInfo, TableContext
from cogs.the_game.words import BACKWARDS_MARK, HINT_EMOJI, card, count, hint_text, pile_name
from games.the_game.events import CardPlaced, GameEnded, HintGiven, HintWithdrawn, TurnEnded
from games.the_game.state import Placement
from games.the_game.view import TheGameView

MIN_RECENT_TURNS = 3
"""Turns shown under "Recent moves": those since the reader's own last turn, and at least this
many. No more: on a phone, a four-seat table must fit one screen (issue 36)."""

NEWS_SHOWN = 1
"""Lines of news above the table at most: the newest. When the channel's budget held table
updates back, one update tells every move since (up to a dozen events); "Recent moves" and
"Hints" below show those placements and the standing hints, and more news would push the piles
off a phone's screen."""


COLOUR = discord.Colour.from_rgb(230, 126, 34)


def table_panel(ctx: TableContext[TheGameView]) -> Panel:
    view = ctx.view
    tr = ctx.tr
    faces = ctx.faces
    playing = not (view.over or ctx.finished)
    description = [
        piles(view, faces),
        tr("the_game.table.draw_pile", cards=count(tr, "cards", view.draw_pile_size)),
    ]
    if playing:
        description.append(this_turn(view, ctx.seats, tr))
    embed = discord.Embed(title=title(view, tr), description="\n".join(description), colour=COLOUR)
    embed.add_field(
        name=tr("the_game.table.players"),
        value=players(view, ctx.seats, tr, playing),
        inline=False,
    )
    turns = max(view.players - 1, MIN_RECENT_TURNS)
    recent = recent_moves(view.placements, turns, ctx.seats, tr, faces)
    add_lines(embed, tr("the_game.table.recent"), recent)
    add_lines(embed, tr("the_game.table.hints"), hints(view, ctx.seats, tr))
    told = [event for event in ctx.events if not shown_in_recent_moves(event)]
    news = news_lines(told, ctx.seats, tr, faces)[-NEWS_SHOWN:]
    return Panel(content="\n".join(news) or None, embeds=[embed])


def title(view: TheGameView, tr: Texts) -> str:
    variants = [
        tr(f"the_game.variant.{name}")
        for name, on in (
            ("expert", view.config.expert),
            ("smaller_hands", view.config.smaller_hands),
        )
        if on
    ]
    return " · ".join([tr("the_game.name"), *variants])


def piles(view: TheGameView, faces: CardFaces) -> str:
    """Two lines, ascending then descending, so the four tops stay readable on a phone."""
    cells = [f"**{pile_name(pile)}** {card(faces, top)}" for pile, top in enumerate(view.tops)]
    return f"{cells[0]}    {cells[1]}\n{cells[2]}    {cells[3]}"


def players(view: TheGameView, seats: Sequence[SeatInfo], tr: Texts, playing: bool) -> str:
    """A line per seat; while the game is `playing`, the seat whose turn it is is marked."""
    lines: list[str] = []
    for info in seats:
        mark = "▶️" if info.seat == view.current and playing else "▪️"
        robot = "🤖 " if info.is_computer or info.autopilot else ""
        size = count(tr, "cards", view.hand_sizes[info.seat])
        lines.append(f"{mark} {robot}{info.name} — {size}")
    return "\n".join(lines)


def this_turn(view: TheGameView, seats: Sequence[SeatInfo], tr: Texts) -> str:
    """Under the piles rather than a field of its own: a field's title is a line more."""
    if view.current is None:
        return tr("the_game.table.open_any", minimum=view.minimum)
    name = seats[view.current].name
    placed = count(tr, "placed", view.placed_this_turn)
    if view.still_required:
        more = count(tr, "more", view.still_required)
        return tr("the_game.table.turn_must", name=name, placed=placed, more=more)
    return tr("the_game.table.turn_may_end", name=name, placed=placed)


def placement_text(placement: Placement, faces: CardFaces) -> str:
    mark = f" {BACKWARDS_MARK}" if placement.backwards else ""
    return f"{pile_name(placement.pile)} {card(faces, placement.card)}{mark}"


def recent_moves(
    placements: Sequence[Placement],
    turns: int,
    seats: Sequence[SeatInfo],
    tr: Texts,
    faces: CardFaces,
) -> list[str]:
    """The placements of the last `turns` turns, one line per turn, oldest first."""
    grouped = [list(group) for _, group in groupby(placements, key=lambda p: p.turn)]
    lines = []
    for turn in grouped[-turns:]:
        moves = " · ".join(placement_text(placement, faces) for placement in turn)
        lines.append(tr("the_game.table.move_line", name=seats[turn[0].seat].name, moves=moves))
    return lines


def for_person(seats: Sequence[SeatInfo], seat: int, by_computer: bool) -> bool:
    """Whether a hint was a computer's words on a person's seat (autopilot, or a stand-in after
    a timeout): the table then says so, since teammates would read it as that person's."""
    return by_computer and not seats[seat].is_computer


def hints(view: TheGameView, seats: Sequence[SeatInfo], tr: Texts) -> list[str]:
    """A line per pile and kind of hint, naming who gave it: "🚫 ▲A don't play: alice, bob".
    One line per hint took two on a phone, for up to a hint per seat and pile."""
    lines = []
    ordered = sorted(view.hints, key=lambda hint: (hint.pile, hint.kind.value, hint.seat))
    for (pile, kind), group in groupby(ordered, key=lambda hint: (hint.pile, hint.kind)):
        names = [
            tr("the_game.table.hint_for", name=seats[hint.seat].name)
            if for_person(seats, hint.seat, hint.by_computer)
            else seats[hint.seat].name
            for hint in group
        ]
        lines.append(
            tr(
                "the_game.table.hint_group",
                emoji=HINT_EMOJI[kind],
                pile=pile_name(pile),
                hint=tr(f"the_game.hint_short.{kind.value}"),
                names=", ".join(names),
            )
        )
    return lines


def shown_in_recent_moves(event: BaseModel) -> bool:
    """A placement is a line of "Recent moves" already, and a turn's end shows as the next
    seat's line there and the players' card counts; the game's opening stays news, since anyone
    may open and the table says who did."""
    return isinstance(event, TurnEnded) or (isinstance(event, CardPlaced) and not event.opened)


def news_lines(
    events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> list[str]:
    """What the events of one action did, a line each, as shown above the table."""
    return [line for event in events if (line := describe(event, seats, tr, faces))]


def describe(
    event: BaseModel, seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
) -> str | None:
    """One line about what just happened, above the table."""
    if isinstance(event, CardPlaced):
        key = "the_game.news.opened" if event.opened else "the_game.news.placed"
        mark = f" {BACKWARDS_MARK} {tr('the_game.backwards')}" if event.backwards else ""
        name = seats[event.seat].name
        return tr(key, name=name, card=card(faces, event.card), pile=pile_name(event.pile)) + mark
    if isinstance(event, TurnEnded):
        name = seats[event.seat].name
        if not event.drawn:
            return tr("the_game.news.turn_ended_no_draw", name=name)
        drawn = count(tr, "drawn", event.drawn)
        return tr("the_game.news.turn_ended", name=name, drawn=drawn)
    if isinstance(event, HintGiven):
        hint = hint_text(tr, event.hint, event.pile)
        key = "hint_for" if for_person(seats, event.seat, event.by_computer) else "hint"
        return tr(f"the_game.news.{key}", name=seats[event.seat].name, hint=hint)
    if isinstance(event, HintWithdrawn):
        pile = pile_name(event.pile)
        key = "withdrawn_for" if for_person(seats, event.seat, event.by_computer) else "withdrawn"
        return tr(f"the_game.news.{key}", name=seats[event.seat].name, pile=pile)
    if isinstance(event, GameEnded) and event.stuck_seat is not None:
        return tr("the_game.news.stuck", name=seats[event.stuck_seat].name)
    return None
