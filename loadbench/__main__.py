"""`python -m loadbench`: the bot's own load benchmark, on SQLite and on PostgreSQL.

It runs the real bot (every cog, the real engines) against SimCord, a simulated Discord in this
process (the `dev` extra), with N live games, all opened, joined and started on Discord through
slash commands and clicks: solo games with computers, games of several people, and people with
computers, in every registered game. Then a stream of interactions arrives, ACTING members at once:
members open their hand and click its controls (choosing cards, placing them, ending turns),
including clicks out of turn and out of date, as players do; computers answer as they would.

What is measured is the bot, not the simulator:

- latency runs from the moment the bot parses an interaction (`parse_interaction_create`) to its
  first request about it reaching the transport (the acknowledgement or the answer), and to the
  visible answer (the message the member sees: the hand, an edit of it, or a follow-up);
- throughput is interactions and accepted actions (rows of the action log) per second of the
  stream, simulator included, so it is a lower bound for the bot;
- memory per live game is the process's growth while the games are opened (simulator
  included, an upper bound) and the bot's own growth when it recovers K games without SimCord;
- start-up recovery of K unfinished games is timed on the bot alone (`TableService.recover`)
  and as a whole planned restart inside SimCord, after which a recovered game's button is
  clicked.

Where a click's time goes (waiting for the game's lock, the database, the engine, rendering,
Discord requests, the garbage collector, queueing on the event loop, the loop waking up, the rest,
and the simulator beside) and the process's CPU time per click are printed for the stream and for
single clicks made one at a time on the idle bot before it (the floor); see
`loadbench.attribution`.

Afterwards every game's action log is checked: numbered 0..n-1 without gap or repeat, and, for
a sample, replayed from its seed to the stored snapshot (nothing lost, nothing applied twice).

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loadbench.attribution import (
    KINDS,
    Attribution,
    TimedDatabase,
    TimedLoop,
    time_games,
    time_requests,
)
from loadbench.backends import on_each_backend
from loadbench.simulator import index_polls, requests_sent_as_json, simulator_timed

TARGETS = {
    "p99_first_response_ms": 20.0,
    "p99_visible_answer_ms": 35.0,
    "interactions_per_second": 150.0,
    "bytes_per_live_game": 20_000,
    "recover_10000_s": 1.0,
    "recover_100000_s": 10.0,
}
"""Issue 38's, on each backend, for `--games 1000 --acting 8 --interactions 3000 --recover 10000`
on a quiet machine."""

TABLE_SEATS = 3
"""Every table opened has three seats, which every game accepts."""


def mixes() -> list[tuple[str, int, int]]:
    """(game, people, computers) in turn for the games opened: for each registered game in menu
    order, people with computers (one person alone where the game can be played solo, else two)
    and a table of people only."""
    from games.core.registry import available_engines

    found: list[tuple[str, int, int]] = []
    for key, engine in available_engines().items():
        people = 1 if engine.min_players == 1 else 2
        found += [(key, people, TABLE_SEATS - people), (key, TABLE_SEATS, 0)]
    return found


GAMES_PER_GUILD = 50

SETTLE_SECONDS = 120
"""SimCord's settle window: opening thousands of games is one long settle."""

SETTLE_IDLE_SECONDS = 0.005
"""How long SimCord's settle waits before looking again when it finds work it cannot wait on
(its default, 50 ms). A batch's settle finds some nearly every time: the done-callbacks of the
last task that finished, queued for the loop's next turn, while the wake-up queues' sleepers,
the only tasks left, never finish. Each such look cost a batch 50 ms of idle real time (205
times in a 3,000-click PostgreSQL stream, 10 of its 23 seconds), time in which Discord would
have had the bot's next clicks already."""

GATHER_SECONDS = 5.0
"""Simulated time for a table's players to gather (join, computers added, start): a lobby's
clicks are a burst of edits in one channel, which the rate limit spreads over its window."""

BATCH_SECONDS = 0.1
"""Simulated time between two batches of clicks, about what a batch takes the bot."""

_CALLBACK = re.compile(r"^/interactions/(\d+)/[^/]+/callback$")
_WEBHOOK = re.compile(r"^/webhooks/\d+/simcord_interaction_(\d+)(/messages/@original)?$")


