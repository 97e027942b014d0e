"""The rules as pure functions: set-up, legal actions, applying an action.

`apply` copies the state (`games.core.state.copy_state`) and mutates only the copy, so the
input state is never touched and a `RuleError` raised during validation leaves nothing changed.

Flow of a round: the engine draws for the seat whose turn starts; that seat then places a card,
or, when every card in its hand belongs to a closed row, it is "stuck": its hand is shown
(`PlayerStuck`), it discards a card of its choice and the engine draws a replacement, until it
can place. A stuck seat facing an empty draw pile loses its turn (ruling). If the draw pile is
empty and no hand can place any card any more, the round ends there (ruling: no play is left).

When the closing card of the last needed row is placed, the round ends and its colours are
scored one by one in row order (the doubles phase). Before a positive colour is scored, the seats
that still hold their double and hold a card of the colour each send a secret `ChooseDouble`
(play it here or keep it); once all have chosen, the choices are revealed together and the
colour is scored, then the next colour. A colour nobody is asked about is scored at once, so a
round without any asked seat is scored in the same action that ended it.
"""

from __future__ import annotations

import random

from games.core.errors import RuleError
from games.core.events import newest
from games.core.state import copy_state
from games.heaven_hell.actions import Action, ChooseDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import (
    COLOUR_INDEX_OF,
    COLOURS,
    DECK_SIZE,
    VALUE_OF,
    Colour,
    Side,
    card_of,
    cards_of,
    colour_index,
    find_card,
)
from games.heaven_hell.config import (
    HAND_SIZE,
    ROW_LIMIT,
    SIDE_LIMIT,
    HeavenHellConfig,
    closed_rows_to_end,
)
from games.heaven_hell.events import (
    CardDiscarded,
    CardDrawn,
    CardPlaced,
    DoubleChosen,
    DoublesRevealed,
    Event,
    GameEnded,
    PlayerStuck,
    RoundScored,
    RoundStarted,
    RowClosed,
    TurnSkipped,
)
from games.heaven_hell.scoring import holding, round_report, score_colour, side_sum, tie_break_order
from games.heaven_hell.state import RECENT_EVENTS, HeavenHellState, Phase, Row


def is_closed(row: Row) -> bool:
    return len(row.heaven) + len(row.hell) >= ROW_LIMIT


def closed_count(rows: list[Row]) -> int:
    return sum(1 for row in rows if is_closed(row))


def can_place(hand: list[int], rows: list[Row]) -> bool:
    return any(not is_closed(rows[COLOUR_INDEX_OF[card]]) for card in hand)


def positive_colours(rows: list[Row]) -> list[Colour]:
    return [
        colour
        for colour, row in zip(COLOURS, rows, strict=True)
        if side_sum(row.heaven) > side_sum(row.hell)
    ]


def asked_seats(state: HeavenHellState) -> list[int]:
    """The seats asked about the colour being scored: those still holding their double and
    holding a card of the colour (a double cannot score anywhere else)."""
    if state.phase is not Phase.DOUBLES or state.asking is None:
        return []
    index = colour_index(state.asking)
    return [
        seat
        for seat in range(state.players)
        if state.doubles[seat] is None and holding(state.hands[seat], index) > 0
    ]


def to_act(state: HeavenHellState) -> list[int]:
    if state.phase is Phase.PLAY:
        return [state.current]
    return [seat for seat in asked_seats(state) if state.choices[seat] is None]


def is_stuck(state: HeavenHellState) -> bool:
    """Whether the seat to play must show its hand and discard."""
    return state.phase is Phase.PLAY and not can_place(state.hands[state.current], state.rows)


def _distinct(hand: list[int]) -> list[tuple[Colour, int]]:
    return sorted({(COLOURS[COLOUR_INDEX_OF[c]], VALUE_OF[c]) for c in hand},
                  key=lambda cv: (colour_index(cv[0]), cv[1]))


def legal_actions(state: HeavenHellState, seat: int) -> list[Action]:
    """Every action `seat` may take now, equal cards listed once."""
    if seat not in to_act(state):
        return []
    if state.asking is not None:
        return [ChooseDouble(colour=state.asking, play=play) for play in (True, False)]
    hand = state.hands[seat]
    if not can_place(hand, state.rows):
        return [DiscardStuck(colour=colour, value=value) for colour, value in _distinct(hand)]
    actions: list[Action] = []
    for colour, value in _distinct(hand):
        row = state.rows[colour_index(colour)]
        if is_closed(row):
            continue
        if len(row.heaven) < SIDE_LIMIT:
            actions.append(PlaceCard(colour=colour, value=value, side=Side.HEAVEN))
        if len(row.hell) < SIDE_LIMIT:
            actions.append(PlaceCard(colour=colour, value=value, side=Side.HELL))
    return actions


