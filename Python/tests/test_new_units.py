"""Issue 48's units and rules from Python, on the cases the platforms' own code was run on
(Tests/Fixtures: Mastodon 4.6.5's server and web composer, Bluesky's app, all of Twilio's
message-segment-calculator tests, Intl.Segmenter's words, the HTML Standard's maxlength): the
new unit names, ``sms``, ``sms_unit``, ``publish``, and ``rule`` with the composers' rules and a
content warning."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import textlimit
from conftest import ROOT

FIXTURES = ROOT / "Tests" / "Fixtures"


def table(name: str) -> list[dict[str, str]]:
    """A fixture table: tab-separated, text fields JSON string literals."""
    csv.field_size_limit(sys.maxsize)
    with open(FIXTURES / name, encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file, delimiter="\t", quoting=csv.QUOTE_NONE))


def text(field: str) -> Any:
    return json.loads(field)


MASTODON = table("Mastodon/cases.tsv")
BLUESKY = table("Bluesky/cases.tsv")
TWILIO = table("SMS/twilio-cases.tsv")
WORDS = table("Words/cases.tsv")
FORMS = table("Forms/cases.tsv")


def test_every_table_is_read():
    assert (len(MASTODON), len(BLUESKY), len(TWILIO)) == (89, 47, 595)
    assert WORDS and FORMS


def test_the_new_unit_names():
    assert textlimit.UNITS[9:] == ("words", "sms", "maxlength", "stringz", "mastodon-composer",
                                   "bluesky-composer", "bluesky-published-utf8")
    assert textlimit.UNITS[:9] == ("graphemes", "utf16", "scalars", "utf8", "width", "twitter",
                                   "wide2", "x", "mastodon")
    assert textlimit.count("a\r\nb", "htmlMaxLength") == 3
    assert textlimit.RULES == ("x", "mastodon", "mastodon-composer", "bluesky",
                               "bluesky-composer")


@pytest.mark.parametrize("row", MASTODON, ids=[row["id"] for row in MASTODON])
def test_mastodon_server_and_composer(row: dict[str, str]):
    post, warning = text(row["text"]), text(row["spoiler_text"])
    [(_, server)] = textlimit.rule("mastodon", content_warning=warning)
    assert textlimit.count(post, server) == int(row["server_length_u17"])
    assert textlimit.fits(post, limits=textlimit.rule("mastodon", content_warning=warning)) \
        == (row["server_valid_at_500"] == "true")
    on = row["composer_cw_toggle_on"] == "true"
    [(_, composer)] = textlimit.rule("mastodon-composer", content_warning=warning if on else None)
    assert textlimit.count(post, composer) == int(row["composer_length"])
    assert textlimit.count(post.encode(), composer) == int(row["composer_length"])


def test_content_warnings_in_limits_and_their_errors():
    [(limit, unit)] = textlimit.rule("mastodon", max=10, content_warning="warning!")
    assert unit == textlimit.WarnedUnit("mastodon", "warning!")
    assert textlimit.truncate("hello", limits=[(limit, unit)]) == "he"
    assert textlimit.fits("he", max=10, unit=unit) and not textlimit.fits("hel", max=10, unit=unit)
    assert textlimit.fits_many(["he", "hel", None], max=10, unit=unit) == [True, False, None]
    assert textlimit.count("x", textlimit.WarnedUnit(textlimit.post_unit("mastodon", 5), "")) == 1
    with pytest.raises(ValueError, match="no content warning"):
        textlimit.rule("x", content_warning="cw")
    with pytest.raises(ValueError, match="no content warning"):
        textlimit.count("x", ("graphemes", "cw"))
    with pytest.raises(TypeError, match="a warning belongs to one post"):
        textlimit.count_many(["x"], unit)
    with pytest.raises(ValueError, match="one content warning"):
        textlimit.fits("x", limits=[(10, unit), (10, textlimit.WarnedUnit("mastodon", "b"))])
    with pytest.raises(TypeError):
        textlimit.count("x", ("mastodon", 5))


@pytest.mark.parametrize("row", BLUESKY, ids=[row["id"] for row in BLUESKY])
def test_bluesky_composer(row: dict[str, str]):
    post = text(row["text"])
    assert textlimit.count(post, "bluesky-composer") == int(row["composer_graphemes"])
    assert textlimit.count(post, "bluesky-published-utf8") == int(row["published_bytes"])
    assert textlimit.publish(post) == text(row["published_text"])
    assert textlimit.publish(post.encode()) == text(row["published_text"]).encode()
    # The app lets the post be sent (its counter: graphemes), the server takes its bytes.
    assert textlimit.fits(post, limits=textlimit.rule("bluesky-composer")) \
        == (row["composer_can_post"] == "true" and int(row["published_bytes"]) <= 3000)


def test_bluesky_rule_and_publish_errors():
    assert textlimit.rule("bluesky-composer") == [(300, "bluesky-composer"),
                                                  (3000, "bluesky-published-utf8")]
    assert not textlimit.fits("x" * 300 + "  ", limits=textlimit.rule("bluesky-composer"))
    with pytest.raises(ValueError):
        textlimit.publish("x", rule="mastodon")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        textlimit.publish(5)  # type: ignore[call-overload]


@pytest.mark.parametrize("row", TWILIO, ids=[str(number) for number in range(len(TWILIO))])
def test_twilio_cases(row: dict[str, str]):
    message = text(row["input"])
    lookalikes = row["smart_encoding"] == "true"
    measured = textlimit.sms(message, lookalikes=lookalikes)
    bits = int(row["message_bits"])
    characters = list(dict.fromkeys(json.loads(row["non_gsm_chars"])))
    assert measured == textlimit.SMSMessage(
        row["encoding"], bits // 7 if row["encoding"] == "GSM-7" else bits // 16,
        int(row["segments"]), characters)
    unit = textlimit.sms_unit(lookalikes=lookalikes)
    assert textlimit.count(message, unit) == int(row["segments"])
    assert textlimit.count_many([message], unit) == [int(row["segments"])]


def test_sms_options_and_bytes():
    assert textlimit.sms_unit() == textlimit.UNITS.index("sms")
    assert textlimit.count("ş" * 100, textlimit.sms_unit(language="turkish")) == 1
    assert textlimit.sms("ş", language="turkish").encoding == "GSM-7"
    # 62 日, two family emoji (11 UTF-16 units each), 50 日: 3 segments whole, 2 split between
    # scalars.
    family = "👨‍👩‍👧‍👦"
    message = "日" * 62 + family * 2 + "日" * 50
    assert textlimit.sms(message).segments == 3
    assert textlimit.sms(message, split="pairs").segments == 2
    assert textlimit.sms("日本 ok".encode()).characters == ["日".encode(), "本".encode()]
    assert textlimit.truncate("a" * 161, max=1, unit="sms") == "a" * 160
    with pytest.raises(ValueError):
        textlimit.sms_unit(split="halves")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        textlimit.sms("x", language="klingon")


@pytest.mark.parametrize("row", WORDS, ids=[row["id"] for row in WORDS])
def test_words(row: dict[str, str]):
    expected = int("".join(c for c in row["uax29_default_words"].split()[0] if c.isdigit()))
    assert textlimit.count(text(row["text"]), "words") == expected


@pytest.mark.parametrize("row", FORMS, ids=[row["id"] for row in FORMS])
def test_maxlength(row: dict[str, str]):
    assert textlimit.count(text(row["value_as_received"]), "maxlength") \
        == int(row["browser_maxlength_count"])
    assert textlimit.count(text(row["submitted_value_crlf"]), "maxlength") \
        == int(row["browser_maxlength_count"])


@pytest.mark.parametrize("limits, expected", [
    ({"graphemes": 0}, True),
    ({"sms": 0}, False),  # an empty message is still one segment
    ({"sms": 1}, True),
    (textlimit.rule("mastodon", content_warning="w" * 600), False),  # the warning alone is over
    (textlimit.rule("mastodon", content_warning="w" * 500), True),
    (textlimit.rule("mastodon-composer", content_warning="w" * 501), False),
])
def test_an_empty_text_fits_as_its_counts_say(limits: Any, expected: bool):
    # The empty prefix is the whole text: fits() must look at its counts, as fits_many does.
    pairs = list(limits.items()) if isinstance(limits, dict) else limits
    counted = all(textlimit.count("", unit) <= max for unit, max in pairs) \
        if isinstance(limits, dict) else None
    for text in ("", b""):
        assert textlimit.fits(text, limits=limits) is expected
        assert textlimit.fits_many([text], limits=limits) == [expected]
    if counted is not None:
        assert counted is expected
