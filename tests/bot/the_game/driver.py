"""Plays The Game through SimCord the way people do: "Show my hand", a card, a pile, "End turn",
the hints menu. Moves are what the engine's heuristic would choose for the seat, so games end in
a reasonable number of clicks; but every click is found among the hand message's own controls,
and at each step the controls must offer exactly the engine's legal moves.

It also keeps every message the bot sent (REST log), tagged with who could see it, so a test can
check that no hand ever shows anywhere but in its own player's ephemeral messages.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import simcord
from pydantic import BaseModel

from bot.i18n import Texts
from bot.tables.carried import SEPARATOR, ActionRefs
from cogs.the_game.words import BACKWARDS_MARK, pile_name
from games.core.base import Engine
from games.core.policy import Policy
from games.the_game import ENGINE
from games.the_game.actions import PLACE, EndTurn, PlaceCard
from games.the_game.cards import is_backwards
from games.the_game.state import TheGameState
from tests.support.messages import (
    HAND_CONTROL,
    carried,
    components,
    enabled_buttons,
    payload_of,
    walk,
)
from tests.support.table_driver import Player, TableDriver

ENGLISH = Texts("en")

CARD_TOKEN = re.compile(r"`(\d+)`")
NUMBER = re.compile(r"\d+")
STEP_CARD = re.compile(r"^c(\d+)$")
"""The card in a card button's payload ("c57" picks 57)."""


def digest(action: BaseModel) -> str:
    """The digest part of the reference a control carrying `action` has in its custom id."""
    return ActionRefs([action]).ref(action).partition(SEPARATOR)[2]


PLACEMENT_DIGESTS: dict[str, int] = {digest(action): action.card for action in PLACE.values()}
"""The card of every possible placement, by the digest of its reference: a client that reads a
pile button's custom id can hash the hundreds of placements and find the card it carries."""


def carried_cards(component: dict[str, Any]) -> set[int]:
    """The cards a client could work out from the action references of a hand control."""
    custom_id = str(component.get("custom_id") or "")
    if custom_id.startswith("ct:do:"):
        refs = [custom_id.split(":", 5)[5]]
    elif custom_id.startswith("ct:dos:"):
        refs = [option["value"] for option in component.get("options") or []]
    else:
        return set()
    found = (PLACEMENT_DIGESTS.get(ref.partition(SEPARATOR)[2]) for ref in refs)
    return {card for card in found if card is not None}


def talk_menu(message: Any) -> dict[str, Any] | None:
    return next((c for c in components(message) if c.get("type") == 3), None)


def menu_actions(message: Any, legal: Sequence[BaseModel]) -> dict[str, BaseModel]:
    """The hints menu as a player reads it: each option's label, and the action it carries."""
    menu = talk_menu(message)
    assert menu is not None
    labels = {option["value"]: option["label"] for option in menu["options"]}
    return {labels[entry.value]: entry.action for entry in carried(message, legal) if entry.value}


