"""`python -m loadbench` says where a click's time goes, under load and for a single click on
the idle bot: every part of the visible answer is present and non-negative, and the parts add
up to the answer it measures (the figures themselves are not checked: see README)."""

from __future__ import annotations

import math
from contextlib import suppress
from typing import Any

from simcord import Env

from loadbench.attribution import KINDS
from tests.integration.helpers import run_loadbench

PARTS = {*KINDS, "simulator"}


def run_benchmark() -> dict[str, Any]:
    report, printed = run_loadbench(
        *("--games", "6", "--interactions", "30", "--floor", "12", "--recover", "10"),
        *("--replay-sample", "5", "--backend", "sqlite"),
    )
    assert "where a click's time goes" in printed
    figures: dict[str, Any] = report["sqlite"]
    return figures


def check_breakdown(figures: dict[str, Any], clicks: int) -> None:
    breakdown = figures["breakdown"]
    assert breakdown["clicks"] == figures["visible_answer_ms"]["count"] >= min(clicks, 1)
    assert breakdown["clicks"] <= clicks
    parts = breakdown["parts_ms"]
    assert set(parts) == PARTS
    for part in parts.values():
        assert part["mean"] >= 0 and part["slowest_1pct"] >= 0
    bot_parts = sum(parts[kind]["mean"] for kind in KINDS)
    measured = figures["visible_answer_ms"]["mean"]
    assert math.isclose(bot_parts, measured, rel_tol=0.01, abs_tol=0.05)
    with_simulator = figures["simulator_included"]["visible_answer_ms"]["mean"]
    assert math.isclose(bot_parts + parts["simulator"]["mean"], with_simulator, abs_tol=0.05)
    slowest = sum(parts[kind]["slowest_1pct"] for kind in KINDS)
    assert math.isclose(slowest, breakdown["visible_answer_ms"]["slowest_1pct"], abs_tol=0.05)
    assert slowest >= figures["visible_answer_ms"]["p50"]
    for outside in ("after_answer_ms_per_click", "background_ms_per_click"):
        assert all(value >= 0 for value in breakdown[outside].values())
    cpu = figures["cpu_ms_per_click"]
    assert cpu["process"] > 0
    assert all(cpu[share] >= 0 for share in ("simulator", "benchmark_driver", "other_threads"))
    assert math.isclose(
        cpu["bot"] + cpu["simulator"] + cpu["benchmark_driver"] + cpu["other_threads"],
        cpu["process"],
        abs_tol=0.01,
    )


def test_the_load_benchmark_breaks_a_click_down_under_load_and_alone() -> None:
    report = run_benchmark()
    assert report["interactions"] == 30
    check_breakdown(report, 30)
    cpu = report["cpu_ms_per_click"]
    own = cpu["bot"] + cpu["other_threads"]
    assert math.isclose(report["interactions_per_bot_cpu_second"], 1000 / own, rel_tol=0.01)
    floor = report["single_click_floor"]
    assert floor["interactions"] == 12
    assert floor["first_response_ms"]["count"] == 12
    check_breakdown(floor, 12)
    assert report["integrity"]["logs_with_gap_or_repeat"] == 0
    assert report["integrity"]["replay_mismatches"] == 0


def test_each_backend_s_run_times_the_simulator_itself() -> None:
    """`--backend both` measures the second backend with a probe of its own: the simulator's
    requests must reach that probe, or its figures "without the simulator" still hold it."""
    from simcord.http import router

    from loadbench.__main__ import Probe
    from loadbench.simulator import simulator_timed

    original = router.dispatch
    bookkeeping = Env._process_resource_deadlines
    for _ in ("sqlite", "postgresql"):
        probe = Probe()
        # The request's outcome does not matter, only that it was timed.
        with simulator_timed(probe), suppress(Exception):
            router.dispatch(None, "GET", "/not-a-route")
        assert probe.simulator > 0
        assert router.dispatch is original
        assert Env._process_resource_deadlines is bookkeeping


async def test_the_simulators_clock_bookkeeping_is_the_simulators_time(
    simcord_env: Env,
) -> None:
    """SimCord closing polls and starting scheduled events when its clock moves runs on the
    bot's thread: it is the simulator's time, not the bot's."""
    from loadbench.__main__ import Probe
    from loadbench.simulator import simulator_timed

    probe = Probe()
    with simulator_timed(probe):
        await simcord_env.advance_time(1)
    assert probe.simulator > 0
