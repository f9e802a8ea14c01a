"""Text length as Swift's ``String`` counts it, for Python: grapheme clusters (what a reader sees
as one character), UTF-16 code units, scalars, UTF-8 bytes, terminal width and weighted lengths;
words, SMS segments, ``maxlength``'s count, and posts as X, Mastodon and Bluesky count them.

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
ill-formed UTF-16 (``strict=True`` refuses it, as it refuses ill-formed bytes). A C extension
calls TextLimit's C library, bundled with it: every function is thread-safe and releases the
GIL while it counts or splits a large text or a batch.

A ``str`` is read through a UTF-8 copy made for the call and freed after it (a short one on
the stack; a long all-ASCII one in place, with no copy): never through the UTF-8 form CPython
would keep with the string once asked, so that counting leaves no copy of a text alive with it.
"""

from __future__ import annotations

import builtins
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol, TypeVar, Union, overload

__all__ = [
    "RULES", "SMS_LANGUAGES", "UNITS", "InvalidUTF8Error", "SMSMessage", "Unit", "UnitName",
    "WarnedUnit", "__version__", "backend", "count", "count_many", "fits", "fits_many",
    "grapheme_ends", "graphemes", "post_unit", "publish", "rule", "slice", "sms", "sms_unit",
    "truncate", "version",
]

UnitName = Literal["graphemes", "utf16", "scalars", "utf8", "width", "twitter", "wide2", "x",
                   "mastodon", "words", "sms", "maxlength", "stringz", "mastodon-composer",
                   "bluesky-composer", "bluesky-published-utf8", "unicodeScalars",
                   "displayWidth", "twitterV3", "wideAsTwo", "htmlMaxLength"]
"""A unit's name: the sixteen of ``UNITS``, or the library's longer aliases."""


class WarnedUnit(NamedTuple):
    """A Mastodon unit (``"mastodon"``, ``"mastodon-composer"`` or a code ``post_unit`` made of
    them) with a post's content warning, which counts toward the same limit: what ``rule``
    gives for a ``content_warning``, and what ``count``, ``fits`` and ``truncate`` take as a
    unit. The server strips the warning and counts it with the text (a blank text's place taken
    by the warning); the composer counts it as typed (give it only while its toggle is on)."""

    unit: Union[UnitName, int]
    content_warning: str


Unit = Union[UnitName, int, WarnedUnit]
"""A unit: its name, a code ``post_unit`` or ``sms_unit`` makes, or a ``WarnedUnit``."""

Text = Union[str, bytes, bytearray, memoryview]
Limits = Union[Mapping[Unit, int], Sequence[tuple[int, Unit]]]

RULES: tuple[str, ...] = ("x", "mastodon", "mastodon-composer", "bluesky", "bluesky-composer")
"""The platforms' post rules ``rule`` knows: ``x`` (twitter-text 3.1.0), ``mastodon``
(Mastodon 4.6.5's server), ``mastodon-composer`` (Mastodon 4.6.5's web composer), ``bluesky``
(the ``app.bsky.feed.post`` lexicon), ``bluesky-composer`` (Bluesky's app, social-app
63f0d4d3)."""

SMS_LANGUAGES: tuple[str, ...] = (
    "turkish", "spanish", "portuguese", "bengali", "gujarati", "hindi", "kannada", "malayalam",
    "oriya", "punjabi", "tamil", "telugu", "urdu")
"""The national languages of 3GPP TS 23.038 whose shift tables ``sms_unit`` and ``sms`` allow,
in the order of their identifiers (1 to 13)."""
_T = TypeVar("_T", str, bytes)

try:
    from . import _textlimit
except ImportError as error:  # pragma: no cover - what a broken install says
    raise ImportError(
        "textlimit: the C extension or the library it calls (libtextlimit-*.so, beside "
        f"textlimit/__init__.py) could not be loaded: {error}. A wheel needs only the C and C++ "
        "runtimes (glibc, libstdc++, libgcc_s); a build from source needs Swift 6.1 or later, a "
        "C compiler, CMake and Ninja (see the repository's README).") from error


