"""One player's hand (an ephemeral message): the cards, the rows, the double, and the controls of
what the player must do now.

- A turn is one engine action. A card that only one side still takes is placed in one click:
  its button carries that placement and says where it goes (`🟥R3 → 😇 6`, the side and what
  its sum becomes), as the second click would only confirm the one answer. Any other card takes
  two: choose the card (cards of closed rows are shown but cannot be chosen), then the side.
  Choosing the card is a step of the UI only (its payload, `c<colour><value>`, is also the
  `ui_state` that shows the sides); each side button carries its legal placement, so nothing
  is stored between the clicks.
- A stuck player (every card of a closed row) shows their hand and discards one card: one click.
- At the end of a round, colour by colour, a player still holding their double and holding the
  colour being scored chooses in secret: play the double on it, or keep it. The choice is shown
  here, to its owner only, until every player asked about the colour has chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_limits import LABEL_LIMIT, add_lines, clip
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import ActionButton, Choice, Control, HandContext, HandPanel, StepButton
from cogs.heaven_hell.table import COLOUR, round_text, rows_lines, rows_title
from cogs.heaven_hell.words import (
    CLOSED,
    DOUBLE,
    HEAVEN,
    HELL,
    card,
    card_emoji,
    cards,
    double_emoji,
    legend,
    mark,
    side_emoji,
    side_mark,
    text_card,
)
from games.core.errors import RuleError
from games.heaven_hell.actions import ChooseDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import COLOURS, VALUES_PER_COLOUR, Card, Colour, Side, colour_index
from games.heaven_hell.state import Phase
from games.heaven_hell.view import HeavenHellView, RowView

HAND_TITLE = "🃏"
DISCARD = "🗑️"
CARDS_PER_ROW = 4
CHOOSE = "c"


def choose_code(colour: Colour, value: int) -> str:
    """The payload of a card's button, colour by its index in `COLOURS` (`c03` = red 3)."""
    return f"{CHOOSE}{colour_index(colour)}{value}"


def read_chosen(payload: str) -> tuple[Colour, int]:
    """The card a `choose_code` names; a `ValueError` for anything else: a forged or damaged
    custom id is refused, never guessed."""
    code = payload.removeprefix(CHOOSE)
    if code == payload or len(code) != 2 or not code.isdigit():
        raise ValueError(f"not a chosen card: {payload!r}")
    index, value = int(code[0]), int(code[1])
    if index >= len(COLOURS) or value not in VALUES_PER_COLOUR:
        raise ValueError(f"no such card: {payload!r}")
    return COLOURS[index], value


def own_view(ctx: HandContext[HeavenHellView]) -> HeavenHellView:
    view = ctx.view
    if view.hand is None or view.seat != ctx.seat:
        raise TypeError("a hand needs the seat's own view")
    return view


def hand_panel(ctx: HandContext[HeavenHellView]) -> HandPanel:
    view = own_view(ctx)
    tr = ctx.tr
    hand = view.hand or []
    embed = discord.Embed(
        title=f"{HAND_TITLE} {tr('heaven_hell.hand.title', round=round_text(view, tr))}",
        description=hand_text(view, hand, tr, ctx.faces),
        colour=COLOUR,
    )
    add_lines(embed, rows_title(tr), rows_lines(view, ctx.seats, tr, ctx.faces))
    status, controls = now(ctx, view, hand)
    embed.add_field(name=tr("heaven_hell.hand.now"), value=status, inline=False)
    embed.set_footer(text=legend(tr))
    return HandPanel(embeds=[embed], controls=controls)


def hand_text(view: HeavenHellView, hand: Sequence[Card], tr: Texts, faces: CardFaces) -> str:
    if not hand:
        return tr("heaven_hell.hand.empty")
    lines = [cards(faces, hand)]
    closed = [row.colour for row in view.rows if row.closed]
    if closed:
        squares = " ".join(mark(colour) for colour in closed)
        lines.append(tr("heaven_hell.hand.closed_cards", lock=CLOSED, colours=squares))
    return "\n".join(lines)


