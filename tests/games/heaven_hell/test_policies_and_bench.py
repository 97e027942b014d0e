"""Policies pick legal actions from a view; the heuristic's double, colour by colour; the bench's
output."""

from __future__ import annotations

import json
import random

import pytest

from games.core.policy import Policy
from games.heaven_hell import ENGINE, bench
from games.heaven_hell.actions import ChooseDouble, PlaceCard
from games.heaven_hell.bench import main, win_credits
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.policies import BaselinePolicy
from games.heaven_hell.state import Phase
from tests.games.heaven_hell.helpers import B, Cards, G, P, R, Y, build, end_play


@pytest.mark.parametrize("name", ["heuristic", "baseline"])
def test_the_double_is_kept_past_a_thin_colour_for_the_colour_it_surely_tops(name: str) -> None:
    cards = Cards()
    rows = {
        R: (cards.take(R, 5), cards.take(R, 1)),
        B: (cards.take(B, 5), cards.take(B, 1)),
        Y: (cards.take(Y, 1), cards.take(Y, 5)),
    }
    # Seat 0 holds a thin red, every other blue card of value 4 or 5 and the two yellow 4s:
    # blue is safe, red is not.
    hands = [cards.take(R, 1) + cards.take(B, 5, 4, 4) + cards.take(Y, 4, 4),
             cards.take(R, 3), cards.take(R, 2)]
    state, _ = end_play(build(cards, hands, rows))
    policy = ENGINE.policy(name)
    assert state.asking is R and ENGINE.to_act(state) == [0, 1, 2]
    for seat, play in ((1, False), (2, False)):
        state, _ = ENGINE.apply(state, seat, ChooseDouble(colour=R, play=play))
    action = policy.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1))
    assert action == ChooseDouble(colour=R, play=False)
    state, _ = ENGINE.apply(state, 0, action)
    assert state.asking is B and ENGINE.to_act(state) == [0]
    action = policy.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1))
    assert action == ChooseDouble(colour=B, play=True)


def test_the_reveal_of_a_scored_colour_sharpens_the_counting_of_later_ones() -> None:
    """Once red is revealed, its cards are no longer unknown and the rivals' unseen hands are
    smaller: the chance to top blue with a 3 rises."""
    cards = Cards()
    rows = {R: (cards.take(R, 5), cards.take(R, 1)), B: (cards.take(B, 5), cards.take(B, 1))}
    hands = [cards.take(R, 1) + cards.take(B, 3),
             cards.take(R, 5, 4, 3, 2), cards.take(R, 4, 3, 3) + cards.take(B, 1)]
    state, _ = end_play(build(cards, hands, rows))
    blue = 3
    before = BaselinePolicy().estimate(ENGINE.view(state, 0)).outlook(blue, 3)[0]
    for seat in (0, 1, 2):
        state, _ = ENGINE.apply(state, seat, ChooseDouble(colour=R, play=False))
    assert state.asking is B
    after = BaselinePolicy().estimate(ENGINE.view(state, 0)).outlook(blue, 3)[0]
    assert after > before


def test_unknown_policy_name_is_an_error() -> None:
    with pytest.raises(KeyError):
        ENGINE.policy("oracle")


def test_parse_action_accepts_json_and_dicts() -> None:
    assert ENGINE.parse_action('{"kind": "double", "colour": "red", "play": false}') == (
        ChooseDouble(colour=R, play=False))
    assert ENGINE.parse_action({"kind": "double", "colour": "blue", "play": True}) == (
        ChooseDouble(colour=B, play=True))


def test_state_round_trips_through_json_exactly() -> None:
    state = ENGINE.new_game(HeavenHellConfig(), 4, seed=3)[0]
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

    def record(policies: list[Policy], seed: int, config: HeavenHellConfig,
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
    assert new.phase is Phase.DOUBLES