class InvalidUTF8Error(ValueError):
    """The text is not well-formed (with ``strict=True``): bytes that are not UTF-8, where
    ``offset`` is the first ill-formed byte's offset, or a ``str`` holding a lone surrogate,
    where ``offset`` is the first one's index in the ``str`` (``text[offset]``)."""

    def __init__(self, offset: int, in_str: bool = False) -> None:
        super().__init__(f"a lone surrogate at index {offset} (no Unicode scalar)" if in_str
                         else f"invalid UTF-8 at byte offset {offset}")
        self.offset = offset


_textlimit.set_invalid_utf8_error(InvalidUTF8Error)

UNITS: tuple[str, ...] = _textlimit.unit_names()
"""The unit names, in the C API's order (read from the library): graphemes, utf16, scalars, utf8, width, twitter,
wide2, x (X's post length: weighted, URLs 23), mastodon (Mastodon's server's: clusters, URLs 23,
mentions without their domain, stripped), words (UAX #29's words holding a letter, number or
ideograph), sms (SMS segments, as Twilio counts them), maxlength (a browser's ``maxlength``:
UTF-16 code units, a line break one), stringz (stringz 2.1.0's length), mastodon-composer
(Mastodon's web composer's count), bluesky-composer (Bluesky's app's count, links shortened),
bluesky-published-utf8 (the bytes of the text Bluesky's app publishes)."""

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


def _unit_code(unit: Unit, function: str = "count") -> int:
    """The C API's number for a unit name (the names of ``UNITS``, or the library's aliases), or
    a code ``post_unit`` or ``sms_unit`` made: ValueError for an unknown name, TypeError for
    anything else (the extension's check, as ``count`` makes it), a ``WarnedUnit`` included
    (a content warning belongs to one post: ``count`` or ``fits`` it)."""
    code = _UNIT_CODES.get(unit) if isinstance(unit, str) else None
    if code is not None:
        return code
    if isinstance(unit, tuple):
        raise TypeError(f"{function}() takes no unit with a content warning ({unit!r}): a "
                        f"warning belongs to one post; count() or fits() each post with its own")
    try:
        _textlimit.count("", unit)
    except (TypeError, ValueError) as error:
        raise type(error)(str(error).replace("count()", f"{function}()", 1)) from None
    return unit if isinstance(unit, int) else _textlimit.unit_code(unit)


_LARGEST_LIMIT = 2**64 - 1
"""The largest maximum the C API takes (a ``uint64_t``); any larger one would change nothing."""

_LARGEST_RULE_MAX = 2**63 - 1
"""The largest maximum ``rule`` takes (``textlimit_rule_limits``'s ``int64_t``)."""

_LONGEST_URL_LENGTH = 8_388_606
"""The longest URL length the C API takes (``textlimit_post_unit``, ``textlimit_rule_limits``)."""


