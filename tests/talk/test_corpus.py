"""The detector against the labelled corpora, with the targets of issues 5 and 16: at least 99 %
of number-revealing messages caught and at most 1 % of ordinary chat (count talk included)
flagged, over all held-out sets together; each set alone, about a hundred chat messages, is
allowed 2 % since one message there is already 1 %."""

from pathlib import Path

import pytest

from games.the_game.table_talk_bench import (
    DEFAULT_CORPORA,
    HELD_OUT,
    Sample,
    load_corpus,
    score,
)

CORPORA = sorted(DEFAULT_CORPORA.glob("*.tsv"))
TUNING = [DEFAULT_CORPORA / "corpus.tsv", DEFAULT_CORPORA / "counts.tsv"]


def _describe(samples: list[Sample]) -> str:
    return "; ".join(f"line {s.line}: {s.text!r}" for s in samples)


def test_the_tuning_corpus_is_large_and_balanced() -> None:
    samples = load_corpus(DEFAULT_CORPORA / "corpus.tsv")
    numbers = sum(s.reveals for s in samples)
    assert len(samples) >= 300
    assert numbers >= 100
    assert len(samples) - numbers >= 100


@pytest.mark.parametrize("path", CORPORA, ids=lambda p: p.stem)
def test_catches_numbers_and_spares_chat(path: Path) -> None:
    result = score(load_corpus(path))
    assert result.catch_rate >= 0.99, _describe(result.missed)
    assert result.false_positive_rate <= 0.02, _describe(result.flagged)


def test_count_talk_has_at_least_150_messages_on_each_side_of_the_line() -> None:
    samples = [
        sample
        for name in ("counts.tsv", "counts_heldout.tsv")
        for sample in load_corpus(DEFAULT_CORPORA / name)
    ]
    numbers = sum(s.reveals for s in samples)
    assert numbers >= 150
    assert len(samples) - numbers >= 150


def test_all_held_out_sets_together_meet_the_targets() -> None:
    held_out = [path for path in CORPORA if HELD_OUT in path.stem]
    assert len(held_out) >= 3
    result = score([sample for path in held_out for sample in load_corpus(path)])
    assert result.catch_rate >= 0.99, _describe(result.missed)
    assert result.false_positive_rate <= 0.01, _describe(result.flagged)


@pytest.mark.parametrize("path", TUNING, ids=lambda p: p.stem)
def test_the_tuning_corpora_are_fully_right(path: Path) -> None:
    result = score(load_corpus(path))
    assert result.missed == [], _describe(result.missed)
    assert result.flagged == [], _describe(result.flagged)


def test_corpus_escapes_keep_invisible_characters(tmp_path: Path) -> None:
    path = tmp_path / "tiny.tsv"
    path.write_text("# comment\n\nnumber\ts\\u200be\\npt\nchat\t\\\\o/\n", encoding="utf-8")
    samples = load_corpus(path)
    assert [(s.text, s.reveals, s.line) for s in samples] == [
        ("s\u200be\npt", True, 3),
        ("\\o/", False, 4),
    ]


def test_corpus_rejects_unknown_labels(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("maybe\tsept\n", encoding="utf-8")
    with pytest.raises(ValueError, match="unknown label"):
        load_corpus(path)