def rss_bytes() -> int:
    """Resident memory of this process now (Linux `/proc`, else the peak from `getrusage`)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * resource.getpagesize()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


@dataclass
class Probe:
    """Timestamps of the bot's own handling, keyed by interaction id: (wall clock, seconds the
    simulated Discord had spent serving REST requests so far, the request being served
    included). Everything runs on one event loop, so the simulator's time inside a latency
    window is the difference of the second figures: subtracting it leaves the bot's own time
    (its handlers, discord.py, the database, and waiting for the other interactions the bot
    handles at once), the bot's clock (`bot_time`). While interactions are followed
    (`attribution`), each one's time on that clock is also told by kind."""

    arrived: dict[int, tuple[float, float]] = field(default_factory=dict)
    first: dict[int, tuple[float, float]] = field(default_factory=dict)
    visible: dict[int, tuple[float, float]] = field(default_factory=dict)
    simulator: float = 0.0
    simulator_cpu: float = 0.0
    attribution: Attribution | None = None
    _inside: bool = False
    _entered: float = 0.0
    _entered_cpu: float = 0.0

    def reset(self) -> None:
        self.arrived.clear()
        self.first.clear()
        self.visible.clear()

    def now(self) -> tuple[float, float]:
        wall = time.perf_counter()
        serving = wall - self._entered if self._inside else 0.0
        return wall, self.simulator + serving

    def bot_time(self) -> float:
        """Wall time less the simulator's: it stands still while the simulator works."""
        wall, simulated = self.now()
        return wall - simulated

    def serve(self, original: Any) -> Any:
        """`original` (SimCord's REST router, or its delivery of a gateway event), timed."""

        def dispatch(*args: Any, **kwargs: Any) -> Any:
            if self._inside:
                return original(*args, **kwargs)
            self._enter()
            try:
                return original(*args, **kwargs)
            finally:
                self._leave()

        return dispatch

    def bot_work(self, work: Callable[[], None]) -> None:
        """`work` (the bot parsing an event the simulator delivers) is not the simulator's."""
        if not self._inside:
            work()
            return
        self._leave()
        try:
            work()
        finally:
            self._enter()

    def _enter(self) -> None:
        self._entered, self._entered_cpu = time.perf_counter(), time.thread_time()
        self._inside = True

    def _leave(self) -> None:
        self._inside = False
        self.simulator += time.perf_counter() - self._entered
        self.simulator_cpu += time.thread_time() - self._entered_cpu

    def request(self, method: str, path: str, body: Any) -> None:
        moment = self.now()
        found = _CALLBACK.match(path)
        if found:
            interaction = int(found.group(1))
            self.first.setdefault(interaction, moment)
            kind = body.get("type") if isinstance(body, dict) else None
            if kind in (4, 7):  # a message, or the clicked message edited: seen at once
                self._seen(interaction, moment)
            return
        found = _WEBHOOK.match(path)
        if found and method in ("PATCH", "POST"):
            self._seen(int(found.group(1)), moment)

    def _seen(self, interaction: int, moment: tuple[float, float]) -> None:
        if interaction in self.visible:
            return
        self.visible[interaction] = moment
        if self.attribution is not None:
            self.attribution.answered(interaction, moment[0] - moment[1])

    def simulator_shares(self) -> dict[int, float]:
        """By interaction, the simulator's seconds between its arrival and visible answer."""
        return {
            interaction: self.visible[interaction][1] - start[1]
            for interaction, start in self.arrived.items()
            if interaction in self.visible
        }

    def latencies(self, *, bot_only: bool) -> tuple[list[float], list[float]]:
        def span(start: tuple[float, float], end: tuple[float, float]) -> float:
            wall = end[0] - start[0]
            return wall - (end[1] - start[1]) if bot_only else wall

        arrived = self.arrived.items()
        first = [span(t, self.first[i]) for i, t in arrived if i in self.first]
        visible = [span(t, self.visible[i]) for i, t in arrived if i in self.visible]
        return first, visible


class TimedLog(list[Any]):
    """Stands in for SimCord's list of the bot's REST requests: records when each request
    reached the transport and keeps none of them, so the simulator's memory does not grow with
    the run (nothing in SimCord reads that list back)."""

    def __init__(self, probe: Probe) -> None:
        super().__init__()
        self._probe = probe

    def append(self, entry: Any) -> None:
        self._probe.request(entry.method, entry.path, entry.json)