def _checked_count(function: str, argument: str, value: object, largest: int,
                   largest_text: str, what: str) -> int:
    """``value`` if it is an int (not a bool) from 0 to ``largest``: a TypeError, ValueError or
    OverflowError naming the function and the argument otherwise, as CPython's own say it."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{function}() argument '{argument}' must be int ({what}), not "
                        f"{type(value).__name__}")
    if value < 0:
        raise ValueError(f"{function}() argument '{argument}' must be at least 0, not {value}")
    if value > largest:
        raise OverflowError(f"{function}() argument '{argument}' is too large: {value} is over "
                            f"{largest_text}")
    return value


def post_unit(unit: Literal["x", "mastodon", "mastodon-composer"], url_length: int) -> int:
    """The unit of X's, Mastodon's or Mastodon's composer's post length with each URL counting
    ``url_length`` instead of 23 (a Mastodon server's ``characters_reserved_per_url``), for any
    ``unit=`` argument.

        >>> count("see https://example.com", unit=post_unit("mastodon", 30))
        34
    """
    code = _unit_code(unit, "post_unit")
    _checked_count("post_unit", "url_length", url_length, _LONGEST_URL_LENGTH,
                   f"{_LONGEST_URL_LENGTH:,}, the longest URL length", "a URL's length")
    made = _textlimit.post_unit(code, url_length)
    if made is None:
        raise ValueError(f"post_unit() argument 'unit' must be a post length that counts URLs "
                         f"({', '.join(_URL_UNITS)}), not {unit!r}")
    return made  # type: ignore[no-any-return]


_URL_UNITS: tuple[str, ...] = tuple(name for code, name in enumerate(UNITS)
                                    if _textlimit.post_unit(code, 23) is not None)
"""The units ``post_unit`` takes: the post lengths that count URLs (the library says which)."""


def rule(name: Literal["x", "mastodon", "mastodon-composer", "bluesky", "bluesky-composer"],
         max: int | None = None, url_length: int | None = None,
         content_warning: str | None = None) -> list[tuple[int, Unit]]:
    """A platform's post limits as ``(max, unit)`` pairs (a unit's name, the code ``post_unit``
    makes for another URL length, or a ``WarnedUnit`` with the content warning), for
    ``limits=``, each as the platform's own code counts:

    - ``x``: 280 in X's length (twitter-text 3.1.0: weighted, each URL 23);
    - ``mastodon``: 500 in the length Mastodon 4.6.5's server counts (twitter-text 3.1.0's gem
      and Mastodon's initializer: grapheme clusters, URLs 23, mentions without their domain,
      the text and warning stripped);
    - ``mastodon-composer``: 500 in what Mastodon 4.6.5's web composer shows (``counter.js``,
      stringz 2.1.0: nothing stripped);
    - ``bluesky``: 300 graphemes and 3000 UTF-8 bytes (the ``app.bsky.feed.post`` lexicon);
    - ``bluesky-composer``: 300 graphemes as Bluesky's app counts them (social-app 63f0d4d3,
      links shortened, nothing trimmed) and 3000 UTF-8 bytes of the text it publishes
      (``publish``).

    ``max`` replaces the first limit's maximum (a Mastodon server's own); ``url_length`` what
    each URL counts (``x``, ``mastodon``, ``mastodon-composer``); ``content_warning`` the post's
    warning (the Mastodon rules; the composer's only while its toggle is on).

        >>> fits("https://example.com/" + "a" * 300, limits=rule("x"))
        True
        >>> truncate("🇯🇵" * 400, limits=rule("bluesky")) == "🇯🇵" * 300
        True
        >>> count("  hi  ", rule("mastodon", content_warning="spoiler")[0][1])
        9
    """
    if content_warning is not None and not isinstance(content_warning, str):
        raise TypeError(f"rule() argument 'content_warning' must be str or None, not "
                        f"{type(content_warning).__name__}")
    if not isinstance(name, str):
        raise TypeError(f"rule() argument 'name' must be str (one of {', '.join(RULES)}), not "
                        f"{type(name).__name__}")
    if max is not None:
        _checked_count("rule", "max", max, _LARGEST_RULE_MAX, "2**63 - 1, the largest rule maximum",
                       "a limit")
    if url_length is not None:
        _checked_count("rule", "url_length", url_length, _LONGEST_URL_LENGTH,
                       f"{_LONGEST_URL_LENGTH:,}, the longest URL length", "a URL's length")
    maximum = -1 if max is None else max
    limits = _textlimit.rule_limits(name, maximum, -1 if url_length is None else url_length)
    if limits is None:
        if url_length is not None and _textlimit.rule_limits(name, maximum, -1) is not None:
            raise ValueError(f"rule() argument 'url_length': the {name!r} rule counts URLs as "
                             "written; it takes no url_length")
        raise ValueError(f"rule() argument 'name': unknown rule {name!r}; one of "
                         f"{', '.join(RULES)}")
    units: list[tuple[int, UnitName | int]] = [
        (value, UNITS[code] if 0 <= code < len(UNITS) else code)
        for value, code in limits]
    if content_warning:
        if name not in ("mastodon", "mastodon-composer"):
            raise ValueError(f"rule() argument 'content_warning': {name!r} has no content "
                             f"warning (mastodon and mastodon-composer do)")
        return [(value, WarnedUnit(unit, content_warning)) for value, unit in units]
    return list(units)


def sms_unit(split: Literal["whole", "pairs"] = "whole", lookalikes: bool = False,
             language: str | None = None) -> int:
    """The unit of SMS segments with options, for any ``unit=`` argument (``"sms"`` is the
    default's): ``split`` where a long message is split into parts (``"whole"``: between
    grapheme clusters, as Twilio's calculator; ``"pairs"``: anywhere but inside an escape or
    surrogate pair), ``lookalikes`` replaces characters with GSM look-alikes first (Twilio's
    smart encoding), ``language`` allows a national language's shift tables (one of
    ``SMS_LANGUAGES``; 3GPP TS 23.038 Annex A).

        >>> count("ş" * 100, unit=sms_unit(language="turkish")), count("ş" * 100, unit="sms")
        (1, 2)
    """
    if split not in ("whole", "pairs"):
        raise ValueError(f"sms_unit() argument 'split' must be 'whole' or 'pairs', not {split!r}")
    if language is not None and language not in SMS_LANGUAGES:
        raise ValueError(f"sms_unit() argument 'language': unknown language {language!r}; one "
                         f"of {', '.join(SMS_LANGUAGES)}")
    return _textlimit.sms_unit(1 if split == "pairs" else 0, 1 if lookalikes else 0,
                               0 if language is None else SMS_LANGUAGES.index(language) + 1)


class SMSMessage(NamedTuple):
    """A text measured as an SMS message (``sms``): ``encoding`` ``"GSM-7"`` or ``"UCS-2"``,
    ``units`` (septets or UTF-16 code units), ``segments`` (the messages it is sent in: 160 or
    70 units in one, 153 or 67 in each part of a longer one), ``characters`` (those that forced
    UCS-2, each once, in order; ``str`` for a ``str``, ``bytes`` for bytes)."""

    encoding: str
    units: int
    segments: int
    characters: list[Any]


def sms(text: Text, *, split: Literal["whole", "pairs"] = "whole", lookalikes: bool = False,
        language: str | None = None) -> SMSMessage:
    """``text`` measured as an SMS message, as Twilio's message-segment-calculator measures it
    (options as ``sms_unit``'s).

        >>> sms("Price: 5€")
        SMSMessage(encoding='GSM-7', units=10, segments=1, characters=[])
        >>> sms("日本 ok").characters
        ['日', '本']

    Complexity: O(len(text)).
    """
    code = sms_unit(split, lookalikes, language)
    encoding, units, segments, characters = _textlimit.sms_measure(text, code)
    return SMSMessage("GSM-7" if encoding == 0 else "UCS-2", units, segments, characters)


@overload
def publish(text: str, rule: Literal["bluesky-composer"] = ...) -> str: ...
@overload
def publish(text: bytes | bytearray | memoryview,
            rule: Literal["bluesky-composer"] = ...) -> bytes: ...
def publish(text: Text, rule: Literal["bluesky-composer"] = "bluesky-composer") -> Any:
    """The text Bluesky's app (social-app 63f0d4d3, atproto's RichText d6296a1c) publishes for
    ``text`` typed in its composer: the lines of white space at its start and the white space
    at its end removed, runs of three or more line breaks made two, each link typed with
    ``http(s)://`` shortened as the composer shows it. Its 3000 UTF-8 bytes are the limit
    ``rule("bluesky-composer")`` checks beside the composer's 300 graphemes.

        >>> publish("Check https://example.com/a/very/long/path/that/is/longer ok  ")
        'Check example.com/a/very/long/... ok'

    Complexity: O(len(text)).
    """
    if rule != "bluesky-composer":
        raise ValueError(f"publish() argument 'rule' must be 'bluesky-composer' (the other rules "
                         f"publish the text as typed), not {rule!r}")
    return _textlimit.bluesky_published(text)


if TYPE_CHECKING:
    def count(text: Text, unit: Unit = "graphemes", *, strict: bool = False) -> int:
        """The length of ``text`` in ``unit`` (see the extension's docstring)."""
        ...
else:
    # One call into C: the unit's name is read there too. Its docstring says the rest.
    count = _textlimit.count


def _limit_pairs(function: str, max: int | None, unit: Unit,
                 limits: Limits | None) -> tuple[list[int], list[int], str | None]:
    """(unit codes, maxima, content warning) for ``max=``/``unit=`` or ``limits=``: a mapping
    unit → max, or pairs (max, unit); checked as CPython checks arguments (TypeError for a type,
    ValueError for a value, OverflowError for an int too large). The warning is that of the
    ``WarnedUnit`` among them (one warning: a post has one)."""
    if max is None and limits is None:
        raise TypeError(f"{function}() needs a limit: max= (with unit=) or limits=")
    if max is not None and limits is not None:
        raise TypeError(f"{function}() takes max= (with unit=) or limits=, not both")
    if limits is None:
        pairs: Iterable[Any] = [(max, unit)]
        argument = "max"
    elif isinstance(limits, Mapping):
        pairs = [(value, name) for name, value in limits.items()]
        argument = "limits"
    elif isinstance(limits, (str, bytes)) or not isinstance(limits, Iterable):
        raise TypeError(f"{function}() argument 'limits' must be a mapping unit -> max or "
                        f"(max, unit) pairs, not {type(limits).__name__}")
    else:
        pairs = limits
        argument = "limits"
    codes, maxima = [], []
    warning: str | None = None
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"{function}() argument 'limits' must hold (max, unit) pairs, not "
                            f"{pair!r}")
        value, name = pair
        maxima.append(_checked_count(function, argument, value, _LARGEST_LIMIT,
                                     "2**64 - 1, the largest limit", "a limit"))
        if isinstance(name, tuple):
            name, text = WarnedUnit(*name)
            if not isinstance(text, str):
                raise TypeError(f"{function}() content warning must be str, not "
                                f"{type(text).__name__}")
            if warning is not None and text != warning:
                raise ValueError(f"{function}() takes one content warning, not {warning!r} and "
                                 f"{text!r}: a post has one")
            warning = text
        codes.append(_unit_code(name, function))
    if not codes:
        raise ValueError(f"{function}() argument 'limits' is empty: give at least one limit")
    return codes, maxima, warning


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
    codes, maxima, warning = _limit_pairs("truncate", max, unit, limits)
    return _textlimit.prefix("truncate", text, codes, maxima, False, warning)


