"""Deck, deal, first turn, rounds and dealer rotation."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core.errors import RuleError
from games.core.registry import get_engine
from games.heaven_hell import ENGINE
from games.heaven_hell.cards import COLOUR_INDEX_OF, DECK_SIZE, VALUE_OF
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.events import CardDrawn, RoundStarted
from games.heaven_hell.rules import deck_order, new_game
from games.heaven_hell.state import Phase


def test_deck_has_70_cards_fourteen_per_colour_with_the_rules_counts() -> None:
    assert DECK_SIZE == 70
    for colour in range(5):
        values = Counter(VALUE_OF[c] for c in range(DECK_SIZE) if COLOUR_INDEX_OF[c] == colour)
        assert values == {1: 4, 2: 3, 3: 3, 4: 2, 5: 2}
        assert sum(value * count for value, count in values.items()) == 37


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_six_each_and_the_seat_left_of_the_dealer_draws_first(players: int) -> None:
    state, events = new_game(HeavenHellConfig(), players, seed=11)
    assert state.dealer == 0
    assert state.current == 1
    assert [len(hand) for hand in state.hands] == [6, 7] + [6] * (players - 2)
    assert len(state.draw_pile) == 70 - 6 * players - 1
    assert events[0] == RoundStarted(round=0, dealer=0, first=1)
    assert events[1] == CardDrawn(seat=1)
    assert ENGINE.to_act(state) == [1]


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    assert deck_order(3, 0) == deck_order(3, 0)
    assert deck_order(3, 0) != deck_order(4, 0)
    assert deck_order(3, 0) != deck_order(3, 1)
    assert sorted(deck_order(3, 0)) == list(range(70))


@pytest.mark.parametrize("players", [2, 6])
def test_player_count_outside_three_to_five_is_refused(players: int) -> None:
    with pytest.raises(RuleError) as info:
        ENGINE.new_game(HeavenHellConfig(), players, seed=1)[0]
    assert info.value.code == "player_count"


def test_engine_metadata() -> None:
    assert get_engine("heaven-hell") is ENGINE
    assert ENGINE.key == "heaven-hell"
    assert (ENGINE.min_players, ENGINE.max_players) == (3, 5)
    assert set(ENGINE.policy_names()) == {"random", "baseline", "heuristic"}
    assert ENGINE.new_game(HeavenHellConfig(), 3, 1)[0].phase is Phase.PLAY


@pytest.mark.parametrize("players", [3, 4, 5])
def test_as_many_rounds_as_players_and_the_dealer_moves_left(players: int) -> None:
    state = ENGINE.new_game(HeavenHellConfig(), players, seed=5)[0]
    random_policy = ENGINE.policy("random")
    rng = random.Random(0)
    dealers_seen = [state.dealer]
    firsts = []
    while ENGINE.result(state) is None:
        seat = ENGINE.to_act(state)[0]
        action = random_policy.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat),
                                      rng)
        state, events = ENGINE.apply(state, seat, action)
        for event in events:
            if isinstance(event, RoundStarted):
                dealers_seen.append(event.dealer)
                firsts.append(event.first)
    assert len(state.reports) == players
    assert [report.dealer for report in state.reports] == list(range(players))
    assert dealers_seen == list(range(players))
    assert firsts == [(dealer + 1) % players for dealer in range(1, players)]
    assert ENGINE.to_act(state) == []


def test_config_can_shorten_the_game() -> None:
    assert HeavenHellConfig(rounds=2).rounds_for(4) == 2
    assert HeavenHellConfig().rounds_for(4) == 4
