// The public API on known answers: what Swift's String counts (the standard library's views,
// by hand), the Python package's documented examples, and the units' definitions.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as textlimit from "../src/index.js";
import { generator, randomText } from "./_random.js";

const counts = [
  // text, unit, count
  ["👨‍👩‍👧‍👦 e\u0301", "graphemes", 3],
  ["👨‍👩‍👧‍👦 e\u0301", "utf16", 14],
  ["👨‍👩‍👧‍👦 e\u0301", "scalars", 10],
  ["👨‍👩‍👧‍👦 e\u0301", "utf8", 29],
  ["👍🏽", "utf16", 4],
  ["👍🏽", "unicodeScalars", 2],
  ["日本語", "width", 6],
  ["日本語", "displayWidth", 6],
  ["日本語", "twitter", 6],
  ["日本語", "wide2", 6],
  ["abc", "twitterV3", 3],
  ["Check https://example.com/a/very/long/path ok", "x", 32],
  ["hi @alice@example.social", "mastodon", 9],
  ["\u0915\u094D\u0937", "graphemes", 1],
  ["\u1000\u1039\u1000", "graphemes", 2],
  ["\u{16D63}\u{16D67}", "graphemes", 2],
  ["\u2701\u200D\u2701", "graphemes", 2],
  ["\r\n", "graphemes", 1],
  ["", "graphemes", 0],
  // The units after the first nine (the Python package's examples and the C header's).
  ["hello world, it's 3 words", "words", 5],
  ["Price: 5€", "sms", 1],
  ["x".repeat(161), "sms", 2],
  ["a\r\nb", "maxlength", 3],
  ["a\r\nb", "htmlMaxLength", 3],
  ["👍🏽", "stringz", 1],
  ["  hello  ", "mastodon", 5],
  ["  hello  ", "mastodon-composer", 9],
  ["Check https://example.com/a/very/long/path/that/is/longer ok  ", "bluesky-composer", 38],
  ["Check https://example.com/a/very/long/path/that/is/longer ok  ", "bluesky-published-utf8", 36],
];

test("count: known answers in every unit", () => {
  for (const [text, unit, expected] of counts) {
    assert.equal(textlimit.count(text, unit), expected, `${JSON.stringify(text)} in ${unit}`);
  }
});

test("count: graphemes by default", () => {
  assert.equal(textlimit.count("🇯🇵🇫🇷"), 2);
});

test("a lone surrogate counts as U+FFFD, as in Python", () => {
  for (const unit of textlimit.UNITS) {
    assert.equal(textlimit.count("a\uD800b\uDC00", unit), textlimit.count("a\uFFFDb\uFFFD", unit), unit);
  }
  assert.equal(textlimit.count("\uD83D", "utf8"), 3);
  assert.equal(textlimit.truncate("ab\uD800cd", 3), "ab\uD800", "the surrogate is kept in the prefix");
});

test("bytes: ill-formed UTF-8 repaired, or refused with strict", () => {
  assert.equal(textlimit.count(new Uint8Array([0x61, 0xFF])), 2);
  assert.equal(textlimit.count(new Uint8Array([0xE2, 0x82]), "scalars"), 1, "one U+FFFD per maximal subpart");
  assert.throws(() => textlimit.count(new Uint8Array([0x61, 0x62, 0xC3]), "utf8", { strict: true }),
    (error) => error instanceof textlimit.InvalidUTF8Error && error.offset === 2);
  assert.equal(textlimit.count(new TextEncoder().encode("é"), "utf8", { strict: true }), 2);
  assert.deepEqual(textlimit.truncate(new TextEncoder().encode("añb👍"), { limits: { graphemes: 3, utf8: 5 } }), new TextEncoder().encode("añb"));
});

