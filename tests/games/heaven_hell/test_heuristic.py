"""The strong player reads only its view, and its rival model moves the card counting the way
the rows point."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.heaven_hell import ENGINE
from games.heaven_hell.cards import colour_index
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.policies import BaselinePolicy, HeuristicPolicy
from games.heaven_hell.state import HeavenHellState
from tests.games.heaven_hell.helpers import B, Cards, G, R, Y, build
from tests.games.heaven_hell.test_properties import hide_differently


def advance(seed: int, players: int, steps: int) -> HeavenHellState:
    """A position reached by `steps` baseline and random moves (the policies mixed so that
    positions vary), stopped early if the game ends."""
    rng = random.Random(seed)
    state = ENGINE.new_game(HeavenHellConfig(), players, seed)[0]
    policies = [ENGINE.policy("baseline"), ENGINE.policy("random")]
    for _ in range(steps):
        seats = ENGINE.to_act(state)
        if not seats:
            break
        seat = seats[0]
        action = policies[rng.randrange(2)].choose(
            ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng
        )
        state, _ = ENGINE.apply(state, seat, action)
    return state


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    players=st.integers(3, 5),
    steps=st.integers(0, 90),
    policy_seed=st.integers(min_value=0, max_value=2**31),
)
def test_redealing_what_the_seat_cannot_see_does_not_change_its_decision(
    seed: int, players: int, steps: int, policy_seed: int
) -> None:
    state = advance(seed, players, steps)
    if not ENGINE.to_act(state):
        return
    seat = ENGINE.to_act(state)[0]
    other = hide_differently(state, seat, random.Random(seed + 1))
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    for name in ("heuristic", "baseline"):
        policy = ENGINE.policy(name)
        chosen = policy.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat),
                               random.Random(policy_seed))
        again = policy.choose(ENGINE.view(other, seat), ENGINE.legal_actions(other, seat),
                              random.Random(policy_seed))
        assert again == chosen


def test_the_rival_model_makes_rivals_likelier_top_holders_of_positive_colours() -> None:
    cards = Cards()
    rows = {
        R: (cards.take(R, 5, 4), cards.take(R, 1)),  # positive
        B: (cards.take(B, 1), cards.take(B, 5, 4)),  # negative
    }
    hands = [cards.take(R, 3, 2) + cards.take(B, 3, 2) + cards.take(G, 1, 2),
             cards.take(Y, 1), cards.take(Y, 2), cards.take(Y, 3)]
    state = build(cards, hands, rows, current=0)
    view = ENGINE.view(state, 0)
    uniform = BaselinePolicy().estimate(view)
    modelled = HeuristicPolicy().estimate(view)
    red, blue, green = colour_index(R), colour_index(B), colour_index(G)
    assert modelled.outlook(red, 5)[0] < uniform.outlook(red, 5)[0]
    assert modelled.outlook(blue, 5)[0] > uniform.outlook(blue, 5)[0]
    # A level row with no placements says little: close to the uniform deal.
    assert abs(modelled.outlook(green, 3)[0] - uniform.outlook(green, 3)[0]) < 0.05
