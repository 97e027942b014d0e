"""Measures the learned rival shares: `python -m games.heaven_hell.train [options]`.

Plays simulated games of `baseline` seats (the frozen player, so the measure is reproducible
and describes the rivals the duels face), seats rotated over duplicate deals as in the bench.
At every placement decision, for each rival of the seat to play and each colour whose cards the
seat cannot all locate, it compares the rival's actual number of cards of that colour with what
the uniform deal of the unknown cards gives it (its hand size times the colour's share of the
unknown cards), and files the ratio with the correction's inputs under the key of
`policies/rival_shares.py` (the row's sign, the rival's placements in the colour this round).
The correction is the least-squares fit of the ratio on its inputs within keys (each key its own
intercept), so it explains only what the key leaves out; each key's base is its mean ratio less
the correction, shrunk towards its sign's mean by `PRIOR` samples. Both are written to
`policies/learned_weights.py` with the command that produced them.

Pure Python on purpose: the policy's dependencies stay those of the bot.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from games.heaven_hell.cards import COLOUR_INDEX_OF
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.policies import POLICIES
from games.heaven_hell.policies.counting import unknown_counts
from games.heaven_hell.policies.rival_shares import (
    FEATURES,
    PLACED_CAP,
    RivalEvidence,
    ShareKey,
)
from games.heaven_hell.rules import apply, legal_actions, new_game, to_act
from games.heaven_hell.state import HeavenHellState, Phase
from games.heaven_hell.view import HeavenHellView, make_view

WEIGHTS_PATH = Path(__file__).parent / "policies" / "learned_weights.py"
PRIOR = 200
"""Samples of the sign's mean added to every key: rare keys stay close to it."""
RIDGE = 1.0
"""Added to the diagonal of the correction's normal equations, for inputs that barely vary."""

_WIDTH = len(FEATURES)


@dataclass
class KeyTally:
    """One key's sufficient statistics: samples, sums of the ratio, inputs and their products."""

    samples: int = 0
    ratio: float = 0.0
    inputs: list[float] = field(default_factory=lambda: [0.0] * _WIDTH)
    products: list[list[float]] = field(
        default_factory=lambda: [[0.0] * _WIDTH for _ in range(_WIDTH)])
    cross: list[float] = field(default_factory=lambda: [0.0] * _WIDTH)

    def add(self, features: tuple[float, ...], ratio: float) -> None:
        self.samples += 1
        self.ratio += ratio
        for i, x in enumerate(features):
            self.inputs[i] += x
            self.cross[i] += x * ratio
            row = self.products[i]
            for j, y in enumerate(features):
                row[j] += x * y


Tally = dict[ShareKey, KeyTally]


def tally_decision(state: HeavenHellState, view: HeavenHellView, tally: Tally) -> None:
    """Adds, for each rival of the seat to play and each colour, its actual over uniform share."""
    counts = [sum(by_value.values()) for by_value in unknown_counts(view)]
    unknown = sum(counts)
    evidence = RivalEvidence(view)
    for rival, hand in enumerate(state.hands):
        if rival == view.seat or not hand:
            continue
        for colour in range(len(view.rows)):
            if not counts[colour]:
                continue
            uniform = len(hand) * counts[colour] / unknown
            actual = sum(1 for card in hand if COLOUR_INDEX_OF[card] == colour)
            tally[evidence.key(rival, colour)].add(evidence.features(rival, colour),
                                                   actual / uniform)


def simulate(players: int, games: int, seed: int) -> Tally:
    tally: Tally = defaultdict(KeyTally)
    policy = POLICIES["baseline"]()
    for game in range(games):
        state, _ = new_game(HeavenHellConfig(), players, seed + game)
        rng = random.Random(seed + game)
        while seats := to_act(state):
            seat = seats[0]
            view = make_view(state, seat)
            if state.phase is Phase.PLAY and view.stuck_hand is None:
                tally_decision(state, view, tally)
            state, _ = apply(state, seat, policy.choose(view, legal_actions(state, seat), rng))
        if (game + 1) % max(1, games // 10) == 0:
            print(f"{players} players: {game + 1}/{games} games", file=sys.stderr)
    return tally


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and well conditioned)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(size):
            if r != column:
                ratio = rows[r][column] / rows[column][column]
                rows[r] = [a - ratio * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def correction(tally: Tally) -> list[float]:
    """The within-key least-squares weights of the ratio on the inputs."""
    matrix = [[RIDGE if i == j else 0.0 for j in range(_WIDTH)] for i in range(_WIDTH)]
    vector = [0.0] * _WIDTH
    for entry in tally.values():
        n = entry.samples
        if not n:
            continue
        for i in range(_WIDTH):
            vector[i] += entry.cross[i] - entry.inputs[i] * entry.ratio / n
            for j in range(_WIDTH):
                matrix[i][j] += entry.products[i][j] - entry.inputs[i] * entry.inputs[j] / n
    return _solve(matrix, vector)


def shares(tally: Tally, weights: list[float]) -> dict[ShareKey, float]:
    """Every key's mean ratio less the correction, shrunk towards its sign's mean."""
    def residual(entry: KeyTally) -> float:
        return entry.ratio - sum(w * x for w, x in zip(weights, entry.inputs, strict=True))

    result = {}
    for sign in (-1, 0, 1):
        keys = [key for key in tally if key[0] == sign]
        samples = sum(tally[key].samples for key in keys)
        mean = sum(residual(tally[key]) for key in keys) / samples if samples else 1.0
        for heaven in range(PLACED_CAP + 1):
            for hell in range(PLACED_CAP + 1):
                entry = tally.get((sign, heaven, hell), KeyTally())
                result[sign, heaven, hell] = (residual(entry) + PRIOR * mean) / (
                    entry.samples + PRIOR)
    return result


def render(tables: dict[int, tuple[dict[ShareKey, float], list[float]]], command: str) -> str:
    lines = [
        '"""Rival shares of `rival_shares.py`: per player count, per (row sign, cards the rival',
        "placed on heaven, on hell), the base of its actual over its uniform share of the colour,",
        "and the weights of the linear correction on `rival_shares.FEATURES`.",
        "",
        "Generated by `python -m games.heaven_hell.train`; do not edit by hand. Reproduce with:",
        "",
        f"    {command}",
        '"""',
        "",
        "SHARES: dict[int, dict[tuple[int, int, int], float]] = {",
    ]
    for players, (table, _) in sorted(tables.items()):
        lines.append(f"    {players}: {{")
        lines += [f"        {key}: {value:.3f}," for key, value in sorted(table.items())]
        lines.append("    },")
    lines += ["}", "", "CORRECTION: dict[int, tuple[float, ...]] = {"]
    for players, (_, weights) in sorted(tables.items()):
        lines.append(f"    {players}: ({', '.join(f'{w:.4f}' for w in weights)}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def fit(tally: Tally) -> tuple[dict[ShareKey, float], list[float]]:
    weights = correction(tally)
    return shares(tally, weights), weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.heaven_hell.train")
    parser.add_argument("--players", default="3,4,5", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=300, help="per player count")
    parser.add_argument("--seed", type=int, default=800000, help="deal seeds seed, seed+1, ...")
    args = parser.parse_args(argv)
    tables = {
        players: fit(simulate(players, args.games, args.seed + 1000 * players))
        for players in (int(value) for value in args.players.split(","))
    }
    command = "python -m games.heaven_hell.train " + " ".join(argv or sys.argv[1:])
    WEIGHTS_PATH.write_text(render(tables, command))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
