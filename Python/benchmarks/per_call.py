#!/usr/bin/env python3
"""What one call costs: textlimit beside the Python packages people reach for, in one run, on
short strings (a name, a post's first words) and on a batch.

    python Python/benchmarks/per_call.py [--repeat 7] [--number 200000]

Needs the `benchmark` extra (`pip install .[benchmark]`: ugrapheme, wcwidth, regex, grapheme,
PyICU; PyICU needs Debian's libicu-dev to build). For each string it prints nanoseconds per call
(best of `--repeat` rounds of `--number` calls, `timeit`, every method in turn in each round, so
that a noisy moment falls on all alike), and the ratio to textlimit's; then
`count_many` per string on a list of 100,000 short strings beside a Python loop of each peer;
then splitting into grapheme clusters (`textlimit.graphemes` and `ugrapheme.graphemes`). The
peers count differently on some texts (their Unicode versions and rules): see compare.py.
"""

from __future__ import annotations

import argparse
import random
import timeit

import textlimit

try:
    import grapheme
    import regex
    import ugrapheme
    import wcwidth
except ImportError as error:
    raise SystemExit(f"{error}: pip install .[benchmark]") from error
try:
    import icu
except ImportError:  # PyICU needs libicu-dev to build
    icu = None

SAMPLES = {
    "ASCII, 20 B": "Hello, world! 123456",
    "Chinese, 21 B": "我能吞下玻璃而不伤身",
    "emoji, 20 B": "ok 👍🏽🇯🇵 yes",
    "Hindi, 21 B": "नमस्ते दोस्त",
}
CLUSTER = regex.compile(r"\X")


def icu_length(iterator, text: str) -> int:
    iterator.setText(text)
    count = 0
    for _ in iterator:
        count += 1
    return count


def peers() -> dict[str, object]:
    methods = {
        "textlimit.count": textlimit.count,
        "ugrapheme.grapheme_len": ugrapheme.grapheme_len,
        "wcwidth.wcswidth": wcwidth.wcswidth,
        "grapheme.length": grapheme.length,
        "regex \\X": lambda text: len(CLUSTER.findall(text)),
    }
    if icu is not None:
        iterator = icu.BreakIterator.createCharacterInstance(icu.Locale.getRoot())
        methods["PyICU BreakIterator"] = lambda text: icu_length(iterator, text)
    return methods


def per_call(repeat: int, number: int) -> None:
    methods = peers()
    print(f"ns per call, best of {repeat} x {number} (ratio to textlimit.count)")
    print(f"{'':24}" + "".join(f"{name:>16}" for name in SAMPLES))
    # Round by round, every method in turn: a slow moment of a shared machine falls on one
    # round of each, and the best round of each is kept.
    table = {label: [float("inf")] * len(SAMPLES) for label in methods}
    for _ in range(repeat):
        for label, function in methods.items():
            for column, text in enumerate(SAMPLES.values()):
                seconds = timeit.timeit(lambda: function(text), number=number)
                table[label][column] = min(table[label][column], seconds / number * 1e9)
    base = table["textlimit.count"]
    for label, row in table.items():
        cells = "".join(f"{ns:9.0f} {ns / b:5.1f}x" for ns, b in zip(row, base))
        print(f"{label:24}{cells}")


def batch(repeat: int) -> None:
    rng = random.Random(20261203)
    texts = [rng.choice(list(SAMPLES.values()))[: rng.randint(4, 20)] for _ in range(100_000)]
    methods = {
        "textlimit.count_many": lambda: textlimit.count_many(texts),
        "[textlimit.count(t)]": lambda: [textlimit.count(t) for t in texts],
        "[ugrapheme.grapheme_len(t)]": lambda: [ugrapheme.grapheme_len(t) for t in texts],
        "[wcwidth.wcswidth(t)]": lambda: [wcwidth.wcswidth(t) for t in texts],
        "[grapheme.length(t)]": lambda: [grapheme.length(t) for t in texts],
    }
    print(f"\nns per string, a list of {len(texts)} short strings, best of {repeat}")
    best = {label: float("inf") for label in methods}
    for _ in range(repeat):
        for label, run in methods.items():
            best[label] = min(best[label], timeit.timeit(run, number=1) / len(texts) * 1e9)
    base = best["textlimit.count_many"]
    for label, ns in best.items():
        print(f"  {label:30} {ns:8.0f} ns  {ns / base:5.1f}x")


def splitting(repeat: int, number: int) -> None:
    print(f"\nns per call, splitting into clusters, best of {repeat} x {number}")
    for name, text in SAMPLES.items():
        ours = theirs = float("inf")
        for _ in range(repeat):
            ours = min(ours, timeit.timeit(lambda: textlimit.graphemes(text), number=number))
            theirs = min(theirs, timeit.timeit(lambda: list(ugrapheme.graphemes(text)),
                                               number=number))
        print(f"  {name:16} textlimit.graphemes {ours / number * 1e9:7.0f}   "
              f"ugrapheme.graphemes {theirs / number * 1e9:7.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=200_000)
    options = parser.parse_args()
    print(f"textlimit {textlimit.__version__} ({textlimit.backend()})\n")
    per_call(options.repeat, options.number)
    batch(options.repeat)
    splitting(options.repeat, options.number // 10)


if __name__ == "__main__":
    main()
