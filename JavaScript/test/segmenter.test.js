// The module's grapheme clusters against an independent oracle: Intl.Segmenter (ICU, in Node
// 20.20 ICU 78 with Unicode 17.0, the version Swift 6.3.1 segments by) on 20,000 seeded random
// strings of code points drawn from every grapheme break class, line breaks, lone surrogates
// and any code point at all. A lone surrogate counts as U+FFFD here (as in Python, and as
// Swift reads ill-formed UTF-16), so the oracle segments the string made well-formed.
//
// Excluded, each string counted, where Swift 6.3.1 differs from Unicode 17.0 on purpose of its
// own (Scripts/generate-grapheme-corrections.swift says the same): its rule GB9c knows only the
// six linkers of Unicode 15.1, so a string with another Indic_Conjunct_Break=Linker (read from
// Scripts/Unicode/17.0.0/DerivedCoreProperties.txt) is left out; and the Kirat Rai vowel signs
// U+16D63, U+16D67-U+16D6A act as Other, not V.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as textlimit from "../src/index.js";
import { generator } from "./_random.js";

const seed = Number(process.env.TEXTLIMIT_SEED ?? 46);
const swiftLinkers = new Set([0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D]);
const kiratRaiVowels = new Set([0x16D63, 0x16D67, 0x16D68, 0x16D69, 0x16D6A]);

/// Unicode 17.0's Indic_Conjunct_Break=Linker code points.
function unicodeLinkers() {
  const file = readFileSync(new URL("../../Scripts/Unicode/17.0.0/DerivedCoreProperties.txt", import.meta.url), "utf8");
  const linkers = new Set();
  for (const [, low, high] of file.matchAll(/^([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*;\s*InCB\s*;\s*Linker\b/gm)) {
    for (let code = parseInt(low, 16); code <= parseInt(high ?? low, 16); code++) linkers.add(code);
  }
  return linkers;
}

/// Code points of every grapheme break class (and of GB9c's and GB11's sequences), as ranges.
const classes = [
  [0x20, 0x7E], [0x0D, 0x0D], [0x0A, 0x0A], [0x00, 0x1F], [0x7F, 0x9F], [0x200B, 0x200B], [0x2028, 0x2029],
  [0x0300, 0x036F], [0x0483, 0x0489], [0x200C, 0x200D], [0xFE00, 0xFE0F], [0x1F3FB, 0x1F3FF], [0xE0020, 0xE007F],
  [0x1F300, 0x1F64F], [0x2600, 0x27BF], [0x1F1E6, 0x1F1FF], [0x00A9, 0x00A9],
  [0x1100, 0x115F], [0x1160, 0x11A7], [0x11A8, 0x11FF], [0xAC00, 0xAC1C], [0xAC00, 0xD7A3],
  [0x0915, 0x0939], [0x093C, 0x094D], [0x094D, 0x094D], [0x0995, 0x09B9], [0x09CD, 0x09CD], [0x0903, 0x0903],
  [0x0D15, 0x0D3A], [0x0D4D, 0x0D4D], [0x1000, 0x102A], [0x1039, 0x1039], [0x1780, 0x17B3],
  [0x0600, 0x0605], [0x06DD, 0x06DD], [0x110BD, 0x110BD], [0x0E31, 0x0E3A], [0x0E40, 0x0E44],
  [0x16D43, 0x16D6C], [0x1F600, 0x1F64F],
];

function randomString(random) {
  let text = "";
  const count = random.below(12) + 1;
  for (let index = 0; index < count; index++) {
    const kind = random.below(20);
    if (kind === 0) { text += random.pick(["\uD800", "\uDBFF", "\uDC00", "\uDFFF"]); continue; }  // a lone surrogate
    if (kind === 1) { text += "\r\n"; continue; }
    let code;
    if (kind === 2) {
      do code = random.below(0x110000); while (code >= 0xD800 && code <= 0xDFFF);  // any code point
    } else {
      const [low, high] = random.pick(classes);
      code = low + random.below(high - low + 1);
    }
    text += String.fromCodePoint(code);
  }
  return text;
}

test(`grapheme clusters equal Intl.Segmenter's on 20,000 random strings (seed ${seed})`, (t) => {
  const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
  const otherLinkers = [...unicodeLinkers()].filter((code) => !swiftLinkers.has(code));
  assert.ok(otherLinkers.length >= 10, `Unicode 17.0 has more linkers than Swift's six (${otherLinkers.length} others read)`);
  const excluded = new Set([...otherLinkers, ...kiratRaiVowels]);
  const random = generator(seed);
  let compared = 0;
  const left = { linker: 0, kiratRai: 0 };
  for (let index = 0; compared < 20000; index++) {
    const text = randomString(random);
    const scalars = [...text].map((character) => character.codePointAt(0));
    if (scalars.some((code) => excluded.has(code))) {
      if (scalars.some((code) => kiratRaiVowels.has(code))) left.kiratRai += 1; else left.linker += 1;
      continue;
    }
    const expected = [...segmenter.segment(text.toWellFormed())].map(({ segment }) => segment.length);
    const clusters = textlimit.graphemes(text);
    assert.deepEqual(clusters.map((cluster) => cluster.length), expected,
      `${JSON.stringify(text)} (${scalars.map((code) => code.toString(16)).join(" ")}; seed ${seed}, string ${index})`);
    assert.equal(clusters.join(""), text);
    assert.equal(textlimit.count(text), expected.length);
    compared += 1;
  }
  t.diagnostic(`${compared} strings compared; left out: ${left.linker} with a linker Swift's GB9c does not know, ${left.kiratRai} with a Kirat Rai vowel sign`);
  assert.ok(left.linker > 0 && left.kiratRai > 0, "the exclusions are exercised");
});
