"""The rules: setting up rounds, applying actions, listing legal actions.

apply() works on a clone of the state and raises RuleError before returning, so a refused
action leaves the caller's state untouched.
"""

from __future__ import annotations

from itertools import combinations

from games.core.errors import RuleError
from games.core.events import newest
from games.core.state import copy_state
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
from games.level8.cards import deck, is_skip, is_wild
from games.level8.config import Level8Config, LevelSide
from games.level8.events import (
    CardsKept,
    Discarded,
    DrewFromDiscard,
    DrewFromPile,
    Event,
    GameEnded,
    LaidOff,
    LevelDisplayed,
    NothingToDraw,
    PileRebuilt,
    RoundEnded,
    RoundStarted,
    SkipPlaced,
    SkipServed,
)
from games.level8.finder import find_display
from games.level8.groups import PlacedCard, add_to_group, build_group, lay_off_meanings
from games.level8.levels import FINAL_LEVEL, HARD_KEEP_LEVELS, HARD_KEEP_MAX, requirements
from games.level8.state import RECENT_EVENTS, EndReason, Level8State, Phase, PlayerState

HAND_SIZE = 10


def new_game(config: Level8Config, players: int, seed: int) -> tuple[Level8State, list[Event]]:
    """Everyone on level 1; the first dealer is drawn from the seed like any other chance."""
    state = Level8State(
        config=config, seed=seed, players=[PlayerState() for _ in range(players)]
    )
    state.dealer = state.next_rng().randrange(players)
    events: list[Event] = []
    _start_round(state, state.dealer, events)
    _remember(state, events)
    return state, events


def to_act(state: Level8State) -> list[int]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.KEEP:
        return [i for i, p in enumerate(state.players) if _must_keep(state, i) and p.kept is None]
    return [state.current]


def apply(state: Level8State, seat: int, action: Action) -> tuple[Level8State, list[Event]]:
    if state.phase is Phase.OVER:
        raise RuleError("game_over")
    if seat not in to_act(state):
        raise RuleError("not_your_turn", seat=seat)
    new = copy_state(state)
    events: list[Event] = []
    if isinstance(action, KeepCards):
        if new.phase is not Phase.KEEP:
            raise RuleError("not_keeping")
        _keep(new, seat, action, events)
    elif new.phase is Phase.KEEP:
        raise RuleError("must_choose_kept_cards")
    elif isinstance(action, DrawFromPile | DrawFromDiscard):
        _draw(new, seat, action, events)
    elif new.phase is Phase.DRAW:
        raise RuleError("must_draw_first")
    elif isinstance(action, DisplayLevel):
        _display(new, seat, action, events)
    elif isinstance(action, LayOff):
        _lay_off(new, seat, action, events)
    else:
        _end_turn(new, seat, action, events)
    _remember(new, events)
    return new, events


def _remember(state: Level8State, events: list[Event]) -> None:
    """Keep the newest public events in the state, for a table's "last moves"."""
    state.recent = newest(state.recent, events, RECENT_EVENTS)


def legal_actions(state: Level8State, seat: int) -> list[Action]:
    """Every legal action, except that displays are represented by the finder's proposal:
    listing every valid display would be combinatorial, and any other valid display is accepted
    by apply()."""
    if seat not in to_act(state):
        return []
    player = state.players[seat]
    if state.phase is Phase.KEEP:
        return [
            KeepCards(cards=list(kept))
            for size in range(min(HARD_KEEP_MAX, len(player.hand)) + 1)
            for kept in combinations(player.hand, size)
        ]
    if state.phase is Phase.DRAW:
        draws: list[Action] = [DrawFromPile()] if state.draw else []
        draws += [DrawFromDiscard(owner=i) for i, p in enumerate(state.players) if p.discard]
        return draws
    actions: list[Action] = []
    if not player.displayed:
        proposal = find_display(player.hand, requirements(state.config.side, player.level))
        if proposal is not None and sum(map(len, proposal)) < len(player.hand):
            actions.append(DisplayLevel(groups=proposal))
    elif len(player.hand) > 1:
        for card in player.hand:
            for owner, other in enumerate(state.players):
                for index, group in enumerate(other.groups):
                    actions += [
                        LayOff(card=card, owner=owner, group=index, wild_as=m)
                        for m in lay_off_meanings(group, card)
                    ]
    actions += [Discard(card=card) for card in player.hand]
    targets = [i for i, p in enumerate(state.players) if i != seat and p.skip is None]
    actions += [
        PlaySkip(card=card, target=target)
        for card in player.hand
        if is_skip(card)
        for target in targets
    ]
    return actions


def _must_keep(state: Level8State, seat: int) -> bool:
    player = state.players[seat]
    return (
        state.config.side is LevelSide.HARD
        and player.level in HARD_KEEP_LEVELS
        and not player.displayed
        and bool(player.hand)
    )


