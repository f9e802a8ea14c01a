#!/usr/bin/env python3
"""textlimit beside the `regex` module's \\X and the `grapheme` package, in one run, on the
benchmark corpora (Benchmarks/Scripts/make-corpora), line by line as a pipeline sees posts, and
on the tests' random texts (every hard case).

    python Python/benchmarks/compare.py [--corpora DIR] [--mib 1] [--rounds 3]

Needs `pip install .[benchmark]` (regex, grapheme, pyarrow). For each corpus it prints throughput in MB/s
of UTF-8 (best of the rounds) and the ratio to textlimit's batch call, then how many lines each
other method counts differently from textlimit (which counts as Swift's String does: the tests
check it against the `textlimit` tool), with example clusters.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import grapheme
import pyarrow
import regex

import textlimit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from texts import as_swift_reads, random_text  # noqa: E402

CORPORA = ["english", "russian", "chinese", "japanese", "hindi", "arabic", "emoji", "mixed"]
CLUSTER = regex.compile(r"\X")


def best_time(function, rounds: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(rounds):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def methods(lines: list[str]) -> dict[str, object]:
    arrow = pyarrow.array(lines, pyarrow.string())  # as Spark hands a column to a pandas UDF
    return {
        "textlimit.count_many": lambda: textlimit.count_many(lines),
        "  on an Arrow array": lambda: textlimit.count_many(arrow).to_pylist(),
        "textlimit.count per line": lambda: [textlimit.count(line) for line in lines],
        "regex \\X": lambda: [len(CLUSTER.findall(line)) for line in lines],
        "grapheme.length": lambda: [grapheme.length(line) for line in lines],
        "len() (code points)": lambda: [len(line) for line in lines],
    }


def example_clusters(line: str, clusters: list[str]) -> list[str]:
    """Clusters another method forms that Swift splits, or pairs it splits that Swift joins."""
    found = [c for c in clusters if textlimit.count(c) != 1]
    found += [a + b for a, b in zip(clusters, clusters[1:]) if textlimit.count(a + b) == 1]
    return found


def describe(cluster: str) -> str:
    return " ".join(f"U+{ord(c):04X}" for c in cluster)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpora", type=Path,
                        default=Path.home() / ".cache" / "textlimit-corpora")
    parser.add_argument("--mib", type=float, default=1.0, help="MiB of each corpus")
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    print(f"textlimit {textlimit.version()} ({textlimit.backend()}), regex {regex.__version__}, "
          f"grapheme {getattr(grapheme, '__version__', '0.6.0')}; MB/s of UTF-8, best of "
          f"{options.rounds}, ratio to textlimit.count_many\n")
    disagreements = []
    # The tests' random texts: every hard case (GB9c, Kirat Rai, keycaps, lone surrogates as
    # U+FFFD...), 20,000 lines.
    rng = random.Random(20261201)
    edge_cases = [as_swift_reads(random_text(rng)).decode().replace("\n", " ")
                  for _ in range(20_000)]
    for name in CORPORA + ["edge-cases"]:
        if name == "edge-cases":
            lines = edge_cases
        else:
            path = options.corpora / f"{name}.txt"
            if not path.exists():
                raise SystemExit(f"{path} is missing: run Benchmarks/Scripts/make-corpora first")
            data = path.read_bytes()[: int(options.mib * 1024 * 1024)]
            lines = data[: data.rfind(b"\n")].decode().split("\n")
        text = "\n".join(lines)
        size = len(text.encode()) / 1e6
        results = {label: best_time(run, options.rounds) for label, run in methods(lines).items()}
        base = results["textlimit.count_many"][0]
        print(f"{name}: {len(lines)} lines, {size:.1f} MB")
        for label, (seconds, _) in results.items():
            print(f"  {label:26} {size / seconds:9.1f} MB/s  {seconds / base:7.1f}x the time")
        swift = results["textlimit.count_many"][1]
        for label, splitter in (("regex \\X", CLUSTER.findall),
                                ("grapheme.length", lambda s: list(grapheme.graphemes(s)))):
            counts = results[label][1]
            differing = [i for i, (a, b) in enumerate(zip(swift, counts)) if a != b]
            examples: dict[str, None] = {}
            for index in differing[:200]:
                for cluster in example_clusters(lines[index], splitter(lines[index])):
                    examples.setdefault(describe(cluster))
            disagreements.append((name, label, len(differing), len(lines), list(examples)[:3]))
    print("\nLines counted differently from Swift (textlimit), with example clusters:")
    for name, label, differing, total, examples in disagreements:
        print(f"  {name:9} {label:16} {differing:6} of {total} lines  {'; '.join(examples)}")


if __name__ == "__main__":
    main()
