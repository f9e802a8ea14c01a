"""Bad arguments fail as CPython's own functions fail (``len``, ``str.encode``): a TypeError that
names the function, the argument and the type received, a ValueError that names the values
allowed, an OverflowError for an int too large; keyword names as the signatures say. And the
inputs a list takes, as pandas and Arrow hold them (every dtype), give the list's counts."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import textlimit

UNIT_NAMES = "graphemes, utf16, scalars, utf8, width, twitter, wide2, x, mastodon"


@pytest.mark.parametrize("text, kind", [
    ([104, 105], "list"), (range(7), "range"), ({1: 2}, "dict"), (5, "int"), (None, "NoneType"),
    (3.5, "float"), (iter(["a"]), "list_iterator"),
])
def test_count_refuses_what_is_not_a_text(text, kind):
    with pytest.raises(TypeError, match=re.escape(
            f"count() argument 'text' must be str or a bytes-like object, not {kind}")):
        textlimit.count(text)


@pytest.mark.parametrize("function", ["count_many", "fits_many"])
@pytest.mark.parametrize("texts", ["abc", b"abc", bytearray(b"abc"), memoryview(b"abc")])
def test_batch_functions_refuse_one_text(function, texts):
    call = getattr(textlimit, function)
    arguments = (texts, 2) if function == "fits_many" else (texts,)
    with pytest.raises(TypeError, match=rf"{function}\(\) argument 'texts' must be an iterable of "
                                        rf"texts .*not {type(texts).__name__}"):
        call(*arguments)


def test_batch_items_must_be_texts():
    with pytest.raises(TypeError, match=r"count_many\(\) argument 'texts' must hold str, "
                                        r"bytes-like objects or None, not int \(item 1\)"):
        textlimit.count_many(["a", 5])
    with pytest.raises(TypeError, match=r"count_many\(\) argument 'texts' must be an iterable"):
        textlimit.count_many(5)  # type: ignore[call-overload]
    assert textlimit.count_many(iter(["ab", None, b"c"])) == [2, None, 1]
    assert textlimit.count_many(("ab", bytearray(b"c"), memoryview(b"de"))) == [2, 1, 2]


def test_keywords_are_the_signatures():
    assert textlimit.count(text="abc") == 3
    assert textlimit.count(text="👍🏽", unit="utf16") == 4
    assert textlimit.count("a\xff", strict=False, unit="utf8") == 3
    with pytest.raises(TypeError, match=re.escape(
            "count() got multiple values for argument 'unit'")):
        textlimit.count("a", "utf8", unit="utf16")
    with pytest.raises(TypeError, match=re.escape(
            "count() got multiple values for argument 'text'")):
        textlimit.count("a", text="b")
    with pytest.raises(TypeError, match=re.escape(
            "count() got an unexpected keyword argument 'units'")):
        textlimit.count("a", units="utf8")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=re.escape(
            "count() missing required argument 'text' (pos 1)")):
        textlimit.count(unit="utf8")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=re.escape(
            "count() takes from 1 to 2 positional arguments but 3 were given")):
        textlimit.count("a", "utf8", True)  # type: ignore[misc]


@pytest.mark.parametrize("unit, kind", [(99, "the int 99"), (-1, "the int -1"),
                                        (2**80, f"the int {2**80}"), (3.0, "float"),
                                        (None, "NoneType"), (True, "bool")])
def test_an_unknown_unit_code_or_type_is_a_type_error_naming_the_units(unit, kind):
    with pytest.raises(TypeError) as error:
        textlimit.count("abc", unit)
    message = str(error.value)
    assert message.startswith("count() argument 'unit' must be a unit name (")
    assert UNIT_NAMES in message and message.endswith(f"not {kind}"), message
    assert "NULL" not in message


def test_an_unknown_unit_name_is_a_value_error_naming_the_units():
    for call in (lambda: textlimit.count("a", "letters"),
                 lambda: textlimit.count_many(["a"], "letters"),
                 lambda: textlimit.truncate("a", 1, "letters")):
        with pytest.raises(ValueError, match=r"unknown unit 'letters'; one of " + UNIT_NAMES):
            call()


@pytest.mark.parametrize("function", ["truncate", "fits"])
def test_limits_are_checked(function):
    call = getattr(textlimit, function)
    with pytest.raises(TypeError, match=re.escape(
            f"{function}() argument 'max' must be int (a limit), not str")):
        call("abc", max="2")
    with pytest.raises(TypeError, match=re.escape(
            f"{function}() argument 'max' must be int (a limit), not float")):
        call("abc", max=2.0)
    with pytest.raises(OverflowError, match=re.escape(
            f"{function}() argument 'max' is too large: {2**70} is over 2**64 - 1")):
        call("abc", max=2**70)
    with pytest.raises(ValueError, match=re.escape(
            f"{function}() argument 'max' must be at least 0, not -1")):
        call("abc", max=-1)
    with pytest.raises(TypeError, match=re.escape(
            f"{function}() needs a limit: max= (with unit=) or limits=")):
        call("abc")
    with pytest.raises(TypeError, match=re.escape(f"{function}() argument 'limits' must hold")):
        call("abc", limits=[3])
    with pytest.raises(TypeError, match=re.escape(
            f"{function}() argument 'text' must be str or a bytes-like object, not list")):
        call(["abc"], max=2)
    assert textlimit.truncate("abcdef", max=2**64 - 1) == "abcdef"


def test_strict_refuses_a_str_with_a_lone_surrogate_as_it_refuses_its_bytes():
    for text in ["a\ud800", "\udfffz", "ok \ud83d done"]:
        with pytest.raises(textlimit.InvalidUTF8Error) as error:
            textlimit.count(text, strict=True)
        encoded = text.encode("utf-8", "surrogatepass")
        with pytest.raises(textlimit.InvalidUTF8Error) as from_bytes:
            textlimit.count(encoded, strict=True)
        assert error.value.offset == from_bytes.value.offset == text.index(
            next(c for c in text if 0xD800 <= ord(c) <= 0xDFFF))
        assert textlimit.count(text) == len(text)  # not strict: each one U+FFFD
    assert textlimit.count("a\ud800\udc00b") == 4  # a pair of lone surrogates is two
    assert textlimit.count("ok", strict=True) == 2


def test_strict_reports_a_str_by_the_index_of_its_lone_surrogate():
    # Non-ASCII before the surrogate: its index in the str, not its UTF-8 offset.
    for text in ["é" * 10 + "\ud800", "é" * 100 + "\ud800", "日本" * 50 + "a\udfff" + "\ud800"]:
        with pytest.raises(textlimit.InvalidUTF8Error, match="lone surrogate at index") as error:
            textlimit.count(text, strict=True)
        assert error.value.offset == next(
            i for i, c in enumerate(text) if 0xD800 <= ord(c) <= 0xDFFF), text
        assert text[error.value.offset] in "\ud800\udfff"
    with pytest.raises(textlimit.InvalidUTF8Error, match="at byte offset 2"):
        textlimit.count("é\ud800".encode("utf-8", "surrogatepass"), strict=True)
    # The same with a content warning (count's other path).
    warned = textlimit.WarnedUnit("mastodon", "cw")
    with pytest.raises(textlimit.InvalidUTF8Error, match="lone surrogate at index 3"):
        textlimit.count("日本é\ud800", warned, strict=True)
    with pytest.raises(textlimit.InvalidUTF8Error, match="at byte offset 2"):
        textlimit.count("é\ud800".encode("utf-8", "surrogatepass"), warned, strict=True)


class _ClaimsASCII(str):
    """A str subclass whose isascii() says yes whatever its text."""

    def isascii(self) -> bool:
        return True


class _ClaimsNotASCII(str):
    def isascii(self) -> bool:
        return False


def test_a_str_subclass_overriding_isascii_counts_as_its_text():
    for text in ["é" * 100 + "\ud800", "日本語" * 30, "a" * 100]:
        for kind in (_ClaimsASCII, _ClaimsNotASCII):
            subclassed = kind(text)
            for unit in ("graphemes", "utf8", "width"):
                assert textlimit.count(subclassed, unit) == textlimit.count(text, unit)
            assert textlimit.slice(subclassed, 1, 3) == text[1:3]
    with pytest.raises(textlimit.InvalidUTF8Error):
        textlimit.count(_ClaimsASCII("é" * 100 + "\ud800"), strict=True)


@pytest.mark.parametrize("call, error, message", [
    (lambda: textlimit.rule(5), TypeError,
     "rule() argument 'name' must be str (one of x, mastodon, mastodon-composer, bluesky, bluesky-composer), not int"),
    (lambda: textlimit.rule("x", max="2"), TypeError,
     "rule() argument 'max' must be int (a limit), not str"),
    (lambda: textlimit.rule("x", max=True), TypeError,
     "rule() argument 'max' must be int (a limit), not bool"),
    (lambda: textlimit.rule("x", max=-1), ValueError,
     "rule() argument 'max' must be at least 0, not -1"),
    (lambda: textlimit.rule("x", max=2**70), OverflowError,
     f"rule() argument 'max' is too large: {2**70} is over 2**63 - 1"),
    (lambda: textlimit.rule("x\0junk"), ValueError,
     "rule() argument 'name': unknown rule 'x\\x00junk'; one of x, mastodon, mastodon-composer, bluesky, bluesky-composer"),
    (lambda: textlimit.rule("threads"), ValueError,
     "rule() argument 'name': unknown rule 'threads'; one of x, mastodon, mastodon-composer, bluesky, bluesky-composer"),
    (lambda: textlimit.rule("bluesky", url_length=10), ValueError,
     "rule() argument 'url_length': the 'bluesky' rule counts URLs as written"),
    (lambda: textlimit.rule("x", url_length=2**70), OverflowError,
     f"rule() argument 'url_length' is too large: {2**70} is over 8,388,606"),
    (lambda: textlimit.rule("x", url_length=1.5), TypeError,
     "rule() argument 'url_length' must be int (a URL's length), not float"),
    (lambda: textlimit.post_unit("x", 2**70), OverflowError,
     f"post_unit() argument 'url_length' is too large: {2**70} is over 8,388,606"),
    (lambda: textlimit.post_unit("x", -3), ValueError,
     "post_unit() argument 'url_length' must be at least 0, not -3"),
    (lambda: textlimit.post_unit("x", True), TypeError,
     "post_unit() argument 'url_length' must be int (a URL's length), not bool"),
    (lambda: textlimit.post_unit("graphemes", 30), ValueError,
     "post_unit() argument 'unit' must be a post length that counts URLs (x, mastodon"),
    (lambda: textlimit.post_unit(5, 30), ValueError,
     "post_unit() argument 'unit' must be a post length that counts URLs"),
    (lambda: textlimit.post_unit("letters", 30), ValueError,
     "post_unit() argument 'unit': unknown unit 'letters'"),
])
def test_rule_and_post_unit_check_their_arguments(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value).startswith(message), str(raised.value)


def test_rule_and_post_unit_still_answer():
    assert textlimit.rule("x", max=0) == [(0, "x")]
    assert textlimit.rule("mastodon", max=1000, url_length=30)[0][0] == 1000
    assert textlimit.rule("x", max=2**63 - 1)[0][0] == 2**63 - 1
    unit = textlimit.post_unit("mastodon", 8_388_606)
    assert textlimit.count("see https://example.com", unit=unit) == 4 + 8_388_606


def test_fits_many_of_what_is_not_iterable_names_function_and_argument():
    with pytest.raises(TypeError, match=re.escape(
            "fits_many() argument 'texts' must be an iterable of texts (str, bytes-like or "
            "None), not int")):
        textlimit.fits_many(5, 1)  # type: ignore[arg-type]
    assert textlimit.fits_many(iter(["ab", None]), 1) == [False, None]


def test_arrow_and_pandas_objects_that_are_no_column_are_type_errors():
    pa = pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    table = pa.table({"a": ["x"]})
    for texts, kind in [(table, "Table"), (pa.record_batch([pa.array(["x"])], names=["a"]),
                                          "RecordBatch"), (pa.scalar("x"), "StringScalar")]:
        for function in (textlimit.count_many, lambda t: textlimit.fits_many(t, 1)):
            with pytest.raises(TypeError, match=r"argument 'texts' must be a pyarrow Array or "
                                                rf"ChunkedArray of strings .*not {kind}"):
                function(texts)
    with pytest.raises(TypeError, match=r"must be a pandas Series, Index or array of strings, "
                                        r"not Timestamp"):
        textlimit.count_many(pd.Timestamp("2026-01-01"))
    index = pd.Index(["ab", None, "👍🏽"], name="tag")
    counted = textlimit.count_many(index)
    assert isinstance(counted, pd.Index) and counted.name == "tag"
    assert str(counted.dtype) == "Int64" and counted.tolist() == [2, pd.NA, 1]
    for values in [pd.array(["ab", None, "👍🏽"], dtype="string"),
                   pd.Categorical(["ab", None, "👍🏽"])]:
        counted = textlimit.count_many(values)
        assert isinstance(counted, pd.api.extensions.ExtensionArray)
        assert str(counted.dtype) == "Int64" and counted.tolist() == [2, pd.NA, 1]
    assert textlimit.fits_many(index, 1) == [False, None, True]
    assert textlimit.count_many(table["a"]).to_pylist() == [1]


def test_the_extension_refuses_what_is_no_arrow_buffer():
    pa = pytest.importorskip("pyarrow")
    from textlimit import _textlimit

    # Numbers where buffers go would be read as addresses: refused, not followed.
    with pytest.raises(TypeError, match="must be pyarrow.Buffer, not int"):
        _textlimit.count_arrow(1, 2, 0, 5, 4, 0)
    array_ = pa.array(["ab", "c"])
    _validity, offsets, data = array_.buffers()
    assert list(memoryview(_textlimit.count_arrow(data, offsets, 0, 2, 4, 0)).cast("Q")) == [2, 1]
    with pytest.raises(ValueError, match="do not fit in an offsets buffer"):
        _textlimit.count_arrow(data, offsets, 0, 1_000, 4, 0)
    with pytest.raises(ValueError, match="invalid offsets"):
        _textlimit.count_arrow(data, pa.py_buffer(bytes(4) + (100).to_bytes(4, "little")), 0, 1,
                               4, 0)


def test_arrow_counts_keep_the_nulls_of_a_slice_anywhere():
    pa = pytest.importorskip("pyarrow")
    values = [None if i % 3 == 0 else "é" * (i % 7) for i in range(100)]
    whole = pa.array(values)
    for start in (0, 1, 5, 8, 13):
        piece = whole.slice(start, 50)
        assert textlimit.count_many(piece).to_pylist() == textlimit.count_many(values[start:][:50])
        assert textlimit.count_many(piece.cast(pa.large_string())).to_pylist() == \
            textlimit.count_many(values[start:][:50])


def test_pandas_without_pyarrow_counts_as_a_list():
    pytest.importorskip("pandas")
    program = """
