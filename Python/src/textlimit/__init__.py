"""Text length as Swift's ``String`` counts it, for Python: grapheme clusters (what a reader sees
as one character), UTF-16 code units, scalars, UTF-8 bytes, terminal width and weighted lengths.

    >>> import textlimit
    >>> textlimit.count("👨‍👩‍👧‍👦 e\\u0301")           # len() says 10
    3
    >>> textlimit.truncate("ab👍🏽c", max=3)
    'ab👍🏽'
    >>> textlimit.fits("日本語", limits={"twitter": 280, "utf8": 9})
    True
    >>> textlimit.count_many(["a", "🇯🇵", None], unit="utf16")
    [1, 4, None]

Texts are ``str`` or bytes-like (UTF-8). Ill-formed UTF-8 counts as Swift's
``String(decoding:as: UTF8.self)`` repairs it (one U+FFFD per maximal ill-formed subpart) unless
``strict=True``; a ``str`` holding lone surrogates counts each as one U+FFFD, as Swift counts
ill-formed UTF-16. Every function is thread-safe and releases the GIL while it counts.
"""

from __future__ import annotations

import codecs
import ctypes
import itertools
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Union

from . import _native

__all__ = [
    "UNITS", "InvalidUTF8Error", "backend", "count", "count_many", "fits", "fits_many",
    "truncate", "version",
]

Text = Union[str, bytes, bytearray, memoryview]
Limits = Union[Mapping[str, int], Sequence[tuple[int, str]]]

UNITS: tuple[str, ...] = tuple(
    _native.lib.textlimit_unit_name(code).decode() for code in range(7))
"""The unit names, in the C API's order: graphemes, utf16, scalars, utf8, width, twitter,
wide2."""


class InvalidUTF8Error(ValueError):
    """The bytes are not well-formed UTF-8; ``offset`` is the first ill-formed byte's."""

    def __init__(self, offset: int) -> None:
        super().__init__(f"invalid UTF-8 at byte offset {offset}")
        self.offset = offset


def _surrogates_as_replacement(error: UnicodeError) -> tuple[bytes, int]:
    """Each lone surrogate becomes one U+FFFD, as Swift decodes ill-formed UTF-16."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "\ufffd".encode() * (error.end - error.start), error.end


codecs.register_error("textlimit.replace", _surrogates_as_replacement)


def version() -> str:
    """The library's version, e.g. ``"0.3.0"`` (the same as ``textlimit --version``)."""
    return _native.lib.textlimit_version().decode()


def backend() -> str:
    """The backend counting in this build: ``"automaton, utf8proc 2.8.0"`` (the libutf8proc its
    widths and NFKC come from) or ``"automaton"``."""
    return _native.lib.textlimit_backend().decode()


_UNIT_CODES = {name: code for code, name in enumerate(UNITS)}


def _unit_code(unit: str) -> int:
    """The C API's number for a unit name (the names of ``UNITS``, or the library's aliases)."""
    code = _UNIT_CODES.get(unit)  # type: ignore[call-overload]
    if code is not None:
        return code
    parsed = ctypes.c_int32()
    if not isinstance(unit, str) or _native.lib.textlimit_unit_from_name(
            unit.encode(), ctypes.byref(parsed)) != _native.OK:
        raise ValueError(f"unknown unit {unit!r}; one of {', '.join(UNITS)}")
    return parsed.value


def _utf8(text: Text) -> bytes:
    """The UTF-8 bytes of a text: a str encoded (lone surrogates as U+FFFD), bytes as they are."""
    if isinstance(text, str):
        return text.encode("utf-8", "textlimit.replace")
    if isinstance(text, bytes):
        return text
    if isinstance(text, (bytearray, memoryview)):
        return bytes(text)
    raise TypeError(f"expected str or a bytes-like object, not {type(text).__name__}")


def _check(status: int) -> None:
    if status != _native.OK:
        message = _native.lib.textlimit_status_message(status).decode()
        raise ValueError(f"textlimit: {message}")


