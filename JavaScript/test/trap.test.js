// A trap inside the module (here: memory exhausted) never leaves it unusable: the call throws
// TextLimitTrapError with the module's message, the instance is re-created, and the next calls
// answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as textlimit from "../src/index.js";
import * as engine from "../src/_module.js";

test("a trap re-creates the module, which answers again", () => {
  const before = engine.moduleGeneration();
  let resets = 0;
  const stop = engine.onReset(() => { resets += 1; });
  assert.throws(() => engine._allocateForTesting(0x7FFF0000), (error) => {
    assert.ok(error instanceof textlimit.TextLimitTrapError, String(error));
    assert.match(error.message, /trapped .*re-created/);
    return true;
  });
  stop();
  assert.equal(engine.moduleGeneration(), before + 1);
  assert.equal(resets, 1, "every listener (the field limiters) is told");
  assert.equal(textlimit.count("👨‍👩‍👧‍👦 e\u0301"), 3);
  assert.equal(textlimit.truncate("ab👍🏽c", 3), "ab👍🏽");
});
