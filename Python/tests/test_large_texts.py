"""Large texts: lone surrogates cost no error handler per call, a slice reads the text only up to
its stop, splitting releases the GIL, cluster ends come as compact offsets, and no UTF-8 copy of
a large str is left alive with it. Times are compared within one run, as ratios (the machine is
shared): the best of a few rounds of each."""

from __future__ import annotations

import threading
import time
import tracemalloc
from array import array

import textlimit


def best_time(function, rounds: int = 7) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def test_a_str_with_lone_surrogates_costs_at_most_twice_one_without():
    # The same text with U+FFFD where the surrogates are (what Swift reads): one in 6,000 code
    # points, and one in every three.
    for clean in [("a日本👍🏽" * 1000 + "\ufffd") * 400, "x\ufffdy" * 400_000]:
        dirty = clean.replace("\ufffd", "\ud800")
        for unit in ("graphemes", "utf8", "width"):
            assert textlimit.count(dirty, unit) == textlimit.count(clean, unit)
        with_them = best_time(lambda: textlimit.count(dirty))
        without = best_time(lambda: textlimit.count(clean))
        assert with_them <= 2 * without, (with_them, without)


def test_slice_reads_the_text_up_to_its_stop():
    piece = "ab👍🏽c日本語e\u0301 "  # 9 clusters
    small = piece * 200
    large = piece * 200_000  # 2.2 M code points
    for text, head in ((large, "ab👍🏽"), (large.encode(), "ab👍🏽".encode())):
        assert textlimit.slice(text, 0, 3) == head
        assert textlimit.slice(text, 9, 12) == head
    assert textlimit.slice(large, 1_799_997, 1_800_000) == "語e\u0301 "
    assert textlimit.slice(large, -3) == "語e\u0301 "
    assert textlimit.slice(large, -2, -1) == "e\u0301"
    assert textlimit.slice(large, 1_799_999, 5_000_000) == " "
    on_large = best_time(lambda: textlimit.slice(large, 0, 3), rounds=7)
    on_small = best_time(lambda: textlimit.slice(small, 0, 3), rounds=7)
    assert on_large <= 10 * on_small + 20e-6, (on_large, on_small)


def test_slice_of_a_large_text_with_surrogates_and_ascii():
    text = "\ud800" + "ab" * 100_000 + "日"
    assert textlimit.slice(text, 0, 2) == "\ud800a"
    assert textlimit.slice(text, 200_000, 200_002) == "b日"
    ascii_text = "x" * 200_000
    assert textlimit.slice(ascii_text, 5, 8) == "xxx"


def progress_during(call) -> float:
    """How much a Python loop on this thread gets done while `call` runs on another, as a share
    of what it does alone: about 0 if the call holds the GIL from start to end (the steps are
    time-stamped, and only those between the call's start and end count)."""
    stamps: list[float] = []
    start = time.perf_counter()
    while time.perf_counter() - start < 0.05:
        stamps.append(time.perf_counter())
    alone = len(stamps) / (time.perf_counter() - start)
    window: list[float] = []
    done = threading.Event()

    def worker() -> None:
        window.append(time.perf_counter())
        call()
        window.append(time.perf_counter())
        done.set()

    stamps = []
    thread = threading.Thread(target=worker)
    thread.start()
    while not done.is_set():
        stamps.append(time.perf_counter())
    thread.join()
    begin, end = window
    inside = sum(1 for stamp in stamps if begin < stamp < end)
    return inside / (alone * (end - begin))


def test_splitting_a_large_text_releases_the_gil():
    text = ("ab👍🏽c日本語e\u0301 " * 1_000_000).encode()  # 28 MB
    assert len(textlimit.graphemes(text[:100])) == len(textlimit.grapheme_ends(text[:100]))
    # The clusters are found with the GIL released; the list of pieces is made with it held.
    assert progress_during(lambda: textlimit.grapheme_ends(text)) > 0.25
    assert progress_during(lambda: textlimit.graphemes(text)) > 0.12


def test_grapheme_ends_are_compact_offsets():
    text = "👨‍👩‍👧‍👦e\u0301!\ud800x"
    ends = textlimit.grapheme_ends(text)
    assert isinstance(ends, array) and ends.typecode == "q"
    assert list(ends) == [7, 9, 10, 11, 12]
    starts = [0, *ends[:-1]]
    assert [text[a:b] for a, b in zip(starts, ends)] == textlimit.graphemes(text)
    assert list(textlimit.grapheme_ends("e\u0301".encode())) == [3]
    assert list(textlimit.grapheme_ends("")) == []
    big = "क्षa" * 100_000
    assert len(textlimit.grapheme_ends(big)) == textlimit.count(big) == 200_000
    assert textlimit.grapheme_ends(big)[-1] == len(big)


def test_no_utf8_copy_is_left_alive_with_a_large_str():
    text = "é日" * 2_000_000  # 4 M code points, 10 MB of UTF-8
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        assert textlimit.count(text) == 4_000_000
        assert textlimit.fits(text, max=5_000_000)
        assert textlimit.count_many([text], "utf8") == [10_000_000]
        assert textlimit.slice(text, 2, 4) == "é日"
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 1_000_000, f"{kept} bytes kept after the calls"
