"""One player's hand (an ephemeral message) and the controls to act from it.

Placing is a two-step choice: a card button, then one of the piles that card may go on (only
legal ones, a backwards trick marked "↩"). There is no undo in The Game, so the second step is
also the moment to look again before a card becomes public. The chosen card is the hand's
`ui_state`; every later control carries all it needs in its payload ("p57.0" = 57 on ▲A).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.discord_limits import add_lines
from bot.i18n import Texts
from bot.tables.ui import Choice, Control, HandContext, HandPanel, StepButton, StepSelect
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
from games.the_game.state import HintKind
from games.the_game.view import TheGameView

CARDS_PER_ROW = 5
PILE_ROW = 2
END_ROW = 3
TALK_ROW = 4
WITHDRAW = "withdraw"


def hand_view(ctx: HandContext[TheGameView]) -> TheGameView:
    view = ctx.view
    if view.hand is None:
        raise TypeError("a hand needs a seat's own view")
    return view


def placements(legal: Sequence[BaseModel]) -> dict[int, list[int]]:
    """Legal piles per card."""
    piles: dict[int, list[int]] = {}
    for action in legal:
        if isinstance(action, PlaceCard):
            piles.setdefault(action.card, []).append(action.pile)
    return piles


def selected_card(ui_state: str, piles: dict[int, list[int]]) -> int | None:
    return int(ui_state) if ui_state.isdigit() and int(ui_state) in piles else None


def hand_panel(ctx: HandContext[TheGameView]) -> HandPanel:
    view = hand_view(ctx)
    tr = ctx.tr
    hand = sorted(view.hand or [])
    piles = placements(ctx.legal)
    chosen = selected_card(ctx.ui_state, piles)
    embed = discord.Embed(
        title=tr("the_game.hand.title"),
        description=" ".join(card(value) for value in hand) or tr("the_game.hand.empty"),
        colour=COLOUR,
    )
    tops = " · ".join(f"**{pile_name(pile)}** {card(top)}" for pile, top in enumerate(view.tops))
    embed.add_field(name=tr("the_game.hand.piles"), value=tops, inline=False)
    add_lines(embed, tr("the_game.table.hints"), hints(view, ctx.seats, tr))
    embed.add_field(name=tr("the_game.hand.status"), value=status(ctx, view, chosen), inline=False)
    controls: list[Control] = []
    if piles:
        controls += card_buttons(hand, piles, chosen)
    if chosen is not None:
        controls += pile_buttons(chosen, piles[chosen], view, tr)
    if any(isinstance(action, EndTurn) for action in ctx.legal):
        controls.append(
            StepButton(
                label=tr("the_game.hand.end_turn"),
                payload="end",
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
        return tr("the_game.hand.where", card=card(chosen))
    if view.current is None:
        return tr("the_game.hand.open", minimum=view.minimum)
    placed = count(tr, "placed", view.placed_this_turn)
    if view.still_required:
        return tr("the_game.hand.must", placed=placed, more=count(tr, "more", view.still_required))
    return tr("the_game.hand.may_end", placed=placed)


def card_buttons(
    hand: Sequence[int], piles: dict[int, list[int]], chosen: int | None
) -> list[Control]:
    """A button per card; cards that fit on no pile are shown but disabled."""
    return [
        StepButton(
            label=str(value),
            payload=f"c{value}",
            style=discord.ButtonStyle.primary if value == chosen else discord.ButtonStyle.secondary,
            disabled=value not in piles,
            row=index // CARDS_PER_ROW,
        )
        for index, value in enumerate(hand)
    ]


def pile_buttons(chosen: int, piles: Sequence[int], view: TheGameView, tr: Texts) -> list[Control]:
    buttons: list[Control] = []
    for pile in piles:
        backwards = is_backwards(chosen, pile, view.tops[pile])
        label = f"{pile_name(pile)} {BACKWARDS_MARK}" if backwards else pile_name(pile)
        buttons.append(
            StepButton(
                label=tr("the_game.hand.place_on", card=chosen, pile=label),
                payload=f"p{chosen}.{pile}",
                style=discord.ButtonStyle.primary,
                row=PILE_ROW,
            )
        )
    return buttons


def talk_select(legal: Sequence[BaseModel], view: TheGameView, tr: Texts) -> Control | None:
    """The hints (and withdrawing one's own) in one menu; none in a solo game."""
    if view.players < 2:
        return None
    options: list[discord.SelectOption] = []
    for action in legal:
        if isinstance(action, GiveHint):
            options.append(
                discord.SelectOption(
                    label=hint_text(tr, action.hint, action.pile),
                    value=f"{action.hint.value}:{action.pile}",
                )
            )
        elif isinstance(action, WithdrawHint):
            label = tr("the_game.hint.withdraw", pile=pile_name(action.pile))
            options.append(
                discord.SelectOption(
                    label=f"{WITHDRAW_EMOJI} {label}", value=f"{WITHDRAW}:{action.pile}"
                )
            )
    if not options:
        return None
    return StepSelect(
        payload="talk", options=options, placeholder=tr("the_game.hand.talk"), row=TALK_ROW
    )


def choose(payload: str, values: Sequence[str]) -> Choice:
    """The meaning of a hand control; anything malformed is refused, never guessed."""
    try:
        if payload == "end":
            return Choice(action=EndTurn())
        if payload.startswith("c"):
            return Choice(ui_state=str(int(payload[1:])))
        if payload.startswith("p"):
            card_text, pile_text = payload[1:].split(".")
            return Choice(action=PlaceCard(card=int(card_text), pile=int(pile_text)))
        if payload == "talk" and len(values) == 1:
            kind, pile_text = values[0].split(":")
            if kind == WITHDRAW:
                return Choice(action=WithdrawHint(pile=int(pile_text)))
            return Choice(action=GiveHint(pile=int(pile_text), hint=HintKind(kind)))
    except ValueError as error:
        raise RuleError("unknown_control") from error
    raise RuleError("unknown_control")
