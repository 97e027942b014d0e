"""Simulator: `python -m games.bench heaven-hell --players N --games G --seed S --lineup a,b,...`.

Plays G games with one policy per seat and prints, as its last stdout line, one JSON object:
`win_rate` and `avg_points` are per policy and per seat (a policy filling two seats counts both),
shared victories count as wins. Progress goes to stderr. The seat order of the lineup rotates
from game to game so that no policy profits from always sitting next to the first dealer.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from games.heaven_hell.config import MAX_PLAYERS, MIN_PLAYERS, HeavenHellConfig
from games.heaven_hell.engine import HeavenHellEngine
from games.heaven_hell.policies import POLICIES
from games.heaven_hell.policies.base import HeavenHellPolicy
from games.heaven_hell.rules import apply, legal_actions, new_game, to_act
from games.heaven_hell.view import build_view


def play_game(
    policies: list[HeavenHellPolicy], seed: int, config: HeavenHellConfig
) -> list[tuple[int, bool]]:
    """One game; (total points, won) per seat."""
    state, _ = new_game(config, len(policies), seed)
    rng = random.Random(seed)
    while True:
        seats = to_act(state)
        if not seats:
            break
        seat = seats[0]
        legal = legal_actions(state, seat)
        action = policies[seat].choose(build_view(state, seat), legal, rng)
        state, _ = apply(state, seat, action)
    result = HeavenHellEngine().result(state)
    assert result is not None
    return [(seat.score, seat.won) for seat in result.seats]


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.bench heaven-hell")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lineup", default="", help="one policy per seat, comma-separated")
    args = parser.parse_args(argv)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        parser.error(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}")
    lineup = args.lineup.split(",") if args.lineup else ["heuristic"] + ["random"] * (
        args.players - 1
    )
    if len(lineup) != args.players:
        parser.error("--lineup needs exactly one policy per seat")
    unknown = [name for name in lineup if name not in POLICIES]
    if unknown:
        parser.error(f"unknown policies {unknown}; known: {', '.join(POLICIES)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    args.lineup = lineup
    return args


def main(argv: list[str]) -> int:
    args = _parse(argv)
    lineup: list[str] = args.lineup
    players: int = args.players
    seats_per_policy = Counter(lineup)
    wins: Counter[str] = Counter()
    points: Counter[str] = Counter()
    config = HeavenHellConfig()
    started = time.perf_counter()
    for game in range(args.games):
        shift = game % players
        seated = lineup[shift:] + lineup[:shift]
        policies = [POLICIES[name]() for name in seated]
        for name, (score, won) in zip(seated, play_game(policies, args.seed + game, config),
                                      strict=True):
            wins[name] += won
            points[name] += score
        if (game + 1) % max(1, args.games // 10) == 0:
            print(f"{game + 1}/{args.games} games", file=sys.stderr)
    elapsed = time.perf_counter() - started
    per_seat = {name: args.games * count for name, count in seats_per_policy.items()}
    print(json.dumps({
        "game": "heaven-hell",
        "players": players,
        "games": args.games,
        "seed": args.seed,
        "lineup": lineup,
        "win_rate": {name: round(wins[name] / per_seat[name], 4) for name in per_seat},
        "avg_points": {name: round(points[name] / per_seat[name], 2) for name in per_seat},
        "games_per_s": round(args.games / elapsed, 2),
    }))
    return 0
