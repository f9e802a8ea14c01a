"""Post composers' rules from Python: X's and Mastodon's post lengths and the three platforms'
rules, with lengths worked out by hand from the platforms' published rules (a URL counts 23, a
mention's domain nothing for Mastodon, Bluesky 300 graphemes and 3000 bytes), and cuts that
match the `textlimit` tool's."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

import textlimit

POST = "see https://example.com/a/very/long/path ok @bob@example.social"


def test_post_units_count_urls_and_mentions_as_the_platforms_do():
    assert textlimit.count(POST, "x") == 4 + 23 + 4 + 19
    assert textlimit.count(POST, "mastodon") == 4 + 23 + 4 + 4
    assert textlimit.count("example.com/path", "x") == 23
    assert textlimit.count("example.com/path", "mastodon") == 16
    assert textlimit.count(" \n", "mastodon") == 0
    assert textlimit.count_many([POST, "日本 t.co"], "x") == [50, 4 + 1 + 23]


def test_a_servers_url_length():
    unit = textlimit.post_unit("mastodon", 5)
    assert textlimit.count(POST, unit) == 4 + 5 + 4 + 4
    assert textlimit.count_many([POST], unit) == [17]
    with pytest.raises(ValueError):
        textlimit.post_unit("graphemes", 5)
    with pytest.raises(ValueError):
        textlimit.post_unit("x", -1)


def test_rules_give_their_limits():
    assert textlimit.rule("bluesky") == [(300, "graphemes"), (3000, "utf8")]
    assert textlimit.rule("x") == [(280, "x")]
    assert textlimit.rule("mastodon", max=1000, url_length=5) == [
        (1000, textlimit.post_unit("mastodon", 5))]
    assert textlimit.fits("https://example.com/" + "a" * 300, limits=textlimit.rule("x"))
    assert not textlimit.fits("a" * 281, limits=textlimit.rule("x"))
    assert textlimit.fits("a" * 1000, limits=textlimit.rule("mastodon", max=1000))
    assert not textlimit.fits("a" * 1001, limits=textlimit.rule("mastodon", max=1000))
    family = "👨‍👩‍👧‍👦"
    assert textlimit.truncate(family * 130, limits=textlimit.rule("bluesky")) == family * 120
    with pytest.raises(ValueError):
        textlimit.rule("threads")
    with pytest.raises(ValueError):
        textlimit.rule("bluesky", url_length=5)


def test_a_cut_keeps_no_part_of_a_url():
    start = "a" * 270 + " see "
    assert textlimit.truncate(start + "https://example.com/long/path", limits=textlimit.rule("x")) \
        == start


@pytest.mark.parametrize("rule", ["x", "mastodon", "bluesky"])
def test_truncate_by_rule_matches_the_tool(cli: Path, rule: str):
    rng = random.Random(0x9057)
    pieces = [" ", "https://example.com/a?b=c", "example.com", "@bob@example.social", "日本語",
              "👨‍👩‍👧", "\n", "x" * 40, "t.co/abc"]
    for _ in range(60):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        tool = subprocess.run([str(cli), "truncate", "--rule", rule], input=text.encode(),
                              capture_output=True, check=True)
        assert textlimit.truncate(text, limits=textlimit.rule(rule)).encode() == tool.stdout, \
            ascii(text)
