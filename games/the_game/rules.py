"""The rules as pure functions over `TheGameState`.

Every function returns new models; an illegal action raises `RuleError` before anything is
built, so a rejected action changes nothing.
"""

from __future__ import annotations

import bisect
import random

from games.core.errors import RuleError
from games.core.result import GameResult, SeatResult
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
    GameOver,
    HintGiven,
    HintWithdrawn,
    TheGameEvent,
    TurnEnded,
)
from games.the_game.state import Hint, HintKind, Placement, TheGameState

EXCELLENT_BELOW = 10


def new_game(config: TheGameConfig, players: int, seed: int) -> TheGameState:
    """Deal from a deck shuffled by `seed` alone, so a game can be rebuilt from its seed and log.
    The player count is checked by the engine (games/core/base.py)."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    size = config.hand_size(players)
    hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(players)]
    return TheGameState(
        config=config,
        players=players,
        seed=seed,
        hands=hands,
        draw_pile=deck[players * size :],
        tops=list(START_TOPS),
    )


def verdict(cards_left: int) -> str:
    """The rules' own grading of a finished game, as a stable key for translated messages."""
    if cards_left == 0:
        return "total_victory"
    if cards_left < EXCELLENT_BELOW:
        return "excellent"
    return "count"


def to_act(state: TheGameState) -> list[int]:
    """Before the first card anyone holding cards may open; then only the current seat."""
    if state.over:
        return []
    if state.current is None:
        return [seat for seat in range(state.players) if state.hands[seat]]
    return [state.current]


def apply(
    state: TheGameState, seat: int, action: Action
) -> tuple[TheGameState, list[TheGameEvent]]:
    """One seat's action; the game's end is detected here, so nobody has to declare it."""
    if state.over:
        raise RuleError("game_over")
    if not 0 <= seat < state.players:
        raise RuleError("unknown_seat", seat=seat)
    if isinstance(action, PlaceCard):
        return _place(state, seat, action.card, action.pile)
    if isinstance(action, EndTurn):
        return _end_turn(state, seat)
    if isinstance(action, GiveHint):
        return _give_hint(state, seat, action.pile, action.hint, action.by_computer)
    return _withdraw_hint(state, seat, action.pile, action.by_computer)


def legal_actions(state: TheGameState, seat: int) -> list[Action]:
    """Placements and ending the turn for a seat that may play; hints for every seat."""
    if state.over or not 0 <= seat < state.players:
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


def result(state: TheGameState) -> GameResult | None:
    """The team's shared outcome: every seat ranks first with the same score, the cards left."""
    if not state.over:
        return None
    left = state.cards_left
    placed = [0] * state.players
    for placement in state.placements:
        placed[placement.seat] += 1
    return GameResult(
        cooperative=True,
        seats=[
            SeatResult(seat=seat, rank=1, score=left, won=left == 0)
            for seat in range(state.players)
        ],
        summary={"cards_left": left, "verdict": verdict(left), "cards_placed": placed},
    )


def _place(
    state: TheGameState, seat: int, card: int, pile: int
) -> tuple[TheGameState, list[TheGameEvent]]:
    if state.current is not None and seat != state.current:
        raise RuleError("not_your_turn", seat=seat, current=state.current)
    hand = state.hands[seat]
    if card not in hand:
        raise RuleError("card_not_in_hand", card=card)
    top = state.tops[pile]
    if not can_place(card, pile, top):
        raise RuleError("card_not_playable", card=card, pile=pile, top=top)
    backwards = is_backwards(card, pile, top)
    hands = list(state.hands)
    hands[seat] = [c for c in hand if c != card]
    tops = list(state.tops)
    tops[pile] = card
    placement = Placement(seat=seat, card=card, pile=pile, turn=state.turn, backwards=backwards)
    new_state = state.model_copy(
        update={
            "hands": hands,
            "tops": tops,
            "current": seat,
            "placed_this_turn": state.placed_this_turn + 1,
            "placements": [*state.placements, placement],
        }
    )
    events: list[TheGameEvent] = [
        CardPlaced(
            seat=seat, card=card, pile=pile, backwards=backwards, opened=state.current is None
        )
    ]
    if not new_state.draw_pile and not any(hands):
        return _finish(new_state, events, stuck_seat=None)
    if not can_place_count(hands[seat], tops, new_state.still_required):
        return _finish(new_state, events, stuck_seat=seat)
    return new_state, events


def _end_turn(state: TheGameState, seat: int) -> tuple[TheGameState, list[TheGameEvent]]:
    if state.current is not None and seat != state.current:
        raise RuleError("not_your_turn", seat=seat, current=state.current)
    if state.current is None or state.placed_this_turn < state.minimum:
        raise RuleError("minimum_not_reached", placed=state.placed_this_turn, minimum=state.minimum)
    drawn = state.draw_pile[: state.placed_this_turn]
    hand = list(state.hands[seat])
    for card in drawn:
        bisect.insort(hand, card)
    hands = list(state.hands)
    hands[seat] = hand
    next_seat = _next_seat_with_cards(hands, seat)
    hints = [h for h in state.hints if h.seat != seat or h.turn >= state.turn]
    new_state = state.model_copy(
        update={
            "hands": hands,
            "draw_pile": state.draw_pile[len(drawn) :],
            "current": next_seat,
            "turn": state.turn + 1,
            "placed_this_turn": 0,
            "hints": hints,
        }
    )
    stuck = not can_place_count(hands[next_seat], new_state.tops, new_state.minimum)
    events: list[TheGameEvent] = [
        TurnEnded(
            seat=seat,
            placed=state.placed_this_turn,
            drawn=len(drawn),
            next_seat=None if stuck else next_seat,
        )
    ]
    if stuck:
        return _finish(new_state, events, stuck_seat=next_seat)
    return new_state, events


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
    state: TheGameState, events: list[TheGameEvent], stuck_seat: int | None
) -> tuple[TheGameState, list[TheGameEvent]]:
    final = state.model_copy(update={"over": True})
    left = final.cards_left
    events.append(GameOver(cards_left=left, verdict=verdict(left), stuck_seat=stuck_seat))
    return final, events


def _is_repeat(standing: Hint | None, kind: HintKind, turn: int) -> bool:
    """Giving the very hint that already stands, in the same turn, would change nothing."""
    return standing is not None and standing.kind == kind and standing.turn == turn


def _give_hint(
    state: TheGameState, seat: int, pile: int, kind: HintKind, by_computer: bool
) -> tuple[TheGameState, list[TheGameEvent]]:
    standing = next((h for h in state.hints if h.seat == seat and h.pile == pile), None)
    if _is_repeat(standing, kind, state.turn):
        raise RuleError("hint_already_given", pile=pile, hint=kind.value)
    hints = [h for h in state.hints if h is not standing]
    hints.append(Hint(seat=seat, pile=pile, kind=kind, turn=state.turn, by_computer=by_computer))
    new_state = state.model_copy(update={"hints": hints})
    return new_state, [HintGiven(seat=seat, pile=pile, hint=kind, by_computer=by_computer)]


def _withdraw_hint(
    state: TheGameState, seat: int, pile: int, by_computer: bool
) -> tuple[TheGameState, list[TheGameEvent]]:
    standing = next((h for h in state.hints if h.seat == seat and h.pile == pile), None)
    if standing is None:
        raise RuleError("no_hint_to_withdraw", pile=pile)
    hints = [h for h in state.hints if h is not standing]
    withdrawn = HintWithdrawn(seat=seat, pile=pile, by_computer=by_computer)
    return state.model_copy(update={"hints": hints}), [withdrawn]
