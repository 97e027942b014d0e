"""Benchmark of the talk rule detector: `python -m games.the_game.table_talk_bench`.

Runs `reveals_number` over labelled corpora (tests/talk/*.tsv by default) and prints, for each,
how many number-revealing messages were caught and how much ordinary chat was flagged, the same
for all held-out sets together (files whose name contains "heldout": written after tuning and
never tuned on), then the median and 99th-percentile time per message. The last line is a JSON
object with every figure, for scripts.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from games.the_game.table_talk import reveals_number

DEFAULT_CORPORA = Path(__file__).resolve().parents[2] / "tests" / "talk"
NUMBER, CHAT = "number", "chat"
HELD_OUT = "heldout"
"""In the name of a corpus written after tuning and never tuned on."""
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\"}


@dataclass(frozen=True)
class Sample:
    """One labelled message: `reveals` is what the detector should answer."""

    text: str
    reveals: bool
    line: int


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1) or match.group(2)
    if code:
        return chr(int(code, 16))
    return _SIMPLE_ESCAPES[match.group(3)]


def load_corpus(path: Path) -> list[Sample]:
    """Reads `label<TAB>text` lines; `#` lines and blank lines are comments. The escapes \\n,
    \\t, \\\\, \\uXXXX and \\UXXXXXXXX keep invisible characters visible in the file."""
    samples: list[Sample] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        label, text = line.split("\t", 1)
        if label not in (NUMBER, CHAT):
            raise ValueError(f"{path}:{number}: unknown label {label!r}")
        samples.append(Sample(_ESCAPE.sub(_unescape, text), label == NUMBER, number))
    return samples


@dataclass(frozen=True)
class Score:
    """Detection figures for one corpus, with the messages it got wrong."""

    numbers: int
    chats: int
    missed: list[Sample]
    flagged: list[Sample]

    @property
    def catch_rate(self) -> float:
        return 1 - len(self.missed) / self.numbers if self.numbers else 1.0

    @property
    def false_positive_rate(self) -> float:
        return len(self.flagged) / self.chats if self.chats else 0.0


def score(samples: list[Sample]) -> Score:
    missed = [s for s in samples if s.reveals and not reveals_number(s.text)]
    flagged = [s for s in samples if not s.reveals and reveals_number(s.text)]
    numbers = sum(s.reveals for s in samples)
    return Score(numbers, len(samples) - numbers, missed, flagged)


def _figures(name: str, samples: list[Sample], result: Score) -> dict[str, object]:
    print(f"{name}: {len(samples)} messages, "
          f"caught {result.numbers - len(result.missed)}/{result.numbers} numbers "
          f"({result.catch_rate:.1%}), flagged {len(result.flagged)}/{result.chats} chat "
          f"({result.false_positive_rate:.1%})")
    return {
        "messages": len(samples), "numbers": result.numbers, "chat": result.chats,
        "catch_rate": round(result.catch_rate, 4),
        "false_positive_rate": round(result.false_positive_rate, 4),
    }


def time_per_message(texts: list[str], repeat: int) -> list[float]:
    """Mean seconds per call for each message, over `repeat` calls."""
    timings = []
    for text in texts:
        start = time.perf_counter()
        for _ in range(repeat):
            reveals_number(text)
        timings.append((time.perf_counter() - start) / repeat)
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="*", type=Path,
                        help="labelled .tsv files (default: tests/talk/*.tsv)")
    parser.add_argument("--repeat", type=int, default=200, help="calls per message when timing")
    args = parser.parse_args(argv)
    paths: list[Path] = args.corpora or sorted(DEFAULT_CORPORA.glob("*.tsv"))
    report: dict[str, object] = {}
    texts: list[str] = []
    held_out: list[Sample] = []
    for path in paths:
        samples = load_corpus(path)
        texts += [s.text for s in samples]
        result = score(samples)
        report[path.stem] = _figures(path.name, samples, result)
        for sample in result.missed:
            print(f"  missed  line {sample.line}: {sample.text!r}")
        for sample in result.flagged:
            print(f"  flagged line {sample.line}: {sample.text!r}")
        if HELD_OUT in path.stem:
            held_out += samples
    if held_out:
        report["heldout_total"] = _figures("all held-out sets", held_out, score(held_out))
    timings = sorted(time_per_message(texts, args.repeat))
    median_us = statistics.median(timings) * 1e6
    p99_us = timings[min(len(timings) - 1, int(len(timings) * 0.99))] * 1e6
    print(f"time per message over {len(texts)} messages: median {median_us:.1f} µs, "
          f"p99 {p99_us:.1f} µs")
    report["timing"] = {"messages": len(texts), "median_us": round(median_us, 2),
                        "p99_us": round(p99_us, 2)}
    print(json.dumps(report, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