import sys
sys.modules["pyarrow"] = None  # as if not installed: importing it raises ImportError
import math, pandas as pd, textlimit
series = pd.Series(["ab", None, float("nan"), "👍🏽", pd.NA], index=list("vwxyz"), name="body")
counted = textlimit.count_many(series, "utf16")
assert str(counted.dtype) == "Int64" and list(counted.index) == list("vwxyz"), counted
assert counted.name == "body"
assert [None if pd.isna(v) else int(v) for v in counted] == [2, None, None, 4, None], counted
assert textlimit.fits_many(series, 1) == [False, None, None, True, None]
for dtype in ["string", "category", object]:
    typed = pd.Series(["ab", None, "c"], dtype=dtype)
    assert [None if pd.isna(v) else int(v) for v in textlimit.count_many(typed)] == [2, None, 1]
empty = textlimit.count_many(pd.Series([], dtype=object))
assert len(empty) == 0 and str(empty.dtype) == "Int64"
try:
    textlimit.count_many(pd.Series([1, 2]))
except TypeError as error:
    assert "must hold str, bytes-like objects or None, not int" in str(error), error
else:
    raise AssertionError("a Series of ints counted")
assert "pyarrow" not in sys.modules or sys.modules["pyarrow"] is None
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_pandas_series_of_every_string_dtype_count_as_their_lists():
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    values = ["ab", None, "👍🏽", "ab", "e\u0301"]
    want = [2, None, 1, 2, 1]
    for dtype in [object, "string", "string[pyarrow]", "category"]:
        series = pd.Series(values, dtype=dtype, index=range(10, 15), name="body")
        counted = textlimit.count_many(series)
        assert str(counted.dtype) == "Int64", dtype
        assert [None if pd.isna(v) else v for v in counted] == want, dtype
        assert list(counted.index) == list(series.index) and counted.name == "body"
        assert textlimit.fits_many(series, 1) == [False, None, True, False, True], dtype
    for series in [pd.Series([], dtype=object), pd.Series([None, None]),
                   pd.Series([], dtype="string[pyarrow]"), pd.Series([float("nan")])]:
        counted = textlimit.count_many(series)
        assert str(counted.dtype) == "Int64"
        assert counted.isna().all() and len(counted) == len(series)
        assert textlimit.fits_many(series, 1) == [None] * len(series)