def instrument(bot: Any, env: Any, probe: Probe) -> None:
    parsers = bot._connection.parsers
    original = parsers["INTERACTION_CREATE"]

    def parse_interaction_create(data: dict[str, Any]) -> None:
        interaction = int(data["id"])
        moment = probe.arrived[interaction] = probe.now()
        attribution = probe.attribution
        recorder = attribution.arrive(interaction, moment[0] - moment[1]) if attribution else None
        if attribution is None or recorder is None:
            probe.bot_work(lambda: original(data))
        else:
            probe.bot_work(lambda: attribution.parse(recorder, lambda: original(data)))

    parsers["INTERACTION_CREATE"] = parse_interaction_create
    env.backend.http_requests = TimedLog(probe)


def follow_clicks(bot: Any, probe: Probe) -> Attribution:
    """Time the bot's work by kind from here on (`loadbench.attribution`): its database, its
    games' engines and UIs and discord.py's transports are wrapped where the benchmark hands
    them over, and the interactions that arrive while the result `follow`s are accounted."""
    from discord.webhook.async_ import async_context

    loop = asyncio.get_running_loop()
    if not isinstance(loop, TimedLoop):
        raise RuntimeError("the benchmark runs on its own event loop: call loadbench.__main__.run")
    if not isinstance(bot._db, TimedDatabase):
        bot._db = TimedDatabase(bot.db)
    time_games(bot.games)
    time_requests(bot.http, async_context.get())
    attribution = probe.attribution = Attribution(loop, probe.bot_time)
    return attribution


@dataclass
class LiveGame:
    key: str
    place: Any
    members: list[Any]
    game_id: int = 0
    hands: dict[int, Any] = field(default_factory=dict)


async def click_many(
    env: Any, clicks: Sequence[tuple[Any, Any, str]], probe: Probe
) -> list[Any]:
    """Several members click at the same moment: every interaction is delivered to the bot
    before any is answered, then the bot runs until all are settled. (SimCord's own `click`
    waits for each answer before the next click; the steps are SimCord's, in a batch.) SimCord's
    delivery of each interaction (it copies the payload for the bot) is the simulator's time."""
    from simcord import actors
    from simcord.enums import ComponentType, InteractionType
    from simcord.results import InteractionResult

    backend = env.backend
    records = []
    env._begin_operation("bench clicks")
    try:
        for member, message, custom_id in clicks:
            stored = actors._visible_message(member, message)
            data = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
            record, payload = actors._interactions.base_payload(  # type: ignore[attr-defined]
                backend,
                type=InteractionType.MESSAGE_COMPONENT,
                channel_id=stored.channel_id,
                guild_id=member.guild.id,
                user_id=member.id,
                data=data,
            )
            serializers = actors.serializers  # type: ignore[attr-defined]
            payload["message"] = dict(serializers.message_payload(backend, stored))
            record.source_message_id = stored.id
            env._notify_dispatch_observers(record)
            probe.serve(backend.emit)("INTERACTION_CREATE", payload)
            records.append(record)
        await env._settle_internal(dispatch="INTERACTION_CREATE", idle=SETTLE_IDLE_SECONDS)
    finally:
        env._end_operation()
    return [InteractionResult(env, record) for record in records]


def buttons(message: Any) -> list[tuple[str, str]]:
    """(label, custom_id) of the enabled buttons of a message, nested layouts included."""
    from simcord.components import walk_components

    rows = message.components
    found: list[tuple[str, str]] = []
    raw = [row if isinstance(row, dict) else row.to_dict() for row in rows]
    for component in walk_components(raw):
        usable = component.get("custom_id") and not component.get("disabled")
        if component.get("type") == 2 and usable:
            found.append((str(component.get("label") or ""), str(component["custom_id"])))
    return found


def table_of(place: Any) -> Any | None:
    for message in reversed(place.history()[-10:]):
        if any(label == "Show my hand" for label, _ in buttons(message)):
            return message
    return None


BOT_PACKAGES = ("/bot/", "/cogs/", "/games/", "/discord/", "/pydantic")
"""Where the bot's own allocations come from (discord.py's caches included, SimCord's not)."""


