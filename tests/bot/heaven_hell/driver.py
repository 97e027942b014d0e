"""Plays Heaven & Hell through SimCord the way people do: "Show my hand", then a card and a
side (or, for a card only one side still takes, its one button), a stuck player's discard, or
the secret choice of the double for the colour being scored, with the hand's own controls. Moves
are what the engine's heuristic would choose for the seat, but every click is found among the
hand message's controls, and at each step the controls must offer exactly the engine's legal
moves: the one-side cards' placements and the cards to choose (a step of the hand only), then
the actions the side, discard and double buttons carry.

It also keeps every message the bot sent, tagged with who could see it, and checks as they
arrive that no card of a hand, and no secret double before the reveal, shows anywhere but in
that player's own ephemeral messages.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, cast

from cogs.heaven_hell.hand import choose_code
from cogs.heaven_hell.words import mark
from games.core.base import Engine
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import Action, ChooseDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import COLOURS, Card, Colour, Side, card_of
from games.heaven_hell.events import CardDiscarded, CardPlaced, PlayerStuck
from games.heaven_hell.rules import is_stuck
from games.heaven_hell.state import HeavenHellState, Phase
from tests.support.messages import HAND_CONTROL, carried, components, controls, disabled_controls
from tests.support.table_driver import Player, ReplayingDriver, Sent, action_count

MARKS = [mark(colour) for colour in COLOURS]
CARD_TOKEN = re.compile("(" + "|".join(MARKS) + r")([1-5])")
Face = tuple[Colour, int]


def faces_in(text: str) -> Counter[Face]:
    """Cards written in a text (`🟥R3`), counted."""
    return Counter(
        (COLOURS[MARKS.index(written)], int(value)) for written, value in CARD_TOKEN.findall(text)
    )


def faces(card_ids: list[int]) -> Counter[Face]:
    return Counter((card_of(c).colour, card_of(c).value) for c in card_ids)


def seat_lines(message: Any) -> list[str]:
    """A table's line per seat, in the field named after the players and the dealer
    ("Players · alice deals", "Joueurs · alice distribue")."""
    (value,) = [
        field.value or ""
        for field in message.embeds[0].fields
        if (field.name or "").startswith(("Players · ", "Joueurs · "))
    ]
    return value.splitlines()


def face_of(item: Card) -> Face:
    return item.colour, item.value


def place(colour: Colour, value: int, side: Side) -> PlaceCard:
    return PlaceCard(colour=colour, value=value, side=side)


def sides_by_card(legal: list[Action]) -> dict[Face, set[PlaceCard]]:
    """The legal placements of each card that has any."""
    found: dict[Face, set[PlaceCard]] = {}
    for action in legal:
        if isinstance(action, PlaceCard):
            found.setdefault((action.colour, action.value), set()).add(action)
    return found


@dataclass
class Driver(ReplayingDriver[HeavenHellState, Face]):
    """Copies of a card look alike, so cards are read and checked by face."""

    engine = cast(Engine, ENGINE)
    command = "play heaven-hell"
    one_side: list[bool] = field(default_factory=list)
    """For each placement people made, in order: whether only one side still took the card."""

    # ---------------------------------------------------------------- reading

    def cards_in(self, text: str) -> set[Face]:
        return set(faces_in(text))

    def position(self) -> Hashable:
        """Any accepted action may change the hand or its controls."""
        return action_count(self.db)

    def public_in(self, state: HeavenHellState, events: list[Any]) -> set[Face]:
        """Placed and discarded cards, a stuck hand, and hands revealed at scoring (colour by
        colour, then the whole round's)."""
        public: set[Face] = set()
        for score in state.scored:
            public |= {(score.colour, value) for values in score.revealed for value in values}
        for row in state.rows:
            public |= set(faces(row.heaven + row.hell))
        public |= set(faces(state.discard))
        for report in state.reports:
            public |= {face_of(item) for hand in report.hands for item in hand}
        for event in events:
            if isinstance(event, CardPlaced | CardDiscarded):
                public.add(face_of(event.card))
            elif isinstance(event, PlayerStuck):
                public |= {face_of(item) for item in event.hand}
        return public

    def hands(self, state: HeavenHellState) -> list[set[Face]]:
        return [set(faces(hand)) for hand in state.hands]

    def check_new_messages(self, new: list[Sent[Face]]) -> None:
        """Besides hidden cards (see `ReplayingDriver`): while doubles are being chosen, a
        player's secret choice shows in their own hand only."""
        super().check_new_messages(new)
        state = self._replay
        assert state is not None
        if state.phase is not Phase.DOUBLES:
            return
        members = {player.member.id: seat for seat, player in self.players.items()}
        for sent in new:
            if "secret choice" in sent.text:
                assert sent.is_hand and sent.owner in members, sent.texts

    def name(self, seat: int) -> str:
        player = self.players.get(seat)
        return player.member.name if player is not None else f"Computer {seat + 1}"

    def check_hands_were_seen(self) -> None:
        """Each player's hand messages showed their cards, so the leak check, which reads the
        same messages, can see cards at all."""
        for player in self.players.values():
            hands = self.hand_messages(player)
            assert hands and any(sent.cards for sent in hands)

    # ---------------------------------------------------------------- acting

    def policy_move(self, seat: int) -> Action:
        state = self.state()
        legal = ENGINE.legal_actions(state, seat)
        rng = random.Random(f"{len(state.recent)}/{seat}/{state.round}")
        action = ENGINE.policy("heuristic").choose(ENGINE.view(state, seat), legal, rng)
        assert isinstance(action, PlaceCard | DiscardStuck | ChooseDouble)
        return action

    def labelled(self, player: Player, hand: Any) -> dict[Action, str]:
        """The actions a hand's buttons carry, each with its label as a person reads it."""
        legal = ENGINE.legal_actions(self.state(), player.seat)
        return {
            cast(Action, entry.action): entry.component["label"]
            for entry in carried(hand, legal)
        }

    async def perform(self, player: Player, move: Action) -> None:
        """A card only one side takes is placed with its own button; any other is chosen
        first, then the hand offers exactly its legal sides."""
        hand = player.hand
        assert hand is not None
        if isinstance(move, PlaceCard):
            legal = ENGINE.legal_actions(self.state(), player.seat)
            sides = sides_by_card(legal)[(move.colour, move.value)]
            self.one_side.append(len(sides) == 1)
            if len(sides) > 1:
                await self.click(player, hand, choose_code(move.colour, move.value))
                offered = set(self.offered(player, hand))
                assert sides <= offered and offered - sides <= one_side_moves(legal)
        await self.do(player, hand, move)

    def check_offered_moves(self, hand: Any, state: HeavenHellState, seat: int) -> None:
        """The hand's controls are exactly the seat's legal moves (a card's sides come with the
        second click, checked in `perform`): the double's choice, a stuck player's discards and
        the cards only one side takes carry them, the other cards to choose lead to them; cards
        of closed rows are shown, locked. Every enabled control either carries a legal action
        or is a card to choose."""
        legal = ENGINE.legal_actions(state, seat)
        offered = [entry.action for entry in carried(hand, legal)]
        steps = set(controls(hand))
        enabled = [
            c
            for c in components(hand)
            if str(c.get("custom_id")).startswith(HAND_CONTROL) and not c.get("disabled")
        ]
        assert len(enabled) == len(offered) + len(steps)
        if state.phase is Phase.DOUBLES or is_stuck(state):
            assert set(offered) == set(legal) and not steps
        else:
            assert set(offered) == one_side_moves(legal)
            assert steps == {
                choose_code(*face) for face, sides in sides_by_card(legal).items() if len(sides) > 1
            }
            placeable = {choose_code(*face) for face in sides_by_card(legal)}
            locked = {
                choose_code(card_of(c).colour, card_of(c).value)
                for c in state.hands[seat]
                if choose_code(card_of(c).colour, card_of(c).value) not in placeable
            }
            assert set(disabled_controls(hand)) == locked

    async def play_until(self, phase: Phase, max_steps: int = 500) -> None:
        """People play (computers too, by themselves) until the game reaches `phase`."""
        for _ in range(max_steps):
            if self.state().phase is phase:
                return
            await self.play_one()
        raise AssertionError(f"the game never reached {phase}")


def one_side_moves(legal: list[Action]) -> set[PlaceCard]:
    """The placements of the cards that only one side takes."""
    return {next(iter(sides)) for sides in sides_by_card(legal).values() if len(sides) == 1}


start = Driver.start
