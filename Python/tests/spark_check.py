#!/usr/bin/env python3
"""Counts a generated text column on a local Spark with textlimit.spark and checks every count
against the `textlimit` tool (Scripts/test-spark runs it).

    python Python/tests/spark_check.py --cli PATH [--rows 300000] [--seed N]

The rows are random texts (tests/texts.py) with lone surrogates replaced by U+FFFD (Spark
holds UTF-8) and line breaks by spaces (the tool's oracle reads one row per line: `count
--lines`); one row in a thousand is null. Exit status 0 when every count matches.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from texts import as_swift_reads, random_text  # noqa: E402

UNITS = ["graphemes", "utf16", "twitter", "width", "x", "mastodon", "words", "sms", "maxlength",
         "mastodon-composer", "bluesky-composer"]
WARNINGS = ["", "spoiler", "  cw  ", "日本語の注意"]
LIMITS = {"graphemes": 8, "utf8": 24}


def rows(count: int, seed: int) -> list[str | None]:
    rng = random.Random(seed)
    result: list[str | None] = []
    for index in range(count):
        if index % 1000 == 999:
            result.append(None)
            continue
        text = as_swift_reads(random_text(rng)).decode()
        result.append(text.replace("\r", " ").replace("\n", " "))
    return result


def tool_counts(cli: str, texts: list[str]) -> list[dict[str, int]]:
    """One JSON object per text, from `textlimit count --lines` over a file of the texts."""
    with tempfile.NamedTemporaryFile("wb", suffix=".txt") as file:
        file.write("".join(text + "\n" for text in texts).encode())
        file.flush()
        units = [argument for unit in UNITS + ["utf8"] for argument in ("--unit", unit)]
        output = subprocess.run([cli, "count", "--lines", "--json", *units, file.name],
                                capture_output=True, text=True, check=True).stdout
    rows = [json.loads(line) for line in output.splitlines()]
    for row in rows:
        row["sms"] = row["sms_segments"]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--rows", type=int, default=300_000)
    parser.add_argument("--seed", type=int, default=20261201)
    options = parser.parse_args()

    import pandas as pd
    from pyspark.sql import SparkSession

    # The workers run this Python (this virtual environment, where textlimit is installed).
    os.environ["PYSPARK_PYTHON"] = sys.executable

    from textlimit.spark import fits, length, publish, sms

    data = rows(options.rows, options.seed)
    present = [text for text in data if text is not None]
    expected = tool_counts(options.cli, present)
    assert len(expected) == len(present), (len(expected), len(present))

    spark = (SparkSession.builder.master("local[2]").appName("textlimit-check")
             .config("spark.sql.execution.arrow.pyspark.enabled", "true")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    start = time.perf_counter()
    warnings = [WARNINGS[index % len(WARNINGS)] if index % 7 else None
                for index in range(len(data))]
    frame = spark.createDataFrame(
        pd.DataFrame({"id": range(len(data)), "body": data, "cw": warnings}),
        "id long, body string, cw string")
    import textlimit

    # Column names as attributes of pandas' itertuples (no '-').
    columns = [length("body", unit).alias(unit.replace("-", "_")) for unit in UNITS] + [
        fits("body", limits=LIMITS),
        fits("body", limits=textlimit.rule("mastodon", max=30)).alias("fits_rule"),
        fits("body", limits=textlimit.rule("mastodon", max=30),
             content_warning="cw").alias("fits_warned"),
        sms("body").alias("sms_measure"), publish("body")]
    result = frame.select("id", *columns).toPandas().sort_values("id")
    seconds = time.perf_counter() - start
    spark.stop()

    failures = 0
    rows_checked = iter(expected)
    for row in result.itertuples(index=False):
        if data[row.id] is None:
            values = [getattr(row, unit.replace("-", "_")) for unit in UNITS] + [
                row.fits, row.fits_rule,
                                                                row.fits_warned, row.published]
            if not all(pd.isna(value) for value in values):
                failures += 1
                print(f"row {row.id}: null text, but {values}")
            continue
        want = next(rows_checked)
        want_fits = all(want[unit] <= value for unit, value in LIMITS.items())
        got = {unit: int(getattr(row, unit.replace("-", "_"))) for unit in UNITS}
        text, warning = data[row.id], warnings[row.id] or ""
        # The warned check and the published text against the package (tested against the
        # platforms' own runs), SMS against the tool.
        warned = textlimit.count(text, textlimit.WarnedUnit("mastodon", warning)) <= 30
        measured = row.sms_measure
        sms_ok = isinstance(measured, dict) and (measured["encoding"] == want["sms_encoding"]
                  and measured["units"] == want["sms_units"]
                  and measured["segments"] == want["sms_segments"]
                  and list(measured["characters"]) == want["sms_characters"])
        if (got != {unit: want[unit] for unit in UNITS} or bool(row.fits) != want_fits
                or bool(row.fits_rule) != (want["mastodon"] <= 30)
                or bool(row.fits_warned) != warned or not sms_ok
                or row.published != textlimit.publish(text)):
            failures += 1
            if failures <= 10:
                print(f"row {row.id} {ascii(data[row.id])}: spark {got} fits={row.fits}, "
                      f"sms={measured}, published={row.published!r}, tool {want}")
    print(f"spark: {len(data)} rows ({len(present)} texts, {len(data) - len(present)} null), "
          f"{len(UNITS)} lengths, a 2-limit check, a rule check with and without content "
          f"warnings, SMS measures and Bluesky's published text in {seconds:.1f} s; "
          f"{failures} rows differ from the textlimit tool")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
