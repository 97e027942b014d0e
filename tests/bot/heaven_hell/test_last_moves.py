"""The last moves: a line per turn, whatever the turn took (a stuck player's shown hand, discards,
the card placed and the row it closed), and a line per event of the round. (On the table a
colour's revealed doubles are told on its row instead: `test_doubles.py`.)"""

from __future__ import annotations

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import SeatInfo
from cogs.heaven_hell.moves import move_lines
from games.heaven_hell.cards import Card, Colour, Side
from games.heaven_hell.events import (
    CardDiscarded,
    CardDrawn,
    CardPlaced,
    DoubleChosen,
    DoublesRevealed,
    PlayerStuck,
    RoundStarted,
    RowClosed,
    TurnSkipped,
)
from tests.games.heaven_hell.helpers import B, G, R, Y

SEATS = [SeatInfo(n, name, 100 + n, False) for n, name in enumerate(("alice", "bob", "carol"))]
ENGLISH = Texts("en")


def card(colour: Colour, value: int) -> Card:
    return Card(colour=colour, value=value)


def test_a_stuck_turn_is_one_line_from_the_hand_shown_to_the_row_it_closed() -> None:
    events = [
        RoundStarted(round=0, dealer=0, first=1),
        CardDrawn(seat=1),
        PlayerStuck(seat=1, hand=[card(R, 3), card(Y, 2)]),
        CardDiscarded(seat=1, card=card(Y, 2)),
        CardDrawn(seat=1),
        PlayerStuck(seat=1, hand=[card(R, 3), card(R, 1)]),
        CardDiscarded(seat=1, card=card(R, 1)),
        CardDrawn(seat=1),
        CardPlaced(seat=1, card=card(G, 4), side=Side.HELL),
        RowClosed(colour=G),
        CardDrawn(seat=2),
        CardPlaced(seat=2, card=card(B, 5), side=Side.HEAVEN),
        TurnSkipped(seat=0),
        CardPlaced(seat=1, card=card(R, 3), side=Side.HEAVEN),
    ]
    assert move_lines(events, SEATS, ENGLISH, CardFaces()) == [
        "🔀 Round 1: alice deals, bob starts.",
        "**bob**: cannot place any card, shows their hand: 🟥R3 🟨Y2 · discards 🟨Y2 · cannot "
        "place any card, shows their hand: 🟥R3 🟥R1 · discards 🟥R1 · 🟩G4 → 😈 hell 🔒",
        "**carol**: 🟦B5 → 😇 heaven",
        "**alice**: cannot place and the draw pile is empty: turn skipped",
        "**bob**: 🟥R3 → 😇 heaven",
    ]


def test_a_turn_under_way_shows_and_the_next_turn_of_the_same_seat_is_a_line_of_its_own() -> None:
    """Bob's placement ends his turn and alice's skip hers; bob's next turn, stuck and still to
    discard, is a line of its own, and so is each of two turns in a row of one seat (when the
    others are skipped, their lines left out here)."""
    events = [
        CardPlaced(seat=1, card=card(R, 3), side=Side.HEAVEN),
        TurnSkipped(seat=0),
        PlayerStuck(seat=1, hand=[card(Y, 2)]),
    ]
    assert move_lines(events, SEATS, ENGLISH, CardFaces())[-2:] == [
        "**alice**: cannot place and the draw pile is empty: turn skipped",
        "**bob**: cannot place any card, shows their hand: 🟨Y2",
    ]
    placed_twice = [
        CardPlaced(seat=1, card=card(R, 3), side=Side.HEAVEN),
        CardPlaced(seat=1, card=card(R, 1), side=Side.HELL),
    ]
    assert len(move_lines(placed_twice, SEATS, ENGLISH, CardFaces())) == 2


def test_revealed_doubles_name_who_played_then_who_kept_in_both_languages() -> None:
    revealed = [
        DoubleChosen(seat=0, colour=R),
        DoublesRevealed(colour=R, played=[2], kept=[0, 1]),
        DoublesRevealed(colour=B, played=[], kept=[1]),
    ]
    assert move_lines(revealed, SEATS, ENGLISH, CardFaces()) == [
        "🎭 Doubles for 🟥R: carol ×2 · alice, bob keep theirs",
        "🎭 Doubles for 🟦B: bob keeps theirs",
    ]
    assert move_lines(revealed, SEATS, Texts("fr"), CardFaces()) == [
        "🎭 Coups doubles pour 🟥R\u00a0: carol ×2 · alice, bob gardent le leur",
        "🎭 Coups doubles pour 🟦B\u00a0: bob garde le sien",
    ]
