#!/usr/bin/env python3
"""What one call costs: textlimit beside the Python packages people reach for (ugrapheme for
grapheme clusters, wcwidth for terminal width), in one run, every method in turn in each round.

    python Python/benchmarks/per_call.py [--corpora DIR] [--strings 1000000] [--rounds 5]
                                         [--number 200000] [--quick]

Needs the `benchmark` extra (`pip install .[benchmark]`: ugrapheme, wcwidth, regex, grapheme)
and the corpora of Benchmarks/Scripts/make-corpora (default ~/.cache/textlimit-corpora). It
prints, each figure the best of `--rounds` rounds, CPU time (time.process_time: a shared
machine's other work counts less):

 1. per call, on a piece of about 20 bytes of each corpus (its length in UTF-8 printed as it is):
    `count(s)` beside `ugrapheme.grapheme_len(s)`, `count(s, "width")` beside
    `wcwidth.wcswidth(s)`, and the `regex` module's \\X and `grapheme.length` for reference;
 2. per string, on `--strings` distinct strings cut from the corpora (4 to 40 bytes each, the
    average printed): `count_many` beside a loop of `ugrapheme.grapheme_len`, of
    `textlimit.count` and of `wcwidth.wcswidth`, and `count_many(..., "width")`. Each method
    gets its own fresh copy of the strings (made untimed), so that none reads what an earlier
    one left in a string (CPython keeps the UTF-8 of a short str once asked);
 3. a text of 10 M characters holding 1 M lone surrogates, beside the same text with U+FFFD in
    their place, and ugrapheme on it;
 4. `slice(s, 0, 3)` of a 1.6 MiB text beside `ugrapheme.grapheme_slice`;
 5. splitting into clusters: `graphemes` beside `ugrapheme.graphemes`;
 6. what a count leaves allocated with a 50 MB non-ASCII str (tracemalloc).
The peers count differently on some texts (their Unicode versions and rules): see compare.py.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from pathlib import Path

import textlimit

try:
    import grapheme
    import regex
    import ugrapheme
    import wcwidth
except ImportError as error:
    raise SystemExit(f"{error}: pip install .[benchmark]") from error

CORPORA = ["english", "chinese", "hindi", "emoji", "japanese", "russian", "arabic"]
PER_CALL = ["english", "chinese", "hindi", "emoji"]
CLUSTER = regex.compile(r"\X")


def cpu_time(function, number: int) -> float:
    """Seconds of CPU per call, `number` calls."""
    start = time.process_time()
    for _ in range(number):
        function()
    return (time.process_time() - start) / number


def piece(data: bytes, start: int, size: int) -> str:
    """At most `size` bytes of `data` from about `start`, cut at scalar boundaries, one line."""
    while start < len(data) and data[start] & 0xC0 == 0x80:
        start += 1
    end = min(len(data), start + size)
    while end > start and end < len(data) and data[end] & 0xC0 == 0x80:
        end -= 1
    return data[start:end].decode("utf-8", "replace").replace("\n", " ")


def load_corpora(directory: Path) -> dict[str, bytes]:
    corpora = {}
    for name in CORPORA:
        path = directory / f"{name}.txt"
        if not path.exists():
            raise SystemExit(f"{path} is missing: run Benchmarks/Scripts/make-corpora first")
        corpora[name] = path.read_bytes()[: 8 << 20]
    return corpora


def sample(corpora: dict[str, bytes], name: str) -> str:
    """A piece of about 20 bytes of a corpus, from its middle on: for "emoji", the first there
    with an emoji (a 4-byte scalar) in it."""
    data = corpora[name]
    start = len(data) // 2
    while True:
        text = piece(data, start, 20)
        if name != "emoji" or any(ord(c) > 0xFFFF for c in text):
            return text
        start += 7


def per_call(corpora: dict[str, bytes], rounds: int, number: int) -> None:
    samples = {name: sample(corpora, name) for name in PER_CALL}
    methods = {
        "textlimit.count(s)": lambda s: textlimit.count(s),
        "ugrapheme.grapheme_len(s)": lambda s: ugrapheme.grapheme_len(s),
        "textlimit.count(s, 'width')": lambda s: textlimit.count(s, "width"),
        "wcwidth.wcswidth(s)": lambda s: wcwidth.wcswidth(s),
        "grapheme.length(s)": lambda s: grapheme.length(s),
        "len(regex \\X)": lambda s: len(CLUSTER.findall(s)),
    }
    labels = [f"{name}, {len(text.encode())} B" for name, text in samples.items()]
    print(f"1. ns per call (CPU), best of {rounds} x {number} calls, every method in turn")
    for label, text in zip(labels, samples.values()):
        print(f"   {label:14} {text!r}")
    best = {method: [float("inf")] * len(samples) for method in methods}
    for _ in range(rounds):
        for method, function in methods.items():
            for column, text in enumerate(samples.values()):
                calls = number if "regex" not in method and "grapheme." not in method \
                    else max(1, number // 20)
                seconds = cpu_time(lambda: function(text), calls)
                best[method][column] = min(best[method][column], seconds * 1e9)
    print(f"   {'':30}" + "".join(f"{label:>16}" for label in labels))
    for method, row in best.items():
        print(f"   {method:30}" + "".join(f"{ns:16.0f}" for ns in row))
    count, peer = best["textlimit.count(s)"], best["ugrapheme.grapheme_len(s)"]
    width, wcs = best["textlimit.count(s, 'width')"], best["wcwidth.wcswidth(s)"]
    print(f"   {'count / ugrapheme':30}" + "".join(f"{a / b:15.2f}x" for a, b in zip(count, peer)))
    print(f"   {'width / wcwidth':30}" + "".join(f"{a / b:15.2f}x" for a, b in zip(width, wcs)))


def distinct_strings(corpora: dict[str, bytes], count: int) -> list[str]:
    """`count` distinct strings of 4 to 40 bytes from every corpus, in a shuffled order."""
    rng = random.Random(20261206)
    names = list(corpora)
    seen: set[str] = set()
    while len(seen) < count:
        data = corpora[rng.choice(names)]
        text = piece(data, rng.randrange(len(data)), rng.randint(4, 40))
        if text:
            seen.add(text)
    texts = sorted(seen)
    rng.shuffle(texts)
    return texts


def fresh(texts: list[str]) -> list[str]:
    """New str objects with the same text (none carries a UTF-8 form yet)."""
    return [(text + ".")[:-1] for text in texts]


def batch(corpora: dict[str, bytes], strings: int, rounds: int) -> None:
    texts = distinct_strings(corpora, strings)
    average = sum(len(text.encode()) for text in texts) / len(texts)
    count, grapheme_len, wcswidth = textlimit.count, ugrapheme.grapheme_len, wcwidth.wcswidth
    methods = {
        "textlimit.count_many(texts)": lambda t: textlimit.count_many(t),
        "[ugrapheme.grapheme_len(s)]": lambda t: [grapheme_len(s) for s in t],
        "[textlimit.count(s)]": lambda t: [count(s) for s in t],
        "count_many(texts, 'width')": lambda t: textlimit.count_many(t, "width"),
        "[wcwidth.wcswidth(s)]": lambda t: [wcswidth(s) for s in t],
    }
    print(f"\n2. ns per string (CPU), {len(texts):,} distinct strings from the corpora, "
          f"{average:.1f} B on average, best of {rounds}")
    best = {method: float("inf") for method in methods}
    for _ in range(rounds):
        for method, function in methods.items():
            copy = fresh(texts)
            start = time.process_time()
            function(copy)
            best[method] = min(best[method], (time.process_time() - start) / len(texts) * 1e9)
            del copy
    base = best["[ugrapheme.grapheme_len(s)]"]
    for method, ns in best.items():
        print(f"   {method:32} {ns:7.0f} ns   {ns / base:5.2f}x a loop of ugrapheme")
    width, loop = best["count_many(texts, 'width')"], best["[wcwidth.wcswidth(s)]"]
    print(f"   count_many(texts, 'width') / a loop of wcwidth: {width / loop:.2f}x")


def best_seconds(function, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


def large_texts(rounds: int) -> None:
    clean = ("ab日本👍🏽c\u0915\u094d\u0937 \ufffd" * 1_000_000)  # 10 M code points
    dirty = clean.replace("\ufffd", "\ud800")  # 1 M lone surrogates
    print("\n3. a text of 10 M characters with 1 M lone surrogates, ms (CPU), best of "
          f"{rounds}")
    timings = {
        "textlimit.count(with surrogates)": best_seconds(lambda: textlimit.count(dirty), rounds),
        "textlimit.count(U+FFFD instead)": best_seconds(lambda: textlimit.count(clean), rounds),
        "ugrapheme.grapheme_len(with them)": best_seconds(
            lambda: ugrapheme.grapheme_len(dirty), rounds),
    }
    for method, seconds in timings.items():
        print(f"   {method:36} {seconds * 1e3:8.1f} ms")
    with_them, without = (timings["textlimit.count(with surrogates)"],
                          timings["textlimit.count(U+FFFD instead)"])
    print(f"   with / without surrogates: {with_them / without:.2f}x; textlimit / ugrapheme: "
          f"{with_them / timings['ugrapheme.grapheme_len(with them)']:.2f}x")

    sentence = "The café's menu: 日本語, हिन्दी, 👍🏽🇯🇵. "
    text = sentence * ((1_600_000 * 1024 // 1000) // len(sentence.encode()))  # about 1.6 MiB
    size = len(text.encode()) / (1 << 20)
    ours = best_seconds(lambda: textlimit.slice(text, 0, 3), rounds)
    theirs = best_seconds(lambda: ugrapheme.grapheme_slice(text, 0, 3), rounds)
    assert textlimit.slice(text, 0, 3) == ugrapheme.grapheme_slice(text, 0, 3)
    print(f"\n4. slice(s, 0, 3) of a {size:.1f} MiB text: textlimit.slice {ours * 1e6:.1f} us, "
          f"ugrapheme.grapheme_slice {theirs * 1e6:.1f} us")


def memory() -> None:
    big = "é日" * 12_500_000  # 25 M code points, 62 MB of UTF-8
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    textlimit.count(big)
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    print(f"\n6. after count() of a str of {len(big.encode()) / 1e6:.0f} MB of UTF-8: "
          f"{kept / 1e6:.1f} MB left allocated (a UTF-8 copy kept with the str would be "
          f"{len(big.encode()) / 1e6:.0f} MB)")


def splitting(corpora: dict[str, bytes], rounds: int, number: int) -> None:
    print(f"\n5. ns per call (CPU), splitting about 20 bytes into clusters, best of {rounds}")
    for name in PER_CALL:
        text = sample(corpora, name)
        ours = min(cpu_time(lambda: textlimit.graphemes(text), number) for _ in range(rounds))
        theirs = min(cpu_time(lambda: list(ugrapheme.graphemes(text)), number)
                     for _ in range(rounds))
        print(f"   {name}, {len(text.encode())} B: textlimit.graphemes {ours * 1e9:5.0f}   "
              f"ugrapheme.graphemes {theirs * 1e9:5.0f}   ({ours / theirs:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpora", type=Path,
                        default=Path.home() / ".cache" / "textlimit-corpora")
    parser.add_argument("--strings", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--number", type=int, default=200_000)
    parser.add_argument("--quick", action="store_true",
                        help="fewer calls and strings, for a check that it runs")
    options = parser.parse_args()
    if options.quick:
        options.strings, options.rounds, options.number = 20_000, 2, 2_000
    versions = ", ".join(f"{module.__name__} {getattr(module, '__version__', '?')}"
                         for module in (ugrapheme, wcwidth, regex, grapheme))
    print(f"textlimit {textlimit.__version__} ({textlimit.backend()}); {versions}\n")
    corpora = load_corpora(options.corpora)
    per_call(corpora, options.rounds, options.number)
    batch(corpora, options.strings, options.rounds)
    large_texts(min(options.rounds, 3))
    splitting(corpora, options.rounds, options.number // 10)
    memory()


if __name__ == "__main__":
    main()