def fits(text: Text, max: int | None = None, unit: Unit = "graphemes", *,
         limits: Limits | None = None) -> bool:
    """Whether ``text`` is within ``max`` (in ``unit``), or within every one of ``limits``.

        >>> fits("🇯🇵🇫🇷", max=2)
        True
        >>> fits("🇯🇵🇫🇷", limits={"graphemes": 2, "utf16": 7})
        False

    Complexity: O(len(text) × number of limits).
    """
    codes, maxima, warning = _limit_pairs("fits", max, unit, limits)
    return _textlimit.prefix("fits", text, codes, maxima, True, warning)


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

    Complexity: O(len(text)); the GIL is released while a large text is split (the list of
    pieces is made with it held). ``grapheme_ends`` gives the same boundaries as compact offsets.
    """
    return _textlimit.graphemes(text)


def grapheme_ends(text: Text) -> array[int]:
    """Where each grapheme cluster of ``text`` ends, as an ``array('q')`` (8 bytes a cluster, no
    object per cluster): offsets in code points for a ``str`` (``text[ends[i - 1]:ends[i]]`` is
    cluster ``i``), in bytes for bytes. The last is ``len(text)``; an empty text has none. For
    large texts, where a list of pieces would cost some 60 bytes a cluster;
    ``numpy.frombuffer(ends, dtype=numpy.int64)`` views it without a copy.

        >>> list(grapheme_ends("👨‍👩‍👧‍👦e\u0301!"))
        [7, 9, 10]

    Complexity: O(len(text)), with the GIL released for a large text.
    """
    ends = array("q")
    ends.frombytes(_textlimit.grapheme_ends(text))
    return ends


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

    Complexity: O(the text up to ``stop``) for indices of at least 0 (a slice at the start of
    a long text reads only that far); O(len(text)) with a negative index, which needs the
    whole count.
    """
    for name, index in (("start", start), ("stop", stop)):
        if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
            raise TypeError(f"slice() argument '{name}' must be int or None, not "
                            f"{type(index).__name__}")
    if not isinstance(text, (str, bytes)):
        # Offsets are in bytes: a buffer of wider items (array('H'), a memoryview of them) is
        # sliced as its bytes, as it is counted.
        try:
            view = memoryview(text)
        except TypeError:
            raise TypeError("slice() argument 'text' must be str or a bytes-like object, not "
                            f"{type(text).__name__}") from None
        try:
            text = view.cast("B")  # no copy
        except TypeError:  # not contiguous, or a format cast() refuses ('<H', a struct)
            text = view.tobytes()
    if (start is not None and start < 0) or (stop is not None and stop < 0):
        start, stop, _ = builtins.slice(start, stop).indices(count(text))
    first = 0 if start is None else start
    offsets = _textlimit.cluster_prefix(text, first)  # checks the text's type too
    if stop is not None and stop <= first:
        return "" if isinstance(text, str) else b""
    end = None if stop is None else _textlimit.cluster_prefix(text, stop)
    piece = text[offsets:end]
    return piece if isinstance(piece, (str, bytes)) else bytes(piece)


