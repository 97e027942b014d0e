"""Computer players: only legal choices, the known sources of strength, and the simulator."""

from __future__ import annotations

import json
import random

import pytest

from games.the_game import ENGINE
from games.the_game.actions import EndTurn, PlaceCard
from games.the_game.bench import main as bench_main
from games.the_game.config import TheGameConfig
from games.the_game.events import HintGiven
from games.the_game.policies.heuristic import HeuristicPolicy
from games.the_game.policies.planner import Weights
from games.the_game.state import Hint, HintKind, Placement, TheGameState

from .helpers import position


@pytest.mark.parametrize("name", ["random", "heuristic"])
@pytest.mark.parametrize("players", [1, 3, 5])
def test_policies_only_choose_legal_actions_until_the_end(name: str, players: int) -> None:
    rng = random.Random(players)
    state = ENGINE.new_game(TheGameConfig(expert=players == 3), players, seed=players)[0]
    policies = [ENGINE.policy(name) for _ in range(players)]
    talked = False
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = policies[seat].choose(ENGINE.view(state, seat), legal, rng)
        assert action in legal
        state, events = ENGINE.apply(state, seat, action)
        talked = talked or any(isinstance(e, HintGiven) for e in events)
    assert ENGINE.result(state) is not None
    assert talked == (name == "heuristic" and players > 1)


def choose(policy: HeuristicPolicy, state: object, seat: int = 0) -> object:
    return policy.choose(
        ENGINE.view(state, seat),  # type: ignore[arg-type]
        ENGINE.legal_actions(state, seat),  # type: ignore[arg-type]
        random.Random(0),
    )


def test_heuristic_takes_a_backwards_trick() -> None:
    state = position([[37, 60, 61, 62, 63, 64, 65, 66]], tops=(47, 50, 70, 70))
    assert choose(HeuristicPolicy(), state) == PlaceCard(card=37, pile=0)


def test_heuristic_sets_up_its_own_backwards_trick() -> None:
    # 40 alone would skip many cards, but 40 followed by 30 costs almost nothing.
    state = position([[30, 40, 52, 53, 54, 55, 56, 57]], tops=(25, 90, 12, 13))
    policy = HeuristicPolicy()
    first = choose(policy, state)
    assert first == PlaceCard(card=40, pile=0)
    state = ENGINE.apply(state, 0, first)[0]  # type: ignore[arg-type]
    assert choose(policy, state) == PlaceCard(card=30, pile=0)


def test_heuristic_stops_at_the_minimum_when_more_would_cost() -> None:
    state = position([[30, 31, 60, 70, 80, 90, 92, 94]], tops=(29, 1, 100, 100))
    policy = HeuristicPolicy(hints=False)
    for _ in range(2):
        action = choose(policy, state)
        assert isinstance(action, PlaceCard)
        state = ENGINE.apply(state, 0, action)[0]
    assert choose(policy, state) == EndTurn()


def play_turn(policy: HeuristicPolicy, state: TheGameState) -> list[int]:
    """The cards the policy places before it ends its turn."""
    placed: list[int] = []
    while isinstance(action := choose(policy, state), PlaceCard):
        placed.append(action.card)
        state = ENGINE.apply(state, 0, action)[0]
    return placed


@pytest.mark.parametrize(
    ("config", "placed"),
    [
        (TheGameConfig(), [30, 31, 32]),
        (TheGameConfig(expert=True), [30, 31, 32, 34]),
        (TheGameConfig(smaller_hands=True), [30, 31, 32, 34]),
    ],
)
def test_heuristic_takes_nearly_free_extras_when_turns_leave_little_choice(
    config: TheGameConfig, placed: list[int]
) -> None:
    # 34 after 32 shuts only 33 out of pile 0 (it still fits three piles): not worth it in the
    # standard game, worth it when a minimum of three or a short hand leaves less choice.
    state = position([[30, 31, 32, 34, 72, 83, 88, 93]], tops=(29, 45, 100, 100), config=config)
    assert play_turn(HeuristicPolicy(hints=False), state) == placed


def test_heuristic_avoids_a_pile_a_partner_asked_to_keep() -> None:
    # 22 fits best on pile 0, but seat 1 asked to keep pile 0, so 22 goes on pile 1.
    state = position(
        [[22, 23, 70, 75, 80, 85], [2, 3, 4, 5, 6, 7]], tops=(15, 14, 100, 100), draw_pile=[50]
    )
    state = state.model_copy(
        update={"hints": [Hint(seat=1, pile=0, kind=HintKind.DONT_PLAY, turn=0)]}
    )
    assert choose(HeuristicPolicy(), state) == PlaceCard(card=22, pile=1)
    assert choose(HeuristicPolicy(hints=False), state) == PlaceCard(card=22, pile=0)


def test_heuristic_counts_cards_already_placed() -> None:
    # 21..29 are all placed elsewhere in this history, so jumping from 20 to 30 is free.
    history = [
        Placement(seat=0, card=card, pile=2, turn=0, backwards=False) for card in range(29, 20, -1)
    ]
    state = position([[30, 45, 46, 60, 61, 62, 63, 64]], tops=(20, 20, 21, 100))
    state = state.model_copy(update={"placements": history})
    assert choose(HeuristicPolicy(hints=False), state) == PlaceCard(card=30, pile=0)


def test_the_engine_refuses_unknown_policy_names() -> None:
    with pytest.raises(KeyError):
        ENGINE.policy("oracle")
    assert sorted(ENGINE.policy_names()) == ["heuristic", "random"]


def test_bench_prints_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["--players", "2", "--games", "3", "--seed", "5", "--hints"]) == 0
    out = capsys.readouterr()
    figures = json.loads(out.out.strip().splitlines()[-1])
    assert {
        "game", "players", "games", "seed", "policy", "hints",
        "win_rate", "avg_left", "excellent_rate", "games_per_s",
    } <= set(figures)  # fmt: skip
    assert figures["game"] == "the-game" and figures["games"] == 3 and figures["hints"] is True
    assert 0 <= figures["avg_left"] <= 98
    assert "3/3 games" in out.err


def test_heuristic_solves_a_solo_end_game_that_needs_the_right_order() -> None:
    # Only pile 0 is still open. 31, 35, then 25 (backwards from 35), then 45 places all four;
    # placing 45 before 25 would strand 25.
    state = position([[25, 31, 35, 45]], tops=(30, 99, 2, 2), draw_pile=[])
    policy = HeuristicPolicy(hints=False)
    rng = random.Random(0)
    while ENGINE.to_act(state):
        action = policy.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), rng)
        state = ENGINE.apply(state, 0, action)[0]
    result = ENGINE.result(state)
    assert result is not None and result.summary["verdict"] == "total_victory"


def test_heuristic_finds_the_only_way_to_its_minimum_when_its_beam_misses_it() -> None:
    # With 59 and 61..69 already placed, 58 and the backwards 70 both cost nothing on pile 2,
    # and 58 sorts first; but it leaves 70 nowhere to go. Only 70 then 58 reaches the minimum.
    history = [
        Placement(seat=0, card=card, pile=0, turn=0, backwards=False)
        for card in (59, *range(61, 70))
    ]
    state = position([[58, 70]], tops=(99, 99, 60, 2), draw_pile=[30, 31])
    state = state.model_copy(update={"placements": history})
    narrow = HeuristicPolicy(hints=False, weights=Weights(beam=(1,)))
    assert choose(narrow, state) == PlaceCard(card=70, pile=2)