async def bot_bytes_per_game(
    env: Any, count: int, rng: random.Random
) -> tuple[list[LiveGame], int]:
    """Open `count` games while tracing allocations, and return them with the bytes still held
    per game by allocations made in the bot's code, discord.py and pydantic (the simulator's
    own bookkeeping, allocated in SimCord, is left out)."""
    import tracemalloc

    gc.collect()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot()
    with requests_sent_as_json():
        games = await open_games(env, count, rng)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = 0
    for stat in after.compare_to(before, "filename"):
        name = stat.traceback[0].filename
        if any(package in name for package in BOT_PACKAGES) and "simcord" not in name:
            held += stat.size_diff
    return games, round(held / max(count, 1))


async def open_games(env: Any, count: int, rng: random.Random, start: int = 0) -> list[LiveGame]:
    games: list[LiveGame] = []
    guild = None
    tables = mixes()
    for number in range(start, start + count):
        if guild is None or number % GAMES_PER_GUILD == 0:
            guild = env.create_guild()
        assert guild is not None
        key, people, computers = tables[number % len(tables)]
        channel = guild.create_text_channel(f"table-{number}")
        members = [guild.add_member(env.create_user(f"p{number}-{i}")) for i in range(people)]
        host = members[0]
        lobby = (await host.slash(channel, f"play {key}")).response
        if lobby is None:
            raise RuntimeError(f"/play {key} opened no lobby")
        for member in members[1:]:
            await member.click(lobby, label="Join")
        for _ in range(computers):
            await host.click(lobby, label="Add computer")
        await host.click(lobby, label="Start")
        await env.advance_time(GATHER_SECONDS)
        place = channel.threads[-1] if channel.threads else channel
        games.append(LiveGame(key, place, members))
    return games


async def stream(
    env: Any,
    bot: Any,
    games: list[LiveGame],
    interactions: int,
    acting: int,
    rng: random.Random,
    probe: Probe,
) -> dict[str, Any]:
    """`interactions` clicks, `acting` at a time, by members of different running games:
    a member whose turn it is clicks a control of their hand (opening it first), others mostly
    open their hand, sometimes click an old control."""
    from bot.tables.records import load_games

    by_id: dict[int, LiveGame] = {}
    rows = await bot.db.fetchall("SELECT id, place_id FROM games WHERE status = 'running'")
    place_ids = {row["place_id"]: row["id"] for row in rows}
    for live in games:
        live.game_id = place_ids.get(live.place.id, 0)
        if live.game_id:
            by_id[live.game_id] = live
    done = 0
    started = time.perf_counter()
    started_cpu = time.thread_time()
    driven = 0.0
    """This thread's CPU time inside the clicks and the simulated clock's advances: the rest of
    the stream's is the benchmark choosing the clicks."""
    before = await bot.db.fetchone("SELECT COUNT(*) FROM actions")
    while done < interactions and by_id:
        chosen = rng.sample(sorted(by_id), min(acting, len(by_id), interactions - done))
        stored = {found.id: found for found in await load_games(bot.db, chosen)}
        clicks: list[tuple[Any, Any, str]] = []
        actors: list[tuple[LiveGame, Any]] = []
        for game_id in chosen:
            live, game = by_id[game_id], stored.get(game_id)
            if game is None or game.status != "running":
                del by_id[game_id]
                continue
            engine = bot.games.engine(game.game_key)
            to_act = set(engine.to_act(engine.load_state(game.state)))
            acting_now = [
                member
                for member in live.members
                if (seat := game.seat_of(member.id)) is not None and seat.seat in to_act
            ]
            member = rng.choice(acting_now or live.members)
            hand = live.hands.get(member.id)
            controls = [c for c in buttons(hand) if c[0] != "Show my hand"] if hand else []
            if hand is None or not controls or (not acting_now and rng.random() < 0.7):
                table = table_of(live.place)
                if table is None:
                    continue
                show = next(cid for label, cid in buttons(table) if label == "Show my hand")
                clicks.append((member, table, show))
            else:
                clicks.append((member, hand, rng.choice(controls)[1]))
            actors.append((live, member))
        if not clicks:
            continue
        cpu = time.thread_time()
        results = await click_many(env, clicks, probe)
        await env.advance_time(BATCH_SECONDS)
        driven += time.thread_time() - cpu
        for (live, member), result in zip(actors, results, strict=True):
            if result.response is not None and result.response.ephemeral:
                live.hands[member.id] = result.response
        done += len(clicks)
    elapsed = time.perf_counter() - started
    after = await bot.db.fetchone("SELECT COUNT(*) FROM actions")
    accepted = int(after[0]) - int(before[0]) if before and after else 0
    return {
        "interactions": done,
        "seconds": elapsed,
        "accepted_actions": accepted,
        "driver_cpu_seconds": time.thread_time() - started_cpu - driven,
    }


