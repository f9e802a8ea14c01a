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
    >>> textlimit.graphemes("e\\u0301🇯🇵!") == ["e\\u0301", "🇯🇵", "!"]
    True

Texts are ``str`` or bytes-like (UTF-8). Ill-formed UTF-8 counts as Swift's
``String(decoding:as: UTF8.self)`` repairs it (one U+FFFD per maximal ill-formed subpart) unless
``strict=True``; a ``str`` holding lone surrogates counts each as one U+FFFD, as Swift counts
ill-formed UTF-16. A C extension calls TextLimit's C library, bundled with it: every function is
thread-safe and releases the GIL while it counts a large text or a batch.
"""

from __future__ import annotations

import codecs
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union, overload

__all__ = [
    "RULES", "UNITS", "InvalidUTF8Error", "Unit", "UnitName", "__version__", "backend", "count",
    "count_many", "fits", "fits_many", "graphemes", "post_unit", "rule", "slice", "truncate",
    "version",
]

UnitName = Literal["graphemes", "utf16", "scalars", "utf8", "width", "twitter", "wide2", "x",
                   "mastodon", "unicodeScalars", "displayWidth", "twitterV3", "wideAsTwo"]
"""A unit's name: the nine of ``UNITS``, or the library's longer aliases."""

Unit = Union[UnitName, int]
"""A unit: its name, or the code ``post_unit`` makes."""

Text = Union[str, bytes, bytearray, memoryview]
Limits = Union[Mapping[Unit, int], Sequence[tuple[int, Unit]]]

RULES: tuple[str, ...] = ("x", "mastodon", "bluesky")
"""The platforms' post rules ``rule`` knows."""
_T = TypeVar("_T", str, bytes)


def _surrogates_as_replacement(error: UnicodeError) -> tuple[bytes, int]:
    """Each lone surrogate becomes one U+FFFD, as Swift decodes ill-formed UTF-16 (the C
    extension encodes a str holding them with this handler)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "\ufffd".encode() * (error.end - error.start), error.end


codecs.register_error("textlimit.replace", _surrogates_as_replacement)

try:
    from . import _textlimit
except ImportError as error:  # pragma: no cover - what a broken install says
    raise ImportError(
        "textlimit: the C extension or the library it calls (libtextlimit.so, beside "
        f"textlimit/__init__.py) could not be loaded: {error}. A wheel needs only the C and C++ "
        "runtimes (glibc, libstdc++, libgcc_s); a build from source needs Swift 6.1 or later, "
        "CMake and libutf8proc-dev (see the repository's README).") from error


class InvalidUTF8Error(ValueError):
    """The bytes are not well-formed UTF-8; ``offset`` is the first ill-formed byte's."""

    def __init__(self, offset: int) -> None:
        super().__init__(f"invalid UTF-8 at byte offset {offset}")
        self.offset = offset


_textlimit.set_invalid_utf8_error(InvalidUTF8Error)

UNITS: tuple[str, ...] = tuple(_textlimit.unit_name(code) for code in range(9))
"""The unit names, in the C API's order: graphemes, utf16, scalars, utf8, width, twitter,
wide2, x (X's post length: weighted, URLs 23), mastodon (Mastodon's: clusters, URLs 23,
mentions without their domain)."""

__version__: str = _textlimit.version()
"""The library's version, e.g. ``"0.3.0"`` (the same as ``textlimit --version``)."""


def version() -> str:
    """The library's version, e.g. ``"0.3.0"`` (the same as ``textlimit --version``)."""
    return __version__


def backend() -> str:
    """The backend counting in this build: ``"automaton, utf8proc 2.8.0"`` (the libutf8proc its
    widths and NFKC come from) or ``"automaton"``."""
    return _textlimit.backend()


_UNIT_CODES = {name: code for code, name in enumerate(UNITS)}


def _unit_code(unit: Unit) -> int:
    """The C API's number for a unit name (the names of ``UNITS``, or the library's aliases), or
    a code ``post_unit`` made."""
    if isinstance(unit, int) and not isinstance(unit, bool):
        _textlimit.count("", unit)  # an unknown code fails here
        return unit
    code = _UNIT_CODES.get(unit) if isinstance(unit, str) else None
    if code is None and isinstance(unit, str):
        code = _textlimit.unit_code(unit)
    if code is None or code < 0:
        raise ValueError(f"unknown unit {unit!r}; one of {', '.join(UNITS)}")
    return code