def _count_arrow(array_: Any, code: int, function: str = "count_many") -> Any:
    """Counts an Arrow array of strings or binaries in place (no copy of its bytes; a view type
    is cast first); nulls stay null. A dictionary (categorical) array counts its dictionary once
    and takes each index's count; an array of nulls alone (of any type) is all null."""
    import pyarrow as pa

    if isinstance(array_, pa.ChunkedArray):
        return pa.chunked_array([_count_arrow(chunk, code, function) for chunk in array_.chunks],
                                type=pa.int64())
    kind = array_.type
    if array_.null_count == len(array_):  # nulls alone, of any type (pandas: NaN too)
        return pa.nulls(len(array_), pa.int64())
    if pa.types.is_dictionary(kind):
        return _count_arrow(array_.dictionary, code, function).take(array_.indices)
    for view, plain in (("is_string_view", pa.large_string), ("is_binary_view", pa.large_binary)):
        if getattr(pa.types, view, lambda _: False)(kind):
            array_, kind = array_.cast(plain()), plain()
    if pa.types.is_string(kind) or pa.types.is_binary(kind):
        width = 4
    elif pa.types.is_large_string(kind) or pa.types.is_large_binary(kind):
        width = 8
    else:
        raise TypeError(f"{function}() argument 'texts' must hold strings or bytes (or nulls), "
                        f"not Arrow {kind}")
    n = len(array_)
    if n == 0:
        return pa.array([], pa.int64())
    _validity, offsets, data = array_.buffers()
    counts = _textlimit.count_arrow(data, offsets, array_.offset, n, width, code)
    # The counts' bytes as the int64 array's values (no copy), the input's nulls as its nulls.
    validity = array_.is_valid().buffers()[1] if array_.null_count else None
    return pa.Array.from_buffers(pa.int64(), n, [validity, pa.py_buffer(counts)],
                                 null_count=array_.null_count)


