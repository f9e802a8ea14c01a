// The units and rules after the first nine, on the cases the platforms' own code was run on
// (Tests/Fixtures: all of Twilio's message-segment-calculator tests and its boundary cases,
// Mastodon 4.6.5's server and web composer with content warnings, Bluesky's app, Intl.Segmenter's
// words, the HTML Standard's maxlength), as the Python package's test_new_units.py checks them:
// sms, smsUnit, publish, the composers' rules and a post's content warning.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as textlimit from "../src/index.js";

/// A fixture table as objects by column: tab-separated, text fields JSON string literals.
function table(name) {
  const [header, ...rows] = readFileSync(new URL(`../../Tests/Fixtures/${name}`, import.meta.url), "utf8")
    .replace(/\n$/, "").split("\n").map((line) => line.split("\t"));
  return rows.map((row) => Object.fromEntries(header.map((column, index) => [column, row[index]])));
}

const TWILIO = table("SMS/twilio-cases.tsv");
const SMS_EXTRA = table("SMS/extra-cases.tsv");
const MASTODON = table("Mastodon/cases.tsv");
const BLUESKY = table("Bluesky/cases.tsv");
const WORDS = table("Words/cases.tsv");
const FORMS = table("Forms/cases.tsv");
const encoder = new TextEncoder();

test("every fixture table is read whole", () => {
  assert.deepEqual([TWILIO.length, SMS_EXTRA.length, MASTODON.length, BLUESKY.length], [595, 24, 89, 47]);
  assert.ok(WORDS.length > 10 && FORMS.length > 5);
});

test("sms: all 595 of Twilio's published cases (encoding, units, segments, the characters that forced UCS-2)", () => {
  for (const [index, row] of TWILIO.entries()) {
    const message = JSON.parse(row.input);
    const lookalikes = row.smart_encoding === "true";
    const bits = Number(row.message_bits);
    const expected = {
      encoding: row.encoding,
      units: row.encoding === "GSM-7" ? bits / 7 : bits / 16,
      segments: Number(row.segments),
      characters: [...new Set(JSON.parse(row.non_gsm_chars))],
    };
    const what = `case ${index} (${row.test}): ${row.input.slice(0, 60)}`;
    assert.deepEqual(textlimit.sms(message, { lookalikes }), expected, what);
    assert.deepEqual(textlimit.sms(encoder.encode(message), { lookalikes }), expected, `${what}, as bytes`);
    const unit = textlimit.smsUnit({ lookalikes });
    assert.equal(textlimit.count(message, unit), expected.segments, what);
    assert.deepEqual(textlimit.countMany([message, null], unit), [expected.segments, null], what);
  }
});

// Where the two splits differ here, it is in where the parts end (the payloads), which sms does
// not give: their totals agree. The family emoji of the next test tell the splits apart.
test("sms: the boundary cases, split between grapheme clusters (Twilio) and between scalars (pairs)", () => {
  for (const row of SMS_EXTRA) {
    const message = JSON.parse(row.input);
    const lookalikes = row.smart_encoding === "true";
    for (const [split, encoding, payloads] of [
      ["whole", row.twilio_encoding, row.twilio_payload_per_segment],
      ["pairs", row.scalar_policy_encoding, row.scalar_policy_payload_per_segment],
    ]) {
      const parts = payloads.split(",").map(Number);
      const measured = textlimit.sms(message, { split, lookalikes });
      assert.deepEqual([measured.encoding, measured.units, measured.segments], [encoding, parts.reduce((a, b) => a + b, 0), parts.length], `${row.id}, split ${split}`);
      assert.equal(textlimit.count(message, textlimit.smsUnit({ split, lookalikes })), parts.length, `${row.id}, split ${split}`);
    }
  }
});

