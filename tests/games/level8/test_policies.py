"""Computer players pick only legal actions and finish games; the bench prints its figures."""

from __future__ import annotations

import json
import random

import pytest

from games.bench import main as bench_main
from games.core.policy import Policy
from games.core.registry import get_engine
from games.level8 import ENGINE
from games.level8.actions import DisplayLevel
from games.level8.bench import seating
from games.level8.config import Level8Config, LevelSide


@pytest.mark.parametrize(
    ("lineup", "side"),
    [
        (["heuristic", "random"], LevelSide.STANDARD),
        (["heuristic", "heuristic", "random"], LevelSide.HARD),
        (["random", "heuristic", "heuristic", "heuristic"], LevelSide.STANDARD),
    ],
)
def test_policies_choose_legal_actions(lineup: list[str], side: LevelSide) -> None:
    config = Level8Config(side=side, max_turns=400)
    state = ENGINE.new_game(config, len(lineup), seed=11)[0]
    policies = [ENGINE.policy(name) for name in lineup]
    rng = random.Random(5)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = policies[seat].choose(ENGINE.view(state, seat), legal, rng)
        # legal_actions lists one display; a policy may arrange its wilds otherwise, and
        # apply() refuses anything invalid.
        assert action in legal or isinstance(action, DisplayLevel)
        state, _ = ENGINE.apply(state, seat, action)
    result = ENGINE.result(state)
    assert result is not None
    assert result.summary["rounds"] == state.round


def test_heuristic_wins_a_game_against_random() -> None:
    state = ENGINE.new_game(Level8Config(), 2, seed=3)[0]
    policies = [ENGINE.policy("heuristic"), ENGINE.policy("random")]
    rng = random.Random(3)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        state, _ = ENGINE.apply(state, seat, policies[seat].choose(
            ENGINE.view(state, seat), legal, rng))
    assert state.winner == 0


def test_unknown_policy_is_refused() -> None:
    assert ENGINE.policy_names() == ["heuristic", "baseline", "random"]
    with pytest.raises(KeyError):
        ENGINE.policy("clairvoyant")


def test_bench_prints_figures_as_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = bench_main(["level8", "--players", "3", "--games", "3", "--seed", "4",
                       "--lineup", "heuristic,random,heuristic"])
    assert code == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"game", "players", "games", "seed", "lineup", "win_share", "win_rate", "avg_rounds",
            "turn_limit_games", "decision_ms", "games_per_s"} <= set(figures)
    assert figures["game"] == "level8"
    assert figures["lineup"] == ["heuristic", "random", "heuristic"]
    assert set(figures["win_rate"]) == {"heuristic", "random"}
    assert figures["avg_rounds"] >= 1
    assert set(figures["decision_ms"]) == {"heuristic", "random"}
    shares = figures["win_share"]
    assert shares["heuristic"]["fair"] == pytest.approx(2 / 3, abs=1e-3)
    assert sum(s["share"] for s in shares.values()) + figures["turn_limit_games"] / 3 == (
        pytest.approx(1, abs=1e-3))


def test_bench_rotates_seats_over_the_same_deals() -> None:
    lineup = ["heuristic", "baseline", "random"]
    rotations = [seating(lineup, game) for game in range(3)]
    for seat in range(3):
        assert sorted(r[seat] for r in rotations) == sorted(lineup)


def test_bench_rejects_a_lineup_of_the_wrong_length() -> None:
    with pytest.raises(SystemExit):
        bench_main(["level8", "--players", "3", "--lineup", "heuristic,random"])


def test_engine_is_registered_and_policies_follow_the_protocol() -> None:
    engine = get_engine("level8")
    assert engine is ENGINE
    assert (engine.key, engine.min_players, engine.max_players) == ("level8", 2, 6)
    assert all(isinstance(ENGINE.policy(name), Policy) for name in ENGINE.policy_names())