test("truncate and fits: the Python package's examples", () => {
  assert.equal(textlimit.truncate("ab👍🏽c", 3), "ab👍🏽");
  assert.equal(textlimit.truncate("👍🏽👍🏽", 4, "utf16"), "👍🏽");
  assert.equal(textlimit.truncate("résumé", { limits: [[10, "graphemes"], [4, "utf8"]] }), "rés");
  assert.equal(textlimit.fits("日本語", { limits: { twitter: 280, utf8: 9 } }), true);
  assert.equal(textlimit.fits("🇯🇵🇫🇷", 2), true);
  assert.equal(textlimit.fits("🇯🇵🇫🇷", { limits: { graphemes: 2, utf16: 7 } }), false);
  assert.equal(textlimit.fits("🇯🇵🇫🇷", { limits: new Map([["graphemes", 2], ["utf16", 8]]) }), true);
  assert.equal(textlimit.fits("https://example.com/" + "a".repeat(300), { limits: textlimit.rule("x") }), true);
  assert.equal(textlimit.truncate("🇯🇵".repeat(400), { limits: textlimit.rule("bluesky") }), "🇯🇵".repeat(300));
  assert.equal(textlimit.truncate("abc", { max: 2, unit: "utf8" }), "ab");
});

test("graphemes and slice: clusters whole, negative indices from the end", () => {
  assert.deepEqual(textlimit.graphemes("e\u0301🇯🇵!"), ["e\u0301", "🇯🇵", "!"]);
  assert.deepEqual(textlimit.graphemes("👨‍👩‍👧‍👦e\u0301").map((c) => c.length), [11, 2]);
  assert.deepEqual(textlimit.graphemes(""), []);
  assert.equal(textlimit.slice("a👍🏽b🇯🇵c", 1, 4), "👍🏽b🇯🇵");
  const text = "a👍🏽b🇯🇵c";
  const clusters = textlimit.graphemes(text);
  for (const start of [undefined, null, -7, -3, -1, 0, 1, 2, 5, 9]) {
    for (const stop of [undefined, null, -9, -2, 0, 1, 3, 5, 10]) {
      assert.equal(textlimit.slice(text, start, stop), clusters.slice(start ?? undefined, stop ?? undefined).join(""), `${start}:${stop}`);
    }
  }
});

test("countMany and fitsMany: one answer per text, null for null", () => {
  assert.deepEqual(textlimit.countMany(["a", "🇯🇵", null], "utf16"), [1, 4, null]);
  assert.deepEqual(textlimit.countMany(["👍🏽", "e\u0301", ""]), [1, 1, 0]);
  assert.deepEqual(textlimit.countMany([]), []);
  assert.deepEqual(textlimit.countMany(new Set(["ab", undefined])), [2, null]);
  assert.deepEqual(textlimit.fitsMany(["abc", "abcdef", null], 4), [true, false, null]);
  assert.deepEqual(textlimit.fitsMany(["日本", "日本語"], { limits: { utf8: 6, graphemes: 3 } }), [true, false]);
});

test("fitsMany answers as fits does, one text at a time", () => {
  const random = generator(4601);
  const texts = Array.from({ length: 400 }, () => randomText(random, 8));
  for (const limits of [{ graphemes: 5 }, { utf8: 12, graphemes: 9 }, textlimit.rule("x", { max: 9 }), textlimit.rule("mastodon", { max: 7, urlLength: 4 })]) {
    const many = textlimit.fitsMany(texts, { limits });
    texts.forEach((text, index) => assert.equal(many[index], textlimit.fits(text, { limits }), `${JSON.stringify(text)} within ${JSON.stringify(limits)}`));
    assert.ok(many.includes(true) && many.includes(false), "both answers occur");
  }
});

test("counter: what a live counter shows, as CounterThreshold and the counter's rule say", () => {
  // 80% used by default: warning from 8 of 10, at the limit too; over past it.
  assert.deepEqual(textlimit.counter("abcdefg", { max: 10 }), { count: 7, max: 10, state: "normal", isOverLimit: false });
  assert.deepEqual(textlimit.counter("abcdefgh", { max: 10 }), { count: 8, max: 10, state: "warning", isOverLimit: false });
  assert.deepEqual(textlimit.counter("abcdefghij", { max: 10 }), { count: 10, max: 10, state: "warning", isOverLimit: false });
  assert.deepEqual(textlimit.counter("abcdefghijk", { max: 10 }), { count: 11, max: 10, state: "over", isOverLimit: true });
  assert.equal(textlimit.counter("abcdefgh", { max: 10, warningThreshold: null }).state, "normal");
  assert.equal(textlimit.counter("abcdef", { max: 10, warningThreshold: { remaining: 4 } }).state, "warning");
  assert.equal(textlimit.counter("abcde", { max: 10, warningThreshold: { remaining: 4 } }).state, "normal");
  assert.equal(textlimit.counter("abcde", { max: 10, warningThreshold: { fractionUsed: 0.5 } }).state, "warning");
  // The first rule by default; the tightest one on request (here the bytes: 3 of 3 left of 6).
  const limits = { graphemes: 10, utf8: 6 };
  assert.deepEqual(textlimit.counter("ééé", { limits }), { count: 3, max: 10, state: "normal", isOverLimit: false });
  assert.deepEqual(textlimit.counter("ééé", { limits, counterRule: "tightest" }), { count: 6, max: 6, state: "warning", isOverLimit: false });
  assert.deepEqual(textlimit.counter("éééé", { limits, counterRule: 1 }), { count: 8, max: 6, state: "over", isOverLimit: true });
  // A broken rule the counter does not show still makes the text over the limit.
  assert.deepEqual(textlimit.counter("éééé", { limits }), { count: 4, max: 10, state: "normal", isOverLimit: true });
  assert.deepEqual(textlimit.counter("see https://example.com/" + "a".repeat(300), { limits: textlimit.rule("x") }), { count: 27, max: 280, state: "normal", isOverLimit: false });
});

