// The module's allocator returns memory: repeated calls that each allocate and free megabytes
// (the grapheme ends of a long text, many limiters made and freed) leave the memory as large as
// after the first round.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as textlimit from "../src/index.js";
import * as engine from "../src/_module.js";

test("memory freed is reused: the module does not grow round after round", () => {
  const text = "नमस्ते 👍🏽 abc ".repeat(40000);
  const round = () => {
    assert.equal(textlimit.graphemes(text).length, textlimit.count(text));
    for (let index = 0; index < 200; index++) {
      engine.freeLimiter(engine.newLimiter([[100, 0]], 0, -1, text.slice(0, 2000)));
    }
  };
  round();
  const after = engine.memoryBytes();
  for (let index = 0; index < 20; index++) round();
  assert.equal(engine.memoryBytes(), after, `grew from ${after} to ${engine.memoryBytes()} bytes`);
});
