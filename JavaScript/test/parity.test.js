// The module against the native `textlimit` tool (the same Swift engine, built for this machine
// with libutf8proc and the x86-64 kernels) on 5,500 seeded random texts: 5,000 strings (lone
// surrogates among them, which count as U+FFFD) and 500 byte strings with ill-formed UTF-8,
// counted in every unit (SMS measured: encoding, units, characters), cut in every unit and rule
// (with a content warning, with SMS options) and published as Bluesky's app publishes them, one
// text a line; and 20 more with line breaks, a file each (the tool reads a file at a time, 10-20
// ms each in a debug build). (An independent oracle of the clusters: segmenter.test.js.)
// A trap of the module on any text fails (the module traps only where the engine stops at a
// precondition: a bug). One difference is allowed, counted and shown (hostNeedsNFKC): Bluesky's
// app's units on a text with a link whose host NFKC maps otherwise than NFC, which the module
// uses there (Embedded Swift has no compatibility mapping).
// TEXTLIMIT_TOOL names the tool (Scripts/test-web builds it); without it the test is skipped,
// unless TEXTLIMIT_REQUIRE_TOOL=1, which makes that a failure.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as textlimit from "../src/index.js";
import { generator, randomText } from "./_random.js";

const tool = process.env.TEXTLIMIT_TOOL;
const seed = Number(process.env.TEXTLIMIT_SEED ?? 46);
const skip = tool ? false : process.env.TEXTLIMIT_REQUIRE_TOOL === "1" ? false : "TEXTLIMIT_TOOL is not set";

function texts() {
  const random = generator(seed);
  const encoder = new TextEncoder();
  const strings = [];
  for (let index = 0; index < 5000; index++) {
    // No line break; no CR at the end (the tool's --lines takes it as the line ending's).
    strings.push(randomText(random, index % 10 === 0 ? 60 : 12).replace(/\n/g, " ").replace(/\r+$/, ""));
  }
  const bytes = [];
  for (let index = 0; index < 500; index++) {
    const parts = [];
    const count = random.below(8) + 1;
    for (let part = 0; part < count; part++) {
      if (random.below(3) === 0) {
        // An ill-formed piece: a stray continuation, a cut-off lead, an overlong or surrogate form.
        parts.push(...random.pick([[0x80], [0xBF, 0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x91], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xF5, 0x80, 0x80, 0x80]]));
      } else {
        parts.push(...encoder.encode(randomText(random, 3).replace(/[\r\n]/g, " ")));
      }
    }
    while (parts.length && parts[parts.length - 1] === 0x0D) parts.pop();
    bytes.push(Uint8Array.from(parts));
  }
  return { strings, bytes, all: [...strings.map((text) => encoder.encode(text)), ...bytes] };
}

function file(all) {
  const directory = mkdtempSync(join(tmpdir(), "textlimit-parity-"));
  const path = join(directory, "texts.txt");
  const joined = [];
  for (const text of all) { joined.push(...text, 0x0A); }
  writeFileSync(path, Uint8Array.from(joined));
  return path;
}

/// The tool's arguments that count in every unit of the module (the tool's --unit all leaves the
/// newer ones out).
const everyUnit = () => textlimit.UNITS.flatMap((unit) => ["--unit", unit]);

/// A unit's count in a line of the tool's --json output (SMS segments are its sms_segments).
const expectedCount = (line, unit) => (unit === "sms" ? line.sms_segments : line[unit]);

