"""Simulator: `python -m games.bench level8 --players N --games G --seed S --lineup a,b,...`.

Seats rotate: deal number d (seed S + d) is played once per rotation of the lineup, game g
being deal g // N with the lineup shifted by g % N, so every policy sits in every seat equally
often on the very same deals, and luck of the deal cancels out between the policies. The
policies draw from `games.core.seeding.policy_rng` of the game's seed, unrelated to the deal.

Progress and a readable summary go to stderr; the last stdout line is one JSON object:
`win_share` is, per policy name, the share of all games won by its seats with a 95 % margin
(normal approximation; games on one deal are not independent, but their win indicators for a
policy are negatively correlated, so the binomial margin errs on the wide side) next to its fair
share (seats / players). `win_rate` is per seat. `decision_ms` gives p50/p99/max of the time one
`choose` call took, per policy. Games ended by `max_turns` have no winner and are counted.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter, defaultdict

from games.core.seeding import policy_rng
from games.core.simulate import play_out
from games.level8.config import DEFAULT_MAX_TURNS, DeckPreset, Level8Config, LevelSide
from games.level8.engine import Level8Engine
from games.level8.state import Level8State

Z95 = 1.96


def play_game(
    engine: Level8Engine,
    config: Level8Config,
    lineup: list[str],
    seed: int,
    timings: dict[str, list[float]] | None = None,
) -> Level8State:
    """One game, `lineup[i]` in seat i; each `choose` call's duration is appended to
    `timings[name]` when given."""

    def record(seat: int, seconds: float) -> None:
        if timings is not None:
            timings[lineup[seat]].append(seconds)

    return play_out(
        engine,
        engine.new_game(config, len(lineup), seed)[0],
        [engine.policy(name) for name in lineup],
        policy_rng(seed),
        clock=time.perf_counter,
        on_decision=record,
    )


def seating(lineup: list[str], game: int) -> list[str]:
    """Game `game`'s seats: the lineup shifted by `game` modulo the number of players."""
    shift = game % len(lineup)
    return lineup[shift:] + lineup[:shift]


def margin95(share: float, games: int) -> float:
    return Z95 * math.sqrt(share * (1 - share) / games) if games else 0.0


def _percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.bench level8")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lineup", default="heuristic,random",
                        help="comma-separated policy names, one per seat (seats rotate)")
    parser.add_argument("--deck", choices=[p.value for p in DeckPreset], default="fr")
    parser.add_argument("--side", choices=[s.value for s in LevelSide], default="standard")
    parser.add_argument("--hard", action="store_true", help="same as --side hard")
    parser.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS)
    args = parser.parse_args(argv)
    engine = Level8Engine()
    lineup = [name.strip() for name in args.lineup.split(",")]
    if len(lineup) != args.players:
        parser.error(f"--lineup names {len(lineup)} policies for {args.players} players")
    unknown = [name for name in lineup if name not in engine.policy_names()]
    if unknown:
        parser.error(f"unknown policies {unknown}; known: {engine.policy_names()}")
    if args.games % args.players:
        print(f"note: {args.games} games is not a multiple of {args.players}; "
              "seats are not rotated evenly", file=sys.stderr)
    side = LevelSide.HARD if args.hard else LevelSide(args.side)
    config = Level8Config(deck=DeckPreset(args.deck), side=side, max_turns=args.max_turns)
    wins: Counter[str] = Counter()
    timings: dict[str, list[float]] = defaultdict(list)
    rounds = 0
    turn_limited = 0
    started = time.perf_counter()
    for game in range(args.games):
        seated = seating(lineup, game)
        state = play_game(engine, config, seated, args.seed + game // args.players, timings)
        rounds += state.round
        if state.winner is None:
            turn_limited += 1
        else:
            wins[seated[state.winner]] += 1
        if (game + 1) % max(1, args.games // 10) == 0:
            print(f"{game + 1}/{args.games} games", file=sys.stderr)
    elapsed = time.perf_counter() - started
    seats = Counter(lineup)
    games = max(1, args.games)
    shares = {name: wins[name] / games for name in seats}
    decision_ms = {
        name: {
            "p50": round(_percentile(ordered, 0.5) * 1000, 3),
            "p99": round(_percentile(ordered, 0.99) * 1000, 3),
            "max": round(ordered[-1] * 1000, 3),
            "decisions": len(ordered),
        }
        for name, ordered in ((n, sorted(t)) for n, t in timings.items())
    }
    figures = {
        "game": "level8",
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "lineup": lineup,
        "deck": args.deck,
        "side": side.value,
        "win_share": {
            name: {
                "share": round(shares[name], 4),
                "margin95": round(margin95(shares[name], args.games), 4),
                "fair": round(seats[name] / args.players, 4),
            }
            for name in seats
        },
        "win_rate": {name: round(wins[name] / (games * seats[name]), 4) for name in seats},
        "avg_rounds": round(rounds / games, 3),
        "turn_limit_games": turn_limited,
        "decision_ms": decision_ms,
        "games_per_s": round(args.games / elapsed, 3) if elapsed > 0 else None,
    }
    for name in seats:
        timing = decision_ms.get(name, {})
        print(f"{name}: wins {shares[name]:.1%} ± {margin95(shares[name], args.games):.1%} "
              f"of {args.games} games (fair share {seats[name] / args.players:.0%}); "
              f"decision p50 {timing.get('p50')} ms, p99 {timing.get('p99')} ms",
              file=sys.stderr)
    print(f"games that hit max_turns ({args.max_turns}): {turn_limited}", file=sys.stderr)
    print(json.dumps(figures))
    return 0