def count(text: Text, unit: str = "graphemes", *, strict: bool = False) -> int:
    """The length of ``text`` in ``unit``.

    Args:
        text: A ``str``, or UTF-8 bytes (``bytes``, ``bytearray``, ``memoryview``).
        unit: One of ``UNITS``; grapheme clusters (what users see) by default.
        strict: Raise ``InvalidUTF8Error`` on ill-formed bytes instead of counting them as
            U+FFFD.

    Complexity: O(len(text)); buffers of several MiB are counted on several threads.
    """
    data, code = _utf8(text), _unit_code(unit)
    result = ctypes.c_uint64()
    if strict:
        offset = ctypes.c_size_t()
        status = _native.lib.textlimit_count_strict(
            data, len(data), code, ctypes.byref(result), ctypes.byref(offset))
        if status == _native.INVALID_UTF8:
            raise InvalidUTF8Error(offset.value)
    else:
        status = _native.lib.textlimit_count(data, len(data), code, ctypes.byref(result))
    _check(status)
    return result.value


def _limit_pairs(max: int | None, unit: str, limits: Limits | None) -> list[tuple[int, int]]:
    """(unit code, max) for ``max=``/``unit=`` or ``limits=``: a mapping unit → max, or pairs
    (max, unit)."""
    if (max is None) == (limits is None):
        raise TypeError("give either max= (with unit=) or limits=, not both")
    if limits is None:
        pairs: Iterable[tuple[int, str]] = [(max, unit)]  # type: ignore[list-item]
    elif isinstance(limits, Mapping):
        pairs = [(value, name) for name, value in limits.items()]
    else:
        pairs = limits
    result = []
    for value, name in pairs:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"a limit must be an int of at least 0, not {value!r}")
        result.append((_unit_code(name), value))
    if not result:
        raise ValueError("no limit given")
    return result


def _prefix_length(data: bytes, pairs: list[tuple[int, int]]) -> int:
    units = (ctypes.c_int32 * len(pairs))(*(code for code, _ in pairs))
    maxes = (ctypes.c_uint64 * len(pairs))(*(value for _, value in pairs))
    result = ctypes.c_size_t()
    _check(_native.lib.textlimit_prefix(
        data, len(data), units, maxes, len(pairs), ctypes.byref(result)))
    return result.value


def truncate(text: Text, max: int | None = None, unit: str = "graphemes", *,
             limits: Limits | None = None) -> Any:
    """The longest prefix of ``text`` within ``max`` (in ``unit``) or within every one of
    ``limits``, never splitting a grapheme cluster (an emoji, a flag or a conjunct stays whole or
    goes whole). A ``str`` gives a ``str`` (lone surrogates kept), bytes give ``bytes`` (ill-formed
    bytes kept as they are).

        >>> truncate("👍🏽👍🏽", max=4, unit="utf16")
        '👍🏽'
        >>> truncate("résumé", limits=[(10, "graphemes"), (4, "utf8")])
        'rés'

    Complexity: O(len(text) × number of limits).
    """
    pairs = _limit_pairs(max, unit, limits)
    data = _utf8(text)
    cut = _prefix_length(data, pairs)
    if not isinstance(text, str):
        return data[:cut]
    if cut == len(data):
        return text
    # Each character of the str became whole UTF-8 sequences, so the cut is a character count.
    return text[:len(data[:cut].decode("utf-8"))]


def fits(text: Text, max: int | None = None, unit: str = "graphemes", *,
         limits: Limits | None = None) -> bool:
    """Whether ``text`` is within ``max`` (in ``unit``), or within every one of ``limits``.

        >>> fits("🇯🇵🇫🇷", max=2)
        True
        >>> fits("🇯🇵🇫🇷", limits={"graphemes": 2, "utf16": 7})
        False

    Complexity: O(len(text) × number of limits).
    """
    pairs = _limit_pairs(max, unit, limits)
    data = _utf8(text)
    return _prefix_length(data, pairs) == len(data)


