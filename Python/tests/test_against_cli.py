"""The Python package against the `textlimit` tool (Swift's counts) on the same inputs: random
texts and random bytes, every unit, count, truncate, fits and the batch calls."""

from __future__ import annotations

import random
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import textlimit
from conftest import ROOT, cli_counts
from texts import as_swift_reads, random_bytes, random_text

def write_files(tmp_path: Path, contents: list[bytes]) -> list[Path]:
    paths = []
    for index, content in enumerate(contents):
        path = tmp_path / f"{index}.txt"
        path.write_bytes(content)
        paths.append(path)
    return paths


def test_counts_of_random_texts_match_the_tool(cli: Path, tmp_path: Path, rng: random.Random):
    texts = [random_text(rng) for _ in range(800)]
    paths = write_files(tmp_path, [as_swift_reads(text) for text in texts])
    expected, _ = cli_counts(cli, paths)
    for unit in textlimit.UNITS:
        batch = textlimit.count_many(texts, unit=unit)
        for text, path, many in zip(texts, paths, batch):
            want = expected[str(path)][unit]
            assert textlimit.count(text, unit) == want, (unit, ascii(text))
            assert many == want, (unit, ascii(text))


def test_counts_of_random_bytes_match_the_tool(cli: Path, tmp_path: Path, rng: random.Random):
    contents = [random_bytes(rng) for _ in range(800)]
    paths = write_files(tmp_path, contents)
    expected, _ = cli_counts(cli, paths)
    for unit in textlimit.UNITS:
        for content, path in zip(contents, paths):
            want = expected[str(path)][unit]
            assert textlimit.count(content, unit) == want, (unit, content)
            assert textlimit.count(bytearray(content), unit) == want
        assert textlimit.count_many(contents, unit) == [
            expected[str(path)][unit] for path in paths]


def test_strict_counting_refuses_what_the_tool_refuses(cli: Path, tmp_path: Path,
                                                        rng: random.Random):
    contents = [random_bytes(rng) for _ in range(400)]
    paths = write_files(tmp_path, contents)
    accepted, errors = cli_counts(cli, paths, "--strict")
    for content, path in zip(contents, paths):
        if str(path) in accepted:
            assert textlimit.count(content, "utf16", strict=True) == accepted[str(path)]["utf16"]
        else:
            with pytest.raises(textlimit.InvalidUTF8Error) as error:
                textlimit.count(content, strict=True)
            assert f"{path}: invalid UTF-8 at byte offset {error.value.offset}\n" in errors


def test_truncate_matches_the_tool(cli: Path, tmp_path: Path, rng: random.Random):
    for index in range(150):
        text = random_text(rng) if index % 2 else None
        content = as_swift_reads(text) if text is not None else random_bytes(rng)
        unit, limit = rng.choice(textlimit.UNITS), rng.randint(0, 12)
        path = tmp_path / f"{index}.txt"
        path.write_bytes(content)
        want = subprocess.run([str(cli), "truncate", "--max", str(limit), "--unit", unit,
                               str(path)], capture_output=True, check=True).stdout
        assert textlimit.truncate(content, max=limit, unit=unit) == want, (unit, limit, content)
        if text is not None:
            cut = textlimit.truncate(text, max=limit, unit=unit)
            assert text.startswith(cut)
            assert as_swift_reads(cut) == want, (unit, limit, ascii(text))


def test_fits_matches_the_tools_check(cli: Path, tmp_path: Path, rng: random.Random):
    texts = [random_text(rng) for _ in range(300)]
    paths = write_files(tmp_path, [as_swift_reads(text) for text in texts])
    limits = [(8, "graphemes"), (20, "utf8"), (10, "twitter")]
    arguments = [argument for value, unit in limits for argument in ("--max", str(value),
                                                                     "--unit", unit)]
    result = subprocess.run([str(cli), "check", *arguments, *map(str, paths)],
                            capture_output=True, text=True)
    assert result.returncode in (0, 1), result.stderr
    over = {line.split(": ")[0] for line in result.stdout.splitlines()}
    fits_many = textlimit.fits_many(texts, limits=limits)
    for text, path, many in zip(texts, paths, fits_many):
        assert textlimit.fits(text, limits=limits) == (str(path) not in over), ascii(text)
        assert many == (str(path) not in over)
    assert textlimit.fits(texts[0], limits={unit: value for value, unit in limits}) == \
        textlimit.fits(texts[0], limits=limits)


