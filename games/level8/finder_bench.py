"""Finder timing: `python -m games.level8.finder_bench --hands N --wilds W --seed S`.

Draws N random 15-card hands holding W wilds and times `find_display` on every level of both
sides of the level card. The last stdout line is one JSON object with the median, 95th
percentile and worst time in milliseconds and how many searches found a display.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from games.level8.cards import deck, is_wild
from games.level8.config import DeckPreset
from games.level8.finder import find_display
from games.level8.levels import LEVELS

HAND = 15


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.level8.finder_bench")
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--wilds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    cards = deck(DeckPreset.FR)
    wilds = [card for card in cards if is_wild(card)]
    others = [card for card in cards if not is_wild(card)]
    if not 0 <= args.wilds <= min(len(wilds), HAND):
        parser.error(f"--wilds must be between 0 and {len(wilds)}")
    rng = random.Random(args.seed)
    times: list[float] = []
    found = 0
    for _ in range(args.hands):
        hand = rng.sample(wilds, args.wilds) + rng.sample(others, HAND - args.wilds)
        for levels in LEVELS.values():
            for requirements in levels:
                started = time.perf_counter()
                display = find_display(hand, requirements)
                times.append(time.perf_counter() - started)
                found += display is not None
    times.sort()
    figures = {
        "hands": args.hands,
        "hand_size": HAND,
        "wilds": args.wilds,
        "seed": args.seed,
        "searches": len(times),
        "found": found,
        "median_ms": round(statistics.median(times) * 1000, 4),
        "p95_ms": round(times[int(len(times) * 0.95)] * 1000, 4),
        "max_ms": round(times[-1] * 1000, 4),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