def post_unit(unit: Literal["x", "mastodon"], url_length: int) -> int:
    """The unit of X's or Mastodon's post length with each URL counting ``url_length`` instead of
    23 (a Mastodon server's ``characters_reserved_per_url``), for any ``unit=`` argument.

        >>> count("see https://example.com", unit=post_unit("mastodon", 30))
        34
    """
    return _textlimit.post_unit(_unit_code(unit), url_length)


def rule(name: Literal["x", "mastodon", "bluesky"], max: int | None = None,
         url_length: int | None = None) -> list[tuple[int, Unit]]:
    """A platform's post limits as ``(max, unit)`` pairs (a unit's name, or the code ``post_unit``
    makes for another URL length), for ``limits=``: ``x`` (280 in X's
    length), ``mastodon`` (500 in Mastodon's), ``bluesky`` (300 graphemes and 3000 UTF-8
    bytes). ``max`` replaces the first limit's maximum (a Mastodon server's own); ``url_length``
    what each URL counts (``x`` and ``mastodon`` only).

        >>> fits("https://example.com/" + "a" * 300, limits=rule("x"))
        True
        >>> truncate("🇯🇵" * 400, limits=rule("bluesky")) == "🇯🇵" * 300
        True
    """
    limits = _textlimit.rule_limits(name, -1 if max is None else max,
                                    -1 if url_length is None else url_length)
    return [(value, UNITS[code] if 0 <= code < len(UNITS) else code) for value, code in limits]


if TYPE_CHECKING:
    def count(text: Text, unit: Unit = "graphemes", *, strict: bool = False) -> int:
        """The length of ``text`` in ``unit`` (see the extension's docstring)."""
        ...
else:
    # One call into C: the unit's name is read there too. Its docstring says the rest.
    count = _textlimit.count


def _limit_pairs(max: int | None, unit: str, limits: Limits | None) -> tuple[list[int], list[int]]:
    """(unit codes, maxima) for ``max=``/``unit=`` or ``limits=``: a mapping unit → max, or pairs
    (max, unit)."""
    if (max is None) == (limits is None):
        raise TypeError("give either max= (with unit=) or limits=, not both")
    if limits is None:
        pairs: Iterable[tuple[int, str]] = [(max, unit)]  # type: ignore[list-item]
    elif isinstance(limits, Mapping):
        pairs = [(value, name) for name, value in limits.items()]
    else:
        pairs = limits
    codes, maxima = [], []
    for value, name in pairs:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"a limit must be an int of at least 0, not {value!r}")
        codes.append(_unit_code(name))
        maxima.append(value)
    if not codes:
        raise ValueError("no limit given")
    return codes, maxima


@overload
def truncate(text: str, max: int | None = ..., unit: Unit = ..., *,
             limits: Limits | None = ...) -> str: ...
@overload
def truncate(text: bytes | bytearray | memoryview, max: int | None = ..., unit: Unit = ..., *,
             limits: Limits | None = ...) -> bytes: ...