def _library_of(texts: object) -> str:
    """The top-level module of an object's type: "pyarrow", "pandas", "numpy" or another."""
    return type(texts).__module__.split(".")[0]


def _refuse_one_text(function: str, texts: object) -> None:
    """A str (or bytes) is one text, not a list of texts: iterating it would count its
    characters one by one."""
    if isinstance(texts, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"{function}() argument 'texts' must be an iterable of texts (str, "
                        f"bytes-like or None), not {type(texts).__name__}: a "
                        f"{type(texts).__name__} is one text (count() counts it)")
    if _library_of(texts) == "pandas" and hasattr(texts, "columns"):
        raise TypeError(f"{function}() argument 'texts' must be a Series (one column), not a "
                        f"DataFrame: {function}(frame['column'])")


def _arrow_column(function: str, texts: Any) -> Any:
    """A pyarrow Array or ChunkedArray as it is; TypeError for another pyarrow object (a Table,
    a RecordBatch, a Scalar)."""
    import pyarrow as pa

    if isinstance(texts, (pa.Array, pa.ChunkedArray)):
        return texts
    raise TypeError(f"{function}() argument 'texts' must be a pyarrow Array or ChunkedArray of "
                    f"strings (one column: table['name']), not {type(texts).__name__}")


def _pandas_series(function: str, texts: Any) -> Any:
    """A pandas Series, or an Index or array (ExtensionArray) as a Series of its values;
    TypeError for another pandas object."""
    import pandas as pd

    if isinstance(texts, pd.Series):
        return texts
    if isinstance(texts, (pd.Index, pd.api.extensions.ExtensionArray)):
        return pd.Series(texts, copy=False)
    raise TypeError(f"{function}() argument 'texts' must be a pandas Series, Index or array of "
                    f"strings, not {type(texts).__name__}")


