"""Property tests over random legal and illegal action sequences."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.errors import RuleError
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import AnyAction, DeclareDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import DECK_SIZE, Colour, Side
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.rules import is_stuck
from games.heaven_hell.state import HeavenHellState, Phase
from tests.games.heaven_hell.helpers import all_cards


def any_action(rng: random.Random) -> AnyAction:
    """Any well-formed action, legal or not."""
    colour = rng.choice(list(Colour))
    value = rng.randint(1, 5)
    kind = rng.randrange(3)
    if kind == 0:
        return PlaceCard(colour=colour, value=value, side=rng.choice(list(Side)))
    if kind == 1:
        return DiscardStuck(colour=colour, value=value)
    return DeclareDouble(colour=rng.choice([None, colour]))


def hide_differently(state: HeavenHellState, seat: int, rng: random.Random) -> HeavenHellState:
    """The same state as `seat` sees it, with everything hidden from it changed: other hands
    (same sizes) and the draw pile reshuffled among themselves, other pending declarations
    changed. A stuck seat's hand is public, so it stays."""
    shown = {state.current} if is_stuck(state) else set()
    hidden = [s for s in range(state.players) if s != seat and s not in shown]
    pool = list(state.draw_pile) + [card for s in hidden for card in state.hands[s]]
    rng.shuffle(pool)
    hands = [list(hand) for hand in state.hands]
    for s in hidden:
        hands[s], pool = pool[: len(hands[s])], pool[len(hands[s]):]
    doubles = list(state.doubles)
    if state.phase is Phase.DECLARE:
        for s in range(state.players):
            if s != seat:
                doubles[s] = rng.choice([None, *Colour])
    return state.model_copy(update={"hands": hands, "draw_pile": pool, "doubles": doubles})


def check_invariants(state: HeavenHellState, rng: random.Random) -> None:
    cards = all_cards(state)
    assert sorted(cards) == list(range(DECK_SIZE))
    assert ENGINE.load_state(state.model_dump_json()) == state
    for seat in [*range(state.players), None]:
        view = ENGINE.view(state, seat)
        if seat is None:
            assert view.hand is None and view.my_double is None
        other = hide_differently(state, -1 if seat is None else seat, rng)
        assert ENGINE.view(other, seat) == view


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=5),
    seed=st.integers(min_value=0, max_value=2**31),
    steps=st.integers(min_value=1, max_value=250),
    illegal_share=st.sampled_from([0.0, 0.2, 0.5]),
)
def test_random_play_keeps_every_invariant_and_replays_exactly(
    players: int, seed: int, steps: int, illegal_share: float
) -> None:
    rng = random.Random(seed)
    state = ENGINE.new_game(HeavenHellConfig(), players, seed)
    log: list[tuple[int, AnyAction]] = []
    for step in range(steps):
        seats = ENGINE.to_act(state)
        if not seats:
            break
        pick = rng.randrange(2**16)
        if rng.random() < illegal_share:
            seat = rng.randrange(players)
            action = any_action(rng)
            before = state.model_dump_json()
            legal = ENGINE.legal_actions(state, seat)
            try:
                state, _ = ENGINE.apply(state, seat, action)
            except RuleError as error:
                assert action not in legal
                assert error.code
                assert state.model_dump_json() == before
                continue
            assert action in legal
        else:
            seat = seats[pick % len(seats)]
            legal = ENGINE.legal_actions(state, seat)
            assert legal
            action = legal[pick % len(legal)]
            parsed = ENGINE.parse_action(action.model_dump_json())
            assert parsed == action
            state, _ = ENGINE.apply(state, seat, parsed)
        log.append((seat, action))
        if step % 10 == 0:
            check_invariants(state, rng)
    check_invariants(state, rng)
    if steps == 250 and illegal_share == 0.0:
        assert state.reports  # long legal runs reach the scoring

    replayed = ENGINE.new_game(HeavenHellConfig(), players, seed)
    for seat, action in log:
        replayed, _ = ENGINE.apply(replayed, seat, action)
    assert replayed == state
    assert replayed.model_dump_json() == state.model_dump_json()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), players=st.integers(3, 5))
def test_policies_only_choose_legal_actions_and_games_finish(seed: int, players: int) -> None:
    rng = random.Random(seed)
    policies = [ENGINE.policy("heuristic" if s % 2 == 0 else "random") for s in range(players)]
    state = ENGINE.new_game(HeavenHellConfig(), players, seed)
    while ENGINE.result(state) is None:
        for seat in ENGINE.to_act(state):
            legal = ENGINE.legal_actions(state, seat)
            action = policies[seat].choose(ENGINE.view(state, seat), legal, rng)
            assert action in legal
            state, _ = ENGINE.apply(state, seat, action)
            if state.phase is Phase.PLAY:
                break
    result = ENGINE.result(state)
    assert result is not None
    assert [s.score for s in result.seats] == state.totals()
    assert len(result.summary["round_points"]) == players
