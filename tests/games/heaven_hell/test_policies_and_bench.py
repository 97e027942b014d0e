"""Policies pick legal actions from a view; the heuristic's declaration; the bench's output."""

from __future__ import annotations

import json
import random

import pytest

from games.heaven_hell import ENGINE, bench
from games.heaven_hell.actions import DeclareDouble, PlaceCard
from games.heaven_hell.bench import main, win_credits
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.policies.base import HeavenHellPolicy
from games.heaven_hell.state import Phase
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, build


def test_heuristic_declares_its_double_on_the_positive_colour_it_surely_tops() -> None:
    cards = Cards()
    rows = {
        R: (cards.take(R, 5), cards.take(R, 1)),
        B: (cards.take(B, 5), cards.take(B, 1)),
        Y: (cards.take(Y, 1), cards.take(Y, 5)),
    }
    # Seat 0 holds every other blue card of value 4 or 5 and the two yellow 4s: blue is safe.
    hands = [cards.take(B, 5, 4, 4) + cards.take(Y, 4, 4), cards.take(R, 3), cards.take(R, 2)]
    state = build(cards, hands, rows, phase=Phase.DECLARE)
    action = ENGINE.policy("heuristic").choose(
        ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1)
    )
    assert action == DeclareDouble(colour=B)


def test_unknown_policy_name_is_an_error() -> None:
    with pytest.raises(KeyError):
        ENGINE.policy("oracle")


def test_parse_action_accepts_json_and_dicts() -> None:
    assert ENGINE.parse_action('{"kind": "declare", "colour": null}') == DeclareDouble()
    assert ENGINE.parse_action({"kind": "declare", "colour": "blue"}) == DeclareDouble(colour=B)


def test_state_round_trips_through_json_exactly() -> None:
    state = ENGINE.new_game(HeavenHellConfig(), 4, seed=3)
    text = state.model_dump_json()
    loaded = ENGINE.load_state(text)
    assert loaded == state
    assert loaded.model_dump_json() == text


def test_bench_prints_one_json_line_with_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--players", "3", "--games", "6", "--seed", "4", "--lineup",
                 "heuristic,random,random"])
    assert code == 0
    out = capsys.readouterr()
    figures = json.loads(out.out.strip().splitlines()[-1])
    assert set(figures) == {"game", "players", "games", "seed", "lineup", "win_share",
                            "margin95", "fair_share", "avg_points", "decision_ms",
                            "games_per_s"}
    assert figures["game"] == "heaven-hell"
    assert figures["lineup"] == ["heuristic", "random", "random"]
    shares = figures["win_share"]
    assert set(shares) == {"heuristic", "random"}
    # One win per game, ties split: the seats' shares add up to one.
    assert shares["heuristic"] + 2 * shares["random"] == pytest.approx(1.0, abs=1e-3)
    assert figures["fair_share"] == pytest.approx(1 / 3, abs=1e-3)
    assert set(figures["margin95"]) == {"heuristic", "random"}
    timing = figures["decision_ms"]["heuristic"]
    assert 0.0 < timing["p50"] <= timing["p99"]
    assert "6/6 games" in out.err
    assert "heuristic: win share" in out.err


def test_bench_rotates_every_policy_through_every_seat_of_every_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seatings: list[tuple[int, tuple[str, ...]]] = []

    def record(policies: list[HeavenHellPolicy], seed: int, config: HeavenHellConfig,
               timings: list[list[float]] | None = None) -> list[tuple[int, bool]]:
        seatings.append((seed, tuple(policy.name for policy in policies)))
        for seat_times in timings or []:
            seat_times.append(0.001)
        return [(0, True)] * len(policies)

    monkeypatch.setattr(bench, "play_game", record)
    assert main(["--players", "3", "--games", "6", "--seed", "10", "--lineup",
                 "heuristic,baseline,random"]) == 0
    for seed in (10, 11):
        seated = [names for deal, names in seatings if deal == seed]
        assert len(seated) == 3
        for seat in range(3):
            assert {names[seat] for names in seated} == {"heuristic", "baseline", "random"}


def test_shared_victories_split_the_win() -> None:
    assert win_credits([True, False, True, False]) == [0.5, 0.0, 0.5, 0.0]
    assert win_credits([False, True, False]) == [0.0, 1.0, 0.0]


def test_bench_refuses_a_game_count_that_cannot_rotate_evenly() -> None:
    with pytest.raises(SystemExit):
        main(["--players", "4", "--games", "6"])


def test_bench_refuses_a_lineup_of_the_wrong_length() -> None:
    with pytest.raises(SystemExit):
        main(["--players", "4", "--lineup", "heuristic,random"])


def test_heuristic_ends_the_round_while_its_colour_is_positive() -> None:
    cards = Cards()
    rows = {
        G: (cards.take(G, 1, 1, 1), cards.take(G, 1, 2)),  # closed
        Y: (cards.take(Y, 2, 2), cards.take(Y, 3, 3)),  # one card from closing
        B: (cards.take(B, 1), []),  # barely positive; any later card may flip it
    }
    hands = [
        cards.take(P, 2, 3, 4, 5, 5, 1),
        cards.take(B, 5, 5, 4) + cards.take(Y, 1) + cards.take(P, 1) + cards.take(R, 1, 1),
        cards.take(R, 2, 3, 4, 5, 5, 3),
    ]
    state = build(cards, hands, rows, current=1)
    legal = ENGINE.legal_actions(state, 1)
    action = ENGINE.policy("heuristic").choose(ENGINE.view(state, 1), legal, random.Random(1))
    assert isinstance(action, PlaceCard) and action.colour is Y
    new, _ = ENGINE.apply(state, 1, action)
    assert new.phase is Phase.DECLARE