async def measured_clicks(
    env: Any,
    bot: Any,
    games: list[LiveGame],
    count: int,
    acting: int,
    rng: random.Random,
    probe: Probe,
    attribution: Attribution,
) -> dict[str, Any]:
    """A `stream` of `count` clicks, `acting` at a time, with their latencies, where their time
    went and the process's CPU time per click."""
    probe.reset()
    attribution.follow()
    process, main = time.process_time(), time.thread_time()
    preempted = resource.getrusage(resource.RUSAGE_SELF).ru_nivcsw
    simulated = probe.simulator_cpu
    try:
        flow = await stream(env, bot, games, count, acting, rng, probe)
    finally:
        attribution.stop()
    process, main = time.process_time() - process, time.thread_time() - main
    preempted = resource.getrusage(resource.RUSAGE_SELF).ru_nivcsw - preempted
    simulated = probe.simulator_cpu - simulated
    driver = flow["driver_cpu_seconds"]
    # The other threads' CPU time (aiosqlite's): the two clocks tick apart, so on PostgreSQL,
    # with no other thread, the difference can come out a hair below zero.
    others = max(0.0, process - main)
    first, visible = probe.latencies(bot_only=True)
    first_wall, visible_wall = probe.latencies(bot_only=False)

    clicks = max(int(flow["interactions"]), 1)

    def per_click(seconds: float) -> float:
        return round(1000 * seconds / clicks, 3)

    return {
        "flow": flow,
        "first_response_ms": summary(first),
        "visible_answer_ms": summary(visible),
        "simulator_included": {
            "first_response_ms": summary(first_wall),
            "visible_answer_ms": summary(visible_wall),
        },
        "breakdown": attribution.summary(probe.simulator_shares(), percentile(visible, 0.99)),
        "cpu_ms_per_click": {
            "process": per_click(process),
            "bot": per_click(process - others - simulated - driver),
            "simulator": per_click(simulated),
            "benchmark_driver": per_click(driver),
            "other_threads": per_click(others),
        },
        "preemptions_per_click": round(preempted / clicks, 2),
    }


def bot_cpu_rate(cpu: dict[str, float]) -> float:
    """Clicks per second the bot's own CPU time would allow, the simulator's and the benchmark
    driver's left out (SimCord's settling and task tracking, run on the bot's thread, stay in):
    the stream's figure less what a process without SimCord would not spend."""
    own = cpu["bot"] + cpu["other_threads"]
    return round(1000 / own, 1) if own > 0 else float("nan")


def explain(backend: str, floor: dict[str, Any], load: dict[str, Any], acting: int) -> str:
    """The breakdowns of the single click and of the load side by side, as text."""
    columns = [("single click", floor["breakdown"]), (f"{acting} at once", load["breakdown"])]
    lines = [
        f"{backend}: where a click's time goes until its visible answer, ms (mean | slowest 1%)",
        f"{'':<22}" + "".join(f"{title:>22}" for title, _ in columns),
    ]

    def row(label: str, pick: Any) -> None:
        cells = []
        for _, breakdown in columns:
            found = pick(breakdown) if breakdown.get("clicks") else None
            cells.append(f"{found[0]:>10.2f} | {found[1]:<9.2f}" if found else f"{'-':>22}")
        lines.append(f"{label:<22}" + "".join(cells))

    names = {
        "db": "database",
        "discord": "discord requests",
        "gc": "garbage collector",
        "queue": "event-loop queue",
        "wakeup": "loop waking up",
    }
    for kind in KINDS:
        part = kind

        def pick(breakdown: dict[str, Any], part: str = part) -> tuple[float, float]:
            found = breakdown["parts_ms"][part]
            return found["mean"], found["slowest_1pct"]

        row(names.get(kind, kind), pick)
    row(
        "= visible answer",
        lambda b: (b["visible_answer_ms"]["mean"], b["visible_answer_ms"]["slowest_1pct"]),
    )
    row(
        "+ simulator",
        lambda b: (b["parts_ms"]["simulator"]["mean"], b["parts_ms"]["simulator"]["slowest_1pct"]),
    )
    for title, figures in (("single click", floor), (f"{acting} at once", load)):
        cpu = figures["cpu_ms_per_click"]
        lines.append(
            f"CPU ms per click, {title}: {cpu['process']:.2f} (bot {cpu['bot']:.2f}, simulator "
            f"{cpu['simulator']:.2f}, benchmark {cpu['benchmark_driver']:.2f}, other threads "
            f"{cpu['other_threads']:.2f}); the system preempted the process "
            f"{figures['preemptions_per_click']:.2f} times per click; the bot's own CPU time "
            f"allows {bot_cpu_rate(cpu):.0f} clicks per second"
        )
        later = figures["breakdown"].get("after_answer_ms_per_click", {})
        elsewhere = figures["breakdown"].get("background_ms_per_click", {})
        lines.append(
            f"  after the answer, ms per click: {_compact(later)}; "
            f"in background: {_compact(elsewhere)}"
        )
    return "\n".join(lines)