def _check_seat(state: Level8State, seat: int) -> None:
    """For a seat an action names (whose discard to take, whom to skip, whose group to lay off
    on): the acting seat itself is checked once by the engine (`games.core.base`), with the
    same code."""
    if not 0 <= seat < len(state.players):
        raise RuleError("unknown_seat", seat=seat)


def _take_from_hand(player: PlayerState, card: int) -> None:
    if card not in player.hand:
        raise RuleError("card_not_in_hand", card=card)
    player.hand.remove(card)


def _start_round(state: Level8State, dealer: int, events: list[Event]) -> None:
    """Deal a new round; cards kept on the hard side stay in their hands."""
    kept = {card for p in state.players for card in (p.kept or [])}
    cards = [card for card in deck(state.config.deck) if card not in kept]
    state.next_rng().shuffle(cards)
    for player in state.players:
        player.hand = list(player.kept or [])
        player.kept = None
        player.ended_level = None
        player.groups = []
        player.discard = []
        player.skip = None
    for player in state.players:
        missing = HAND_SIZE - len(player.hand)
        player.hand += cards[len(cards) - missing:]
        del cards[len(cards) - missing:]
    state.players[dealer].discard.append(cards.pop())
    state.draw = cards
    state.face_up = 0
    state.dealer = dealer
    state.round += 1
    first = (dealer + 1) % len(state.players)
    events.append(RoundStarted(round=state.round, dealer=dealer, first=first))
    _begin_turn(state, first, events)


def _begin_turn(state: Level8State, seat: int, events: list[Event]) -> None:
    """Give the turn to `seat`; seats with a Skip in front serve it and are passed over.

    Serving a Skip involves no choice, so the engine does it at once instead of waiting for an
    action; the SkipServed event tells the table."""
    while state.players[seat].skip is not None:
        skip = state.players[seat].skip
        assert skip is not None
        state.players[seat].skip = None
        state.draw.insert(0, skip)
        state.face_up += 1
        state.turns += 1
        events.append(SkipServed(seat=seat))
        _rebuild_if_needed(state, events)
        if _turn_limit_reached(state, events):
            return
        seat = (seat + 1) % len(state.players)
    state.current = seat
    state.phase = Phase.DRAW
    if not state.draw:
        _rebuild_if_needed(state, events)
    if not state.draw and not any(p.discard for p in state.players):
        state.phase = Phase.PLAY
        events.append(NothingToDraw(seat=seat))


def _rebuild_if_needed(state: Level8State, events: list[Event]) -> None:
    """When the pile is empty or only face-up Skips remain on it, every discard pile but its top
    card (and those Skips) becomes the new, shuffled draw pile."""
    if len(state.draw) > state.face_up:
        return
    cards = list(state.draw)
    for player in state.players:
        cards += player.discard[:-1]
        del player.discard[:-1]
    state.next_rng().shuffle(cards)
    state.draw = cards
    state.face_up = 0
    events.append(PileRebuilt(size=len(cards)))


def _turn_limit_reached(state: Level8State, events: list[Event]) -> bool:
    if state.turns < state.config.max_turns:
        return False
    state.phase = Phase.OVER
    state.end_reason = EndReason.TURN_LIMIT
    events.append(GameEnded(winner=None, reason=EndReason.TURN_LIMIT))
    return True


def _draw(
    state: Level8State, seat: int, action: DrawFromPile | DrawFromDiscard, events: list[Event]
) -> None:
    if state.phase is not Phase.DRAW:
        raise RuleError("already_drew")
    player = state.players[seat]
    if isinstance(action, DrawFromPile):
        if not state.draw:
            raise RuleError("draw_pile_empty")
        player.drawn = state.draw.pop()
        player.hand.append(player.drawn)
        events.append(DrewFromPile(seat=seat))
        _rebuild_if_needed(state, events)
    else:
        _check_seat(state, action.owner)
        pile = state.players[action.owner].discard
        if not pile:
            raise RuleError("discard_pile_empty", owner=action.owner)
        player.drawn = pile.pop()
        player.hand.append(player.drawn)
        events.append(DrewFromDiscard(seat=seat, owner=action.owner, card=player.drawn))
    state.phase = Phase.PLAY


def _display(state: Level8State, seat: int, action: DisplayLevel, events: list[Event]) -> None:
    player = state.players[seat]
    if player.displayed:
        raise RuleError("already_displayed")
    needed = requirements(state.config.side, player.level)
    if len(action.groups) != len(needed):
        raise RuleError("wrong_group_count", expected=len(needed), got=len(action.groups))
    cards = [placed.card for group in action.groups for placed in group]
    if len(set(cards)) != len(cards):
        raise RuleError("duplicate_card")
    for card in cards:
        _take_from_hand(player, card)
    if not player.hand:
        raise RuleError("last_card_must_end_turn")
    player.groups = [build_group(r, g) for r, g in zip(needed, action.groups, strict=True)]
    events.append(LevelDisplayed(seat=seat, level=player.level, groups=player.groups))
    if player.level == FINAL_LEVEL:
        _win(state, seat, EndReason.DISPLAYED_LEVEL_8, events)