def _series_values(series: Any) -> list[Any]:
    """A Series' values as a list, each null (None, NaN, pd.NA, NaT) None: what needs no
    pyarrow."""
    return series.to_numpy(dtype=object, na_value=None).tolist()  # type: ignore[no-any-return]


def _count_pandas(function: str, texts: Any, code: int) -> Any:
    """Counts a pandas Series (or Index, or array) of strings: through Arrow, in place, where
    pyarrow is installed, else through its values as a list; the result is of the same kind
    (an Index for an Index, an array for an array), nullable ``Int64``, with the same index and
    name."""
    import pandas as pd

    series = _pandas_series(function, texts)
    try:
        import pyarrow as pa
    except ImportError:
        counts = pd.Series(pd.array(_textlimit.count_each(function, _series_values(series), code),
                                    dtype="Int64"), index=series.index, name=series.name)
    else:
        try:
            column = pa.array(series, from_pandas=True)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as error:
            raise TypeError(f"{function}() argument 'texts' must hold strings or bytes (or "
                            f"nulls); this {type(texts).__name__} of dtype {series.dtype} does "
                            f"not: {error}") from None
        counts = _count_arrow(column, code, function).to_pandas(
            types_mapper={pa.int64(): pd.Int64Dtype()}.get)
        if not isinstance(counts.dtype, pd.Int64Dtype):  # an empty or all-null chunked array
            counts = counts.astype(pd.Int64Dtype())
        counts.index, counts.name = series.index, series.name
    if isinstance(texts, pd.Index):
        return pd.Index(counts.array, name=texts.name)
    if isinstance(texts, pd.api.extensions.ExtensionArray):
        return counts.array
    return counts


class _ArrowArray(Protocol):
    """What a pyarrow ``Array`` or ``ChunkedArray`` has (typing only: pyarrow has no stubs)."""

    @property
    def null_count(self) -> int: ...
    def to_pylist(self) -> list[Any]: ...


class _Series(Protocol):
    """What a pandas ``Series`` has (typing only)."""

    @property
    def index(self) -> Any: ...
    @property
    def dtype(self) -> Any: ...
    def to_numpy(self) -> Any: ...


class _Index(Protocol):
    """What a pandas ``Index`` has (typing only)."""

    @property
    def names(self) -> Any: ...
    @property
    def dtype(self) -> Any: ...
    def to_numpy(self) -> Any: ...


class _NDArray(Protocol):
    """What a NumPy ``ndarray`` has (typing only)."""

    @property
    def dtype(self) -> Any: ...
    @property
    def ndim(self) -> int: ...
    def tolist(self) -> Any: ...


if TYPE_CHECKING:
    import numpy
    import pandas
    import pyarrow


