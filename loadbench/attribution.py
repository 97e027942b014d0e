"""Where a click's time goes: the benchmark's account of each interaction's time, from the bot
parsing it to the answer the member sees, by kind of work.

Each kind is timed where the benchmark can reach it from outside the bot:

- `db`: inside the storage calls, a `Database` wrapped around the one the bot opened
  (`TimedDatabase`), transactions' opening and commit included;
- `engine`: the registered engines' methods (apply, legal actions, views, loading a state) and
  their computer policies, through stand-ins registered in the bot's game catalog (`Timed`);
- `render`: the registered UIs' methods, the same way, and drawing a hand or a lobby
  (`bot.tables.presenting`, marked with `bot.spans`);
- `lock`: waiting for a game's lock (`bot.tables.locks`, marked with `bot.spans`);
- `discord`: inside discord.py's HTTP client's and webhook adapter's `request` (simulator left
  out: with SimCord the transport answers at once, so this is only discord.py's side of it);
- `gc`: Python's garbage collector, run while the click's own code allocated (a full
  collection over everything the process holds can take tens of milliseconds);
- `queue`: a task of the click ready to run (its first step, or what it awaited done, an
  aiosqlite thread's answer included) while the event loop ran something else (`TimedLoop`);
- `wakeup`: the same while the loop still slept in `select`, waiting for the operating system
  to wake its thread on another thread's hand-over (aiosqlite answering): the machine's
  scheduling, not the loop's work;
- `other`: the rest: the bot's own code outside those spans, discord.py building requests and
  parsing answers, pydantic, and any wait nothing above names.

Times are on the bot's clock (`Probe.bot_time`: wall time less the simulator's), so the kinds of
one click add up to its visible answer without the simulator, and with the simulator's share
beside them to the wall time. Spans nest; the innermost is charged (an engine's view drawn
while drawing a hand is engine time). A click's work is what runs in the tasks created while
its interaction was parsed; what those tasks schedule elsewhere (a held-back table edit, a
computer's move) is its `background`, and its own task's work after the answer is `after`.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import gc
import inspect
import selectors
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVarTuple, cast

from bot.db import Database, Row, Transaction, Write
from bot.db.base import Params
from bot.spans import RECORDER, span, timed
from bot.tables.registry import GameCatalog
from bot.tables.ui import GameUI
from games.core.base import Engine

KINDS = ("lock", "db", "engine", "render", "discord", "gc", "queue", "wakeup", "other")
"""The bot's side of a click, in the order the report prints them (the simulator comes
beside)."""

Clock = Callable[[], float]
Ts = TypeVarTuple("Ts")


class ClickRecorder:
    """One interaction's time by kind (`bot.spans.Recorder`). A click's tasks are awaited one
    after another (discord.py runs a component's callback in one task), so one cursor walks the
    window from the parse to the answer, charging each stretch to what the task that reports it
    was doing."""

    def __init__(self, clock: Clock, arrived: float) -> None:
        self._clock = clock
        self.arrived = arrived
        self.answered: float | None = None
        self.parsing = True
        self.window = dict.fromkeys(KINDS, 0.0)
        self.after = dict.fromkeys(KINDS, 0.0)
        self.background = dict.fromkeys(KINDS, 0.0)
        self._cursor = arrived
        self._foreground: set[asyncio.Task[Any]] = set()
        self._stacks: dict[asyncio.Task[Any] | None, list[str]] = {}
        self._since: dict[asyncio.Task[Any] | None, float] = {}

    def adopt(self, task: asyncio.Task[Any]) -> None:
        """A task created in this interaction's context: its own while it is parsed."""
        if self.parsing:
            self._foreground.add(task)

    def parsed(self) -> None:
        self._charge(self._clock(), "other")
        self.parsing = False

    def enter(self, kind: str) -> None:
        task = _current_task()
        stack = self._stacks.setdefault(task, [])
        self._account(task, stack, self._clock())
        stack.append(kind)

    def leave(self) -> None:
        task = _current_task()
        stack = self._stacks.get(task)
        if not stack:
            return
        self._account(task, stack, self._clock())
        stack.pop()
        if not stack:
            del self._stacks[task]

    def queued(self, task: asyncio.Task[Any], ready: float, ran: float, asleep: float) -> None:
        """`task` was ready to run from `ready` and ran at `ran`, `asleep` seconds of which the
        loop slept in `select` (it was woken by another thread)."""
        stack = self._stacks.get(task, [])
        asleep = min(max(asleep, 0.0), max(ran - ready, 0.0))
        if self._in_window(task):
            self._charge(ready, stack[-1] if stack else "other")
            self._charge(ready + asleep, "wakeup")
            self._charge(ran, "queue")
            return
        bucket = self.after if task in self._foreground else self.background
        if stack:
            bucket[stack[-1]] += max(0.0, ready - self._since.get(task, ready))
            self._since[task] = ran
        bucket["wakeup"] += asleep
        bucket["queue"] += max(0.0, ran - ready - asleep)

    def answer(self, moment: float) -> None:
        """The member sees the answer: the window closes."""
        if self.answered is not None:
            return
        stack = self._stacks.get(_current_task(), [])
        self._charge(moment, stack[-1] if stack else "other")
        self.answered = moment
        for task in self._stacks:
            self._since[task] = moment

    def forget_tasks(self) -> None:
        self._foreground.clear()
        self._stacks.clear()
        self._since.clear()

    def _in_window(self, task: asyncio.Task[Any] | None) -> bool:
        return self.answered is None and (self.parsing or task in self._foreground)

    def _account(
        self, task: asyncio.Task[Any] | None, stack: list[str], moment: float
    ) -> None:
        if self._in_window(task):
            self._charge(moment, stack[-1] if stack else "other")
        elif stack:
            bucket = self.after if task in self._foreground else self.background
            bucket[stack[-1]] += max(0.0, moment - self._since.get(task, moment))
        self._since[task] = moment

    def _charge(self, moment: float, kind: str) -> None:
        if moment > self._cursor:
            self.window[kind] += moment - self._cursor
            self._cursor = moment


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


def _unwrapped(callback: Any) -> Any:
    """The callback SimCord wrapped to track it (it keeps the original on the wrapper)."""
    while (original := getattr(callback, "__simcord_original_callback__", None)) is not None:
        callback = original
    return callback


class IdleSelector(selectors.DefaultSelector):
    """The loop's selector, counting the time the loop sleeps in `select` (read from any
    thread: a hand-over from another thread notes how long the loop has slept so far)."""

    def __init__(self) -> None:
        super().__init__()
        self._slept = 0.0
        self._since: float | None = None

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        self._since = time.perf_counter()
        try:
            return super().select(timeout)
        finally:
            self._slept += time.perf_counter() - self._since
            self._since = None

    def slept(self) -> float:
        since = self._since
        return self._slept + (time.perf_counter() - since if since is not None else 0.0)


class TimedLoop(asyncio.SelectorEventLoop):
    """The loop the benchmark runs on: it notes when a task of a followed interaction became
    ready to run and when it ran, the `queue` of the breakdown, and how long of that the loop
    slept (`wakeup`). A task is ready when the loop is asked to step it; when that happens in a
    callback handed over by another thread (aiosqlite answering), it was ready from the moment
    of the hand-over. Tasks created in an interaction's context are told to its recorder, which
    keeps those created while it is parsed."""

    clock: Clock | None = None
    """The bot's clock while interactions are followed, else None (nothing is noted)."""

    _ready_since: tuple[float, float] | None = None

    def __init__(self) -> None:
        self._selector_timed = IdleSelector()
        super().__init__(self._selector_timed)

    def call_soon(
        self,
        callback: Callable[[*Ts], object],
        *args: *Ts,
        context: contextvars.Context | None = None,
    ) -> asyncio.Handle:
        clock = self.clock
        if clock is not None:
            recorder = RECORDER.get() if context is None else context.get(RECORDER)
            task = getattr(_unwrapped(callback), "__self__", None)
            if isinstance(recorder, ClickRecorder) and isinstance(task, asyncio.Task):
                ready = self._ready_since or (clock(), self._selector_timed.slept())
                return super().call_soon(
                    self._resume, clock, recorder, task, ready, callback, *args, context=context
                )
        return super().call_soon(callback, *args, context=context)

    def call_soon_threadsafe(
        self,
        callback: Callable[[*Ts], object],
        *args: *Ts,
        context: contextvars.Context | None = None,
    ) -> asyncio.Handle:
        clock = self.clock
        if clock is None:
            return super().call_soon_threadsafe(callback, *args, context=context)
        ready = (clock(), self._selector_timed.slept())
        return super().call_soon_threadsafe(
            self._handed_over, ready, callback, *args, context=context
        )

    def create_task(  # type: ignore[override]
        self,
        coro: Coroutine[Any, Any, Any],
        *,
        name: str | None = None,
        context: contextvars.Context | None = None,
    ) -> asyncio.Task[Any]:
        task = super().create_task(coro, name=name, context=context)
        recorder = RECORDER.get() if context is None else context.get(RECORDER)
        if isinstance(recorder, ClickRecorder):
            recorder.adopt(task)
        return task

    def _resume(
        self,
        clock: Clock,
        recorder: ClickRecorder,
        task: asyncio.Task[Any],
        ready: tuple[float, float],
        callback: Callable[[*Ts], object],
        *args: *Ts,
    ) -> None:
        asleep = self._selector_timed.slept() - ready[1]
        recorder.queued(task, ready[0], clock(), asleep)
        callback(*args)

    def _handed_over(
        self, ready: tuple[float, float], callback: Callable[[*Ts], object], *args: *Ts
    ) -> None:
        self._ready_since = ready
        try:
            callback(*args)
        finally:
            self._ready_since = None


class TimedTransaction(Transaction):
    def __init__(self, inner: Transaction) -> None:
        self._inner = inner

    async def execute(self, sql: str, params: Params = ()) -> int:
        with span("db"):
            return await self._inner.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        with span("db"):
            await self._inner.executemany(sql, rows)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        with span("db"):
            return await self._inner.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        with span("db"):
            return await self._inner.fetchall(sql, params)

    async def insert(self, sql: str, params: Params = ()) -> int:
        with span("db"):
            return await self._inner.insert(sql, params)


class TimedDatabase(Database):
    """The bot's database with every storage call timed as `db`: handed to the bot in place of
    the one it opened."""

    def __init__(self, inner: Database) -> None:
        self.inner = inner
        self.backend = inner.backend

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        with span("db"):
            return await self.inner.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        with span("db"):
            return await self.inner.fetchall(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        opened = self.inner.transaction()
        with span("db"):
            conn = await opened.__aenter__()
        try:
            yield TimedTransaction(conn)
        except BaseException as error:
            with span("db"):
                suppressed = await opened.__aexit__(type(error), error, error.__traceback__)
            if not suppressed:
                raise
        else:
            with span("db"):
                await opened.__aexit__(None, None, None)

    async def write(self, writes: Sequence[Write]) -> None:
        with span("db"):
            await self.inner.write(writes)

    async def close(self) -> None:
        await self.inner.close()

    async def schema_version(self) -> int:
        return await self.inner.schema_version()


class Timed:
    """Stands in for a registered engine or UI (or a computer's policy): every method call on it
    is timed as `kind`; other attributes are the original's."""

    def __init__(self, inner: object, kind: str) -> None:
        self._inner = inner
        self._kind = kind

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._inner, name)
        if not inspect.ismethod(value):
            return value
        method = timed(self._kind)(value)
        if name == "policy":  # a computer's choice is the engine's work too
            method = _policies(method, self._kind)
        self.__dict__[name] = method
        return method


def _policies(make: Callable[..., Any], kind: str) -> Callable[..., Any]:
    @functools.wraps(make)
    def policy(*args: Any, **kwargs: Any) -> Any:
        return Timed(make(*args, **kwargs), kind)

    return policy


def time_games(catalog: GameCatalog) -> None:
    """Register every game again with its engine and UI timed."""
    for ui in catalog.uis():
        engine = catalog.engine(ui.key)
        if engine is None or isinstance(ui, Timed):
            continue
        timed_ui = cast(GameUI[Any], Timed(ui, "render"))
        catalog.register(timed_ui, cast(Engine, Timed(engine, "engine")))


def time_requests(*clients: object) -> None:
    """discord.py's transports (its HTTP client, SimCord's webhook adapter) with each request
    timed as `discord`."""
    for client in clients:
        request = client.request  # type: ignore[attr-defined]
        if getattr(request, "timed_as", None):
            continue

        async def timed_request(
            *args: Any, _request: Callable[..., Any] = request, **kwargs: Any
        ) -> Any:
            with span("discord"):
                return await _request(*args, **kwargs)

        timed_request.timed_as = "discord"  # type: ignore[attr-defined]
        setattr(client, "request", timed_request)  # noqa: B010


def _collecting(phase: str, info: dict[str, int]) -> None:
    """The garbage collector's pauses, charged to the code that allocated when it ran."""
    recorder = RECORDER.get()
    if recorder is None:
        return
    if phase == "start":
        recorder.enter("gc")
    else:
        recorder.leave()


class Attribution:
    """The recorders of the interactions followed in one phase of the benchmark (the single
    click's floor, the load), by interaction id."""

    def __init__(self, loop: TimedLoop, clock: Clock) -> None:
        self._loop = loop
        self._clock = clock
        self.clicks: dict[int, ClickRecorder] = {}

    def follow(self) -> None:
        self.clicks.clear()
        self._loop.clock = self._clock
        gc.callbacks.append(_collecting)

    def stop(self) -> None:
        gc.callbacks.remove(_collecting)
        self._loop.clock = None
        for recorder in self.clicks.values():
            recorder.forget_tasks()

    def arrive(self, interaction: int, moment: float) -> ClickRecorder | None:
        if self._loop.clock is None:
            return None
        recorder = self.clicks[interaction] = ClickRecorder(self._clock, moment)
        return recorder

    def answered(self, interaction: int, moment: float) -> None:
        recorder = self.clicks.get(interaction)
        if recorder is not None:
            recorder.answer(moment)

    def parse(self, recorder: ClickRecorder, parse: Callable[[], None]) -> None:
        """Run an interaction's parse in a context of its own holding its recorder, which the
        tasks discord.py creates for it then copy."""

        def parsing() -> None:
            RECORDER.set(recorder)
            try:
                parse()
            finally:
                recorder.parsed()

        contextvars.copy_context().run(parsing)

    def summary(self, simulator: dict[int, float], slowest: float) -> dict[str, Any]:
        """Milliseconds by kind: the mean over the answered clicks and over the slowest
        (answers at or above `slowest` seconds on the bot's clock), with the simulator's share
        (`simulator`, seconds by interaction) beside; what clicks did outside their window,
        per click."""
        answered = [
            (interaction, recorder)
            for interaction, recorder in self.clicks.items()
            if recorder.answered is not None and interaction in simulator
        ]
        if not answered:
            return {"clicks": 0}

        def parts(chosen: list[tuple[int, ClickRecorder]]) -> dict[str, float]:
            totals = dict.fromkeys((*KINDS, "simulator"), 0.0)
            for interaction, recorder in chosen:
                for kind, seconds in recorder.window.items():
                    totals[kind] += seconds
                totals["simulator"] += simulator[interaction]
            return {kind: round(1000 * value / len(chosen), 3) for kind, value in totals.items()}

        def visible(recorder: ClickRecorder) -> float:
            return (recorder.answered or recorder.arrived) - recorder.arrived

        tail = [pair for pair in answered if visible(pair[1]) >= slowest] or answered
        mean, slow = parts(answered), parts(tail)

        def outside(field: str) -> dict[str, float]:
            totals = dict.fromkeys(KINDS, 0.0)
            for _, recorder in answered:
                for kind, seconds in getattr(recorder, field).items():
                    totals[kind] += seconds
            return {
                kind: round(1000 * value / len(answered), 3)
                for kind, value in totals.items()
                if kind != "other"
            }

        return {
            "clicks": len(answered),
            "slowest_clicks": len(tail),
            "parts_ms": {
                kind: {"mean": mean[kind], "slowest_1pct": slow[kind]} for kind in mean
            },
            "visible_answer_ms": {
                "mean": round(sum(mean.values()) - mean["simulator"], 3),
                "slowest_1pct": round(sum(slow.values()) - slow["simulator"], 3),
                "mean_with_simulator": round(sum(mean.values()), 3),
            },
            "after_answer_ms_per_click": outside("after"),
            "background_ms_per_click": outside("background"),
        }
