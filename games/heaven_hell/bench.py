"""Simulator: `python -m games.bench heaven-hell --players N --games G --seed S --lineup a,b,...`.

Plays G games with one policy per seat and prints, as its last stdout line, one JSON object;
a readable summary and progress go to stderr.

- **Seats rotate over duplicate deals**: games come in blocks of N that share one deal seed
  (S, S+1, ...), the lineup shifted by one seat in each game of the block. Every policy plays
  every seat of every deal equally often, so neither the seat order nor the luck of a deal
  favours one side. G must be a multiple of N.
- **Win share, ties split**: a game gives one win in total; a shared victory splits it equally
  between the tied seats (two winners get 1/2 each). A policy's `win_share` is its credit per
  seat it fills, so its fair share against equals is 1/N and the shares of all seats sum to 1.
  `margin95` is the half-width of its 95 % confidence interval, from the spread of the credit
  between deal blocks (blocks are independent; games inside a block are not).
- **Time per decision**: every `choose` call is timed; `decision_ms` gives p50 and p99 per
  policy.
- The policies' generator comes from `games.core.seeding.policy_rng`, unrelated to the deal.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict

from games.core.policy import Policy
from games.core.seeding import policy_rng
from games.core.simulate import play_out
from games.heaven_hell import ENGINE
from games.heaven_hell.config import MAX_PLAYERS, MIN_PLAYERS, HeavenHellConfig
from games.heaven_hell.policies import POLICIES


def play_game(
    policies: list[Policy],
    seed: int,
    config: HeavenHellConfig,
    timings: list[list[float]] | None = None,
) -> list[tuple[int, bool]]:
    """One game; (total points, won) per seat. With `timings`, each seat's decision times in
    seconds are appended to `timings[seat]`."""
    state = play_out(
        ENGINE,
        ENGINE.new_game(config, len(policies), seed)[0],
        policies,
        policy_rng(seed),
        clock=time.perf_counter,
        on_decision=lambda seat, seconds: timings[seat].append(seconds) if timings else None,
    )
    result = ENGINE.result(state)
    assert result is not None
    return [(seat.score, seat.won) for seat in result.seats]


def win_credits(won: list[bool]) -> list[float]:
    """One win per game, split equally between the seats that share the victory."""
    winners = sum(won)
    return [1.0 / winners if seat_won else 0.0 for seat_won in won]


def margin95(block_means: list[float]) -> float | None:
    """Half-width of the 95 % normal interval of the mean of independent block means; None
    with fewer than two blocks (no spread to measure)."""
    count = len(block_means)
    if count < 2:
        return None
    mean = sum(block_means) / count
    variance = sum((value - mean) ** 2 for value in block_means) / (count - 1)
    return 1.96 * math.sqrt(variance / count)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (`share` in 0..1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.bench heaven-hell")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=120,
                        help="a multiple of --players (seats rotate over each deal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lineup", default="", help="one policy per seat, comma-separated")
    args = parser.parse_args(argv)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        parser.error(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}")
    lineup = args.lineup.split(",") if args.lineup else ["heuristic"] + ["baseline"] * (
        args.players - 1
    )
    if len(lineup) != args.players:
        parser.error("--lineup needs exactly one policy per seat")
    unknown = [name for name in lineup if name not in POLICIES]
    if unknown:
        parser.error(f"unknown policies {unknown}; known: {', '.join(POLICIES)}")
    if args.games < 1 or args.games % args.players:
        parser.error("--games must be a positive multiple of --players")
    args.lineup = lineup
    return args


def main(argv: list[str]) -> int:
    args = _parse(argv)
    lineup: list[str] = args.lineup
    players: int = args.players
    names = list(dict.fromkeys(lineup))
    seats_of = {name: lineup.count(name) for name in names}
    credit: dict[str, float] = defaultdict(float)
    points: dict[str, int] = defaultdict(int)
    times: dict[str, list[float]] = defaultdict(list)
    block_means: dict[str, list[float]] = defaultdict(list)
    block_credit: dict[str, float] = defaultdict(float)
    config = HeavenHellConfig()
    started = time.perf_counter()
    for game in range(args.games):
        deal, shift = divmod(game, players)
        seated = lineup[shift:] + lineup[:shift]
        policies = [POLICIES[name]() for name in seated]
        timings: list[list[float]] = [[] for _ in range(players)]
        outcome = play_game(policies, args.seed + deal, config, timings)
        credits = win_credits([won for _, won in outcome])
        for name, (score, _), seat_credit, seat_times in zip(
            seated, outcome, credits, timings, strict=True
        ):
            credit[name] += seat_credit
            block_credit[name] += seat_credit
            points[name] += score
            times[name] += seat_times
        if shift == players - 1:
            for name in names:
                block_means[name].append(block_credit[name] / (players * seats_of[name]))
            block_credit.clear()
        if (game + 1) % max(1, args.games // 10) == 0:
            print(f"{game + 1}/{args.games} games", file=sys.stderr)
    elapsed = time.perf_counter() - started
    per_seat = {name: args.games * seats_of[name] for name in names}
    share = {name: round(credit[name] / per_seat[name], 4) for name in names}
    margins = {name: margin95(block_means[name]) for name in names}
    margin = {name: None if value is None else round(value, 4) for name, value in margins.items()}
    decision_ms = {
        name: {"p50": round(1000 * percentile(times[name], 0.5), 3),
               "p99": round(1000 * percentile(times[name], 0.99), 3)}
        for name in names
    }
    for name in names:
        value = margin[name]
        spread = "n/a" if value is None else f"{100 * value:.1f}"
        print(f"{name}: win share {100 * share[name]:.1f} % ± {spread} "
              f"(fair {100 / players:.1f} %), decision p50 {decision_ms[name]['p50']} ms, "
              f"p99 {decision_ms[name]['p99']} ms", file=sys.stderr)
    print(json.dumps({
        "game": "heaven-hell",
        "players": players,
        "games": args.games,
        "seed": args.seed,
        "lineup": lineup,
        "win_share": share,
        "margin95": margin,
        "fair_share": round(1 / players, 4),
        "avg_points": {name: round(points[name] / per_seat[name], 2) for name in names},
        "decision_ms": decision_ms,
        "games_per_s": round(args.games / elapsed, 2),
    }))
    return 0