# The array types as protocols, not their classes: where pandas or pyarrow is absent or has
# no types, its class is Any, and an overload taking Any matches any argument (a list[str]
# would then be Any). No list has what they ask for; a Series or ndarray is iterable, so they
# come first.
@overload
def count_many(texts: _Series, unit: Unit = ...) -> pandas.Series: ...
@overload
def count_many(texts: _Index, unit: Unit = ...) -> pandas.Index: ...
@overload
def count_many(texts: _ArrowArray, unit: Unit = ...) -> pyarrow.Array: ...
@overload
def count_many(texts: _NDArray, unit: Unit = ...) -> numpy.ndarray: ...
@overload
def count_many(texts: Iterable[Text], unit: Unit = ...) -> list[int]: ...
@overload
def count_many(texts: Iterable[Text | None], unit: Unit = ...) -> list[int | None]: ...
def count_many(texts: Any, unit: Unit = "graphemes") -> Any:
    """The length of each text in ``unit``, counted in one call into the library.

    ``texts`` is a list (or any iterable) of ``str``/bytes/None, a pyarrow string, large-string,
    binary, view or dictionary array (or chunked array), a pandas Series of strings (object,
    ``string``, ``string[pyarrow]`` or categorical dtype; an Index or a pandas array too), or a
    NumPy array. The result has the same shape: a list of ints (None for None), an Arrow
    ``int64`` array with the same nulls, a pandas Series (nullable ``Int64``, ``<NA>`` for a
    missing value) with the same index (an Index for an Index, an array for an array), or a
    NumPy array (``int64``, or ``object`` with None where an item is None). A ``str`` is one
    text, not a list (TypeError), and so is a DataFrame or an Arrow table (pass a column).
    pandas needs no pyarrow: without it, a Series is read through its values.

        >>> count_many(["👍🏽", "e\u0301", ""])
        [1, 1, 0]

    Complexity: O(total length). Arrow arrays are read in place, without a copy.
    """
    code = _unit_code(unit, "count_many")
    _refuse_one_text("count_many", texts)
    library = _library_of(texts)
    if library == "pyarrow":
        return _count_arrow(_arrow_column("count_many", texts), code)
    if library == "pandas":
        return _count_pandas("count_many", texts, code)
    if library == "numpy":
        import numpy as np

        if texts.ndim != 1:
            raise TypeError(f"count_many() argument 'texts' must be a 1-dimensional array, not "
                            f"{texts.ndim}-dimensional")
        listed = _textlimit.count_each("count_many", texts.tolist(), code)
        return np.array(listed, dtype=np.int64 if None not in listed else object)
    return _textlimit.count_each("count_many", texts, code)


def _as_list(function: str, texts: Any) -> list[Any]:
    """The texts of anything ``count_many`` takes, as a list (None for a null)."""
    _refuse_one_text(function, texts)
    library = _library_of(texts)
    if library == "pyarrow":
        return _arrow_column(function, texts).to_pylist()  # type: ignore[no-any-return]
    if library == "pandas":
        return _series_values(_pandas_series(function, texts))
    if library == "numpy":
        return texts.tolist()  # type: ignore[no-any-return]
    if isinstance(texts, list):
        return texts
    try:
        return list(texts)
    except TypeError:
        if isinstance(texts, Iterable):
            raise
        raise TypeError(f"{function}() argument 'texts' must be an iterable of texts (str, "
                        f"bytes-like or None), not {type(texts).__name__}") from None


def fits_many(texts: Any, max: int | None = None, unit: Unit = "graphemes", *,
              limits: Limits | None = None) -> list[bool | None]:
    """Whether each text is within ``max`` (in ``unit``) or every one of ``limits``, as a list
    with None for None (or a null). ``texts`` is what ``count_many`` takes. Each limit is one
    batch call.

    Complexity: O(total length × number of limits).
    """
    codes, maxima, warning = _limit_pairs("fits_many", max, unit, limits)
    listed = _as_list("fits_many", texts)
    if warning is not None:  # one warning for every text: each text a call
        return [None if text is None
                else _textlimit.prefix("fits_many", text, codes, maxima, True, warning)
                for text in listed]
    result: list[bool | None] = [None if text is None else True for text in listed]
    for code, value in zip(codes, maxima):
        for index, length in enumerate(_textlimit.count_each("fits_many", listed, code)):
            if length is not None and length > value:
                result[index] = False
    return result