def _compact(parts: dict[str, float]) -> str:
    return ", ".join(f"{kind} {value:.2f}" for kind, value in parts.items() if value) or "none"


async def check_integrity(bot: Any, sample: int, rng: random.Random) -> dict[str, Any]:
    """Every log numbered 0..n-1 with n the game's action count; a sample replayed."""
    from bot.tables.replay import replay

    games = await bot.db.fetchall("SELECT id, action_count FROM games")
    logs = await bot.db.fetchall(
        "SELECT game_id, COUNT(*), MIN(seq), MAX(seq) FROM actions GROUP BY game_id"
    )
    by_game = {int(row[0]): (int(row[1]), int(row[2]), int(row[3])) for row in logs}
    broken = 0
    for row in games:
        count = int(row["action_count"])
        found = by_game.get(int(row["id"]), (0, 0, -1))
        if found != (count, 0, count - 1) and not (count == 0 and found[0] == 0):
            broken += 1
    replayed = mismatched = 0
    running = [int(row["id"]) for row in games if int(row["action_count"]) > 0]
    for game_id in rng.sample(running, min(sample, len(running))):
        game = await bot.db.fetchone(
            "SELECT game_key, config, seed, state FROM games WHERE id = ?", (game_id,)
        )
        seats = await bot.db.fetchone("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
        log = await bot.db.fetchall(
            "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        engine = bot.games.engine(game["game_key"])
        state = replay(engine, game["config"], int(seats[0]), int(game["seed"]), log)
        replayed += 1
        if state.model_dump_json() != game["state"]:
            mismatched += 1
    return {
        "games": len(games),
        "logs_with_gap_or_repeat": broken,
        "replayed": replayed,
        "replay_mismatches": mismatched,
    }


async def seed_unfinished(bot: Any, count: int, rng: random.Random) -> None:
    """`count` more running games, copies of live ones (state, seats, a timer due within the
    hour, the id of a table shown) in channels of their own: what a big bot has in its database
    when it restarts. (A game without a table id would be shown again at once, as after a crash
    right after Start.)

    No timer falls due inside SimCord's settle window: SimCord waits in real time for a sleep
    that ends within the window, so a restarted bot whose first deadline came a minute later
    held the next click for that minute (most of the smoke test's time)."""
    from dataclasses import replace

    from bot.clock import now
    from bot.tables.records import insert_games, load_games

    # A game's table id is stored with its change after the table was posted (`table_post`):
    # templates are games whose id is stored already.
    running = await bot.db.fetchall(
        "SELECT id FROM games WHERE status = 'running' AND state IS NOT NULL "
        "AND table_message_id IS NOT NULL LIMIT 50"
    )
    templates = await load_games(bot.db, [int(row["id"]) for row in running])
    if not templates:
        raise RuntimeError("no running game to copy")
    moment = now()
    batch = 5000
    base = 10**15
    for start in range(0, count, batch):
        copies = []
        for number in range(start, min(start + batch, count)):
            template = templates[number % len(templates)]
            place = base + number
            copies.append(
                replace(
                    template,
                    guild_id=((10**11 + number) << 22) | 1,  # a guild of its own
                    channel_id=place,
                    place_id=place,
                    thread_id=None,
                    lobby_message_id=None,
                    table_posting_since=None,
                    wake_at=moment + rng.uniform(SETTLE_SECONDS + 60, 3600),
                    seats=[
                        replace(seat, autopilot=False, stand_in=False, timeouts=0, reminded=False)
                        for seat in template.seats
                    ],
                )
            )
        await insert_games(bot.db, copies)


async def recover_alone(settings: Any) -> dict[str, Any]:
    """Start-up recovery on the bot alone: a fresh bot object, its database opened, then
    `recover()` timed, with the memory it took."""
    from bot.app import create_bot
    from bot.db import open_database

    bot = create_bot(settings, [])
    gc.collect()
    before = rss_bytes()
    bot._db = await open_database(settings.database_path, settings.database_url)
    try:
        started = time.perf_counter()
        recovered = await bot.tables.recover()
        seconds = time.perf_counter() - started
        armed = len(bot.tables.timers)
        grown = rss_bytes() - before
    finally:
        bot.tables.close()
        await bot._db.close()
        bot._db = None
    return {
        "recovered": recovered,
        "armed": armed,
        "seconds": seconds,
        "bytes_per_recovered_game": grown / max(recovered, 1),
    }


async def run_backend(backend: str, options: argparse.Namespace, url: str | None) -> dict[str, Any]:
    probe = Probe()
    with simulator_timed(probe):
        return await measure_backend(backend, options, url, probe)


async def measure_backend(
    backend: str, options: argparse.Namespace, url: str | None, probe: Probe
) -> dict[str, Any]:
    import simcord

    from bot.app import create_bot
    from bot.settings import Settings
    from playground.waits import declare

    rng = random.Random(options.seed)
    folder = Path(tempfile.mkdtemp(prefix=f"cardtable-bench-{backend}-"))
    settings = Settings(
        _env_file=None,
        database_path=folder / "bench.sqlite3",
        database_url=url,
        shard_count=1,
        turn_seconds=86400,
        computer_delay_seconds=0,
        sync_commands=True,
    )
    bot = create_bot(settings)
    bots = [bot]
    env = simcord.Env(bot, settle_timeout=SETTLE_SECONDS)
    index_polls(env.backend)
    await env.start()
    # The bot's timers (held-back writes, computer moves, reminders) run on the simulated clock,
    # which the benchmark moves itself: undeclared, SimCord would wait for each in real time
    # inside its settle window and the figures would count that waiting.
    undeclare = declare(env)
    report: dict[str, Any] = {"backend": backend}
    try:
        instrument(bot, env, probe)
        sample = min(options.memory_sample, options.games)
        games, traced = await bot_bytes_per_game(env, sample, rng)
        gc.collect()
        before = rss_bytes()
        started = time.perf_counter()
        games += await open_games(env, options.games - sample, rng, start=sample)
        gc.collect()
        report["live_games"] = len(games)
        report["open_games_seconds"] = round(time.perf_counter() - started, 2)
        report["bytes_per_live_game_bot"] = traced
        report["bytes_per_live_game_with_simulator"] = round(
            (rss_bytes() - before) / max(options.games - sample, 1)
        )
        attribution = follow_clicks(bot, probe)
        floor = await measured_clicks(env, bot, games, options.floor, 1, rng, probe, attribution)
        load = await measured_clicks(
            env, bot, games, options.interactions, options.acting, rng, probe, attribution
        )
        flow = load["flow"]
        report.update(
            {
                "members_acting_at_once": options.acting,
                "interactions": flow["interactions"],
                "interactions_per_second": round(flow["interactions"] / flow["seconds"], 1),
                "interactions_per_bot_cpu_second": bot_cpu_rate(load["cpu_ms_per_click"]),
                "accepted_actions": flow["accepted_actions"],
                "accepted_actions_per_second": round(flow["accepted_actions"] / flow["seconds"], 1),
                "first_response_ms": load["first_response_ms"],
                "visible_answer_ms": load["visible_answer_ms"],
                "simulator_included": load["simulator_included"],
                "breakdown": load["breakdown"],
                "cpu_ms_per_click": load["cpu_ms_per_click"],
                "preemptions_per_click": load["preemptions_per_click"],
                "single_click_floor": {
                    "interactions": floor["flow"]["interactions"],
                    "first_response_ms": floor["first_response_ms"],
                    "visible_answer_ms": floor["visible_answer_ms"],
                    "simulator_included": floor["simulator_included"],
                    "breakdown": floor["breakdown"],
                    "cpu_ms_per_click": floor["cpu_ms_per_click"],
                    "preemptions_per_click": floor["preemptions_per_click"],
                },
            }
        )
        print(explain(backend, floor, load, options.acting), file=sys.stderr, flush=True)
        report["integrity"] = await check_integrity(bot, options.replay_sample, rng)

        with env.time_context():
            await seed_unfinished(bot, options.recover, rng)
        with env.time_context():  # the bot's clock, as the games' timers were set with it
            alone = await recover_alone(settings)
        report["recovery_bot_alone"] = {
            "unfinished_games": alone["recovered"],
            "timers_armed": alone["armed"],
            "seconds": round(alone["seconds"], 3),
            "bytes_per_recovered_game": round(alone["bytes_per_recovered_game"]),
        }
        try:
            # A planned restart, as `python -m bot` stopped by SIGTERM or Ctrl-C makes: the old
            # bot stores the ids of the tables it posted since their games' last change. After
            # a crash it could not, and the new bot would delete and post again each of those
            # tables at once, more than SimCord's fixed 5 s start-up window lets a thousand
            # games do; their number is reported instead.
            in_doubt = await bot.db.fetchone(
                "SELECT COUNT(*) FROM games WHERE status = 'running' "
                "AND table_posting_since IS NOT NULL"
            )
            await bot.tables.shut_down()
            restarted = create_bot(settings)
            bots.append(restarted)
            started = time.perf_counter()
            await env.restart_bot(restarted)
            seconds = time.perf_counter() - started
            instrument(restarted, env, probe)
            live = next(game for game in games if table_of(game.place) is not None)
            table = table_of(live.place)
            shown = await live.members[0].click(table, label="Show my hand")
            report["recovery_in_simcord"] = {
                "restart_seconds": round(seconds, 3),
                "tables_a_crash_would_post_again": int(in_doubt[0]) if in_doubt else 0,
                "timers_armed": len(restarted.tables.timers),
                "old_button_answers": shown.response is not None,
            }
        except Exception as error:  # report what was measured so far, and why it stopped
            report["recovery_in_simcord"] = {"error": f"{type(error).__name__}: {error}"[:500]}
    finally:
        undeclare()
        await env.shutdown()
        for each in bots:
            if each._db is not None:
                await each._db.close()
        shutil.rmtree(folder, ignore_errors=True)
    return report


def summary(seconds: Sequence[float]) -> dict[str, float]:
    ms = [value * 1000 for value in seconds]
    return {
        "count": len(ms),
        "p50": round(percentile(ms, 0.50), 2),
        "p95": round(percentile(ms, 0.95), 2),
        "p99": round(percentile(ms, 0.99), 2),
        "mean": round(statistics.fmean(ms), 2) if ms else float("nan"),
    }


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m loadbench", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="live games (default 2000)")
    parser.add_argument("--acting", type=int, default=8, help="members acting at once (8)")
    parser.add_argument("--interactions", type=int, default=4000, help="clicks in the stream")
    parser.add_argument(
        "--floor",
        type=int,
        default=200,
        help="clicks made one at a time on the idle bot first, the single click's floor (200)",
    )
    parser.add_argument(
        "--recover", type=int, default=10000, help="unfinished games recovered at start-up"
    )
    parser.add_argument("--replay-sample", type=int, default=200, help="games replayed")
    parser.add_argument(
        "--memory-sample", type=int, default=100, help="games opened under tracemalloc (100)"
    )
    parser.add_argument(
        "--backend", choices=("sqlite", "postgresql", "both"), default="both", help="(both)"
    )
    parser.add_argument(
        "--database-url",
        help="PostgreSQL to use (an empty database); default: a throw-away local server",
    )
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


async def main(argv: Sequence[str]) -> dict[str, Any]:
    import logging

    logging.basicConfig(level=logging.WARNING)
    options = parse(argv)
    results: dict[str, Any] = {"options": vars(options), "targets": TARGETS}
    results.update(
        await on_each_backend(
            options, "live games", lambda backend, url: run_backend(backend, options, url)
        )
    )
    return results


def run(argv: Sequence[str]) -> dict[str, Any]:
    """The benchmark on its own event loop (`TimedLoop`), which the breakdown's queue needs."""
    with asyncio.Runner(loop_factory=TimedLoop) as runner:
        return runner.run(main(argv))


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1:])))
