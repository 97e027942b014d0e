"""Learned rival shares: placements are read from the public events, the measure files actual
over uniform shares under the right key, and placements move the counting the right way."""

from __future__ import annotations

from games.heaven_hell import ENGINE
from games.heaven_hell.actions import PlaceCard
from games.heaven_hell.cards import Side, colour_index
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.policies.counting import HoldingEstimate
from games.heaven_hell.policies.rival_shares import (
    FEATURES,
    RivalEvidence,
    round_evidence,
    seat_factors,
    share_key,
)
from games.heaven_hell.train import KeyTally, Tally, correction, fit, simulate
from tests.games.heaven_hell.helpers import B, Cards, G, R, Y, build


def test_placements_of_the_round_are_counted_per_seat_colour_and_side() -> None:
    state = ENGINE.new_game(HeavenHellConfig(), 3, seed=5)[0]
    placed: list[tuple[int, PlaceCard]] = []
    for _ in range(4):
        seat = ENGINE.to_act(state)[0]
        action = next(a for a in ENGINE.legal_actions(state, seat) if isinstance(a, PlaceCard))
        placed.append((seat, action))
        state, _ = ENGINE.apply(state, seat, action)
    expected: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for seat, action in placed:
        key = (seat, colour_index(action.colour))
        heaven, hell, heaven_values, hell_values = expected.get(key, (0, 0, 0, 0))
        if action.side is Side.HEAVEN:
            expected[key] = (heaven + 1, hell, heaven_values + action.value, hell_values)
        else:
            expected[key] = (heaven, hell + 1, heaven_values, hell_values + action.value)
    assert round_evidence(ENGINE.view(state, 0)) == expected


def test_the_measure_gives_every_key_a_share_near_one_on_average() -> None:
    tally = simulate(players=3, games=2, seed=900000)
    table, weights = fit(tally)
    assert set(table) == {share_key(sign, (heaven, hell)) for sign in (-1, 0, 1)
                          for heaven in range(3) for hell in range(3)}
    assert len(weights) == len(FEATURES)
    samples = sum(entry.samples for entry in tally.values())
    assert 0.8 < sum(entry.ratio for entry in tally.values()) / samples < 1.2


def test_the_correction_recovers_a_linear_effect_within_keys() -> None:
    tally: Tally = {(1, 0, 0): KeyTally(), (1, 1, 0): KeyTally(), (-1, 0, 0): KeyTally()}
    for step in range(200):
        value = step % 5 + 1.0
        features = (value, 0.0, float(step % 3), 5.0, 1.0, 0.2)
        tally[1, 0, 0].add(features, 1.0 + 0.1 * value)
        tally[1, 1, 0].add(features, 2.0 + 0.1 * value)
    weights = correction(tally)
    assert abs(weights[0] - 0.1) < 0.01
    assert all(abs(weight) < 0.01 for weight in weights[1:])


def test_a_rival_that_sent_a_positive_colour_to_heaven_is_likelier_to_top_it() -> None:
    cards = Cards()
    hands = [cards.take(R, 3, 2) + cards.take(G, 1), cards.take(R, 1) + cards.take(Y, 1),
             cards.take(B, 1, 2), cards.take(Y, 2, 3)]
    state = build(cards, hands, current=1)
    state, _ = ENGINE.apply(state, 1, PlaceCard(colour=R, value=1, side=Side.HEAVEN))
    view = ENGINE.view(state, 0)
    table = {key: 2.0 if key == (1, 1, 0) else 1.0 for key in
             (share_key(sign, (heaven, hell)) for sign in (-1, 0, 1) for heaven in range(3)
              for hell in range(3))}
    factors = seat_factors(view, table)
    red = colour_index(R)
    assert RivalEvidence(view).features(1, red)[0] == 1.0
    assert factors[1][red] > 1.0
    assert factors[2][red] == factors[3][red] == 1.0
    uniform = HoldingEstimate(view)
    learned = HoldingEstimate(view, seat_bias=factors)
    assert learned.outlook(red, 5)[0] < uniform.outlook(red, 5)[0]