def new_game(
    config: HeavenHellConfig, players: int, seed: int
) -> tuple[HeavenHellState, list[Event]]:
    """The player count is checked by the engine (games/core/base.py), under one error code for
    every game."""
    state = HeavenHellState(
        config=config,
        players=players,
        seed=seed,
        round=0,
        dealer=0,
        phase=Phase.PLAY,
        current=1 % players,
        draw_pile=[],
        hands=[[] for _ in range(players)],
        rows=[Row() for _ in COLOURS],
        discard=[],
        doubles=[None] * players,
        choices=[None] * players,
        reports=[],
    )
    events: list[Event] = []
    _start_round(state, 0, events)
    _remember(state, events)
    return state, events


def deck_order(seed: int, round_number: int) -> list[int]:
    """The shuffled deck of a round; string seeding is stable across Python versions."""
    deck = list(range(DECK_SIZE))
    random.Random(f"heaven-hell:{seed}:{round_number}").shuffle(deck)
    return deck


def apply(
    state: HeavenHellState, seat: int, action: Action
) -> tuple[HeavenHellState, list[Event]]:
    if state.phase is Phase.FINISHED:
        raise RuleError("game_over")
    if isinstance(action, ChooseDouble):
        new, events = _choose_double(state, seat, action)
    elif state.phase is not Phase.PLAY:
        raise RuleError("wrong_phase", phase=state.phase.value)
    elif seat != state.current:
        raise RuleError("not_your_turn", seat=seat, current=state.current)
    elif isinstance(action, PlaceCard):
        new, events = _place(state, seat, action)
    else:
        new, events = _discard(state, seat, action)
    _remember(new, events)
    return new, events


def _remember(draft: HeavenHellState, events: list[Event]) -> None:
    """Keep the newest public events in the state, for a table's "last moves"."""
    draft.recent = newest(draft.recent, events, RECENT_EVENTS)


def _card_in_hand(hand: list[int], colour: Colour, value: int) -> int:
    card = find_card(hand, colour, value)
    if card is None:
        raise RuleError("card_not_in_hand", colour=colour.value, value=value)
    return card


def _place(
    state: HeavenHellState, seat: int, action: PlaceCard
) -> tuple[HeavenHellState, list[Event]]:
    card = _card_in_hand(state.hands[seat], action.colour, action.value)
    row = state.rows[colour_index(action.colour)]
    if is_closed(row):
        raise RuleError("row_closed", colour=action.colour.value)
    side_cards = row.heaven if action.side is Side.HEAVEN else row.hell
    if len(side_cards) >= SIDE_LIMIT:
        raise RuleError("side_full", colour=action.colour.value, side=action.side.value)
    draft = copy_state(state)
    draft.hands[seat].remove(card)
    new_row = draft.rows[colour_index(action.colour)]
    (new_row.heaven if action.side is Side.HEAVEN else new_row.hell).append(card)
    events: list[Event] = [CardPlaced(seat=seat, card=card_of(card), side=action.side)]
    if is_closed(new_row):
        events.append(RowClosed(colour=action.colour))
        if closed_count(draft.rows) >= closed_rows_to_end(draft.players):
            _end_play(draft, events)
            return draft, events
    _begin_turn(draft, (seat + 1) % draft.players, events)
    return draft, events


def _discard(
    state: HeavenHellState, seat: int, action: DiscardStuck
) -> tuple[HeavenHellState, list[Event]]:
    if can_place(state.hands[seat], state.rows):
        raise RuleError("not_stuck")
    card = _card_in_hand(state.hands[seat], action.colour, action.value)
    draft = copy_state(state)
    draft.hands[seat].remove(card)
    draft.discard.append(card)
    events: list[Event] = [CardDiscarded(seat=seat, card=card_of(card))]
    if draft.draw_pile:
        _draw(draft, seat, events)
    _settle(draft, seat, events)
    return draft, events