test("rule and postUnit: the platforms' limits", () => {
  assert.deepEqual(textlimit.rule("x"), [[280, "x"]]);
  assert.deepEqual(textlimit.rule("mastodon"), [[500, "mastodon"]]);
  assert.deepEqual(textlimit.rule("mastodon-composer"), [[500, "mastodon-composer"]]);
  assert.deepEqual(textlimit.rule("bluesky-composer"), [[300, "bluesky-composer"], [3000, "bluesky-published-utf8"]]);
  assert.deepEqual(textlimit.rule("bluesky-composer", { max: 280 }), [[280, "bluesky-composer"], [3000, "bluesky-published-utf8"]]);
  const [[, composer]] = textlimit.rule("mastodon-composer", { urlLength: 30 });
  assert.equal(composer, textlimit.postUnit("mastodon-composer", 30));
  assert.equal(textlimit.count("see https://example.com", composer), 34);
  // The app lets 300 clusters be sent; the server takes the published text's 3000 bytes.
  assert.equal(textlimit.fits("x".repeat(300) + "  ", { limits: textlimit.rule("bluesky-composer") }), false);
  assert.equal(textlimit.fits("x".repeat(300), { limits: textlimit.rule("bluesky-composer") }), true);
  assert.deepEqual(textlimit.rule("bluesky"), [[300, "graphemes"], [3000, "utf8"]]);
  assert.deepEqual(textlimit.rule("bluesky", { max: 100 }), [[100, "graphemes"], [3000, "utf8"]]);
  const [[max, unit]] = textlimit.rule("mastodon", { max: 1000, urlLength: 30 });
  assert.equal(max, 1000);
  assert.equal(unit, textlimit.postUnit("mastodon", 30));
  assert.equal(textlimit.count("see https://example.com", textlimit.postUnit("mastodon", 30)), 34);
  assert.equal(textlimit.count("see https://example.com", "mastodon"), 27);
});

test("version, UNITS, RULES", () => {
  assert.match(textlimit.version(), /^\d+\.\d+\.\d+/);
  assert.deepEqual([...textlimit.UNITS], ["graphemes", "utf16", "scalars", "utf8", "width", "twitter", "wide2", "x", "mastodon",
    "words", "sms", "maxlength", "stringz", "mastodon-composer", "bluesky-composer", "bluesky-published-utf8"]);
  assert.deepEqual([...textlimit.RULES], ["x", "mastodon", "mastodon-composer", "bluesky", "bluesky-composer"]);
  assert.deepEqual([...textlimit.SMS_LANGUAGES], ["turkish", "spanish", "portuguese", "bengali", "gujarati", "hindi", "kannada",
    "malayalam", "oriya", "punjabi", "tamil", "telugu", "urdu"]);
  assert.ok(Object.isFrozen(textlimit.UNITS) && Object.isFrozen(textlimit.RULES) && Object.isFrozen(textlimit.SMS_LANGUAGES));
  assert.ok(textlimit.wasmVariant === "simd128" || textlimit.wasmVariant === "scalar");
  if (process.env.TEXTLIMIT_WASM_VARIANT) assert.equal(textlimit.wasmVariant, process.env.TEXTLIMIT_WASM_VARIANT, "the module asked for");
});
