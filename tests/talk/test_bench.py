"""The benchmark's output contract: readable lines, then one JSON object."""

import json

import pytest

from games.the_game.table_talk_bench import DEFAULT_CORPORA, main


def test_bench_ends_with_a_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(DEFAULT_CORPORA / "corpus.tsv"), "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["corpus"]["catch_rate"] == 1.0
    assert summary["corpus"]["false_positive_rate"] == 0.0
    assert summary["timing"]["messages"] == summary["corpus"]["messages"]
    assert 0 < summary["timing"]["median_us"] <= summary["timing"]["p99_us"]
