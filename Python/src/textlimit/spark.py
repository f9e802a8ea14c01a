"""Spark columns measured as Swift counts them: pandas UDFs over ``count_many``, so each Arrow
batch Spark hands to Python is one call into the library.

    from textlimit.spark import length, fits, sms, publish
    posts.select(length("body"), length("body", "utf16").alias("utf16"),
                 length("body", "words").alias("words"),
                 fits("body", limits={"twitter": 280, "utf8": 1000}).alias("ok"),
                 fits("body", limits=textlimit.rule("mastodon"),
                      content_warning="spoiler_text").alias("postable"),
                 fits("body", limits=textlimit.rule("bluesky-composer")).alias("bluesky"),
                 sms("body").alias("sms"), publish("body").alias("published"))

Needs ``pyspark`` with Arrow (``pip install .[spark]``). The workers import ``textlimit`` too:
install it where their Python runs (``PYSPARK_PYTHON``; on a cluster, in every executor's
environment). A null text gives a null length, a null ``fits``, an ``sms`` of nulls and a null
``publish``.
"""

from __future__ import annotations

from typing import Any, Literal

import pandas as pd
from pyspark.sql.functions import pandas_udf

import textlimit


def length(column: Any, unit: textlimit.Unit = "graphemes") -> Any:
    """A ``long`` column: the length of each text of ``column`` (a name or a Column) in
    ``unit`` (any of ``textlimit.UNITS``: ``"words"``, ``"sms"``, ``"bluesky-composer"``...).
    Complexity: O(total length), one batch call per Arrow batch."""
    textlimit.count_many([], unit)  # an unknown unit fails here, not on a worker

    @pandas_udf("long")  # type: ignore[call-overload]
    def _length(texts: pd.Series) -> pd.Series:
        return textlimit.count_many(texts, unit)

    return _length(column).alias(f"{unit}")


def fits(column: Any, max: int | None = None, unit: textlimit.Unit = "graphemes", *,
         limits: textlimit.Limits | None = None, content_warning: Any = None) -> Any:
    """A ``boolean`` column: whether each text is within ``max`` (in ``unit``) or within every
    one of ``limits`` (as ``textlimit.fits`` takes them; ``textlimit.rule("x")`` gives a
    platform's). ``content_warning``: a column (a name or a Column) of each post's content
    warning, counted with the Mastodon units of the limits (``rule("mastodon")`` or
    ``rule("mastodon-composer")``; a null warning is none); those rows are checked one call a
    row."""
    textlimit.fits("", max, unit, limits=limits)  # bad limits fail here, not on a worker
    pairs = [(max, unit)] if limits is None else (
        [(value, name) for name, value in limits.items()] if hasattr(limits, "items")
        else list(limits))
    if any(isinstance(name, tuple) for _, name in pairs):
        raise TypeError("fits() takes each row's content warning as content_warning=<column>, "
                        "not in the limits")
    if content_warning is not None:
        mastodon = {"mastodon", "mastodon-composer"}

        def warned(name: Any, warning: str) -> Any:
            # Mastodon units by name or by a code post_unit made of them (no name).
            named = textlimit.UNITS[name] if isinstance(name, int) and name < 16 else name
            takes = named in mastodon or (isinstance(name, int) and name >= 16
                                          and (name & 0xFF) in (8, 13))
            return textlimit.WarnedUnit(name, warning) if takes and warning else name

        @pandas_udf("boolean")  # type: ignore[call-overload]
        def _fits_warned(texts: pd.Series, warnings: pd.Series) -> pd.Series:
            result: list[bool | None] = []
            for text, warning in zip(texts, warnings):
                if not isinstance(text, str):  # a null: None, NA or NaN as pandas holds it
                    result.append(None)
                    continue
                warning = warning if isinstance(warning, str) else ""
                limits_: list[tuple[int, textlimit.Unit]] = [
                    (value, warned(name, warning)) for value, name in pairs]  # type: ignore[misc]
                result.append(textlimit.fits(text, limits=limits_))
            return pd.Series(result, index=texts.index, dtype="boolean")

        return _fits_warned(column, content_warning).alias("fits")

    @pandas_udf("boolean")  # type: ignore[call-overload]
    def _fits(texts: pd.Series) -> pd.Series:
        result = pd.Series(True, index=texts.index, dtype="boolean")
        for value, name in pairs:
            result &= textlimit.count_many(texts, name) <= value
        return result

    return _fits(column).alias("fits")


def sms(column: Any, *, split: Literal["whole", "pairs"] = "whole", lookalikes: bool = False,
        language: str | None = None) -> Any:
    """A ``struct<encoding: string, units: long, segments: long, characters: array<string>>``
    column: each text measured as an SMS message (``textlimit.sms``, with its options). One call
    a row."""
    textlimit.sms("", split=split, lookalikes=lookalikes, language=language)  # bad options fail here

    @pandas_udf(  # type: ignore[call-overload]
        "encoding string, units long, segments long, characters array<string>")
    def _sms(texts: pd.Series) -> pd.DataFrame:
        rows = [None if not isinstance(text, str)
                else textlimit.sms(text, split=split, lookalikes=lookalikes, language=language)
                for text in texts]
        return pd.DataFrame({
            "encoding": [row and row.encoding for row in rows],
            "units": pd.array([row and row.units for row in rows], dtype="Int64"),
            "segments": pd.array([row and row.segments for row in rows], dtype="Int64"),
            "characters": [row and row.characters for row in rows],
        }, index=texts.index)

    return _sms(column).alias("sms")


def publish(column: Any, rule: Literal["bluesky-composer"] = "bluesky-composer") -> Any:
    """A ``string`` column: the text Bluesky's app publishes for each text typed in its
    composer (``textlimit.publish``). One call a row."""
    textlimit.publish("", rule)  # a bad rule fails here

    @pandas_udf("string")  # type: ignore[call-overload]
    def _publish(texts: pd.Series) -> pd.Series:
        return pd.Series([textlimit.publish(text) if isinstance(text, str) else None
                          for text in texts], index=texts.index, dtype=object)

    return _publish(column).alias("published")
