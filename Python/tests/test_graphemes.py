"""Grapheme iteration and slicing against the `textlimit` tool (Swift's String): every prefix of
k clusters that `graphemes` and `slice` give is what the tool keeps with `truncate --max k`."""

from __future__ import annotations

import random
from array import array
import subprocess
from pathlib import Path

import pytest

import textlimit
from texts import as_swift_reads, random_bytes, random_text

LINE_BREAKS = str.maketrans({c: " " for c in "\r\n\x0b\x0c\x85\u2028\u2029"})


def tool_prefixes(cli: Path, path: Path, clusters: int) -> list[bytes]:
    """Each line of `path` cut to `clusters` grapheme clusters by the tool."""
    result = subprocess.run([str(cli), "truncate", "--lines", "--max", str(clusters), str(path)],
                            capture_output=True, check=True)
    return result.stdout.split(b"\n")


def test_graphemes_end_where_strings_clusters_end(cli: Path, tmp_path: Path, rng: random.Random):
    texts = [random_text(rng).translate(LINE_BREAKS) for _ in range(600)]
    path = tmp_path / "texts.txt"
    path.write_bytes(b"\n".join(as_swift_reads(text) for text in texts) + b"\n")
    pieces = [textlimit.graphemes(text) for text in texts]
    for text, clusters in zip(texts, pieces):
        assert "".join(clusters) == text
        assert all(clusters), ascii(text)
        assert len(clusters) == textlimit.count(text), ascii(text)
    for k in range(0, 22):
        cut = tool_prefixes(cli, path, k)
        for index, (text, clusters) in enumerate(zip(texts, pieces)):
            assert as_swift_reads("".join(clusters[:k])) == cut[index], (k, ascii(text))
            assert textlimit.slice(text, 0, k) == "".join(clusters[:k])


def test_graphemes_of_bytes_keep_every_byte(cli: Path, tmp_path: Path, rng: random.Random):
    contents = [random_bytes(rng).translate(None, b"\r\n") for _ in range(400)]
    path = tmp_path / "bytes.txt"
    path.write_bytes(b"\n".join(contents) + b"\n")
    pieces = [textlimit.graphemes(content) for content in contents]
    for content, clusters in zip(contents, pieces):
        assert b"".join(clusters) == content
        assert len(clusters) == textlimit.count(content)
    for k in (1, 2, 3, 5, 8):
        cut = tool_prefixes(cli, path, k)
        for index, clusters in enumerate(pieces):
            assert b"".join(clusters[:k]) == cut[index], (k, contents[index])


def test_slice_never_splits_a_cluster():
    text = "a👍🏽b🇯🇵c\u0915\u094d\u0937e\u0301"
    clusters = ["a", "👍🏽", "b", "🇯🇵", "c", "\u0915\u094d\u0937", "e\u0301"]
    assert textlimit.graphemes(text) == clusters
    for start in range(-8, 9):
        for stop in range(-8, 9):
            assert textlimit.slice(text, start, stop) == "".join(clusters[start:stop])
    assert textlimit.slice(text) == text
    assert textlimit.slice(text.encode(), 1, 2) == "👍🏽".encode()
    assert textlimit.graphemes("") == []
    assert textlimit.graphemes("\ud800x") == ["\ud800", "x"]


def test_the_package_says_what_it_is():
    assert textlimit.__version__ == textlimit.version()
    assert set(textlimit.UNITS) <= set(textlimit.UnitName.__args__)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="not int"):
        textlimit.graphemes(5)  # type: ignore[call-overload]


def test_the_extension_is_on_the_limited_api():
    from textlimit import _textlimit

    assert _textlimit.__file__.endswith(".abi3.so")


def test_slice_of_a_buffer_of_wider_items_is_in_bytes_as_its_count():
    # 61 00 62 00 63 00: six clusters of one byte each, as count() reads them.
    words = array("H", [0x61, 0x62, 0x63])
    for text in (words, memoryview(words), memoryview(words)[::2]):
        raw = memoryview(text).tobytes()
        assert textlimit.count(text) == len(raw)
        assert textlimit.slice(text, 1, 2) == raw[1:2]
        assert textlimit.slice(text, 1, 4) == raw[1:4]
        assert textlimit.slice(text, -2) == raw[-2:]
    assert textlimit.slice(memoryview(words), 1, 2) == b"\x00"
    with pytest.raises(TypeError, match=r"slice\(\) argument 'text' must be str or a bytes-like "
                                        r"object, not list"):
        textlimit.slice([1, 2], 0, 1)
