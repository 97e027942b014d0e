"""Plays Level 8 through SimCord the way people do: "Show my hand", then each step of a turn
with the hand's own controls (draw buttons, the proposal, the lay-off and discard menus, Skip
buttons, the keep menu). Moves are what the engine's heuristic would choose for the seat, so
games end in a reasonable number of clicks; but every click is found among the hand message's
controls, and at each step the controls must offer exactly the engine's legal moves.

It also keeps every message the bot sent, tagged with who could see it, so a test can check
that no card of a hand shows anywhere but in that player's own ephemeral messages.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import takewhile
from typing import Any, cast

from pydantic import BaseModel

from cogs.level8.payloads import card_code
from cogs.level8.words import mark, text_card
from games.core.base import Engine
from games.level8 import ENGINE
from games.level8.actions import (
    Action,
    Discard,
    DisplayLevel,
    DrawFromDiscard,
    DrawFromPile,
    KeepCards,
    LayOff,
    PlaySkip,
)
from games.level8.cards import Colour, is_number, is_skip, number_card
from games.level8.events import (
    Discarded,
    DrewFromDiscard,
    LaidOff,
    LevelDisplayed,
)
from games.level8.state import Level8State, Phase
from tests.support.messages import carried, controls, options
from tests.support.table_driver import Player, ReplayingDriver

MARKS = [mark(colour) for colour in Colour]
CARD_TOKEN = re.compile("(" + "|".join(MARKS) + r")(\d+)")


def written(card_id: int) -> str:
    """A card as every message writes it (its text face: these tests run without the faces)."""
    return text_card(card_id)


def table_moves(message: Any) -> list[str]:
    """The last moves a table message shows, the turn going on among them (`▶️ **bob**: drew`):
    the lines of its description above the turn's sentence (`▶️ **bob** is to draw.`,
    `⏳ Choosing …`)."""
    lines = (message.embeds[0].description or "").splitlines()

    def is_move(line: str) -> bool:
        return not line.startswith("⏳") and not (line.startswith("▶️") and line.endswith("."))

    return list(takewhile(is_move, lines))


def keys(actions: Sequence[BaseModel]) -> set[str]:
    """Actions as comparable keys (a display's groups are lists, which do not hash)."""
    return {action.model_dump_json() for action in actions}


@dataclass
class Driver(ReplayingDriver[Level8State, int]):
    engine = cast(Engine, ENGINE)
    command = "play level8"
    most_steps = 5000

    # ---------------------------------------------------------------- reading

    def cards_in(self, text: str) -> set[int]:
        """Number cards written in a text (`🟥R7`); wilds and Skips all look alike and name
        none."""
        return {
            number_card(int(value), MARKS.index(shown))
            for shown, value in CARD_TOKEN.findall(text)
            if 1 <= int(value) <= 15
        }

    def position(self) -> Hashable:
        """A hand stays current until the turn moves on or the keep step starts."""
        state = self.state()
        return state.round, state.turns, state.phase is Phase.KEEP

    def public_in(self, state: Level8State, events: list[Any]) -> set[int]:
        """Discard tops, displayed levels, and the cards a move named (discarded, drawn from a
        discard pile, laid off)."""
        public: set[int] = set()
        for player in state.players:
            public.update(player.discard[-1:])
            public.update(p.card for group in player.groups for p in group.cards)
        for event in events:
            if isinstance(event, Discarded | DrewFromDiscard):
                public.add(event.card)
            elif isinstance(event, LaidOff):
                public.add(event.placed.card)
            elif isinstance(event, LevelDisplayed):
                public.update(p.card for group in event.groups for p in group.cards)
        return public

    def hands(self, state: Level8State) -> list[set[int]]:
        return [set(player.hand) for player in state.players]

    def check_hands_were_seen(self) -> None:
        """Each player's latest hand message shows their cards, so the leak check, which
        reads the same messages, can see cards at all."""
        state = self.state()
        for player in self.players.values():
            hands = self.hand_messages(player)
            numbers = {c for c in state.players[player.seat].hand if is_number(c)}
            assert hands and numbers <= hands[-1].cards

    def control_of(self, player: Player, message: Any, action: Action) -> dict[str, Any]:
        """The button, or the menu, of a hand that carries `action` now."""
        legal = ENGINE.legal_actions(self.state(), player.seat)
        return next(entry.component for entry in carried(message, legal) if entry.action == action)

    # ---------------------------------------------------------------- acting

    def policy_move(self, seat: int) -> Action:
        state = self.state()
        legal = ENGINE.legal_actions(state, seat)
        rng = random.Random(f"{state.turns}/{seat}")
        return ENGINE.policy("heuristic").choose(ENGINE.view(state, seat), legal, rng)

    async def perform(self, player: Player, move: Action) -> None:
        """Menus show a face once (all wilds alike, all Skips alike): the move is made with the
        first card of that face in the hand, as a person would. A display is the hand's
        proposal (the heuristic may place its wilds otherwise)."""
        hand = player.hand
        assert hand is not None
        view_hand = ENGINE.view(self.state(), player.seat).hand or []
        face = {written(c): c for c in reversed(view_hand)}
        if isinstance(move, LayOff):
            shown = move.model_copy(update={"card": face[written(move.card)]})
            await self.select(player, hand, "o", [card_code(shown.card)])
            if shown in self.offered(player, hand):
                await self.do(player, hand, shown)
        elif isinstance(move, Discard | PlaySkip):
            await self.do(player, hand, move.model_copy(update={"card": face[written(move.card)]}))
        elif isinstance(move, DisplayLevel):
            proposal = [a for a in self.offered(player, hand) if isinstance(a, DisplayLevel)]
            await self.do(player, hand, proposal[0])
        elif isinstance(move, KeepCards) and move.cards:
            await self.select(player, hand, "k", [card_code(c) for c in move.cards])
        else:
            await self.do(player, hand, move)

    def check_offered_moves(self, hand: Any, state: Level8State, seat: int) -> None:
        """The hand's controls are exactly the seat's legal moves, step by step: the actions
        its controls carry, and the UI steps (the builder, the lay-off and keep menus)."""
        legal = ENGINE.legal_actions(state, seat)
        offered = [entry.action for entry in carried(hand, legal)]
        steps = controls(hand)
        view_hand = ENGINE.view(state, seat).hand or []
        faces = {written(c): c for c in reversed(view_hand)}
        assert len(keys(offered)) == len(offered), "no action offered twice"
        if state.phase is Phase.KEEP:
            assert set(steps) == {"k"}
            assert options(hand, "k") == [card_code(c) for c in view_hand]
            assert offered == [KeepCards(cards=[])]
        elif state.phase is Phase.DRAW:
            assert steps == {}
            assert offered == [a for a in legal if isinstance(a, DrawFromPile | DrawFromDiscard)]
        else:
            displays = [a for a in legal if isinstance(a, DisplayLevel)]
            assert ("b" in steps) == bool(displays)
            discards = [
                Discard(card=faces[written(a.card)]) for a in legal if isinstance(a, Discard)
            ]
            skips = [
                PlaySkip(card=faces[written(a.card)], target=a.target)
                for a in legal
                if isinstance(a, PlaySkip) and len(view_hand) > 1
            ]
            assert keys(offered) == keys([*displays, *discards, *skips])
            lay_offs = {card_code(faces[written(a.card)]) for a in legal if isinstance(a, LayOff)}
            assert set(options(hand, "o") if "o" in steps else []) == lay_offs
            assert set(steps) <= {"b", "o"}
            assert all(not is_skip(c) or written(c) in faces for c in view_hand)


start = Driver.start
