"""One player's hand (an ephemeral message) and the controls to act from it.

Placing is a two-step choice: a card button, then one of the piles that card may go on (only
legal ones, a backwards trick marked "↩"). There is no undo in The Game, so the second step is
also the moment to look again before a card becomes public. Picking the card is the only step of
the UI alone (payload "c57", which becomes the hand's `ui_state`); the pile buttons, "End turn"
and the hints menu each carry one of the seat's legal actions, which the machinery applies.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.discord_limits import add_lines
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import (
    ActionButton,
    ActionOption,
    ActionSelect,
    Choice,
    Control,
    HandContext,
    HandPanel,
    StepButton,
)
from cogs.the_game.faces import face_key
from cogs.the_game.table import COLOUR, hints
from cogs.the_game.words import (
    BACKWARDS_MARK,
    WITHDRAW_EMOJI,
    card,
    count,
    hint_text,
    pile_name,
)
from games.core.errors import RuleError
from games.the_game.actions import EndTurn, GiveHint, PlaceCard, WithdrawHint
from games.the_game.cards import is_backwards
from games.the_game.view import TheGameView

CARDS_PER_ROW = 5
PLACE_MARK = "→"
"""A pile button's mark once the chosen card shows as its face: the card goes there."""
PILE_ROW = 2
END_ROW = 3
TALK_ROW = 4


def hand_view(ctx: HandContext[TheGameView]) -> TheGameView:
    view = ctx.view
    if view.hand is None:
        raise TypeError("a hand needs a seat's own view")
    return view


def placements(legal: Sequence[BaseModel]) -> dict[int, list[PlaceCard]]:
    """Legal placements per card."""
    piles: dict[int, list[PlaceCard]] = {}
    for action in legal:
        if isinstance(action, PlaceCard):
            piles.setdefault(action.card, []).append(action)
    return piles


def selected_card(ui_state: str, piles: dict[int, list[PlaceCard]]) -> int | None:
    return int(ui_state) if ui_state.isdigit() and int(ui_state) in piles else None


def hand_panel(ctx: HandContext[TheGameView]) -> HandPanel:
    view = hand_view(ctx)
    tr = ctx.tr
    hand = sorted(view.hand or [])
    piles = placements(ctx.legal)
    chosen = selected_card(ctx.ui_state, piles)
    faces = ctx.faces
    embed = discord.Embed(
        title=tr("the_game.hand.title"),
        description=" ".join(card(faces, value) for value in hand) or tr("the_game.hand.empty"),
        colour=COLOUR,
    )
    tops = " · ".join(
        f"**{pile_name(pile)}** {card(faces, top)}" for pile, top in enumerate(view.tops)
    )
    embed.add_field(name=tr("the_game.hand.piles"), value=tops, inline=False)
    add_lines(embed, tr("the_game.table.hints"), hints(view, ctx.seats, tr))
    embed.add_field(name=tr("the_game.hand.status"), value=status(ctx, view, chosen), inline=False)
    controls: list[Control] = []
    if piles:
        controls += card_buttons(hand, piles, chosen, faces)
    if chosen is not None:
        controls += pile_buttons(piles[chosen], view, tr, faces)
    end = next((action for action in ctx.legal if isinstance(action, EndTurn)), None)
    if end is not None:
        controls.append(
            ActionButton(
                label=tr("the_game.hand.end_turn"),
                action=end,
                style=discord.ButtonStyle.success,
                emoji="✅",
                row=END_ROW,
            )
        )
    menu = talk_select(ctx.legal, view, tr)
    if menu is not None:
        controls.append(menu)
    return HandPanel(embeds=[embed], controls=controls)


def status(ctx: HandContext[TheGameView], view: TheGameView, chosen: int | None) -> str:
    tr = ctx.tr
    if view.over:
        return tr("the_game.hand.over")
    if ctx.seat not in ctx.to_act:
        current = view.current if view.current is not None else ctx.seat
        return tr("the_game.hand.waiting", name=ctx.seats[current].name)
    if chosen is not None:
        return tr("the_game.hand.where", card=card(ctx.faces, chosen))
    if view.current is None:
        return tr("the_game.hand.open", minimum=view.minimum)
    placed = count(tr, "placed", view.placed_this_turn)
    if view.still_required:
        return tr("the_game.hand.must", placed=placed, more=count(tr, "more", view.still_required))
    return tr("the_game.hand.may_end", placed=placed)


def card_buttons(
    hand: Sequence[int], piles: dict[int, list[PlaceCard]], chosen: int | None, faces: CardFaces
) -> list[Control]:
    """A button per card, showing its face (its number until the face is uploaded); cards that
    fit on no pile are shown but disabled."""
    return [
        StepButton(
            label="" if faces.emoji(face_key(value)) else str(value),
            emoji=faces.emoji(face_key(value)),
            payload=f"c{value}",
            style=discord.ButtonStyle.primary if value == chosen else discord.ButtonStyle.secondary,
            disabled=value not in piles,
            row=index // CARDS_PER_ROW,
        )
        for index, value in enumerate(hand)
    ]


def pile_buttons(
    moves: Sequence[PlaceCard], view: TheGameView, tr: Texts, faces: CardFaces
) -> list[Control]:
    """A button per legal placement of the chosen card: "57 on ▲A", or "→ ▲A" once the card's
    face is uploaded (the status above the buttons shows the face, and the card's button is
    highlighted), so that four piles keep to a phone's width."""
    buttons: list[Control] = []
    for action in moves:
        backwards = is_backwards(action.card, action.pile, view.tops[action.pile])
        name = pile_name(action.pile)
        pile = f"{name} {BACKWARDS_MARK}" if backwards else name
        label = (
            f"{PLACE_MARK} {pile}"
            if faces.emoji(face_key(action.card))
            else tr("the_game.hand.place_on", card=action.card, pile=pile)
        )
        buttons.append(
            ActionButton(
                label=label, action=action, style=discord.ButtonStyle.primary, row=PILE_ROW
            )
        )
    return buttons


def talk_select(legal: Sequence[BaseModel], view: TheGameView, tr: Texts) -> Control | None:
    """The hints (and withdrawing one's own) in one menu; none in a solo game."""
    if view.players < 2:
        return None
    options: list[ActionOption] = []
    for action in legal:
        if isinstance(action, GiveHint):
            options.append(
                ActionOption(label=hint_text(tr, action.hint, action.pile), action=action)
            )
        elif isinstance(action, WithdrawHint):
            label = tr("the_game.hint.withdraw", pile=pile_name(action.pile))
            options.append(ActionOption(label=f"{WITHDRAW_EMOJI} {label}", action=action))
    if not options:
        return None
    return ActionSelect(options=options, placeholder=tr("the_game.hand.talk"), row=TALK_ROW)


def choose(payload: str) -> Choice:
    """A card button picks the card whose piles are shown next ("c57" → ui_state "57"); any
    other payload is refused, never guessed."""
    number = payload.removeprefix("c")
    if number == payload or not number.isdecimal():
        raise RuleError("unknown_control")
    return Choice(ui_state=str(int(number)))
