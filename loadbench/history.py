"""`python -m loadbench.history`: how fast `/history` and a replay answer, with figures.

Two measures, printed as JSON (nothing is asserted: a development tool, like the load
benchmark):

1. **The history query** through the real storage code (`bot.history.records.history_page`) on
   SQLite and on PostgreSQL (a throw-away local server unless `--database-url` is given), with
   `--games` finished games in one server (100,000 by default) and a tenth as many in another:
   the first page, a deep page, one game, one member, one member in one game. Each query runs
   `--repeat` times; the median and the slowest are printed in milliseconds.
2. **Stepping through a replay on SimCord**: a Level 8 game of several hundred actions (six
   computer players, played out by the engine, stored as a finished game of the simulated
   server), opened with `/replay` and stepped through with its buttons by a member, as Discord
   would deliver the clicks: milliseconds per click, from the click to the edited message.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.db import Database, open_database
from bot.history.records import history_page
from bot.tables.records import Actor, Game, GameStatus, Seat, append_action, insert_games
from games.core.result import GameResult, SeatResult
from games.core.simulate import play_out
from games.level8 import ENGINE as LEVEL8
from loadbench.backends import on_each_backend

GUILD = 1_000
OTHER_GUILD = 2_000
MEMBERS = 200
KEYS = ("the-game", "heaven-hell", "level8")
BATCH = 5_000
HISTORY_INDEXES = ("games_history", "games_history_of_game", "seats_user")


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m loadbench.history", description=__doc__)
    parser.add_argument("--games", type=int, default=100_000, help="finished games in the server")
    parser.add_argument("--repeat", type=int, default=20, help="runs of each query")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--database-url", default="", help="a PostgreSQL to use instead")
    parser.add_argument("--steps", type=int, default=60, help="replay clicks measured")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument(
        "--without-history-indexes",
        action="store_true",
        help="drop migration 5's indexes after filling, to see what they are worth",
    )
    parser.add_argument("--no-replay", action="store_true", help="only the history query")
    return parser.parse_args(argv)


def finished_game(number: int, guild_id: int, rng: random.Random) -> Game:
    """A finished game of 2 to 4 seats, members drawn from a pool, a computer now and then."""
    count = rng.randint(2, 4)
    users = rng.sample(range(1, MEMBERS + 1), count)
    seats = [
        Seat(seat, None, None) if rng.random() < 0.2 else Seat(seat, user, f"member {user}")
        for seat, user in enumerate(users)
    ]
    ended = 1_700_000_000.0 + number * 60
    outcome = GameResult(
        cooperative=False,
        seats=[
            SeatResult(seat=s.seat, rank=s.seat + 1, score=9 - s.seat, won=s.seat == 0)
            for s in seats
        ],
    )
    return Game(
        id=0,
        guild_id=guild_id,
        channel_id=guild_id + 1,
        place_id=guild_id + 10 + number,
        game_key=KEYS[number % len(KEYS)],
        options={},
        config="{}",
        seed=number,
        status=GameStatus.FINISHED,
        host_id=seats[0].user_id or 1,
        turn_seconds=300,
        created_at=ended - 900,
        started_at=ended - 800,
        ended_at=ended,
        action_count=rng.randint(20, 400),
        outcome=outcome.model_dump_json(),
        seats=seats,
    )


async def fill(db: Database, games: int, rng: random.Random) -> float:
    """Seconds to insert the games of both servers."""
    started = time.perf_counter()
    pending = [(number, GUILD) for number in range(games)]
    pending += [(number, OTHER_GUILD) for number in range(games // 10)]
    rng.shuffle(pending)
    for start in range(0, len(pending), BATCH):
        batch = pending[start : start + BATCH]
        await insert_games(db, [finished_game(number, guild, rng) for number, guild in batch])
    return time.perf_counter() - started


async def timed(repeat: int, query: Callable[[], Awaitable[Any]]) -> dict[str, float]:
    await query()
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        await query()
        runs.append((time.perf_counter() - started) * 1000)
    return {"median_ms": round(statistics.median(runs), 2), "max_ms": round(max(runs), 2)}


async def history_figures(
    backend: str, url: str | None, options: argparse.Namespace
) -> dict[str, Any]:
    rng = random.Random(options.seed)
    folder = Path(tempfile.mkdtemp(prefix="cardtable-history-"))
    db = await open_database(folder / "history.sqlite3", url)
    try:
        report: dict[str, Any] = {"games_in_server": options.games}
        report["fill_seconds"] = round(await fill(db, options.games, rng), 1)
        if options.without_history_indexes:
            async with db.transaction() as conn:
                for index in HISTORY_INDEXES:
                    await conn.execute(f"DROP INDEX {index}")
        if backend == "postgresql":
            # What autovacuum does on a live database after this many new rows: the planner
            # needs the tables' statistics to start a member's history from their seats.
            async with db.transaction() as conn:
                await conn.execute("ANALYZE")
        member = 7

        def page(number: int, key: str | None = None, who: int | None = None) -> Any:
            return lambda: history_page(db, GUILD, number, key, who)

        cases = {
            "first_page": page(0),
            "page_100": page(100),
            "one_game": page(0, "level8"),
            "one_member": page(0, None, member),
            "one_member_one_game": page(0, "level8", member),
            "one_member_page_20": page(20, None, member),
        }
        for name, query in cases.items():
            report[name] = await timed(options.repeat, query)
        first = await history_page(db, GUILD, 0, None, None)
        report["first_page_rows"] = len(first.games)
        return report
    finally:
        await db.close()
        shutil.rmtree(folder, ignore_errors=True)


def long_level8_game(seed: int) -> tuple[str, list[tuple[int, str]], GameResult]:
    """A Level 8 game of six computer players: its config, its log and its result."""
    config = LEVEL8.config_model()
    state = LEVEL8.new_game(config, 6, seed)[0]
    log: list[tuple[int, str]] = []
    policies = [LEVEL8.policy("heuristic") for _ in range(6)]
    rng = random.Random(seed)

    class Recorder:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: Sequence[Any], chooser: random.Random) -> Any:
            action = policies[self.seat].choose(view, legal, chooser)
            log.append((self.seat, action.model_dump_json()))
            return action

    final = play_out(LEVEL8, state, [Recorder(seat) for seat in range(6)], rng)
    result = LEVEL8.result(final)
    assert result is not None
    return config.model_dump_json(), log, result


async def replay_figures(options: argparse.Namespace) -> dict[str, Any]:
    import simcord

    from bot.app import create_bot
    from bot.settings import Settings
    from playground.waits import declare

    folder = Path(tempfile.mkdtemp(prefix="cardtable-replay-"))
    settings = Settings(
        _env_file=None,
        database_path=folder / "replay.sqlite3",
        shard_count=1,
        computer_delay_seconds=0,
    )
    bot = create_bot(settings)
    env = simcord.Env(bot)
    await env.start()
    undeclare = declare(env)
    try:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        config, log, result = long_level8_game(options.seed)
        game = finished_game(0, guild.id, random.Random(options.seed))
        game.game_key, game.config, game.seed = "level8", config, options.seed
        game.seats = [Seat(0, alice.id, "alice")] + [Seat(seat, None) for seat in range(1, 6)]
        game.action_count, game.outcome = len(log), result.model_dump_json()
        await insert_games(bot.db, [game])
        async with bot.db.transaction() as conn:
            for seq, (seat, action) in enumerate(log):
                await append_action(conn, game, seat, Actor.COMPUTER, action, "[]", 0.0, seq)

        started = time.perf_counter()
        opened = await alice.slash(channel, "replay", number=game.id)
        first_ms = (time.perf_counter() - started) * 1000
        answers = [*opened.followups] or ([opened.response] if opened.response else [])
        replay = answers[0]
        clicks: dict[str, list[float]] = {}

        async def click(tag: str) -> None:
            ids = [
                str(c.get("custom_id"))
                for row in replay.components
                for c in row.get("components", [])
                if str(c.get("custom_id", "")).endswith(f":{tag}") and not c.get("disabled")
            ]
            if not ids:
                return
            began = time.perf_counter()
            await alice.click(replay, custom_id=ids[0])
            clicks.setdefault(tag, []).append((time.perf_counter() - began) * 1000)

        def shown() -> int:
            """The step the replay shows, from its title ("… · step 42/334")."""
            return int((replay.embeds[-1].title or "").rsplit(" ", 1)[1].split("/")[0])

        for _ in range(options.steps):
            await click("next")
        landed = {"after_next": shown()}
        await click("last")
        for _ in range(options.steps):
            await click("prev")
        landed["after_last_then_prev"] = shown()
        for _ in range(10):
            await click("pturn")
        for _ in range(5):
            await click("pround")
        await click("first")
        for _ in range(10):
            await click("nturn")
        return {
            "actions": len(log),
            "open_ms_rebuild_included": round(first_ms, 1),
            "steps_shown": landed,
            "per_click_ms": {
                tag: {
                    "clicks": len(runs),
                    "median": round(statistics.median(runs), 1),
                    "max": round(max(runs), 1),
                }
                for tag, runs in clicks.items()
            },
        }
    finally:
        undeclare()
        await env.shutdown()
        if bot._db is not None:
            await bot._db.close()
        shutil.rmtree(folder, ignore_errors=True)


async def main(argv: Sequence[str]) -> dict[str, Any]:
    options = parse(argv)
    results: dict[str, Any] = {"options": vars(options)}
    results.update(
        await on_each_backend(
            options, "finished games", lambda backend, url: history_figures(backend, url, options)
        )
    )
    if not options.no_replay:
        print("replay on SimCord ...", file=sys.stderr, flush=True)
        results["replay"] = await replay_figures(options)
    return results


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1:])), indent=1))