def test_lone_surrogates_count_as_one_replacement_character_each():
    assert textlimit.count("\ud800") == 1
    assert textlimit.count("\ud800", "utf8") == 3
    assert textlimit.count("a\udc00\ud800b", "scalars") == 4
    assert textlimit.truncate("\ud800\ud800x", max=1) == "\ud800"


def test_arrow_pandas_and_numpy_give_the_lists_counts(rng: random.Random):
    pa = pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    np = pytest.importorskip("numpy")
    texts = [random_text(rng).encode("utf-8", "surrogatepass").decode("utf-8", "replace")
             for _ in range(300)]
    texts[5] = None
    for unit in ("graphemes", "utf16", "width"):
        want = textlimit.count_many(texts, unit)
        assert textlimit.count_many(pa.array(texts, pa.string()), unit).to_pylist() == want
        assert textlimit.count_many(pa.array(texts, pa.large_string()), unit).to_pylist() == want
        binary = pa.array([t.encode() if t is not None else None for t in texts], pa.binary())
        assert textlimit.count_many(binary, unit).to_pylist() == want
        sliced = pa.array(texts, pa.string()).slice(3, 100)
        assert textlimit.count_many(sliced, unit).to_pylist() == want[3:103]
        chunked = pa.chunked_array([texts[:100], texts[100:]], pa.string())
        assert textlimit.count_many(chunked, unit).to_pylist() == want
        series = pd.Series(texts, index=range(1000, 1300))
        counted = textlimit.count_many(series, unit)
        assert list(counted.index) == list(series.index)
        assert [None if pd.isna(v) else v for v in counted] == want
        # An object array: a fixed-width "<U" array drops trailing NULs (NumPy's own rule).
        present = [t for t in texts if t is not None]
        assert textlimit.count_many(np.array(present, dtype=object), unit).tolist() == \
            [v for v in want if v is not None]
        assert textlimit.count_many(np.array(["ab", "🇯🇵"]), unit).tolist() == \
            textlimit.count_many(["ab", "🇯🇵"], unit)
    assert textlimit.count_many(pa.array([], pa.string())).to_pylist() == []
    assert textlimit.count_many([]) == []


def test_threads_get_the_same_counts(rng: random.Random):
    big = "👍🏽aक्ष" * 600_000  # over the parallel path's threshold
    texts = [random_text(rng) for _ in range(200)] + [big]
    want = [textlimit.count(text) for text in texts]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(textlimit.count, texts)) == want
    assert want[-1] == 3 * 600_000


def test_bad_arguments_raise_clear_errors():
    with pytest.raises(ValueError, match="unknown unit 'letters'"):
        textlimit.count("a", "letters")
    with pytest.raises(TypeError, match="not int"):
        textlimit.count(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 0"):
        textlimit.truncate("a", max=-1)
    with pytest.raises(TypeError, match="max= .* or limits=, not both"):
        textlimit.fits("a", max=1, limits={"utf8": 1})
    with pytest.raises(TypeError):
        textlimit.fits("a")


def test_version_is_the_tools_and_the_projects(cli: Path):
    tool = subprocess.run([str(cli), "--version"], capture_output=True, text=True, check=True)
    assert tool.stdout.split()[1] == textlimit.version()
    project = (ROOT / "pyproject.toml").read_text()
    assert f'version = "{textlimit.version()}"' in project
    assert textlimit.backend() in tool.stdout


def test_docstring_examples_hold():
    import doctest

    assert doctest.testmod(textlimit).attempted >= 10
    assert doctest.testmod(textlimit).failed == 0
