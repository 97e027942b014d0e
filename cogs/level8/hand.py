"""One player's hand (an ephemeral message): the cards, what the level asks for, and the
controls of the step the turn is at. A turn is several engine actions (draw; lay down; lay off,
as often as wanted; discard or Skip), each changing the seat's legal actions, so every step
draws fresh controls and the previous step's controls go out of date.

Each step lives in its own module (`draw`, `display` and `builder`, `lay_off`, `end_turn`,
`keep`); this one puts the hand together and sends a click on a control of a UI-only step (the
group builder, the lay-off card menu, the keep menu) to the step it belongs to. The other
controls carry their legal action, which the table machinery applies itself.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.tables.ui import ActionButton, Choice, Control, HandContext, HandPanel
from cogs.level8 import builder, display, draw, end_turn, keep, lay_off
from cogs.level8.builder import Building, read_building
from cogs.level8.payloads import read_card, read_groups
from cogs.level8.table import COLOUR, next_level, turn_text
from cogs.level8.words import card, cards, legend, level_text
from games.core.errors import RuleError
from games.level8.actions import PlaySkip
from games.level8.levels import HARD_KEEP_MAX
from games.level8.state import Phase
from games.level8.view import Level8View, PublicPlayer


def hand_panel(ctx: HandContext[Level8View]) -> HandPanel:
    view = ctx.view
    if view.hand is None:
        raise TypeError("a hand needs a seat's own view")
    tr = ctx.tr
    me = view.players[ctx.seat]
    faces = ctx.faces
    description = cards(faces, view.hand) or tr("level8.hand.empty")
    if view.drawn is not None:
        description += "\n" + tr("level8.hand.drawn", card=card(faces, view.drawn))
    asks = level_text(tr, me.round_requirements)
    if me.displayed:
        asks = tr("level8.hand.laid_down", level=asks)
    embed = discord.Embed(
        title=tr("level8.hand.title", level=me.round_level, asks=asks),
        description=description,
        colour=COLOUR,
    )
    if view.round_over and view.phase is not Phase.OVER:
        next_asks = level_text(tr, me.requirements)
        embed.add_field(name=next_level(view, me, tr), value=next_asks, inline=False)
    controls: list[Control] = []
    if view.phase is Phase.OVER:
        status = tr("level8.hand.status.over")
    elif ctx.seat not in ctx.to_act:
        status = waiting(ctx, view, me)
    elif view.phase is Phase.KEEP:
        status = tr("level8.hand.status.keep", max=HARD_KEEP_MAX)
        controls = keep.controls(tr, faces, view.hand, ctx.legal)
    elif view.phase is Phase.DRAW:
        status = tr("level8.hand.status.draw")
        controls = draw.controls(tr, faces, view, ctx.legal, ctx.seats)
    else:
        status, controls = play_step(ctx, view, me, embed)
    embed.add_field(name=tr("level8.hand.now"), value=status, inline=False)
    embed.set_footer(text=legend(tr))
    return HandPanel(embeds=[embed], controls=controls)


def waiting(ctx: HandContext[Level8View], view: Level8View, me: PublicPlayer) -> str:
    """Between one's turns: whose turn it is and at which step, as the table says it."""
    tr = ctx.tr
    lines = [turn_text(tr, view, ctx.seats, ctx.to_act) or tr("level8.hand.status.over")]
    if me.skip_in_front:
        lines.append(tr("level8.hand.status.skip_in_front"))
    return "\n".join(lines)


def play_step(
    ctx: HandContext[Level8View], view: Level8View, me: PublicPlayer, embed: discord.Embed
) -> tuple[str, list[Control]]:
    """After the draw: lay down (or build the groups), lay off, then discard or give a Skip."""
    tr = ctx.tr
    hand = view.hand or []
    offered = display.proposal(ctx.legal)
    building = current_building(ctx.ui_state) if offered is not None else None
    if building is not None:
        lines = builder.built_lines(tr, ctx.faces, me.requirements, building)
        if lines:
            embed.add_field(name=tr("level8.hand.built"), value="\n".join(lines), inline=False)
        return (
            builder.status(tr, ctx.faces, me.requirements, building),
            builder.controls(tr, ctx.faces, hand, me.requirements, building),
        )
    controls: list[Control] = []
    status: list[str] = []
    if offered is not None:
        # The proposal's heading says what to do with it, so the status only tells the end.
        lines = display.proposal_lines(tr, ctx.faces, me.requirements, offered)
        embed.add_field(name=tr("level8.hand.proposal"), value="\n".join(lines), inline=False)
        controls += display.controls(tr, offered)
    elif me.displayed:
        controls += lay_off.controls(tr, ctx.faces, view, ctx.legal, ctx.seats, ctx.ui_state)
        status.append(
            tr("level8.hand.status.lay_off" if controls else "level8.hand.status.end_only")
        )
    else:
        status.append(tr("level8.hand.status.cannot_lay_down", level=me.level))
    first_free = 1 + max((control.row or 0 for control in controls), default=-1)
    endings = end_turn.controls(
        tr, ctx.faces, view, ctx.legal, ctx.seats, skip_row=first_free, discard_row=first_free + 1
    )
    gives_skip = any(
        isinstance(ending, ActionButton) and isinstance(ending.action, PlaySkip)
        for ending in endings
    )
    status.append(tr("level8.hand.status.end_skip" if gives_skip else "level8.hand.status.end"))
    return " ".join(status), [*controls, *endings]


def current_building(ui_state: str) -> Building | None:
    """The groups being built, from a `ui_state` this UI wrote; anything else starts afresh."""
    try:
        return read_building(ui_state)
    except ValueError:
        return None


def choose(ctx: HandContext[Level8View], payload: str, values: Sequence[str]) -> Choice:
    """The meaning of a UI step's control; anything malformed is refused, never guessed."""
    view = ctx.view
    try:
        return dispatch(ctx, view, payload, values)
    except ValueError as error:
        raise RuleError("unknown_control") from error


def dispatch(
    ctx: HandContext[Level8View], view: Level8View, payload: str, values: Sequence[str]
) -> Choice:
    hand = view.hand or []
    requirements = view.players[ctx.seat].requirements
    if payload == builder.BUILDING:
        return Choice(ui_state=builder.BUILDING)
    if payload == builder.LEAVE:
        return Choice()
    if payload.startswith(builder.GROUP_MENU):
        building = Building(read_groups(payload[1:]))
        chosen = [read_card(value) for value in values]
        return builder.add_group(hand, requirements, building, chosen)
    if payload.startswith(builder.ASKING):
        asked = read_building(payload)
        if asked is None or len(values) != 1:
            raise ValueError(payload)
        return builder.answer_wilds(hand, requirements, asked, values[0])
    if payload == lay_off.CARD_MENU:
        return lay_off.choose(values, ctx.legal)
    if payload == keep.MENU:
        return Choice(action=keep.choose(values))
    raise ValueError(payload)