def truncate(text: Text, max: int | None = None, unit: Unit = "graphemes", *,
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
    codes, maxima = _limit_pairs(max, unit, limits)
    return _textlimit.prefix(text, codes, maxima, False)


def fits(text: Text, max: int | None = None, unit: Unit = "graphemes", *,
         limits: Limits | None = None) -> bool:
    """Whether ``text`` is within ``max`` (in ``unit``), or within every one of ``limits``.

        >>> fits("🇯🇵🇫🇷", max=2)
        True
        >>> fits("🇯🇵🇫🇷", limits={"graphemes": 2, "utf16": 7})
        False

    Complexity: O(len(text) × number of limits).
    """
    codes, maxima = _limit_pairs(max, unit, limits)
    return _textlimit.prefix(text, codes, maxima, True)


@overload
def graphemes(text: str) -> list[str]: ...
@overload
def graphemes(text: bytes | bytearray | memoryview) -> list[bytes]: ...
def graphemes(text: Text) -> list[Any]:
    """The grapheme clusters of ``text`` (what a reader sees as one character each), as Swift's
    ``String`` splits it: ``str`` pieces of a ``str``, ``bytes`` pieces of bytes (ill-formed
    bytes kept in the cluster they are read into).

        >>> [len(cluster) for cluster in graphemes("👨‍👩‍👧‍👦e\\u0301")]
        [7, 2]

    Complexity: O(len(text)).
    """
    return _textlimit.graphemes(text)


@overload
def slice(text: str, start: int | None = ..., stop: int | None = ...) -> str: ...
@overload
def slice(text: bytes | bytearray | memoryview, start: int | None = ...,
          stop: int | None = ...) -> bytes: ...
def slice(text: Text, start: int | None = None, stop: int | None = None) -> Any:
    """``text[start:stop]`` counted in grapheme clusters, so no cluster is ever split (negative
    indices count from the end, as for ``str``).

        >>> slice("a👍🏽b🇯🇵c", 1, 4)
        '👍🏽b🇯🇵'

    Complexity: O(len(text)).
    """
    pieces = graphemes(text)
    joined = "" if isinstance(text, str) else b""
    return joined.join(pieces[start:stop])


def _count_arrow(array_: Any, code: int) -> Any:
    """Counts an Arrow string or binary array in place (no copy of its bytes); nulls stay null."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if isinstance(array_, pa.ChunkedArray):
        return pa.chunked_array([_count_arrow(chunk, code) for chunk in array_.chunks],
                                type=pa.int64())
    kind = array_.type
    if pa.types.is_string(kind) or pa.types.is_binary(kind):
        width = 4
    elif pa.types.is_large_string(kind) or pa.types.is_large_binary(kind):
        width = 8
    else:
        raise TypeError(f"expected an Arrow string or binary array, not {kind}")
    n = len(array_)
    _validity, offsets, data = array_.buffers()
    counts = array("Q", bytes(8 * n))
    if n:
        _textlimit.count_arrow(
            data.address if data is not None else None, data.size if data is not None else 0,
            offsets.address + array_.offset * width, n, width, code, counts.buffer_info()[0])
    result = pa.array(counts, type=pa.uint64()).cast(pa.int64())
    return pc.if_else(array_.is_null(), pa.scalar(None, pa.int64()), result) \
        if array_.null_count else result


if TYPE_CHECKING:
    import numpy
    import pandas
    import pyarrow


@overload
def count_many(texts: pyarrow.Array | pyarrow.ChunkedArray, unit: Unit = ...) -> Any: ...
@overload
def count_many(texts: pandas.Series, unit: Unit = ...) -> pandas.Series: ...
@overload
def count_many(texts: numpy.ndarray, unit: Unit = ...) -> numpy.ndarray: ...
@overload
def count_many(texts: Iterable[Text | None], unit: Unit = ...) -> list[int | None]: ...
def count_many(texts: Any, unit: Unit = "graphemes") -> Any:
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

        listed = _textlimit.count_each(texts.tolist(), code)
        return np.array(listed, dtype=np.int64 if None not in listed else object)
    return _textlimit.count_each(texts, code)


def fits_many(texts: Any, max: int | None = None, unit: Unit = "graphemes", *,
              limits: Limits | None = None) -> list[bool | None]:
    """Whether each text is within ``max`` (in ``unit``) or every one of ``limits``, as a list
    with None for None. ``texts`` is what ``count_many`` takes. Each limit is one batch call.

    Complexity: O(total length × number of limits).
    """
    codes, maxima = _limit_pairs(max, unit, limits)
    if hasattr(texts, "to_pylist"):  # pyarrow
        texts = texts.to_pylist()
    elif hasattr(texts, "tolist"):  # pandas, NumPy
        texts = texts.tolist()
    texts = texts if isinstance(texts, list) else list(texts)
    result: list[bool | None] = [None if text is None else True for text in texts]
    for code, value in zip(codes, maxima):
        for index, length in enumerate(_textlimit.count_each(texts, code)):
            if length is not None and length > value:
                result[index] = False
    return result
