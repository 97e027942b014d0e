"""What one seat (or a spectator) may see, shaped for the table and the hand message.

The table needs: rows with both sides, which rows are closed, whose turn, hand sizes, who still
holds a double, which colour's doubles are being chosen and by whom (who has chosen, never
what), the colours of the round scored so far, scores per round, the last round's report
(revealed hands and doubles) and a stuck seat's shown hand. The hand message adds the seat's own
cards and its own pending choice; the legal moves come from `legal_actions`. Nothing else hidden
(other hands, the draw pile order, other seats' pending choices) ever enters a view.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.heaven_hell.cards import COLOURS, VALUE_OF, Card, Colour, cards_of
from games.heaven_hell.config import closed_rows_to_end
from games.heaven_hell.events import Event
from games.heaven_hell.rules import asked_seats, is_closed, is_stuck, positive_colours, to_act
from games.heaven_hell.state import ColourScore, HeavenHellState, Phase, RoundReport, Row


class RowView(BaseModel):
    """Card values in placement order on each side (the colour is the row's)."""

    model_config = ConfigDict(frozen=True)

    colour: Colour
    heaven: list[int]
    hell: list[int]
    heaven_sum: int
    hell_sum: int
    closed: bool


class SeatView(BaseModel):
    """Public facts about one seat.

    `holds_double` is False once the seat has played its double this round (and, after the last
    round, in the finished game). `asked`: the seat is asked about the colour whose doubles are
    being chosen; `chosen`: it has made its secret choice for it, never what it is.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    hand_size: int
    holds_double: bool
    asked: bool
    chosen: bool
    total: int


class HeavenHellView(BaseModel):
    """One seat's (or, with `seat=None`, a spectator's) picture of the game.

    - `current`: the seat to play in the play phase; `to_act`: every seat awaited (the seats still
      to choose for `asking` in the doubles phase).
    - `asking`: the positive colour whose double choices are awaited, in the doubles phase;
      `scored`: the colours of the round scored so far then (their hands revealed), row order.
    - `stuck_hand`: the hand of the seat to play when it is stuck, public by the rules.
    - `last_report`: the previous round's scoring, with every hand and double revealed.
    - `hand`, `my_choice`: this seat's own cards and its pending choice for `asking` (True: play
      the double there); None for spectators.
    - `recent`: the newest public events, oldest first, for the table's last moves.
    """

    model_config = ConfigDict(frozen=True)

    seat: int | None
    players: int
    round: int
    rounds: int
    dealer: int
    phase: Phase
    current: int | None
    to_act: list[int]
    rows: list[RowView]
    closed_rows: int
    closed_rows_to_end: int
    positive_colours: list[Colour]
    asking: Colour | None
    scored: list[ColourScore]
    draw_pile_size: int
    discard: list[Card]
    seats: list[SeatView]
    round_points: list[list[int]]
    last_report: RoundReport | None
    stuck_hand: list[Card] | None
    hand: list[Card] | None
    my_choice: bool | None
    recent: list[Event]


def _row_view(colour: Colour, row: Row) -> RowView:
    heaven_values = [VALUE_OF[card] for card in row.heaven]
    hell_values = [VALUE_OF[card] for card in row.hell]
    return RowView(
        colour=colour,
        heaven=heaven_values,
        hell=hell_values,
        heaven_sum=sum(heaven_values),
        hell_sum=sum(hell_values),
        closed=is_closed(row),
    )


def make_view(state: HeavenHellState, seat: int | None) -> HeavenHellView:
    doubles_phase = state.phase is Phase.DOUBLES
    asked = asked_seats(state)
    totals = state.totals()
    return HeavenHellView(
        seat=seat,
        players=state.players,
        round=state.round,
        rounds=state.rounds,
        dealer=state.dealer,
        phase=state.phase,
        current=state.current if state.phase is Phase.PLAY else None,
        to_act=to_act(state),
        rows=[
            _row_view(colour, row)
            for colour, row in zip(COLOURS, state.rows, strict=True)
        ],
        closed_rows=sum(1 for row in state.rows if is_closed(row)),
        closed_rows_to_end=closed_rows_to_end(state.players),
        positive_colours=positive_colours(state.rows),
        asking=state.asking,
        scored=list(state.scored) if doubles_phase else [],
        draw_pile_size=len(state.draw_pile),
        discard=cards_of(state.discard),
        seats=[
            SeatView(
                seat=index,
                hand_size=len(state.hands[index]),
                holds_double=state.doubles[index] is None,
                asked=index in asked,
                chosen=index in asked and state.choices[index] is not None,
                total=totals[index],
            )
            for index in range(state.players)
        ],
        round_points=[list(report.points) for report in state.reports],
        last_report=state.reports[-1] if state.reports else None,
        stuck_hand=cards_of(state.hands[state.current]) if is_stuck(state) else None,
        hand=cards_of(state.hands[seat]) if seat is not None else None,
        my_choice=state.choices[seat] if seat is not None else None,
        recent=list(state.recent),
    )