def test_a_dataframe_or_a_series_of_numbers_is_a_clear_type_error():
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    with pytest.raises(TypeError, match=r"count_many\(\) argument 'texts' must be a Series "
                                        r"\(one column\), not a DataFrame"):
        textlimit.count_many(pd.DataFrame({"a": ["x"]}))
    with pytest.raises(TypeError, match=r"fits_many\(\) .* not a DataFrame"):
        textlimit.fits_many(pd.DataFrame({"a": ["x"]}), 1)
    with pytest.raises(TypeError, match=r"count_many\(\) argument 'texts' must hold strings"):
        textlimit.count_many(pd.Series([1, 2]))


def test_arrow_arrays_of_every_string_type_count_as_their_lists():
    pa = pytest.importorskip("pyarrow")
    values = ["ab", None, "👍🏽", "ab"]
    want = [2, None, 1, 2]
    arrays = [pa.array(values).dictionary_encode(), pa.array(values, pa.large_string()),
              pa.chunked_array([], pa.string())]
    if hasattr(pa, "string_view"):
        arrays.append(pa.array(values, pa.string_view()))
    for array_ in arrays:
        expected = want if len(array_) else []
        assert textlimit.count_many(array_).to_pylist() == expected, array_.type
    assert textlimit.count_many(pa.array([None, None])).to_pylist() == [None, None]
    assert textlimit.count_many(pa.array([], pa.null())).to_pylist() == []
    with pytest.raises(TypeError, match=r"must hold strings or bytes \(or nulls\), not Arrow int64"):
        textlimit.count_many(pa.array([1, 2]))


def test_numpy_arrays_count_as_their_lists():
    np = pytest.importorskip("numpy")
    assert textlimit.count_many(np.array([], dtype=object)).tolist() == []
    assert textlimit.count_many(np.array(["ab", None], dtype=object)).tolist() == [2, None]
    with pytest.raises(TypeError, match=r"1-dimensional"):
        textlimit.count_many(np.array([["a"]]))