def now(
    ctx: HandContext[HeavenHellView], view: HeavenHellView, hand: Sequence[Card]
) -> tuple[str, list[Control]]:
    tr = ctx.tr
    names = ", ".join(ctx.seats[seat].name for seat in ctx.to_act)
    if view.phase is Phase.FINISHED:
        return tr("heaven_hell.hand.status.over"), []
    if view.asking is not None:
        return double_step(ctx, view, hand, names)
    if ctx.seat not in ctx.to_act:
        return tr("heaven_hell.hand.status.waiting", names=names), []
    if view.stuck_hand is not None:
        return tr("heaven_hell.hand.status.stuck"), discard_buttons(ctx.legal, ctx.faces)
    chosen = chosen_card(ctx.ui_state, view, ctx.legal)
    buttons = card_buttons(ctx, view, hand, chosen)
    if chosen is None:
        status = [tr("heaven_hell.hand.status.turn", heaven=HEAVEN, hell=HELL)]
        if any(isinstance(button, ActionButton) for button in buttons):
            status.append(tr("heaven_hell.hand.status.one_side"))
        return "\n".join(status), buttons
    colour, value = chosen
    row = view.rows[colour_index(colour)]
    sides = side_buttons(ctx, colour, value, row, row=first_free_row(buttons))
    chosen_text = tr("heaven_hell.hand.status.side", card=card(ctx.faces, colour, value))
    return chosen_text, buttons + sides


def chosen_card(
    ui_state: str, view: HeavenHellView, legal: Sequence[object]
) -> tuple[Colour, int] | None:
    """The card chosen by the first click, when it is still in hand and both sides still take
    it: a card one side only takes has no second step (its own button places it)."""
    try:
        colour, value = read_chosen(ui_state)
    except ValueError:
        return None
    held = any(c.colour == colour and c.value == value for c in view.hand or [])
    if not held or len(placements_of(legal, colour, value)) < 2:
        return None
    return colour, value


def distinct(hand: Sequence[Card]) -> list[Card]:
    seen: list[Card] = []
    for item in hand:
        if item not in seen:
            seen.append(item)
    return seen


def placements_of(legal: Sequence[object], colour: Colour, value: int) -> dict[Side, PlaceCard]:
    """The card's legal placements, by side."""
    return {
        action.side: action
        for action in legal
        if isinstance(action, PlaceCard) and (action.colour, action.value) == (colour, value)
    }


def card_buttons(
    ctx: HandContext[HeavenHellView],
    view: HeavenHellView,
    hand: Sequence[Card],
    chosen: tuple[Colour, int] | None,
) -> list[Control]:
    """One button per different card, showing its face (its text until the face is uploaded):
    a card one side only still takes places itself there, any other is chosen first; cards of
    closed rows are shown, locked."""
    buttons: list[Control] = []
    for index, item in enumerate(distinct(hand)):
        row_view = view.rows[colour_index(item.colour)]
        placements = placements_of(ctx.legal, item.colour, item.value)
        if len(placements) == 1:
            (action,) = placements.values()
            row = index // CARDS_PER_ROW
            buttons.append(one_side_button(ctx, action, row_view, row=row))
            continue
        picked = chosen == (item.colour, item.value)
        emoji = card_emoji(ctx.faces, item.colour, item.value)
        text = text_card(item.colour, item.value)
        closed = row_view.closed
        buttons.append(
            StepButton(
                label=CLOSED if closed and emoji else "" if emoji else text,
                payload=choose_code(item.colour, item.value),
                style=discord.ButtonStyle.primary if picked else discord.ButtonStyle.secondary,
                emoji=emoji or (CLOSED if closed else None),
                disabled=row_view.closed,
                row=index // CARDS_PER_ROW,
            )
        )
    return buttons


def side_sum(row_view: RowView, side: Side) -> int:
    return row_view.heaven_sum if side is Side.HEAVEN else row_view.hell_sum


def side_style(side: Side) -> discord.ButtonStyle:
    return discord.ButtonStyle.success if side is Side.HEAVEN else discord.ButtonStyle.danger


def one_side_button(
    ctx: HandContext[HeavenHellView], action: PlaceCard, row_view: RowView, row: int
) -> ActionButton:
    """`🟥R3 → 😇 6`: the card, the only side that takes it, and what that side's sum becomes;
    once the card's face is uploaded, the face stands for the card (`→ 😇 6`), so that a row of
    cards keeps to a phone's width."""
    emoji = card_emoji(ctx.faces, action.colour, action.value)
    label = ctx.tr(
        "heaven_hell.hand.one_side_button",
        card="" if emoji else text_card(action.colour, action.value),
        side=side_mark(action.side),
        after=side_sum(row_view, action.side) + action.value,
    )
    return ActionButton(
        label=clip(label.strip(), LABEL_LIMIT),
        action=action,
        style=side_style(action.side),
        emoji=emoji,
        row=row,
    )


def first_free_row(controls: Sequence[Control]) -> int:
    return 1 + max((control.row or 0 for control in controls), default=-1)