test("sms: options, a national language, the unit for limits", () => {
  assert.equal(textlimit.smsUnit(), textlimit.UNITS.indexOf("sms"));
  assert.equal(textlimit.smsUnit({}), textlimit.smsUnit({ split: "whole", lookalikes: false, language: null }));
  assert.deepEqual(textlimit.sms("Price: 5€"), { encoding: "GSM-7", units: 10, segments: 1, characters: [] });
  assert.deepEqual(textlimit.sms("日本 ok").characters, ["日", "本"]);
  assert.deepEqual(textlimit.sms(""), { encoding: "GSM-7", units: 0, segments: 1, characters: [] });
  // Turkish's shift tables hold ş: one GSM-7 message, where without them it needs UCS-2.
  assert.equal(textlimit.count("ş".repeat(100), textlimit.smsUnit({ language: "turkish" })), 1);
  assert.equal(textlimit.count("ş".repeat(100), "sms"), 2);
  assert.equal(textlimit.sms("ş", { language: "turkish" }).encoding, "GSM-7");
  // Every language the module names is one textlimit_sms_unit takes, each its own unit.
  const codes = textlimit.SMS_LANGUAGES.map((language) => textlimit.smsUnit({ language }));
  assert.equal(new Set(codes).size, 13);
  // 62 日, two family emoji (11 UTF-16 units each), 50 日: 3 segments whole, 2 split between scalars.
  const message = "日".repeat(62) + "👨‍👩‍👧‍👦".repeat(2) + "日".repeat(50);
  assert.equal(textlimit.sms(message).segments, 3);
  assert.equal(textlimit.sms(message, { split: "pairs" }).segments, 2);
  // A lone surrogate is U+FFFD, which forces UCS-2.
  assert.deepEqual(textlimit.sms("a\uD800").characters, ["\uFFFD"]);
  assert.equal(textlimit.truncate("a".repeat(161), 1, "sms"), "a".repeat(160));
  assert.equal(textlimit.fits("a".repeat(306), { max: 2, unit: textlimit.smsUnit({ split: "pairs" }) }), true);
  assert.equal(textlimit.fits("a".repeat(307), 2, "sms"), false);
});

test("content warnings: Mastodon's 89 cases, the server's count and the composer's", () => {
  for (const row of MASTODON) {
    const post = JSON.parse(row.text);
    const warning = JSON.parse(row.spoiler_text);
    const server = Number(row.server_length_u17);
    assert.equal(textlimit.count(post, "mastodon", { contentWarning: warning }), server, row.id);
    assert.equal(textlimit.count(encoder.encode(post), "mastodon", { contentWarning: warning, strict: true }), server, `${row.id}, bytes`);
    assert.equal(textlimit.fits(post, { limits: textlimit.rule("mastodon"), contentWarning: warning }), row.server_valid_at_500 === "true", row.id);
    // The composer counts the warning only while its toggle is on.
    const shown = row.composer_cw_toggle_on === "true" ? warning : undefined;
    assert.equal(textlimit.count(post, "mastodon-composer", { contentWarning: shown }), Number(row.composer_length), row.id);
    assert.equal(textlimit.count(post, textlimit.postUnit("mastodon-composer", 23), { contentWarning: shown }), Number(row.composer_length), `${row.id}, postUnit`);
  }
});

test("content warnings in truncate and fits: the warning's length is the post's", () => {
  // "warning!" is 8: 2 left of 10.
  const limits = textlimit.rule("mastodon", { max: 10 });
  assert.equal(textlimit.truncate("hello", { limits, contentWarning: "warning!" }), "he");
  assert.equal(textlimit.truncate("hello", { max: 10, unit: "mastodon", contentWarning: "warning!" }), "he");
  assert.deepEqual(textlimit.truncate(encoder.encode("hello"), { limits, contentWarning: "warning!" }), encoder.encode("he"));
  assert.equal(textlimit.fits("he", { limits, contentWarning: "warning!" }), true);
  assert.equal(textlimit.fits("hel", { limits, contentWarning: "warning!" }), false);
  assert.equal(textlimit.fits("hel", { limits }), true);
  // Stripped on the server: "  Spoiler  " is 7; as typed in the composer, 11.
  assert.equal(textlimit.truncate("hello", { max: 10, unit: "mastodon", contentWarning: "  Spoiler  " }), "hel");
  assert.equal(textlimit.truncate("hello", { max: 13, unit: "mastodon-composer", contentWarning: "  Spoiler  " }), "he");
  // With other limits beside it, the warning counts with the Mastodon unit only.
  assert.equal(textlimit.truncate("hello", { limits: [[10, "mastodon"], [4, "utf8"]], contentWarning: "warning!" }), "he");
  assert.equal(textlimit.truncate("hello", { limits: [[20, "mastodon"], [4, "utf8"]], contentWarning: "warning!" }), "hell");
  // A URL length of the server's own, with the warning.
  assert.equal(textlimit.count("see https://example.com", textlimit.postUnit("mastodon", 30), { contentWarning: "cw" }), 36);
});

