"""The Game's simulator: `python -m games.bench the-game --players N --games G --seed S`.

Game i is dealt from seed S + i, and every seat's computer player draws its random choices from
one generator derived from that seed (`games.core.seeding.policy_rng`, unrelated to the deal),
so a run is reproducible. Progress goes to stderr; the last
stdout line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from games.core.policy import Policy
from games.core.seeding import policy_rng
from games.core.simulate import play_out
from games.the_game import ENGINE
from games.the_game.config import MAX_PLAYERS, MIN_PLAYERS, TheGameConfig
from games.the_game.policies import POLICIES, HeuristicPolicy
from games.the_game.result import EXCELLENT_BELOW
from games.the_game.state import TheGameState

ACTIONS_PER_GAME_LIMIT = 10_000
"""A game places at most 98 cards; far more actions means a player is looping on hints."""


def play_game(
    config: TheGameConfig, players: int, seed: int, policies: list[Policy]
) -> TheGameState:
    """One whole game through the engine's public protocol, as the bot would drive it."""
    return play_out(
        ENGINE,
        ENGINE.new_game(config, players, seed)[0],
        policies,
        policy_rng(seed),
        max_actions=ACTIONS_PER_GAME_LIMIT,
    )


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.bench the-game")
    parser.add_argument(
        "--players", type=int, default=3, choices=range(MIN_PLAYERS, MAX_PLAYERS + 1)
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="heuristic", choices=sorted(POLICIES))
    parser.add_argument("--hints", action="store_true", help="computer players read and give hints")
    parser.add_argument("--expert", action="store_true", help="minimum 3 cards per turn")
    parser.add_argument("--smaller-hands", action="store_true", help="one card fewer per hand")
    return parser.parse_args(argv)


def _player(name: str, hints: bool) -> Policy:
    """The bench measures the heuristic with and without table talk (`--hints`); the
    registry's heuristic, the one tables seat, always talks."""
    return HeuristicPolicy(hints=hints) if name == "heuristic" else POLICIES[name]()


def main(argv: list[str]) -> int:
    args = _parse(argv)
    config = TheGameConfig(expert=args.expert, smaller_hands=args.smaller_hands)
    wins = excellent = left_total = 0
    started = time.perf_counter()
    progress_every = max(1, args.games // 10)
    for index in range(args.games):
        policies = [_player(args.policy, args.hints) for _ in range(args.players)]
        state = play_game(config, args.players, args.seed + index, policies)
        left = state.cards_left
        left_total += left
        wins += left == 0
        excellent += left < EXCELLENT_BELOW
        if (index + 1) % progress_every == 0:
            print(
                f"{index + 1}/{args.games} games, win rate {wins / (index + 1):.3f}",
                file=sys.stderr,
            )
    elapsed = time.perf_counter() - started
    games = max(1, args.games)
    figures = {
        "game": ENGINE.key,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "policy": args.policy,
        "hints": args.hints,
        "expert": args.expert,
        "smaller_hands": args.smaller_hands,
        "win_rate": round(wins / games, 4),
        "avg_left": round(left_total / games, 3),
        "excellent_rate": round(excellent / games, 4),
        "games_per_s": round(args.games / elapsed, 1) if elapsed > 0 else 0.0,
    }
    print(json.dumps(figures))
    return 0
