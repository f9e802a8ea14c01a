"""Fixtures: the `textlimit` command-line tool, the oracle the Python package is tested against
(Swift's own counts, through a separate program and a separate build)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEED = int(os.environ.get("TEXTLIMIT_SEED", "20261201"))


@pytest.fixture(scope="session")
def cli() -> Path:
    """$TEXTLIMIT_CLI, or a release build of the tool (built here if needed; a debug build
    takes a second to start, and the tests start it hundreds of times)."""
    if "TEXTLIMIT_CLI" in os.environ:
        return Path(os.environ["TEXTLIMIT_CLI"])
    if shutil.which("swift") is None:
        pytest.fail("no swift on PATH and no TEXTLIMIT_CLI: the oracle cannot be built")
    command = ["swift", "build", "-c", "release", "--product", "textlimit", "--package-path",
               str(ROOT)]
    subprocess.run(command, check=True, capture_output=True)
    bin_path = subprocess.run(command + ["--show-bin-path"], check=True, capture_output=True,
                              text=True).stdout.strip()
    return Path(bin_path) / "textlimit"


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    """A seeded generator per test; the seed is printed when the test fails."""
    print(f"seed {SEED} (TEXTLIMIT_SEED={SEED} repeats this run)")
    return random.Random(f"{SEED}:{request.node.name}")


def cli_counts(cli: Path, paths: list[Path], *options: str) -> tuple[dict[str, dict], str]:
    """Every unit of every file, as `textlimit count --unit all --json` prints it with the units
    `all` leaves out asked for by name (sms's segments under its name), by path, with what the
    tool wrote to standard error (the files it refused)."""
    named = ["words", "sms", "maxlength", "stringz", "mastodon-composer", "bluesky-composer",
             "bluesky-published-utf8"]
    result = subprocess.run([str(cli), "count", "--unit", "all",
                             *[argument for unit in named for argument in ("--unit", unit)],
                             "--json", *options, *map(str, paths)], capture_output=True,
                            text=True)
    assert result.returncode in (0, 2), result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    for row in rows:
        if "sms_segments" in row:
            row["sms"] = row["sms_segments"]
    return {row["file"]: row for row in rows if "file" in row}, result.stderr


# TEXTLIMIT_REQUIRE_ALL=1 (Scripts/test-python sets it: the `test` extra installs every optional
# dependency) turns every skip into a failure, so that a missing pyarrow, pandas or NumPy cannot
# pass as a skipped test.
_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _skipped and os.environ.get("TEXTLIMIT_REQUIRE_ALL") == "1":
        print(f"\nTEXTLIMIT_REQUIRE_ALL=1, but {len(_skipped)} test(s) skipped: "
              + ", ".join(_skipped))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