def side_buttons(
    ctx: HandContext[HeavenHellView],
    colour: Colour,
    value: int,
    row_view: RowView,
    row: int,
) -> list[Control]:
    """Heaven and hell for the chosen card, each only when the engine allows it, with what the
    side's sum becomes."""
    tr = ctx.tr
    placements = placements_of(ctx.legal, colour, value)
    buttons: list[Control] = []
    for side in (Side.HELL, Side.HEAVEN):
        action = placements.get(side)
        if action is None:
            continue
        before = side_sum(row_view, side)
        label = tr(
            "heaven_hell.hand.side_button",
            side=tr(f"heaven_hell.side_title.{side.value}"),
            before=before,
            after=before + value,
        )
        buttons.append(
            ActionButton(
                label=clip(label, LABEL_LIMIT),
                action=action,
                emoji=side_emoji(ctx.faces, side),
                style=side_style(side),
                row=row,
            )
        )
    return buttons


def discard_buttons(legal: Sequence[object], faces: CardFaces) -> list[Control]:
    """A button per card to discard: the card's face and 🗑️, or 🗑️ and its text face."""
    discards = [action for action in legal if isinstance(action, DiscardStuck)]
    buttons: list[Control] = []
    for index, action in enumerate(discards):
        emoji = card_emoji(faces, action.colour, action.value)
        buttons.append(
            ActionButton(
                label=DISCARD if emoji else text_card(action.colour, action.value),
                action=action,
                emoji=emoji or DISCARD,
                style=discord.ButtonStyle.danger,
                row=index // CARDS_PER_ROW,
            )
        )
    return buttons


def double_step(
    ctx: HandContext[HeavenHellView], view: HeavenHellView, hand: Sequence[Card], names: str
) -> tuple[str, list[Control]]:
    """While a colour's doubles are chosen: the choice for that colour when this player is asked
    and has not chosen yet, otherwise their secret choice or who is still choosing."""
    tr = ctx.tr
    assert view.asking is not None
    colour = mark(view.asking)
    if ctx.seat in ctx.to_act:
        return double_choice(tr, view, hand, ctx.legal, ctx.faces)
    waiting = tr("heaven_hell.hand.status.waiting_choices", names=names, colour=colour)
    if view.my_choice is None:
        return waiting, []
    key = "played" if view.my_choice else "kept"
    choice = tr(f"heaven_hell.hand.status.{key}", double=DOUBLE, colour=colour)
    return f"{choice}\n{waiting}", []


def double_choice(
    tr: Texts,
    view: HeavenHellView,
    hand: Sequence[Card],
    legal: Sequence[object],
    faces: CardFaces,
) -> tuple[str, list[Control]]:
    """Play the double on the colour being scored (with what the player holds of it) or keep it
    for a colour still to come, which the status names."""
    asking = view.asking
    assert asking is not None
    held = sum(c.value for c in hand if c.colour == asking)
    later = [
        mark(colour)
        for colour in view.positive_colours
        if colour_index(colour) > colour_index(asking)
        and any(c.colour == colour for c in hand)
    ]
    status = [
        tr("heaven_hell.hand.status.double", double=DOUBLE, colour=mark(asking), held=held),
        tr("heaven_hell.hand.status.later", colours=" ".join(later))
        if later
        else tr("heaven_hell.hand.status.no_later"),
        tr("heaven_hell.hand.double_legend", double=DOUBLE),
    ]
    doubles = [action for action in legal if isinstance(action, ChooseDouble)]
    buttons: list[Control] = [
        double_button(tr, action, faces)
        for action in sorted(doubles, key=lambda action: not action.play)
    ]
    return "\n".join(status), buttons


def double_button(tr: Texts, action: ChooseDouble, faces: CardFaces) -> ActionButton:
    if action.play:
        return ActionButton(
            label=tr("heaven_hell.hand.play_double", double=DOUBLE, colour=mark(action.colour)),
            action=action,
            style=discord.ButtonStyle.success,
            emoji=double_emoji(faces),
        )
    return ActionButton(label=tr("heaven_hell.hand.keep_double"), action=action)


def choose(ctx: HandContext[HeavenHellView], payload: str, values: Sequence[str]) -> Choice:
    """A card chosen, the first click of a turn and the hand's only step of the UI: no action
    yet, the hand shows the sides for that card. Anything malformed is refused, never guessed."""
    view = own_view(ctx)
    try:
        colour, value = read_chosen(payload)
    except ValueError as error:
        raise RuleError("unknown_control") from error
    if view.phase is not Phase.PLAY or ctx.seat not in ctx.to_act:
        raise RuleError("not_your_turn")
    if not any(c.colour == colour and c.value == value for c in view.hand or []):
        raise RuleError("card_not_in_hand", colour=colour.value, value=value)
    if view.rows[colour_index(colour)].closed:
        raise RuleError("row_closed", colour=colour.value)
    return Choice(ui_state=payload)
