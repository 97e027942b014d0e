"""Simulator: `python -m games.bench level8 --players N --games G --seed S --lineup a,b,...`.

One policy per seat. Progress goes to stderr; the last stdout line is one JSON object with the
figures. Game g uses seed S + g; policies draw from their own generator seeded the same way, so a
run is reproducible. The first dealer comes from each game's seed, so no seat is favoured.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from games.level8.config import DEFAULT_MAX_TURNS, DeckPreset, Level8Config, LevelSide
from games.level8.engine import Level8Engine
from games.level8.state import GameState


def play_game(
    engine: Level8Engine, config: Level8Config, lineup: list[str], seed: int
) -> GameState:
    state = engine.new_game(config, len(lineup), seed)
    policies = [engine.policy(name) for name in lineup]
    rng = random.Random(f"policies/{seed}")
    while True:
        seats = engine.to_act(state)
        if not seats:
            return state
        seat = seats[0]
        legal = engine.legal_actions(state, seat)
        action = policies[seat].choose(engine.view(state, seat), legal, rng)
        state, _ = engine.apply(state, seat, action)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.bench level8")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lineup", default="heuristic,random",
                        help="comma-separated policy names, one per seat")
    parser.add_argument("--deck", choices=[p.value for p in DeckPreset], default="fr")
    parser.add_argument("--side", choices=[s.value for s in LevelSide], default="standard")
    parser.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS)
    args = parser.parse_args(argv)
    engine = Level8Engine()
    lineup = [name.strip() for name in args.lineup.split(",")]
    if len(lineup) != args.players:
        parser.error(f"--lineup names {len(lineup)} policies for {args.players} players")
    unknown = [name for name in lineup if name not in engine.policy_names()]
    if unknown:
        parser.error(f"unknown policies {unknown}; known: {engine.policy_names()}")
    config = Level8Config(
        deck=DeckPreset(args.deck), side=LevelSide(args.side), max_turns=args.max_turns
    )
    wins: Counter[str] = Counter()
    rounds = 0
    turn_limited = 0
    started = time.perf_counter()
    for game in range(args.games):
        state = play_game(engine, config, lineup, args.seed + game)
        rounds += state.round
        if state.winner is None:
            turn_limited += 1
        else:
            wins[lineup[state.winner]] += 1
        if (game + 1) % max(1, args.games // 10) == 0:
            print(f"{game + 1}/{args.games} games", file=sys.stderr)
    elapsed = time.perf_counter() - started
    seats = Counter(lineup)
    games = max(1, args.games)
    figures = {
        "game": "level8",
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "lineup": lineup,
        "deck": args.deck,
        "side": args.side,
        "win_rate": {name: round(wins[name] / (games * seats[name]), 4) for name in seats},
        "avg_rounds": round(rounds / games, 3),
        "turn_limit_games": turn_limited,
        "games_per_s": round(args.games / elapsed, 3) if elapsed > 0 else None,
    }
    print(json.dumps(figures))
    return 0
