"""Property tests over random sequences of legal and illegal actions."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.errors import RuleError
from games.the_game import ENGINE
from games.the_game.actions import EndTurn, GiveHint, PlaceCard, WithdrawHint
from games.the_game.cards import ALL_CARDS
from games.the_game.config import TheGameConfig
from games.the_game.state import HintKind, TheGameState

Action = PlaceCard | EndTurn | GiveHint | WithdrawHint


def any_action() -> st.SearchStrategy[Action]:
    return st.one_of(
        st.builds(PlaceCard, card=st.integers(2, 99), pile=st.integers(0, 3)),
        st.just(EndTurn()),
        st.builds(GiveHint, pile=st.integers(0, 3), hint=st.sampled_from(HintKind)),
        st.builds(WithdrawHint, pile=st.integers(0, 3)),
    )


def check_invariants(state: TheGameState) -> None:
    placed = [p.card for p in state.placements]
    in_hands = [card for hand in state.hands for card in hand]
    assert sorted(placed + in_hands + state.draw_pile) == list(ALL_CARDS)
    assert ENGINE.load_state(state.model_dump_json()) == state
    for seat in [*range(state.players), None]:
        view = ENGINE.view(state, seat)
        visible = {p.card for p in view.placements} | set(view.tops) | set(view.hand or [])
        for other in range(state.players):
            if other != seat:
                assert not visible & set(state.hands[other])
        assert view.hand == (state.hands[seat] if seat is not None else None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 5),
    expert=st.booleans(),
    smaller=st.booleans(),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_random_action_sequences_keep_every_card_and_replay_exactly(
    players: int, expert: bool, smaller: bool, seed: int, data: Any
) -> None:
    config = TheGameConfig(expert=expert, smaller_hands=smaller)
    state = ENGINE.new_game(config, players, seed)[0]
    log: list[tuple[int, Action]] = []
    for _ in range(data.draw(st.integers(0, 160), label="steps")):
        if state.over:
            break
        seat = data.draw(st.integers(0, players - 1), label="seat")
        if data.draw(st.integers(0, 4), label="legal?") > 0:
            legal = ENGINE.legal_actions(state, seat)
            plays = [a for a in legal if isinstance(a, PlaceCard | EndTurn)] or legal
            action: Action = data.draw(st.sampled_from(plays), label="legal action")
        else:
            action = data.draw(any_action(), label="any action")
        before = state.model_dump_json()
        try:
            state, _ = ENGINE.apply(state, seat, action)
        except RuleError:
            assert state.model_dump_json() == before
            continue
        log.append((seat, action))
        check_invariants(state)

    replayed = ENGINE.new_game(config, players, seed)[0]
    for seat, action in log:
        replayed, _ = ENGINE.apply(replayed, seat, action)
    assert replayed == state
    assert replayed.model_dump_json() == state.model_dump_json()
