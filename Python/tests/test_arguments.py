"""Bad arguments fail as CPython's own functions fail (``len``, ``str.encode``): a TypeError that
names the function, the argument and the type received, a ValueError that names the values
allowed, an OverflowError for an int too large; keyword names as the signatures say. And the
inputs a list takes, as pandas and Arrow hold them (every dtype), give the list's counts."""

from __future__ import annotations

import re

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