/// Whether the module may answer otherwise than the tool on `text` in a call whose tool arguments
/// are `args`: Bluesky's app's units (a unit's or a rule's name among them) on a text with a link
/// typed with http(s):// whose host (read generously: up to white space, `/`, `?` or `#`) NFKC
/// maps otherwise than NFC (a fullwidth letter, a ligature, a halfwidth kana with its mark).
function hostNeedsNFKC(text, args) {
  if (!args.some((arg) => arg.startsWith("bluesky-"))) return false;
  const string = typeof text === "string" ? text : new TextDecoder().decode(text);
  for (const match of string.matchAll(/https?:\/\/([^\s/?#]*)/gu)) {
    if (match[1].normalize("NFKC") !== match[1].normalize("NFC")) return true;
  }
  return false;
}

/// The counts of `texts` in `unit`, in one call.
function countEach(texts, unit) {
  return textlimit.countMany(texts, unit);
}

function lines(output) {
  const result = [];
  let start = 0;
  for (let index = 0; index < output.length; index++) {
    if (output[index] === 0x0A) { result.push(output.subarray(start, index)); start = index + 1; }
  }
  return result;
}

test(`counts equal the tool's in every unit, SMS measures too (seed ${seed})`, { skip }, (t) => {
  const { strings, bytes, all } = texts();
  const path = file(all);
  const output = execFileSync(tool, ["count", ...everyUnit(), "--lines", "--json", path], { maxBuffer: 1 << 28 }).toString();
  const expected = output.trim().split("\n").map((line) => JSON.parse(line));
  assert.equal(expected.length, all.length);
  let compared = 0;
  let nfkc = 0;
  for (const unit of textlimit.UNITS) {
    const counted = [...countEach(strings, unit), ...countEach(bytes, unit)];
    for (let index = 0; index < all.length; index++) {
      if (hostNeedsNFKC(all[index], [unit])) { nfkc += 1; continue; }
      assert.equal(counted[index], expectedCount(expected[index], unit), `line ${index + 1} in ${unit}: ${JSON.stringify(index < strings.length ? strings[index] : [...bytes[index - strings.length]])} (seed ${seed})`);
      compared += 1;
    }
    // One text at a time too (the short-text path), on a sample.
    for (let index = 0; index < all.length; index += 7) {
      const text = index < strings.length ? strings[index] : bytes[index - strings.length];
      const one = textlimit.count(text, unit);
      if (!hostNeedsNFKC(text, [unit])) assert.equal(one, expectedCount(expected[index], unit), `line ${index + 1} in ${unit}, count`);
    }
  }
  // The SMS message as the tool measures it: encoding, units, the characters that forced UCS-2.
  for (let index = 0; index < all.length; index++) {
    const text = index < strings.length ? strings[index] : bytes[index - strings.length];
    const { encoding, units, segments, characters } = textlimit.sms(text);
    const line = expected[index];
    assert.deepEqual([encoding, units, segments, characters], [line.sms_encoding, line.sms_units, line.sms_segments, line.sms_characters], `line ${index + 1}, sms (seed ${seed})`);
  }
  assert.equal(compared + nfkc, textlimit.UNITS.length * 5500);
  assert.ok(nfkc < 2 * 550, `${nfkc} counts left out for a host NFKC maps otherwise than NFC`);
  t.diagnostic(`${compared} counts compared in ${textlimit.UNITS.length} units, 5500 SMS measures; ${nfkc} left out (Bluesky's app's units, a host NFKC maps otherwise than NFC)`);
});

test(`prefix cuts equal the tool's in every unit and rule (seed ${seed})`, { skip }, (t) => {
  const { strings, bytes, all } = texts();
  const path = file(all);
  const encoder = new TextEncoder();
  const runs = cutRuns();
  let compared = 0;
  let blankCuts = 0;
  let nfkcCuts = 0;
  const isMastodon = (run) => run.args.includes("mastodon");
  for (const run of runs) {
    const cuts = all.map((_, index) => {
      const text = index < strings.length ? strings[index] : bytes[index - strings.length];
      const cut = textlimit.truncate(text, run.options);
      return typeof cut === "string" ? encoder.encode(cut) : cut;
    });
    const expected = lines(execFileSync(tool, ["truncate", "--lines", ...run.args, path], { maxBuffer: 1 << 28 }));
    assert.equal(expected.length, all.length, run.args.join(" "));
    cuts.forEach((cut, index) => {
      const line = index;
      if (hostNeedsNFKC(all[index], run.args)) { nfkcCuts += 1; return; }
      if (cut.length !== expected[line].length && isMastodon(run) && blankPrefixOfPost(cut, all[index])) {
        // The one known difference: under Mastodon's rule a prefix of white space alone counts
        // 0, so the longest prefix within the limit (the C API's, Python's and this module's
        // answer) may run past the tool's cut, which measures a prefix as part of the post it
        // was cut from. Both must fit; the module's is the longer.
        assert.ok(cut.length > expected[line].length, `line ${index + 1}: the module's blank cut is the longer`);
        assert.ok(textlimit.fits(expected[line], run.options) && textlimit.fits(cut, run.options));
        blankCuts += 1;
        compared += 1;
        return;
      }
      assert.deepEqual([...cut], [...expected[line]], `line ${index + 1}, ${run.args.join(" ")} (seed ${seed})`);
      if (index < strings.length) {
        assert.equal(textlimit.fits(strings[index], run.options), expected[line].length === all[index].length);
      }
      compared += 1;
    });
  }
  assert.equal(compared + nfkcCuts, runs.length * 5500);
  assert.ok(nfkcCuts < runs.length * 5500 / 20, `${nfkcCuts} cuts left out for a host NFKC maps otherwise than NFC`);
  t.diagnostic(`${compared} cuts compared in ${runs.length} runs; ${blankCuts} blank Mastodon prefixes longer than the tool's; ${nfkcCuts} left out (Bluesky's app's rule or units, a host NFKC maps otherwise than NFC)`);
  assert.ok(blankCuts < 100, `${blankCuts} blank Mastodon cuts differ: more than the known edge`);
});

/// The tool's arguments and the module's options of every cut compared: each unit at two
/// maximums, two limits at once, each platform's rule, Mastodon's with a content warning, and
/// SMS segments with options.
function cutRuns() {
  const runs = [];
  for (const unit of textlimit.UNITS) {
    for (const max of [3, 17]) runs.push({ args: ["--max", String(max), "--unit", unit], options: { limits: [[max, unit]] } });
  }
  runs.push({ args: ["--max", "5", "--unit", "graphemes", "--max", "9", "--unit", "utf8"], options: { limits: [[5, "graphemes"], [9, "utf8"]] } });
  runs.push({ args: ["--rule", "x", "--max", "30"], options: { limits: textlimit.rule("x", { max: 30 }) } });
  runs.push({ args: ["--rule", "mastodon", "--max", "30", "--url-length", "5"], options: { limits: textlimit.rule("mastodon", { max: 30, urlLength: 5 }) } });
  runs.push({ args: ["--rule", "mastodon-composer", "--max", "30", "--url-length", "5"], options: { limits: textlimit.rule("mastodon-composer", { max: 30, urlLength: 5 }) } });
  runs.push({ args: ["--rule", "bluesky", "--max", "8"], options: { limits: textlimit.rule("bluesky", { max: 8 }) } });
  runs.push({ args: ["--rule", "bluesky-composer", "--max", "8"], options: { limits: textlimit.rule("bluesky-composer", { max: 8 }) } });
  const warning = " CW: 日本語 👍🏽 ";
  runs.push({ args: ["--rule", "mastodon", "--max", "30", "--content-warning", warning], options: { limits: textlimit.rule("mastodon", { max: 30 }), contentWarning: warning } });
  runs.push({ args: ["--rule", "mastodon-composer", "--max", "30", "--content-warning", warning], options: { limits: textlimit.rule("mastodon-composer", { max: 30 }), contentWarning: warning } });
  const sms = { split: "pairs", lookalikes: true, language: "turkish" };
  runs.push({ args: ["--max", "1", "--unit", "sms", "--sms-split", "pairs", "--sms-lookalikes", "--sms-language", "turkish"], options: { max: 1, unit: textlimit.smsUnit(sms) } });
  return runs;
}

test(`published texts equal the tool's (textlimit publish --rule bluesky-composer) (seed ${seed})`, { skip }, (t) => {
  const { strings, bytes, all } = texts();
  const path = file(all);
  const expected = lines(execFileSync(tool, ["publish", "--rule", "bluesky-composer", "--lines", path], { maxBuffer: 1 << 28 }));
  assert.equal(expected.length, all.length);
  const encoder = new TextEncoder();
  let changed = 0;
  let nfkcTexts = 0;
  for (let index = 0; index < all.length; index++) {
    const text = index < strings.length ? strings[index] : bytes[index - strings.length];
    const published = textlimit.publish(text);
    if (hostNeedsNFKC(text, ["bluesky-composer"])) { nfkcTexts += 1; continue; }
    const got = typeof published === "string" ? encoder.encode(published) : published;
    assert.deepEqual([...got], [...expected[index]], `line ${index + 1}: ${JSON.stringify(text)} (seed ${seed})`);
    if (got.length !== all[index].length) changed += 1;
  }
  assert.ok(changed > 500, `${changed} texts changed by publishing: links shortened, ends trimmed`);
  assert.ok(nfkcTexts < 275, `${nfkcTexts} texts left out for a host NFKC maps otherwise than NFC`);
  t.diagnostic(`${all.length - nfkcTexts} published texts compared (${changed} changed); ${nfkcTexts} left out (a host NFKC maps otherwise than NFC)`);
});

/// 20 more strings, each with a line break (LF, CR LF, or a lone CR) and some with lone
/// surrogates, which the tool's --lines cannot take: written a file each (a lone surrogate as
/// U+FFFD, which it counts as).
function multiline() {
  const random = generator(seed + 1);
  const encoder = new TextEncoder();
  const directory = mkdtempSync(join(tmpdir(), "textlimit-parity-lines-"));
  const strings = [];
  const paths = [];
  for (let index = 0; index < 20; index++) {
    let text = randomText(random, 10);
    if (!/[\r\n]/.test(text)) text += random.pick(["\n", "\r\n", "\r"]) + randomText(random, 4);
    strings.push(text);
    paths.push(join(directory, `${index}.txt`));
    writeFileSync(paths[index], encoder.encode(text));
  }
  return { strings, paths };
}

test(`texts with line breaks and lone surrogates, a file each: counts and cuts equal the tool's (seed ${seed})`, { skip }, (t) => {
  const { strings, paths } = multiline();
  const surrogates = strings.filter((text) => !text.isWellFormed()).length;
  assert.ok(surrogates >= 3, `${surrogates} strings with a lone surrogate`);
  const output = execFileSync(tool, ["count", ...everyUnit(), "--json", ...paths], { maxBuffer: 1 << 26 }).toString();
  const expected = output.trim().split("\n").map((line) => JSON.parse(line)).filter((line) => !line.total);
  assert.equal(expected.length, strings.length);
  let compared = 0;
  for (const unit of textlimit.UNITS) {
    const counted = countEach(strings, unit);
    strings.forEach((text, index) => {
      if (hostNeedsNFKC(text, [unit])) return;
      assert.equal(counted[index], expectedCount(expected[index], unit), `${JSON.stringify(text)} in ${unit} (seed ${seed})`);
      compared += 1;
    });
  }
  // The tool writes each file's cut one after another: the module's cuts, joined, are its output.
  // Under Mastodon's rule a blank cut may be longer than the tool's (the known difference the
  // test above checks cut by cut): those texts are left out of Mastodon's runs, and counted.
  const encoder = new TextEncoder();
  let blankCuts = 0;
  // Each unit at one maximum, two limits at once, each rule (a run is a process).
  for (const run of cutRuns().filter((run) => run.args[1] !== "17")) {
    const cuts = strings.map((text) => encoder.encode(textlimit.truncate(text, run.options)));
    const kept = [];
    for (let index = 0; index < strings.length; index++) {
      if (hostNeedsNFKC(strings[index], run.args)) continue;
      if (!(run.args.includes("mastodon") && blankPrefixOfPost(cuts[index], encoder.encode(strings[index])))) { kept.push(index); continue; }
      // As above: the module's blank cut is the longer, and both fit.
      const own = execFileSync(tool, ["truncate", ...run.args, paths[index]]);
      assert.ok(cuts[index].length >= own.length, `${JSON.stringify(strings[index])}: the module's blank cut is the longer`);
      assert.ok(textlimit.fits(own, run.options) && textlimit.fits(cuts[index], run.options));
      blankCuts += 1;
      compared += 1;
    }
    const cut = execFileSync(tool, ["truncate", ...run.args, ...kept.map((index) => paths[index])], { maxBuffer: 1 << 26 });
    let at = 0;
    for (const index of kept) {
      assert.deepEqual([...cut.subarray(at, at + cuts[index].length)], [...cuts[index]], `${JSON.stringify(strings[index])}, ${run.args.join(" ")} (seed ${seed})`);
      at += cuts[index].length;
      compared += 1;
    }
    assert.equal(at, cut.length, run.args.join(" "));
  }
  t.diagnostic(`${compared} counts and cuts compared on ${strings.length} texts with line breaks (${surrogates} with a lone surrogate); ${blankCuts} blank Mastodon cuts longer than the tool's`);
});

/// Whether `cut` is white space alone (Mastodon's blank rule) and the text goes on with more.
function blankPrefixOfPost(cut, text) {
  return cut.length < text.length && /^[\s\u2028\u2029\u3000\u00A0]*$/u.test(new TextDecoder().decode(cut));
}
