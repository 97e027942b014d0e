"""Fits the learned policy's top-holder chance: `python -m games.heaven_hell.train [options]`.

Plays simulated games (seats rotated over duplicate deals as in the bench). At every placement
or stuck discard with a choice it records, for the position after the chosen move as the seat
to play sees it, the inputs of the top-holder model (`policies/calibration.py`) for each colour
the seat still holds; when the round is scored each record gets its outcome: did the seat hold
the most of that colour (after the tie-break). A logistic regression (Newton's method, a small
ridge term) per player count gives the weights, written to `policies/learned_weights.py` with
the command that produced them.

Pure Python on purpose: the model has a handful of inputs, and the policy's dependencies stay
those of the bot.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from games.heaven_hell.actions import DiscardStuck, PlaceCard
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.policies import POLICIES
from games.heaven_hell.policies.base import HeavenHellPolicy
from games.heaven_hell.policies.baseline import round_clock
from games.heaven_hell.policies.calibration import top_features
from games.heaven_hell.policies.heuristic import HeuristicPolicy
from games.heaven_hell.policies.learned import Position
from games.heaven_hell.rules import apply, legal_actions, new_game, to_act
from games.heaven_hell.scoring import tie_break_order
from games.heaven_hell.state import RoundReport
from games.heaven_hell.view import HeavenHellView, build_view

WEIGHTS_PATH = Path(__file__).parent / "policies" / "learned_weights.py"
RIDGE = 1.0
"""Added to the diagonal of the Newton steps; tiny next to the hundreds of thousands of samples,
it only keeps rarely non-zero inputs tame."""

Sample = tuple[list[float], float]
Record = tuple[int, list[tuple[int, list[float]]]]
"""A decision waiting for the round's outcome: the seat, and (colour, inputs) per colour held."""


def top_holder(report: RoundReport, colour: int, players: int) -> int | None:
    """The seat holding the most of the colour after the tie-break, None if nobody holds it;
    whether or not the colour scored."""
    holdings = report.colours[colour].holdings
    best = max(holdings)
    if best <= 0:
        return None
    return next(seat for seat in tie_break_order(report.dealer, players) if holdings[seat] == best)


def record(view: HeavenHellView, action: PlaceCard | DiscardStuck) -> Record:
    """The model's inputs for the position after `action`, with the heuristic's counting."""
    assert view.seat is not None
    estimate = HeuristicPolicy().estimate(view)
    position = Position.of(view).after(action)
    clock = round_clock(position.rows, view.closed_rows_to_end)
    inputs = [
        (colour, top_features(estimate.outlook(colour, holding)[0], holding,
                              position.counts[colour], clock))
        for colour, holding in enumerate(position.holdings)
        if holding > 0
    ]
    return view.seat, inputs


def play_and_record(policies: Sequence[HeavenHellPolicy], seed: int) -> list[Sample]:
    """One game; a sample per colour held after every recorded decision."""
    players = len(policies)
    state, _ = new_game(HeavenHellConfig(), players, seed)
    rng = random.Random(seed)
    records: list[Record] = []
    samples: list[Sample] = []
    while seats := to_act(state):
        seat = seats[0]
        legal = legal_actions(state, seat)
        view = build_view(state, seat)
        action = policies[seat].choose(view, legal, rng)
        if len(legal) > 1 and isinstance(action, PlaceCard | DiscardStuck):
            records.append(record(view, action))
        scored = len(state.reports)
        state, _ = apply(state, seat, action)
        if len(state.reports) > scored:
            report = state.reports[-1]
            tops = [top_holder(report, colour, players) for colour in range(len(report.colours))]
            samples += [
                (inputs, float(tops[colour] == decided))
                for decided, held in records
                for colour, inputs in held
            ]
            records = []
    return samples


def simulate(lineup: Sequence[str], games: int, seed: int) -> list[Sample]:
    players = len(lineup)
    samples: list[Sample] = []
    for game in range(games):
        deal, shift = divmod(game, players)
        seated = list(lineup[shift:]) + list(lineup[:shift])
        samples += play_and_record([POLICIES[name]() for name in seated], seed + deal)
        if (game + 1) % max(1, games // 10) == 0:
            print(f"{players} players: {game + 1}/{games} games", file=sys.stderr)
    return samples


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and well conditioned)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(size):
            if row != column:
                factor = rows[row][column] / rows[column][column]
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def fit_logistic(samples: Sequence[Sample], iterations: int = 8) -> list[float]:
    """Ridge logistic regression by Newton's method."""
    size = len(samples[0][0])
    weights = [0.0] * size
    for _ in range(iterations):
        hessian = [[0.0] * size for _ in range(size)]
        gradient = [-RIDGE * weight for weight in weights]
        for features, outcome in samples:
            score = sum(w * f for w, f in zip(weights, features, strict=True))
            chance = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))
            residual = outcome - chance
            curvature = chance * (1.0 - chance)
            for i, value in enumerate(features):
                if value:
                    gradient[i] += residual * value
                    scaled = curvature * value
                    row = hessian[i]
                    for j in range(i, size):
                        row[j] += scaled * features[j]
        for i in range(size):
            hessian[i][i] += RIDGE
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
    return weights


def log_loss(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    total = 0.0
    for features, outcome in samples:
        score = sum(w * f for w, f in zip(weights, features, strict=True))
        chance = min(1.0 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))))
        total -= outcome * math.log(chance) + (1.0 - outcome) * math.log(1.0 - chance)
    return total / len(samples)


def render(weights: dict[int, list[float]], command: str, notes: list[str]) -> str:
    lines = [
        '"""Weights of the learned top-holder chance (`calibration.top_features` order), one',
        "tuple per player count.",
        "",
        "Generated by `python -m games.heaven_hell.train`; do not edit by hand. Reproduce with:",
        "",
        f"    {command}",
        "",
        *(line for note in notes for line in textwrap.wrap(note, width=96)),
        '"""',
        "",
        "TOP: dict[int, tuple[float, ...]] = {",
        *(f"    {players}: ({', '.join(f'{value:.6g}' for value in values)})," for
          players, values in sorted(weights.items())),
        "}",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.heaven_hell.train")
    parser.add_argument("--players", default="3,4,5", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=1200, help="per player count")
    parser.add_argument("--seed", type=int, default=500000)
    parser.add_argument("--lineup", default="heuristic,baseline",
                        help="policies seated in turn around the table, the last one repeated")
    args = parser.parse_args(argv)
    names = args.lineup.split(",")
    weights: dict[int, list[float]] = {}
    notes: list[str] = []
    for players in (int(value) for value in args.players.split(",")):
        lineup = [names[min(seat, len(names) - 1)] for seat in range(players)]
        games = args.games - args.games % players
        samples = simulate(lineup, games, args.seed + 1000 * players)
        weights[players] = fit_logistic(samples)
        note = (f"{players} players: {games} games ({', '.join(lineup)}), deal seeds from "
                f"{args.seed + 1000 * players}, {len(samples)} samples, log loss "
                f"{log_loss(samples, weights[players]):.3f}.")
        print(note, file=sys.stderr)
        notes.append(note)
    command = "python -m games.heaven_hell.train " + " ".join(argv or sys.argv[1:])
    WEIGHTS_PATH.write_text(render(weights, command, notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
