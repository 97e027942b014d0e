"""Random legal, sensible (heuristic) and illegal play: cards are conserved, refused actions
change nothing, views leak no hidden card, and a game replays exactly from its seed and log."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.errors import RuleError
from games.core.state import copy_state
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
from games.level8.cards import ALL_CARD_IDS, deck
from games.level8.config import DeckPreset, Level8Config, LevelSide
from games.level8.groups import PlacedCard
from games.level8.state import RECENT_EVENTS, Level8State
from tests.games.level8.helpers import all_cards

CARD = st.sampled_from(list(ALL_CARD_IDS))
SEAT = st.integers(-1, 6)
ANY_ACTION: st.SearchStrategy[Action] = st.one_of(
    st.just(DrawFromPile()),
    st.builds(DrawFromDiscard, owner=SEAT),
    st.builds(Discard, card=CARD),
    st.builds(PlaySkip, card=CARD, target=SEAT),
    st.builds(LayOff, card=CARD, owner=SEAT, group=st.integers(-1, 3),
              wild_as=st.none() | st.integers(-1, 16)),
    st.builds(
        DisplayLevel,
        groups=st.lists(
            st.lists(st.builds(PlacedCard, card=CARD, wild_as=st.none() | st.integers(0, 15)),
                     max_size=5),
            max_size=4,
        ),
    ),
    st.builds(KeepCards, cards=st.lists(CARD, max_size=5)),
)


def hidden_shuffled(state: Level8State, seat: int, rng: random.Random) -> Level8State:
    """The same position as `seat` sees it: other hands and the draw pile's face-down cards
    dealt differently."""
    other = copy_state(state)
    hidden_seats = [i for i in range(len(other.players)) if i != seat]
    pool = other.draw[other.face_up:]
    for i in hidden_seats:
        kept = other.players[i].kept or []
        pool += [card for card in other.players[i].hand if card not in kept]
    rng.shuffle(pool)
    other.draw[other.face_up:] = pool[: len(other.draw) - other.face_up]
    pool = pool[len(other.draw) - other.face_up:]
    for i in hidden_seats:
        player = other.players[i]
        keep = player.kept or []
        size = len(player.hand) - len(keep)
        player.hand = [*keep, *pool[:size]]
        pool = pool[size:]
    return other


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    side=st.sampled_from(list(LevelSide)),
    preset=st.sampled_from(list(DeckPreset)),
    data=st.data(),
)
def test_random_play_keeps_every_invariant(
    seed: int, players: int, side: LevelSide, preset: DeckPreset, data: st.DataObject
) -> None:
    config = Level8Config(side=side, deck=preset, max_turns=300)
    state = ENGINE.new_game(config, players, seed)[0]
    log: list[tuple[int, Action]] = []
    rng = random.Random(seed)
    heuristic = ENGINE.policy("heuristic")
    for _ in range(200):
        seats = ENGINE.to_act(state)
        if not seats:
            break
        move = data.draw(st.integers(0, 4))
        if move == 0:
            seat = data.draw(st.integers(0, players - 1))
            action = data.draw(ANY_ACTION)
        else:
            seat = data.draw(st.sampled_from(seats))
            legal = ENGINE.legal_actions(state, seat)
            if move == 1:
                action = legal[data.draw(st.integers(0, len(legal) - 1))]
            else:
                action = heuristic.choose(ENGINE.view(state, seat), legal, rng)
        before = state.model_dump_json()
        try:
            state, _ = ENGINE.apply(state, seat, action)
        except RuleError:
            assert state.model_dump_json() == before
            continue
        log.append((seat, action))
        assert all_cards(state) == deck(preset)
        for viewer in range(players):
            view = ENGINE.view(state, viewer)
            assert sorted(view.hand or []) == sorted(state.players[viewer].hand)
            assert ENGINE.view(hidden_shuffled(state, viewer, rng), viewer) == view
        assert ENGINE.view(state, None).hand is None
    assert ENGINE.load_state(state.model_dump_json()) == state
    replayed = ENGINE.new_game(config, players, seed)[0]
    for seat, action in log:
        parsed = ENGINE.parse_action(action.model_dump_json())
        assert parsed == action
        replayed, _ = ENGINE.apply(replayed, seat, parsed)
    assert replayed.model_dump_json() == state.model_dump_json()


def test_state_and_actions_round_trip_through_json() -> None:
    state = ENGINE.new_game(Level8Config(side=LevelSide.HARD, deck=DeckPreset.EN2016), 3, 9)[0]
    assert ENGINE.load_state(state.model_dump_json()) == state
    action = LayOff(card=91, owner=2, group=1, wild_as=4)
    assert ENGINE.parse_action(action.model_dump()) == action
    assert ENGINE.parse_action('{"kind": "draw_discard", "owner": 1}') == DrawFromDiscard(owner=1)


def test_the_views_keep_the_newest_public_events_for_the_last_moves() -> None:
    """A table shows the last moves from the spectator view: they are the events of the last
    actions, oldest first, bounded, and naming no card drawn from the draw pile."""
    state = ENGINE.new_game(Level8Config(), 2, 5)[0]
    assert [event.kind for event in ENGINE.view(state, None).recent] == ["round_started"]
    heuristic = ENGINE.policy("heuristic")
    rng = random.Random(5)
    latest: list[object] = []
    for _ in range(60):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = heuristic.choose(ENGINE.view(state, seat), legal, rng)
        state, latest = ENGINE.apply(state, seat, action)
    recent = ENGINE.view(state, None).recent
    assert len(recent) == RECENT_EVENTS
    assert recent[-len(latest):] == latest
    assert ENGINE.load_state(state.model_dump_json()).recent == state.recent
    drawn = [e for e in recent if e.kind == "drew_from_pile"]
    assert drawn and all(set(e.model_dump()) == {"kind", "seat"} for e in drawn)


def test_spectator_view_shows_only_public_information() -> None:
    state = ENGINE.new_game(Level8Config(), 3, 9)[0]
    view = ENGINE.view(state, None)
    assert view.hand is None
    assert [p.hand_size for p in view.players] == [10, 10, 10]
    assert view.to_act == [state.current]
    assert view.players[state.dealer].discard_top == state.players[state.dealer].discard[-1]