def _count_arrow(array_: Any, code: int) -> Any:
    """Counts an Arrow string or binary array in place (no copy of its bytes); nulls stay null."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if isinstance(array_, pa.ChunkedArray):
        return pa.chunked_array([_count_arrow(chunk, code) for chunk in array_.chunks],
                                type=pa.int64())
    kind = array_.type
    if pa.types.is_string(kind) or pa.types.is_binary(kind):
        function, width = _native.lib.textlimit_count_many, 4
    elif pa.types.is_large_string(kind) or pa.types.is_large_binary(kind):
        function, width = _native.lib.textlimit_count_many64, 8
    else:
        raise TypeError(f"expected an Arrow string or binary array, not {kind}")
    n = len(array_)
    _validity, offsets, data = array_.buffers()
    counts = array("Q", bytes(8 * n))
    if n:
        counts_address, _ = counts.buffer_info()
        _check(function(
            data.address if data is not None else None, data.size if data is not None else 0,
            offsets.address + array_.offset * width, n, code, counts_address))
    result = pa.array(counts, type=pa.uint64()).cast(pa.int64())
    return pc.if_else(array_.is_null(), pa.scalar(None, pa.int64()), result) \
        if array_.null_count else result


def count_many(texts: Any, unit: str = "graphemes") -> Any:
    """The length of each text in ``unit``, counted in one call into the library.

    ``texts`` is a list (or any iterable) of ``str``/bytes/None, a pyarrow string, large-string
    or binary array (or chunked array), a pandas Series of strings, or a NumPy array. The result
    has the same shape: a list of ints (None for None), an Arrow ``int64`` array with the same
    nulls, a pandas Series (nullable ``Int64``) with the same index, or a NumPy array.

        >>> count_many(["👍🏽", "e\\u0301", ""])
        [1, 1, 0]

    Complexity: O(total length). Arrow arrays are read in place, without a copy.
    """
    code = _unit_code(unit)
    module = type(texts).__module__.split(".")[0]
    if module == "pyarrow":
        return _count_arrow(texts, code)
    if module == "pandas":
        import pandas as pd
        import pyarrow as pa

        counts = _count_arrow(pa.array(texts, from_pandas=True), code)
        result = counts.to_pandas(types_mapper={pa.int64(): pd.Int64Dtype()}.get)
        result.index, result.name = texts.index, texts.name
        return result
    if module == "numpy":
        import numpy as np

        listed = _count_list(texts.tolist(), code)
        return np.array(listed, dtype=np.int64 if None not in listed else object)
    return _count_list(list(texts), code)


def _count_list(texts: list[Any], code: int) -> list[int | None]:
    pieces = [text.encode("utf-8", "textlimit.replace") if type(text) is str
              else b"" if text is None else _utf8(text) for text in texts]
    data = b"".join(pieces)
    offsets = array("q", itertools.accumulate(map(len, pieces), initial=0))
    counts = array("Q", bytes(8 * len(pieces)))
    if pieces:
        _check(_native.lib.textlimit_count_many64(
            data, len(data), offsets.buffer_info()[0], len(pieces), code,
            counts.buffer_info()[0]))
    return [None if text is None else value for text, value in zip(texts, counts)]


def fits_many(texts: Any, max: int | None = None, unit: str = "graphemes", *,
              limits: Limits | None = None) -> list[bool | None]:
    """Whether each text is within ``max`` (in ``unit``) or every one of ``limits``, as a list
    with None for None. ``texts`` is what ``count_many`` takes. Each limit is one batch call.

    Complexity: O(total length × number of limits).
    """
    pairs = _limit_pairs(max, unit, limits)
    if hasattr(texts, "to_pylist"):  # pyarrow
        texts = texts.to_pylist()
    elif hasattr(texts, "tolist"):  # pandas, NumPy
        texts = texts.tolist()
    texts = texts if isinstance(texts, list) else list(texts)
    result: list[bool | None] = [None if text is None else True for text in texts]
    for code, value in pairs:
        for index, length in enumerate(_count_list(texts, code)):
            if length is not None and length > value:
                result[index] = False
    return result