test("Bluesky's app: its 47 cases, the composer's count, the published text and its bytes", () => {
  for (const row of BLUESKY) {
    const post = JSON.parse(row.text);
    {
      assert.equal(textlimit.count(post, "bluesky-composer"), Number(row.composer_graphemes), row.id);
      assert.equal(textlimit.count(post, "bluesky-published-utf8"), Number(row.published_bytes), row.id);
      assert.equal(textlimit.publish(post), JSON.parse(row.published_text), row.id);
      assert.deepEqual(textlimit.publish(encoder.encode(post)), encoder.encode(JSON.parse(row.published_text)), row.id);
      // The app lets the post be sent (its counter: clusters), the server takes its bytes.
      assert.equal(textlimit.fits(post, { limits: textlimit.rule("bluesky-composer") }),
        row.composer_can_post === "true" && Number(row.published_bytes) <= 3000, row.id);
    }
  }
});

test("Bluesky's app: a host that is no ASCII, in punycode (IDNA's mapping with NFC in the module)", () => {
  // The native tool's answers (the Bluesky fixture's idn-host case, the app's own). The module
  // has no NFKC (Embedded Swift has no compatibility mapping): its hosts are put in NFC, which
  // agrees wherever the host holds no compatibility character (a fullwidth letter, a ligature).
  assert.equal(textlimit.publish("see https://ÅÄÖ.se"), "see xn--4cab6c.se");
  assert.equal(textlimit.publish("https://日本語.jp/パス/とても長いパス"), "xn--wgv71a119e.jp/%E3%83%91%E3...");
  assert.equal(textlimit.count("https://ÅÄÖ.se/a", "bluesky-composer"), textlimit.count("xn--4cab6c.se/a", "graphemes"));
});

test("Mastodon's composer: a cut of bytes that start ill-formed, before a URL or a mention", () => {
  // As a string (U+FFFD where the bytes are ill-formed) and as bytes (an ill-formed byte is one
  // U+FFFD of three bytes in the text the composer's count replaces URLs in: a stop at the
  // engine's precondition before it was kept whole).
  assert.equal(textlimit.truncate("\uFFFD://", 2, "mastodon-composer"), "\uFFFD:");
  assert.deepEqual(textlimit.truncate(new Uint8Array([0xA3, 0x3A, 0x2F, 0x2F]), 2, "mastodon-composer"), new Uint8Array([0xA3, 0x3A]));
  assert.deepEqual(textlimit.truncate(new Uint8Array([0xA3, 0x20, ...encoder.encode("@alice")]), 1, "mastodon-composer"), new Uint8Array([0xA3]));
});

test("publish: the text Bluesky's app publishes, grown past the text's own length", () => {
  assert.equal(textlimit.publish("Check https://example.com/a/very/long/path/that/is/longer ok  "), "Check example.com/a/very/long/... ok");
  assert.equal(textlimit.publish("\n \nhello\n\n\n\nworld \n"), "hello\n\nworld");
  assert.equal(textlimit.publish(""), "");
  // A path percent-encoded is longer than typed: 10 é are 20 bytes, 60 percent-encoded (the
  // shortened path keeps 13 characters of it). The module asks for more room than it was given.
  const long = "https://example.com/" + "é".repeat(10);
  assert.equal(textlimit.publish(long), "example.com/%C3%A9%C3%A9...");
  const many = ("https://example.com/" + "é".repeat(20) + " ").repeat(400);
  assert.equal(textlimit.publish(many), ("example.com/%C3%A9%C3%A9... ").repeat(400).trimEnd());
  // Each link "http://a.co/👍x" (17 bytes) is published one byte longer, "a.co/%F0%9F%91%8Dx":
  // 100 of them are past the room first given for bytes (their length and 64).
  const grows = encoder.encode("http://a.co/👍x ".repeat(100));
  const grown = encoder.encode("a.co/%F0%9F%91%8Dx ".repeat(100).trimEnd());
  assert.ok(grown.length > grows.length + 64);
  assert.deepEqual(textlimit.publish(grows), grown);
  assert.equal(textlimit.count(grows, "bluesky-published-utf8"), grown.length);
  assert.deepEqual(textlimit.publish(encoder.encode("  x  ")), encoder.encode("  x"));
  assert.equal(textlimit.publish("a\uD800 "), "a\uFFFD", "a lone surrogate is U+FFFD");
});

test("words and maxlength: Intl.Segmenter's words and the HTML Standard's count", () => {
  for (const row of WORDS) {
    const expected = Number(row.uax29_default_words.split(/\s/)[0].replace(/\D/g, ""));
    assert.equal(textlimit.count(JSON.parse(row.text), "words"), expected, row.id);
  }
  for (const row of FORMS) {
    assert.equal(textlimit.count(JSON.parse(row.value_as_received), "maxlength"), Number(row.browser_maxlength_count), row.id);
    assert.equal(textlimit.count(JSON.parse(row.submitted_value_crlf), "htmlMaxLength"), Number(row.browser_maxlength_count), row.id);
  }
});
