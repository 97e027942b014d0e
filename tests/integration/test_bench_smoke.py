"""`python -m loadbench` runs end to end with tiny numbers on both backends and reports every
figure, with nothing lost or applied twice (the benchmark itself is not a test: see README)."""

from __future__ import annotations

from tests.integration.helpers import run_loadbench
from tests.support.postgres import PostgresServer


def test_the_load_benchmark_runs_on_both_backends(postgres_server: PostgresServer) -> None:
    report, _ = run_loadbench(
        *("--games", "5", "--interactions", "20", "--floor", "5", "--recover", "50"),
        *("--database-url", postgres_server.new_schema()),
    )
    for backend in ("sqlite", "postgresql"):
        figures = report[backend]
        assert figures["live_games"] == 5
        assert figures["interactions"] == 20
        assert figures["first_response_ms"]["count"] == 20
        assert figures["visible_answer_ms"]["count"] >= 1
        assert figures["integrity"]["logs_with_gap_or_repeat"] == 0
        assert figures["integrity"]["replay_mismatches"] == 0
        assert figures["recovery_bot_alone"]["timers_armed"] >= 50
        assert figures["recovery_in_simcord"]["old_button_answers"] is True
        assert figures["recovery_in_simcord"]["tables_a_crash_would_post_again"] >= 0
        # Where the time goes, on each backend (tests/integration/test_bench_breakdown.py checks
        # that the parts add up).
        assert figures["breakdown"]["clicks"] == figures["visible_answer_ms"]["count"]
        floor = figures["single_click_floor"]
        assert floor["breakdown"]["clicks"] == floor["visible_answer_ms"]["count"] >= 1
