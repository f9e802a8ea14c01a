// How the field limiter finds what changed in a field (the common UTF-16 prefix and suffix):
// applying the change to the old text gives the new one, and no end falls inside a surrogate
// pair (👍 and 👎 share their first unit; a lone surrogate, which random texts hold, is no pair),
// on seeded random edits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { _difference } from "../src/field.js";
import { generator, randomText } from "./_random.js";

const isLow = (unit) => unit >= 0xDC00 && unit <= 0xDFFF;

test("a change found never splits a surrogate pair and rebuilds the new text", () => {
  const random = generator(47);
  const pool = ["👍", "👎", "👍🏽", "🇯🇵", "a", "é", "\u{1F600}", "\u{1F601}", "日"];
  for (let index = 0; index < 5000; index++) {
    const before = randomText(random, 6) + random.pick(pool) + randomText(random, 3);
    // An edit between scalars, as a browser makes it.
    let at = random.below(before.length + 1);
    if (isLow(before.charCodeAt(at))) at += 1;
    let cut = Math.min(before.length, at + random.below(4));
    if (isLow(before.charCodeAt(cut))) cut += 1;
    const after = before.slice(0, at) + random.pick(pool) + before.slice(cut);
    const [start, oldEnd, newEnd] = _difference(before, after);
    assert.equal(before.slice(0, start) + after.slice(start, newEnd) + before.slice(oldEnd), after);
    for (const [text, offset] of [[before, start], [before, oldEnd], [after, start], [after, newEnd]]) {
      assert.ok(!isLow(text.charCodeAt(offset)) || offset === 0 || !(text.charCodeAt(offset - 1) >= 0xD800 && text.charCodeAt(offset - 1) <= 0xDBFF),
        `${JSON.stringify(before)} -> ${JSON.stringify(after)}: ${offset} inside a pair`);
    }
  }
  assert.deepEqual(_difference("ab👍", "ab👎"), [2, 4, 4]);
  // A lone surrogate is no pair: the prefix may end before it, never inside the pair before it.
  assert.deepEqual(_difference("x🇵\uDFFFy", "x🇵🇯y"), [3, 4, 5]);
  // A suffix that starts inside a pair of either text is shortened.
  assert.deepEqual(_difference("x\uDC00", "\uD83D\uDC00"), [0, 2, 2]);
});
