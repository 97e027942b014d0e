"""The rules as pure functions over `TheGameState`.

`apply` works on a copy of the state (`games.core.state.copy_state`) and checks an action
before it changes anything, so a rejected action leaves the input as it was. Seat numbers are
checked by the engine (`games.core.base.BaseEngine`).
"""

from __future__ import annotations

import bisect
import random

from games.core.errors import RuleError
from games.core.state import copy_state
from games.the_game.actions import (
    END_TURN,
    HINTS,
    PLACE,
    WITHDRAWS,
    Action,
    EndTurn,
    GiveHint,
    PlaceCard,
)
from games.the_game.cards import (
    ALL_CARDS,
    PILES,
    START_TOPS,
    can_place,
    can_place_count,
    is_backwards,
)
from games.the_game.config import TheGameConfig
from games.the_game.events import (
    CardPlaced,
    Event,
    GameEnded,
    HintGiven,
    HintWithdrawn,
    TurnEnded,
)
from games.the_game.result import verdict
from games.the_game.state import Hint, HintKind, Placement, TheGameState


def new_game(config: TheGameConfig, players: int, seed: int) -> tuple[TheGameState, list[Event]]:
    """Deal from a deck shuffled by `seed` alone, so a game can be rebuilt from its seed and log.
    The player count is checked by the engine (games/core/base.py). Dealing tells nothing
    public: no events."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    size = config.hand_size(players)
    hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(players)]
    state = TheGameState(
        config=config,
        players=players,
        seed=seed,
        hands=hands,
        draw_pile=deck[players * size :],
        tops=list(START_TOPS),
    )
    return state, []


def to_act(state: TheGameState) -> list[int]:
    """Before the first card anyone holding cards may open; then only the current seat."""
    if state.over:
        return []
    if state.current is None:
        return [seat for seat in range(state.players) if state.hands[seat]]
    return [state.current]


def apply(state: TheGameState, seat: int, action: Action) -> tuple[TheGameState, list[Event]]:
    """One seat's action; the game's end is detected here, so nobody has to declare it."""
    if state.over:
        raise RuleError("game_over")
    if isinstance(action, PlaceCard):
        return _place(state, seat, action.card, action.pile)
    if isinstance(action, EndTurn):
        return _end_turn(state, seat)
    if isinstance(action, GiveHint):
        return _give_hint(state, seat, action.pile, action.hint, action.by_computer)
    return _withdraw_hint(state, seat, action.pile, action.by_computer)


def legal_actions(state: TheGameState, seat: int) -> list[Action]:
    """Placements and ending the turn for a seat that may play; hints for every seat."""
    if state.over:
        return []
    actions: list[Action] = []
    if seat in to_act(state):
        tops = state.tops
        actions.extend(
            PLACE[card, pile]
            for card in state.hands[seat]
            for pile in PILES
            if can_place(card, pile, tops[pile])
        )
        if state.current is not None and state.placed_this_turn >= state.minimum:
            actions.append(END_TURN)
    own = {hint.pile: hint for hint in state.hints if hint.seat == seat}
    for pile in PILES:
        standing = own.get(pile)
        actions.extend(
            HINTS[pile, kind] for kind in HintKind if not _is_repeat(standing, kind, state.turn)
        )
        if standing is not None:
            actions.append(WITHDRAWS[pile])
    return actions


def _place(
    state: TheGameState, seat: int, card: int, pile: int
) -> tuple[TheGameState, list[Event]]:
    if state.current is not None and seat != state.current:
        raise RuleError("not_your_turn", seat=seat, current=state.current)
    hand = state.hands[seat]
    if card not in hand:
        raise RuleError("card_not_in_hand", card=card)
    top = state.tops[pile]
    if not can_place(card, pile, top):
        raise RuleError("card_not_playable", card=card, pile=pile, top=top)
    backwards = is_backwards(card, pile, top)
    new = copy_state(state)
    new.hands[seat].remove(card)
    new.tops[pile] = card
    new.current = seat
    new.placed_this_turn += 1
    new.placements.append(
        Placement(seat=seat, card=card, pile=pile, turn=state.turn, backwards=backwards)
    )
    events: list[Event] = [
        CardPlaced(
            seat=seat, card=card, pile=pile, backwards=backwards, opened=state.current is None
        )
    ]
    if not new.draw_pile and not any(new.hands):
        return _finish(new, events, stuck_seat=None)
    if not can_place_count(new.hands[seat], new.tops, new.still_required):
        return _finish(new, events, stuck_seat=seat)
    return new, events


def _end_turn(state: TheGameState, seat: int) -> tuple[TheGameState, list[Event]]:
    if state.current is not None and seat != state.current:
        raise RuleError("not_your_turn", seat=seat, current=state.current)
    if state.current is None or state.placed_this_turn < state.minimum:
        raise RuleError("minimum_not_reached", placed=state.placed_this_turn, minimum=state.minimum)
    drawn = state.draw_pile[: state.placed_this_turn]
    new = copy_state(state)
    for card in drawn:
        bisect.insort(new.hands[seat], card)
    next_seat = _next_seat_with_cards(new.hands, seat)
    new.draw_pile = state.draw_pile[len(drawn) :]
    new.current = next_seat
    new.turn = state.turn + 1
    new.placed_this_turn = 0
    new.hints = [h for h in state.hints if h.seat != seat or h.turn >= state.turn]
    stuck = not can_place_count(new.hands[next_seat], new.tops, new.minimum)
    events: list[Event] = [
        TurnEnded(
            seat=seat,
            placed=state.placed_this_turn,
            drawn=len(drawn),
            next_seat=None if stuck else next_seat,
        )
    ]
    if stuck:
        return _finish(new, events, stuck_seat=next_seat)
    return new, events


def _next_seat_with_cards(hands: list[list[int]], seat: int) -> int:
    """Seats without cards (possible only once the draw pile is empty) are skipped.

    Some seat always holds a card here: the game ends the moment the last card is placed.
    """
    players = len(hands)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if hands[candidate]:
            return candidate
    raise AssertionError("no cards left in any hand, yet the game is not over")


def _finish(
    state: TheGameState, events: list[Event], stuck_seat: int | None
) -> tuple[TheGameState, list[Event]]:
    """Ends the game on `state`, a draft of this action's own."""
    state.over = True
    left = state.cards_left
    events.append(GameEnded(cards_left=left, verdict=verdict(left), stuck_seat=stuck_seat))
    return state, events


