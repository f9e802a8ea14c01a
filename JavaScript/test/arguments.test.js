// Bad arguments throw TypeError (a wrong type) or RangeError (a value out of range), naming the
// argument and what is allowed.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as textlimit from "../src/index.js";
import * as engine from "../src/_module.js";

const cases = [
  // call, error type, message pattern
  [() => textlimit.count(5), TypeError, /^text: expected a string or a Uint8Array/],
  [() => textlimit.count(null), TypeError, /^text: .* not null/],
  [() => textlimit.count("a", "bytes"), RangeError, /^unit: unknown unit "bytes"; one of graphemes, utf16, scalars, utf8, width, twitter, wide2, x, mastodon/],
  [() => textlimit.count("a", 3.5), TypeError, /^unit: expected a unit name/],
  [() => textlimit.count("a", 99), RangeError, /^unit: 99 is no unit code; one of graphemes, .*, bluesky-published-utf8, or a code from postUnit or smsUnit$/],
  [() => textlimit.count("a", {}), TypeError, /^unit: /],
  [() => textlimit.count("a", "graphemes", { strictly: true }), TypeError, /^options: unknown option "strictly"; one of strict/],
  [() => textlimit.truncate("a"), TypeError, /^truncate: give either max \(with unit\) or limits/],
  [() => textlimit.truncate("a", { max: 1, limits: { utf8: 2 } }), TypeError, /^truncate: give either max/],
  [() => textlimit.truncate("a", -1), RangeError, /^max: expected an integer from 0 to 2147483647, not -1/],
  [() => textlimit.truncate("a", 1.5), TypeError, /^max: expected an integer from 0 to 2147483647/],
  [() => textlimit.truncate("a", "3"), TypeError, /^max: /],
  [() => textlimit.fits("a", { limits: {} }), RangeError, /^limits: no limit given/],
  [() => textlimit.fits("a", { limits: { bytes: 3 } }), RangeError, /^limits: a unit: unknown unit "bytes"/],
  [() => textlimit.fits("a", { limits: [[3]] }), TypeError, /^limits: expected \[max, unit\] pairs/],
  [() => textlimit.fits("a", { limits: { utf8: -2 } }), RangeError, /^limits: a limit: expected an integer from 0 to 2147483647, not -2/],
  // A maximum the module's Int (32 bits) cannot hold is refused, never wrapped or trapped on.
  [() => textlimit.truncate("a", 2 ** 31), RangeError, /^max: expected an integer from 0 to 2147483647, not 2147483648/],
  [() => textlimit.fits("a", { limits: { utf8: 2 ** 32 + 5 } }), RangeError, /^limits: a limit: expected an integer from 0 to 2147483647, not 4294967301/],
  [() => textlimit.rule("x", { max: 2 ** 32 + 5 }), RangeError, /^max: expected an integer from 0 to 2147483647, not 4294967301/],
  [() => textlimit.rule("x", { max: 3e9 }), RangeError, /^max: /],
  [() => textlimit.fitsMany(["a"], Number.MAX_SAFE_INTEGER), RangeError, /^max: /],
  [() => textlimit.counter("a", { max: 2 ** 31 }), RangeError, /^max: /],
  [() => textlimit.counter("a", { max: 3, counterRule: 1 }), RangeError, /^counterRule: expected "first", "tightest" or a rule's index below 1/],
  [() => textlimit.counter("a", { max: 3, warningThreshold: { remaining: -1 } }), RangeError, /^warningThreshold: /],
  [() => textlimit.counter("a", null), TypeError, /^options: /],
  [() => textlimit.counter(5, { max: 3 }), TypeError, /^text: /],
  [() => textlimit.fits("a", { limits: 5 }), TypeError, /^limits: expected an object/],
  [() => textlimit.fits("a", { maxi: 3 }), TypeError, /^options: unknown option "maxi"; one of max, unit, limits/],
  [() => textlimit.graphemes(new Uint8Array(1)), TypeError, /^text: expected a string/],
  [() => textlimit.slice("abc", 1.5), TypeError, /^start: expected an integer, null or undefined/],
  [() => textlimit.slice("abc", 0, "2"), TypeError, /^stop: /],
  [() => textlimit.countMany("abc"), TypeError, /^texts: expected an iterable/],
  [() => textlimit.countMany([1]), TypeError, /^texts\[0\]: expected a string or a Uint8Array/],
  [() => textlimit.fitsMany(["a"], { limits: "x" }), TypeError, /^limits: expected an object/],
  [() => textlimit.postUnit("graphemes", 30), RangeError, /^unit: expected "x", "mastodon" or "mastodon-composer" \(the post lengths that count URLs\), not "graphemes"$/],
  [() => textlimit.postUnit("bluesky-composer", 30), RangeError, /^unit: expected "x", "mastodon" or "mastodon-composer"/],
  [() => textlimit.postUnit("twitterV4", 30), RangeError, /^unit: expected "x", "mastodon" or "mastodon-composer"/],
  [() => textlimit.postUnit(7, 30), TypeError, /^unit: expected "x", "mastodon" or "mastodon-composer"/],
  [() => textlimit.postUnit("x", -1), RangeError, /^urlLength: expected an integer from 0 to 8388606, not -1/],
  [() => textlimit.postUnit("x", 8388607), RangeError, /^urlLength: expected an integer from 0 to 8388606/],
  [() => textlimit.postUnit("x", 2.5), TypeError, /^urlLength: /],
  [() => textlimit.rule("threads"), RangeError, /^name: unknown rule "threads"; one of x, mastodon, mastodon-composer, bluesky, bluesky-composer$/],
  [() => textlimit.rule(1), TypeError, /^name: expected one of x, mastodon, mastodon-composer, bluesky, bluesky-composer/],
  [() => textlimit.rule("x", { max: -1 }), RangeError, /^max: /],
  [() => textlimit.rule("bluesky", { urlLength: 30 }), RangeError, /^urlLength: bluesky counts URLs as written/],
  [() => textlimit.rule("bluesky-composer", { urlLength: 30 }), RangeError, /^urlLength: bluesky-composer counts URLs as written; give no urlLength$/],
  [() => textlimit.rule("x", { size: 3 }), TypeError, /^options: unknown option "size"; one of max, urlLength/],
  [() => textlimit.rule("x", { urlLength: 8388607 }), RangeError, /^urlLength: expected an integer from 0 to 8388606, not 8388607/],
  [() => textlimit.count("a", 9 | (3 << 8)), RangeError, /^unit: \d+ is no unit code/],
  [() => textlimit.count("a", 6 | (2 << 8)), RangeError, /^unit: \d+ is no unit code/],
  // SMS segments with a national language no identifier has (the engine's options: 14 << 2).
  [() => textlimit.count("a", 10 | (((14 << 2) + 1) << 8)), RangeError, /^unit: \d+ is no unit code/],
  [() => textlimit.count("a", "graphemes", { strict: true, warning: "x" }), TypeError, /^options: unknown option "warning"; one of strict, contentWarning$/],
  [() => textlimit.count("a", "utf8", { contentWarning: "cw" }), RangeError, /^contentWarning: the unit takes no content warning; "mastodon" or "mastodon-composer" \(or a code postUnit made of them\) do$/],
  [() => textlimit.count("a", "mastodon", { contentWarning: 5 }), TypeError, /^contentWarning: expected a string, not number 5/],
  [() => textlimit.fits("a", { limits: textlimit.rule("bluesky"), contentWarning: "cw" }), RangeError, /^contentWarning: no unit of the limits takes a content warning/],
  [() => textlimit.truncate("a", { max: 3, unit: "x", contentWarning: "cw" }), RangeError, /^contentWarning: the unit takes no content warning/],
  [() => textlimit.truncate("a", { max: 3, warning: "cw" }), TypeError, /^options: unknown option "warning"; one of max, unit, limits, contentWarning$/],
  [() => textlimit.smsUnit({ split: "halves" }), RangeError, /^split: expected "whole" \(between grapheme clusters, as Twilio\) or "pairs"/],
  [() => textlimit.smsUnit({ split: 1 }), TypeError, /^split: /],
  [() => textlimit.smsUnit({ lookalikes: 1 }), TypeError, /^lookalikes: expected a boolean, not number 1/],
  [() => textlimit.smsUnit({ language: "klingon" }), RangeError, /^language: expected one of turkish, spanish, .*, urdu or null, not "klingon"$/],
  [() => textlimit.smsUnit({ language: 1 }), TypeError, /^language: /],
  [() => textlimit.smsUnit({ encoding: "gsm" }), TypeError, /^options: unknown option "encoding"; one of split, lookalikes, language$/],
  [() => textlimit.smsUnit(null), TypeError, /^options: expected \{split, lookalikes, language\}, not null/],
  [() => textlimit.sms(5), TypeError, /^text: expected a string or a Uint8Array/],
  [() => textlimit.sms("a", { language: "elvish" }), RangeError, /^language: /],
  [() => textlimit.publish(null), TypeError, /^text: /],
  [() => textlimit.publish("a", "mastodon"), RangeError, /^rule: expected "bluesky-composer" \(the other rules publish the text as typed\), not "mastodon"$/],
  [() => textlimit.limitField(null, { max: 3 }), TypeError, /^element: expected an <input>/],
];

test("bad arguments throw TypeError or RangeError naming the argument and what is allowed", () => {
  for (const [call, type, pattern] of cases) {
    assert.throws(call, (error) => {
      assert.equal(error.constructor, type, `${call}: ${error}`);
      assert.match(error.message, pattern, String(call));
      return true;
    });
  }
});

test("a maximum over 2^31 - 1 never reaches the module: no trap, no re-created module", () => {
  const before = engine.moduleGeneration();
  for (const max of [2 ** 31, 2 ** 32 + 5, 3e9]) {
    assert.throws(() => textlimit.rule("x", { max }), RangeError);
    assert.throws(() => textlimit.truncate("abc", max), RangeError);
  }
  assert.equal(engine.moduleGeneration(), before);
  // The largest one holds (a limit no text in the module's memory can reach).
  assert.deepEqual(textlimit.rule("x", { max: 2 ** 31 - 1 }), [[2 ** 31 - 1, "x"]]);
  assert.equal(textlimit.truncate("abc", 2 ** 31 - 1), "abc");
});

test("the module itself refuses a rule's maximum its Int cannot hold (the C API), without a trap", () => {
  const before = engine.moduleGeneration();
  assert.equal(engine.ruleLimits("x", 2 ** 32 + 5, -1), null);
  assert.equal(engine.ruleLimits("bluesky", 2 ** 31, -1), null);
  assert.deepEqual(engine.ruleLimits("x", 2 ** 31 - 1, -1), [[2 ** 31 - 1, 7]]);
  assert.equal(engine.moduleGeneration(), before, "no trap");
});

test("9 and up are the new units: 9 is words, and every name the module gives has its code", () => {
  assert.equal(textlimit.UNITS[9], "words");
  assert.equal(textlimit.count("a b", 9), 2);
  assert.equal(textlimit.count("a b", 9), textlimit.count("a b", "words"));
  textlimit.UNITS.forEach((name, code) => assert.equal(textlimit.count("a\r\nb https://example.com", code), textlimit.count("a\r\nb https://example.com", name), name));
  assert.throws(() => textlimit.count("a", textlimit.UNITS.length), RangeError, "no unit past the last name");
});

test("the messages list what the engine takes: the post lengths that count URLs, the units with a content warning", () => {
  // postUnit takes exactly the units textlimit_post_unit takes.
  const takes = textlimit.UNITS.filter((_, code) => engine.postUnitCode(code, 5) >= 0);
  assert.deepEqual(takes, ["x", "mastodon", "mastodon-composer"]);
  for (const name of textlimit.UNITS) {
    if (takes.includes(name)) assert.equal(typeof textlimit.postUnit(name, 5), "number");
    else assert.throws(() => textlimit.postUnit(name, 5), RangeError, name);
  }
  // A content warning goes with the units textlimit_count_with_warning takes one with.
  const warned = textlimit.UNITS.filter((_, code) => engine.countWithWarning("", code, "cw") !== null);
  assert.deepEqual(warned, ["mastodon", "mastodon-composer"]);
  for (const name of textlimit.UNITS) {
    if (warned.includes(name)) assert.equal(textlimit.count("a", name, { contentWarning: "cw" }), 3);
    else assert.throws(() => textlimit.count("a", name, { contentWarning: "cw" }), RangeError, name);
  }
  // An empty warning is none, with any unit.
  assert.equal(textlimit.count("a", "utf8", { contentWarning: "" }), 1);
  // The module refuses a rule's URL length where the rule counts URLs as written.
  for (const name of textlimit.RULES) {
    const countsURLs = engine.ruleLimits(name, -1, 5) !== null;
    assert.equal(countsURLs, !name.startsWith("bluesky"), name);
    if (countsURLs) assert.equal(textlimit.rule(name, { urlLength: 5 }).length, 1);
    else assert.throws(() => textlimit.rule(name, { urlLength: 5 }), new RegExp(`^RangeError: urlLength: ${name} counts URLs as written`));
  }
});

test("after a bad argument the module still answers", () => {
  assert.throws(() => textlimit.count("a", "bytes"));
  assert.equal(textlimit.count("a👍🏽"), 2);
});