@dataclass
class Driver(TableDriver[TheGameState, int]):
    engine = cast(Engine, ENGINE)
    command = "play the-game"
    _policies: dict[int, Policy] = field(default_factory=dict)

    @property
    def hand_texts(self) -> Texts:
        """The hand's labels as the players read them: their clients speak the server's
        language."""
        return Texts(self.language)

    # ---------------------------------------------------------------- reading

    def cards_in(self, text: str) -> set[int]:
        """Card tokens (`57`)."""
        return {int(n) for n in CARD_TOKEN.findall(text)}

    def cards_shown(self, payload: dict[str, Any], texts: list[str]) -> set[int]:
        """The numbers players could read: card tokens in text, every number in a hand
        control's label or menu options, and the card a client finds in its custom id (a client
        can read custom ids): in a card button's payload, or behind a pile button's action
        reference."""
        numbers = super().cards_shown(payload, texts)
        for component in walk(payload.get("components") or []):
            if not str(component.get("custom_id") or "").startswith(HAND_CONTROL):
                continue
            labels = [component.get("label") or ""]
            labels += [option["label"] for option in component.get("options") or []]
            for label in labels:
                numbers |= {int(n) for n in NUMBER.findall(label)}
            numbers |= {int(n) for n in STEP_CARD.findall(payload_of(component) or "")}
            numbers |= carried_cards(component)
        return numbers

    def position(self) -> Hashable:
        """A hand stays current for the whole turn."""
        return self.state().turn

    def check_no_hand_leaks(self) -> None:
        """No card of a hand (as the hands are now) in anything but its player's own view,
        while each player's latest hand message does show their cards (so the check can see
        cards at all)."""
        state = self.state()
        for player in self.players.values():
            mine = [sent for sent in self.sent if sent.owner == player.member.id]
            latest = [sent for sent in mine if sent.is_hand][-1]
            assert set(state.hands[player.seat]) <= latest.cards
        owners = {seat: player.member.id for seat, player in self.players.items()}
        for sent in self.sent:
            for seat, cards in enumerate(state.hands):
                if sent.owner is not None and sent.owner == owners.get(seat):
                    continue
                leaked = sent.cards & set(cards)
                assert not leaked, (seat, leaked, sent.owner, sent.texts)

    # ---------------------------------------------------------------- acting

    def policy_move(self, seat: int) -> Any:
        state = self.state()
        policy = self._policies.setdefault(seat, ENGINE.policy("heuristic"))
        legal = ENGINE.legal_actions(state, seat)
        return policy.choose(ENGINE.view(state, seat), legal, random.Random(len(state.placements)))

    async def perform(self, player: Player, move: Any) -> None:
        hand = player.hand
        assert hand is not None
        if isinstance(move, PlaceCard):
            await self.place(player, move.card, move.pile)
        elif isinstance(move, EndTurn):
            await self.press(player, hand, self.hand_texts("the_game.hand.end_turn"))
        else:
            await self.do(player, hand, move)

    async def place(self, player: Player, card: int, pile: int) -> None:
        """Picks the card, checks that its pile buttons carry exactly its legal placements,
        each under the label that names it, then presses the pile's button."""
        assert player.hand is not None
        state = self.state()
        await self.press(player, player.hand, str(card))
        legal = ENGINE.legal_actions(state, player.seat)
        offered = {
            entry.component["label"]: entry.action
            for entry in carried(player.hand, legal)
            if isinstance(entry.action, PlaceCard)
        }
        assert offered == {
            pile_label(card, a.pile, state, self.hand_texts): a
            for a in legal
            if isinstance(a, PlaceCard) and a.card == card
        }
        assert pile_choices(player.hand, self.hand_texts) == list(offered)
        await self.press(player, player.hand, pile_label(card, pile, state, self.hand_texts))
        assert card not in self.state().hands[player.seat]

    def check_offered_moves(
        self, hand: simcord.ResponseMessage, state: TheGameState, seat: int
    ) -> None:
        """The enabled card buttons are the cards that fit somewhere; "End turn" shows exactly
        when the turn may end; "End turn" and the hints menu carry exactly the seat's other
        legal moves, each once (a solo player has no one to give hints to: no menu)."""
        legal = ENGINE.legal_actions(state, seat)
        playable = {str(a.card) for a in legal if isinstance(a, PlaceCard)}
        buttons = enabled_buttons(hand)
        assert {label for label in buttons if label.isdigit()} == playable
        end_turn = self.hand_texts("the_game.hand.end_turn")
        assert (end_turn in buttons) == any(isinstance(a, EndTurn) for a in legal)
        moves = [entry.action for entry in carried(hand, legal)]
        others = [action for action in moves if not isinstance(action, PlaceCard)]
        expected = [
            a
            for a in legal
            if isinstance(a, EndTurn) or (state.players > 1 and not isinstance(a, PlaceCard))
        ]
        assert sorted(map(repr, others)) == sorted(map(repr, expected))


start = Driver.start


def pile_label(card: int, pile: int, state: TheGameState, tr: Texts = ENGLISH) -> str:
    """The label of the button that puts `card` on `pile` ("57 on ▼C ↩"), in English unless
    `tr` says otherwise."""
    mark = f" {BACKWARDS_MARK}" if is_backwards(card, pile, state.tops[pile]) else ""
    return tr("the_game.hand.place_on", card=card, pile=f"{pile_name(pile)}{mark}")


def pile_choices(hand: Any, tr: Texts = ENGLISH) -> list[str]:
    """Labels of the pile buttons shown after choosing a card (the buttons that carry an action,
    but "End turn", in the language of `tr`)."""
    return [
        c["label"]
        for c in components(hand)
        if c.get("type") == 2
        and str(c.get("custom_id", "")).startswith("ct:do:")
        and c["label"] != tr("the_game.hand.end_turn")
    ]