def _choose_double(
    state: HeavenHellState, seat: int, action: ChooseDouble
) -> tuple[HeavenHellState, list[Event]]:
    if state.phase is not Phase.DOUBLES or state.asking is None:
        raise RuleError("wrong_phase", phase=state.phase.value)
    if action.colour is not state.asking:
        raise RuleError("not_this_colour", colour=action.colour.value,
                        asking=state.asking.value)
    if seat not in asked_seats(state):
        raise RuleError("not_asked", seat=seat, colour=state.asking.value)
    if state.choices[seat] is not None:
        raise RuleError("already_chosen", seat=seat, colour=state.asking.value)
    draft = copy_state(state)
    draft.choices[seat] = action.play
    events: list[Event] = [DoubleChosen(seat=seat, colour=action.colour)]
    asked = asked_seats(state)
    if all(draft.choices[other] is not None for other in asked):
        played = [other for other in asked if draft.choices[other]]
        for other in played:
            draft.doubles[other] = action.colour
        kept = [other for other in asked if other not in played]
        events.append(DoublesRevealed(colour=action.colour, played=played, kept=kept))
        _score_colours(draft, events)
    return draft, events


def _draw(draft: HeavenHellState, seat: int, events: list[Event]) -> None:
    draft.hands[seat].append(draft.draw_pile.pop())
    events.append(CardDrawn(seat=seat))


def _begin_turn(draft: HeavenHellState, seat: int, events: list[Event]) -> None:
    draft.current = seat
    if draft.draw_pile:
        _draw(draft, seat, events)
    _settle(draft, seat, events)


def _settle(draft: HeavenHellState, seat: int, events: list[Event]) -> None:
    """After a draw: the seat can place, or it is stuck and shows its hand, or it is stuck with
    an empty draw pile and loses its turn; skipped seats draw nothing, the pile being empty."""
    while not can_place(draft.hands[seat], draft.rows):
        if draft.draw_pile:
            events.append(PlayerStuck(seat=seat, hand=cards_of(draft.hands[seat])))
            return
        if not any(can_place(hand, draft.rows) for hand in draft.hands):
            _end_play(draft, events)
            return
        events.append(TurnSkipped(seat=seat))
        seat = (seat + 1) % draft.players
        draft.current = seat


def _end_play(draft: HeavenHellState, events: list[Event]) -> None:
    draft.phase = Phase.DOUBLES
    draft.doubles = [None] * draft.players
    draft.scored = []
    _score_colours(draft, events)


def _score_colours(draft: HeavenHellState, events: list[Event]) -> None:
    """Score the colours from the first one not scored yet, in row order, and stop before a
    positive colour where someone must choose whether to play their double (its choices are
    then awaited); the round is over once the last colour is scored."""
    positive = positive_colours(draft.rows)
    order = tie_break_order(draft.dealer, draft.players)
    while len(draft.scored) < len(COLOURS):
        colour = COLOURS[len(draft.scored)]
        if colour in positive and draft.asking is not colour:
            draft.asking = colour
            draft.choices = [None] * draft.players
            if asked_seats(draft):
                return
        asked = [
            seat for seat in range(draft.players)
            if draft.asking is colour and draft.choices[seat] is not None
        ]
        row = draft.rows[colour_index(colour)]
        draft.scored.append(score_colour(colour, row, draft.hands, draft.doubles, asked, order))
    draft.asking = None
    draft.choices = [None] * draft.players
    _score(draft, events)


def _score(draft: HeavenHellState, events: list[Event]) -> None:
    report = round_report(draft.round, draft.dealer, draft.hands, draft.doubles, draft.scored)
    draft.reports.append(report)
    events.append(RoundScored(round=draft.round, points=report.points, totals=draft.totals()))
    if draft.round + 1 < draft.rounds:
        _start_round(draft, draft.round + 1, events)
        return
    draft.phase = Phase.FINISHED
    totals = draft.totals()
    winners = [seat for seat in range(draft.players) if totals[seat] == max(totals)]
    events.append(GameEnded(totals=totals, winners=winners))


def _start_round(draft: HeavenHellState, round_number: int, events: list[Event]) -> None:
    players = draft.players
    deck = deck_order(draft.seed, round_number)
    draft.round = round_number
    draft.dealer = round_number % players
    draft.phase = Phase.PLAY
    draft.hands = [deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE] for seat in range(players)]
    draft.draw_pile = deck[players * HAND_SIZE:]
    draft.rows = [Row() for _ in COLOURS]
    draft.discard = []
    draft.doubles = [None] * players
    draft.choices = [None] * players
    draft.asking = None
    draft.scored = []
    first = (draft.dealer + 1) % players
    events.append(RoundStarted(round=round_number, dealer=draft.dealer, first=first))
    _begin_turn(draft, first, events)

