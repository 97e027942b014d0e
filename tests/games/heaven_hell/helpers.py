"""Building exact situations for rule tests: cards by colour and value, states by hand."""

from __future__ import annotations

from games.core.state import copy_state
from games.heaven_hell.cards import (
    CARDS_PER_COLOUR,
    DECK_SIZE,
    VALUES_PER_COLOUR,
    Colour,
    colour_index,
)
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.events import Event
from games.heaven_hell.rules import _end_play
from games.heaven_hell.state import HeavenHellState, Phase, RoundReport, Row

R, Y, G, B, P = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.PURPLE


class Cards:
    """Hands out distinct card ids, so a built state never holds one card twice."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, colour: Colour, *values: int) -> list[int]:
        taken = []
        for value in values:
            base = colour_index(colour) * CARDS_PER_COLOUR
            card = next(
                base + offset
                for offset in range(CARDS_PER_COLOUR)
                if VALUES_PER_COLOUR[offset] == value and base + offset not in self.used
            )
            self.used.add(card)
            taken.append(card)
        return taken

    def rest(self) -> list[int]:
        return [card for card in range(DECK_SIZE) if card not in self.used]


def build(
    cards: Cards,
    hands: list[list[int]],
    rows: dict[Colour, tuple[list[int], list[int]]] | None = None,
    *,
    draw_pile: list[int] | None = None,
    current: int = 1,
    dealer: int = 0,
    round_number: int = 0,
    phase: Phase = Phase.PLAY,
    reports: list[RoundReport] | None = None,
    rounds: int | None = None,
) -> HeavenHellState:
    """A state with these hands and rows; by default every other card is in the draw pile and
    whatever the draw pile does not take is discarded, so 70 cards are always accounted for."""
    players = len(hands)
    row_models = [Row() for _ in Colour]
    for colour, (heaven, hell) in (rows or {}).items():
        row_models[colour_index(colour)] = Row(heaven=heaven, hell=hell)
    pile = cards.rest() if draw_pile is None else draw_pile
    cards.used.update(pile)
    return HeavenHellState(
        config=HeavenHellConfig(rounds=rounds),
        players=players,
        seed=7,
        round=round_number,
        dealer=dealer,
        phase=phase,
        current=current,
        draw_pile=pile,
        hands=hands,
        rows=row_models,
        discard=cards.rest(),
        doubles=[None] * players,
        choices=[None] * players,
        reports=reports or [],
    )


def end_play(state: HeavenHellState) -> tuple[HeavenHellState, list[Event]]:
    """The state once its round's play ends as it stands: the doubles phase asking about the
    first positive colour someone is asked about, or the round scored when nobody is."""
    draft = copy_state(state)
    events: list[Event] = []
    _end_play(draft, events)
    return draft, events


def all_cards(state: HeavenHellState) -> list[int]:
    cards = list(state.draw_pile) + list(state.discard)
    for hand in state.hands:
        cards += hand
    for row in state.rows:
        cards += row.heaven + row.hell
    return cards