def _is_repeat(standing: Hint | None, kind: HintKind, turn: int) -> bool:
    """Giving the very hint that already stands, in the same turn, would change nothing."""
    return standing is not None and standing.kind == kind and standing.turn == turn


def _give_hint(
    state: TheGameState, seat: int, pile: int, kind: HintKind, by_computer: bool
) -> tuple[TheGameState, list[Event]]:
    standing = next((h for h in state.hints if h.seat == seat and h.pile == pile), None)
    if _is_repeat(standing, kind, state.turn):
        raise RuleError("hint_already_given", pile=pile, hint=kind.value)
    new = copy_state(state)
    new.hints = [h for h in state.hints if h is not standing]
    new.hints.append(
        Hint(seat=seat, pile=pile, kind=kind, turn=state.turn, by_computer=by_computer)
    )
    return new, [HintGiven(seat=seat, pile=pile, hint=kind, by_computer=by_computer)]


def _withdraw_hint(
    state: TheGameState, seat: int, pile: int, by_computer: bool
) -> tuple[TheGameState, list[Event]]:
    standing = next((h for h in state.hints if h.seat == seat and h.pile == pile), None)
    if standing is None:
        raise RuleError("no_hint_to_withdraw", pile=pile)
    new = copy_state(state)
    new.hints = [h for h in state.hints if h is not standing]
    return new, [HintWithdrawn(seat=seat, pile=pile, by_computer=by_computer)]