def _lay_off(state: Level8State, seat: int, action: LayOff, events: list[Event]) -> None:
    player = state.players[seat]
    if not player.displayed:
        raise RuleError("level_not_displayed")
    _check_seat(state, action.owner)
    groups = state.players[action.owner].groups
    if not 0 <= action.group < len(groups):
        raise RuleError("no_such_group", owner=action.owner, group=action.group)
    _take_from_hand(player, action.card)
    if not player.hand:
        raise RuleError("last_card_must_end_turn")
    group = groups[action.group]
    placed = PlacedCard(card=action.card, wild_as=action.wild_as)
    if is_skip(action.card):
        raise RuleError("skip_in_display", card=action.card)
    if is_wild(action.card) and action.wild_as is None:
        raise RuleError("wild_meaning_required", card=action.card)
    if not is_wild(action.card) and action.wild_as is not None:
        raise RuleError("meaning_on_number_card", card=action.card)
    if action.wild_as not in lay_off_meanings(group, action.card):
        raise RuleError("does_not_fit", card=action.card, owner=action.owner, group=action.group)
    groups[action.group] = add_to_group(group, placed)
    events.append(LaidOff(seat=seat, owner=action.owner, group=action.group, placed=placed))


def _end_turn(
    state: Level8State, seat: int, action: Discard | PlaySkip, events: list[Event]
) -> None:
    """A Skip is checked against its target even as the last card, where it then has no
    effect and lies on the discard pile: the rules let it be played, not played anywhere."""
    player = state.players[seat]
    _take_from_hand(player, action.card)
    if isinstance(action, PlaySkip):
        _check_skip(state, seat, action)
    player.drawn = None
    if isinstance(action, PlaySkip) and player.hand:
        state.players[action.target].skip = action.card
        events.append(SkipPlaced(seat=seat, target=action.target, card=action.card))
    else:
        player.discard.append(action.card)
        events.append(Discarded(seat=seat, card=action.card))
    state.turns += 1
    if not player.hand:
        _end_round(state, seat, events)
    if state.phase is Phase.OVER or _turn_limit_reached(state, events):
        return
    if state.phase is not Phase.KEEP and not player.hand:
        _start_round(state, (state.dealer + 1) % len(state.players), events)
    elif state.phase is not Phase.KEEP:
        _begin_turn(state, (seat + 1) % len(state.players), events)


def _check_skip(state: Level8State, seat: int, action: PlaySkip) -> None:
    if not is_skip(action.card):
        raise RuleError("not_a_skip", card=action.card)
    _check_seat(state, action.target)
    if action.target == seat:
        raise RuleError("cannot_skip_self")
    if state.players[action.target].skip is not None:
        raise RuleError("target_has_skip", target=action.target)


def _end_round(state: Level8State, out: int, events: list[Event]) -> None:
    """+2 for the seat that went out (a win from level 7), +1 for every other displayed seat."""
    went_out_from = state.players[out].level
    before = [p.level for p in state.players]
    for seat, player in enumerate(state.players):
        player.ended_level = player.level
        if seat == out:
            player.level = min(FINAL_LEVEL, player.level + 2)
        elif player.displayed:
            player.level = min(FINAL_LEVEL, player.level + 1)
    events.append(
        RoundEnded(
            round=state.round, out=out, before=before, levels=[p.level for p in state.players]
        )
    )
    if went_out_from + 2 > FINAL_LEVEL:
        _win(state, out, EndReason.WENT_OUT_ON_LEVEL_7, events)
    elif any(_must_keep(state, seat) for seat in range(len(state.players))):
        state.phase = Phase.KEEP


def _keep(state: Level8State, seat: int, action: KeepCards, events: list[Event]) -> None:
    player = state.players[seat]
    if len(action.cards) > HARD_KEEP_MAX:
        raise RuleError("too_many_kept", limit=HARD_KEEP_MAX)
    if len(set(action.cards)) != len(action.cards):
        raise RuleError("duplicate_card")
    for card in action.cards:
        if card not in player.hand:
            raise RuleError("card_not_in_hand", card=card)
    player.kept = list(action.cards)
    events.append(CardsKept(seat=seat, count=len(action.cards)))
    if not to_act(state):
        _start_round(state, (state.dealer + 1) % len(state.players), events)


def _win(state: Level8State, seat: int, reason: EndReason, events: list[Event]) -> None:
    state.players[seat].drawn = None
    state.winner = seat
    state.end_reason = reason
    state.phase = Phase.OVER
    events.append(GameEnded(winner=seat, reason=reason))
