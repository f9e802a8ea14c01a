"""Spark columns measured as Swift counts them: pandas UDFs over ``count_many``, so each Arrow
batch Spark hands to Python is one call into the library.

    from textlimit.spark import length, fits
    posts.select(length("body"), length("body", "utf16").alias("utf16"),
                 fits("body", limits={"twitter": 280, "utf8": 1000}).alias("ok"),
                 fits("body", limits=textlimit.rule("mastodon")).alias("postable"))

Needs ``pyspark`` with Arrow (``pip install .[spark]``). The workers import ``textlimit`` too:
install it where their Python runs (``PYSPARK_PYTHON``; on a cluster, in every executor's
environment). A null text gives a null length and a null ``fits``.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
from pyspark.sql.functions import pandas_udf

import textlimit


def length(column: Any, unit: textlimit.Unit = "graphemes") -> Any:
    """A ``long`` column: the length of each text of ``column`` (a name or a Column) in
    ``unit``. Complexity: O(total length), one batch call per Arrow batch."""
    textlimit.count_many([], unit)  # an unknown unit fails here, not on a worker

    @pandas_udf("long")  # type: ignore[call-overload]
    def _length(texts: pd.Series) -> pd.Series:
        return textlimit.count_many(texts, unit)

    return _length(column).alias(f"{unit}")


def fits(column: Any, max: int | None = None, unit: textlimit.Unit = "graphemes", *,
         limits: textlimit.Limits | None = None) -> Any:
    """A ``boolean`` column: whether each text is within ``max`` (in ``unit``) or within every
    one of ``limits`` (as ``textlimit.fits`` takes them; ``textlimit.rule("x")`` gives a
    platform's)."""
    textlimit.fits("", max, unit, limits=limits)  # bad limits fail here, not on a worker
    pairs = [(max, unit)] if limits is None else (
        [(value, name) for name, value in limits.items()] if hasattr(limits, "items")
        else list(limits))

    @pandas_udf("boolean")  # type: ignore[call-overload]
    def _fits(texts: pd.Series) -> pd.Series:
        result = pd.Series(True, index=texts.index, dtype="boolean")
        for value, name in pairs:
            result &= textlimit.count_many(texts, name) <= value
        return result

    return _fits(column).alias("fits")
