"""The public table: every seat's level and what it asks for, displayed groups, discard tops,
hand sizes and Skips, the draw pile, and the last moves.

Built from the spectator view only (it has no hand at all), so nothing here can reveal a card
that is still in someone's hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_limits import last_lines
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import Panel, SeatInfo, TableContext
from cogs.level8.moves import turn_lines
from cogs.level8.widths import packed, phone_lines
from cogs.level8.words import card, count, group_on_table, level_text, skip_face
from games.level8.config import LevelSide
from games.level8.phases import Phase
from games.level8.view import Level8View, PublicPlayer

COLOUR = discord.Colour.from_rgb(52, 152, 219)
MIN_RECENT_TURNS = 3
"""Turns shown in the last moves: those since the reader's own last turn, and at least this
many."""
PHONE_SEATS = 4
SCREEN_TEXT_LINES = 21
"""Lines of text one phone screen (30 lines of 20 px at 390 px wide) leaves a table of up to
`PHONE_SEATS` seats: the screen less the message's author line, the turn line above the table,
its row of buttons, the embed's margins and the gaps between its title, description and four
seats (Discord's mobile metrics, as `tests/support/phone.py` counts them). The last moves take
what the rest of the table leaves of it (issue 36): the turns since the reader's own when they
fit, else the newest that do. Five or six seats take more than a screen whatever the moves,
and keep every turn since one's own."""
GROUPS_SEPARATOR = " · "


def spectator_view(ctx: TableContext[Level8View]) -> Level8View:
    view = ctx.view
    if view.hand is not None:
        raise ValueError("the public table must be drawn from the spectator view")
    return view


def table_panel(ctx: TableContext[Level8View]) -> Panel:
    """The last moves, then whose turn it is, then the seats. The moves come first, without a
    field of their own: read top down, they tell what led to the turn under them, and a field's
    name and margins would cost a four-seat table its one phone screen. A turn going on is the
    turn's line, marked ▶️: its steps so far say how far along it is."""
    view = spectator_view(ctx)
    tr = ctx.tr
    heading = title(view, tr)
    seats = [
        (
            seat_title(player, ctx.seats[player.seat], player.seat in ctx.to_act, tr),
            seat_lines(view, player, tr, ctx.faces),
        )
        for player in view.players
    ]
    recent, going_on = last_moves(ctx)
    turn = None if going_on else turn_text(tr, view, ctx.seats, ctx.to_act)
    skips = face_up_skips(view, tr, ctx.faces)
    if len(view.players) <= PHONE_SEATS:
        rest = [heading, turn, skips, *(text for seat in seats for text in seat)]
        room = SCREEN_TEXT_LINES - sum(phone_lines(text) for text in rest if text)
        while len(recent) > 1 and sum(phone_lines(line) for line in recent) > room:
            recent.pop(0)
    description = "\n".join(line for line in (*recent, turn, skips) if line) or None
    embed = discord.Embed(title=heading, description=description, colour=COLOUR)
    for name, value in seats:
        embed.add_field(name=name, value=value, inline=False)
    return Panel(embeds=[embed])


def last_moves(ctx: TableContext[Level8View]) -> tuple[list[str], bool]:
    """The lines of the turns since the reader's own, oldest first, and whether the newest is
    the turn going on (then marked ▶️, and standing for the turn's line)."""
    view = ctx.view
    lines = turn_lines(view.recent, ctx.seats, ctx.tr, ctx.faces)
    texts = [line.text for line in lines]
    going_on = (
        view.phase is Phase.PLAY
        and bool(lines)
        and lines[-1].going_on
        and lines[-1].seat in ctx.to_act
    )
    if going_on:
        texts[-1] = f"▶️ {texts[-1]}"
    recent = last_lines(texts, max(len(view.players) - 1, MIN_RECENT_TURNS))
    return recent, going_on and bool(recent)


def title(view: Level8View, tr: Texts) -> str:
    """The game, its round and the draw pile: the pile on the title's line rather than a line
    of its own keeps a four-seat table on a phone's screen."""
    parts = [tr("level8.name"), tr("level8.table.round", round=view.round)]
    if view.config.side is LevelSide.HARD:
        parts.append(tr("level8.table.hard"))
    parts.append(tr("level8.table.draw_pile", n=view.draw_size))
    return " · ".join(parts)


def turn_text(
    tr: Texts, view: Level8View, seats: Sequence[SeatInfo], to_act: Sequence[int]
) -> str | None:
    """Who acts and at which step: a turn is several clicks, and whether the seat has drawn yet
    is what tells a watcher (or the next player) how far along it is."""
    if not to_act or view.phase is Phase.OVER:
        return None
    names = ", ".join(seats[seat].name for seat in to_act)
    return tr(f"level8.turn.{view.phase.value}", names=names)


def face_up_skips(view: Level8View, tr: Texts, faces: CardFaces) -> str | None:
    """The Skips played that lie face up under the draw pile: when one comes to the top, the
    pile is rebuilt."""
    if not view.face_up_skips:
        return None
    return tr.plural("level8.table.face_up_skips", view.face_up_skips, skip=skip_face(faces))


def seat_title(player: PublicPlayer, info: SeatInfo, acting: bool, tr: Texts) -> str:
    mark = "▶️" if acting else "▪️"
    robot = "🤖 " if info.is_computer or info.autopilot else ""
    level = tr("level8.table.level", level=player.round_level)
    if player.displayed:
        level = tr("level8.table.laid_down", level=level)
    return f"{mark} {robot}{info.name} · {level}"


def seat_lines(view: Level8View, player: PublicPlayer, tr: Texts, faces: CardFaces) -> str:
    """The seat's cards, discard top and the round's level (what it asks for, or that it is laid
    down) on one line, its groups under it, several to a line where they fit a phone's width,
    then, once that round is over, where the seat goes: the groups were made for the level
    played, not the next one. Four seats of three lines or fewer keep a four-seat table on a
    phone's screen (issue 36)."""
    top = card(faces, player.discard_top) if player.discard_top is not None else "—"
    facts = [count(tr, "cards", player.hand_size), tr("level8.table.discard", card=top)]
    if not player.displayed:
        facts.append(f"🎯 {level_text(tr, player.round_requirements)}")
    if player.skip_in_front:
        facts.append(tr("level8.table.skip_waiting", skip=skip_face(faces)))
    lines = [" · ".join(facts)]
    groups = [group_on_table(tr, faces, group) for group in player.groups]
    lines += packed(groups, GROUPS_SEPARATOR)
    if view.round_over:
        lines.append(next_level(view, player, tr))
    return "\n".join(lines)


def next_level(view: Level8View, player: PublicPlayer, tr: Texts) -> str:
    """ "Next round: level 3", or at the end of the game the level reached."""
    key = "level8.table.reached" if view.phase is Phase.OVER else "level8.table.next"
    return tr(key, level=player.level)
