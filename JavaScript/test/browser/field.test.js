// The field limiter in headless Chromium, driven over the DevTools protocol: the scenarios of
// the Swift host tests (Tests/TextLimitTests: HostTruthTests, InputMethodTests, SoftLimitTests)
// replayed with the browser's own typing, paste, cut, drag and drop, deletion, input method,
// undo and redo, on <input>, <textarea> and contenteditable="plaintext-only"; and what an app
// does around a field: its own beforeinput filter, its writes through the prototype's setter,
// "value =, then dispatch input", a second field, a framework's value tracker. Each scenario
// runs twice: with the limiter attached, where its expectations must hold, and with it detached
// at once, where at least one must fail (the scenario tests the limiter, not the browser).
//
// One Chromium for every browser test (the demo's too, _demo.js); the scenarios run three at a
// time, each in a page of its own (focus emulated in every page; the clipboard, which they
// share, taken in turn).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { chromiumPath, launch, serve } from "./_cdp.js";
import { demoTests } from "./_demo.js";

// The repository: the test page (JavaScript/test/browser/page.html) and the demo (Samples/web).
const root = fileURLToPath(new URL("../../../", import.meta.url));
const kinds = ["input", "textarea", "contenteditable"];
const skip = chromiumPath() ? false : "no Chromium (Debian: chromium)";
const parallel = 3;
let server;
let browser;
const idle = [];
const waiting = [];

before(async () => {
  if (skip) return;
  server = await serve(root);
  browser = await launch();
  for (let index = 0; index < parallel; index++) {
    const page = await browser.newPage(`${server.url}/JavaScript/test/browser/page.html`);
    await page.send("Browser.grantPermissions", { permissions: ["clipboardReadWrite", "clipboardSanitizedWrite"], origin: server.url });
    await page.evaluate("new Promise((resolve) => { const wait = () => window.ready ? resolve() : setTimeout(wait, 10); wait(); })");
    idle.push(page);
  }
});

after(async () => {
  try {
    await browser?.close();
  } finally {
    server?.close();
  }
});

/// A page of the pool for `body`, given back after it.
async function withPage(body) {
  const page = idle.pop() ?? await new Promise((resolve) => waiting.push(resolve));
  try {
    return await body(page);
  } finally {
    const next = waiting.shift();
    if (next) next(page); else idle.push(page);
  }
}

/// What a scenario's steps use: the page, and what the field holds.
function session(page) {
  return {
    page,
    text: () => page.evaluate("textOf()"),
    caret: () => page.evaluate("caretOf()"),
    events: () => page.evaluate("window.events"),
    evaluate: (expression) => page.evaluate(expression),
  };
}

/// Expectations: [name, actual, expected]; all must hold attached, one must fail detached.
async function run(page, kind, detached, initial, options, steps) {
  await page.evaluate(`makeField(${JSON.stringify(kind)}, ${JSON.stringify(initial)}, ${JSON.stringify(options.attributes ?? {})})`);
  await page.evaluate(`placeCaret(${initial.length})`);
  const { attributes, ...limitOptions } = options;
  await page.evaluate(`limit(${JSON.stringify(limitOptions)}, ${detached})`);
  const checks = [];
  // An expression that throws (an element the limiter did not make) is an expectation failed.
  const expect = async (name, actual, expected) => {
    try {
      checks.push([name, await actual, expected]);
    } catch (error) {
      checks.push([name, `threw: ${error.message}`, expected]);
    }
  };
  await steps(expect, session(page), kind);
  return checks;
}

const scenarios = [];

function scenario(name, initial, options, steps, only = kinds) {
  for (const kind of only) scenarios.push({ name: `${name} (${kind})`, kind, initial, options, steps });
}

/// A field's bounding box's point near its right end, on the first line (where a drop lands).
const dropPoint = "(() => { const r = field.getBoundingClientRect(); return [r.right - 8, r.top + 10]; })()";

scenario("a chat box cleared after sending accepts typing again", "", { max: 5 }, async (expect, { page, text, caret }) => {
  await page.type("hellox");
  await expect("full", text(), "hello");
  await page.evaluate("setText('')");
  await page.type("a");
  await expect("after the clear", text(), "a");
  await expect("caret", caret(), [1, 1]);
});

scenario("text the program set survives the next keystrokes", "", { max: 10 }, async (expect, { page, text }) => {
  await page.evaluate("setText('Hello')");
  await page.type("!abcdef");
  await expect("text", text(), "Hello!abcd");
});

scenario("a restored draft survives an overflowing paste, the caret after what was kept", "", { max: 10 }, async (expect, { page, text, caret, events }) => {
  await page.evaluate("setText('Draft')");
  await page.paste("0123456789");
  await expect("text", text(), "Draft01234");
  await expect("caret", caret(), [10, 10]);
  await expect("event", events(), ["insertionTruncated"]);
});

scenario("over-limit text the program set shrinks but never grows", "", { max: 5 }, async (expect, { page, text }) => {
  await page.evaluate("setText('abcdefgh')");
  await page.type("x");
  await expect("growing is not allowed", text(), "abcdefgh");
  await page.backspace();
  await expect("deleting is", text(), "abcdefg");
  await page.type("x");
  await expect("the allowance shrank with the deletion", text(), "abcdefg");
  for (let index = 0; index < 3; index++) await page.backspace();
  await page.type("xyz");
  await expect("the limit holds again", text(), "abcdx");
});

// Chrome's Backspace deletes a conjunct or an accented letter a code point at a time: a deletion
// inside a cluster. It stands; a sign that joins the cluster again is accepted at the limit (the
// count does not grow), anything else is not.
scenario("deleting inside a conjunct at the limit stands; a sign joining it again is accepted", "aक्ष", { max: 2 }, async (expect, { page, text }) => {
  await page.backspace();
  await expect("the deletion stands", text(), "aक्");
  await page.type("ष");
  await expect("the sign joins the cluster", text(), "aक्ष");
  await page.type("b");
  await expect("the text may not grow", text(), "aक्ष");
});

scenario("deleting an accent at the limit stands; typing it again is accepted", "ae\u0301", { max: 2 }, async (expect, { page, text }) => {
  await page.backspace();
  await expect("the accent deleted", text(), "ae");
  await page.type("\u0301");
  await expect("the accent joins the letter", text(), "ae\u0301");
  await page.type("b");
  await expect("the text may not grow", text(), "ae\u0301");
  await page.backspace();
  await page.backspace();
  await expect("the accent, then the letter", text(), "a");
});

scenario("forward deletion and a word deleted at the limit, then typing up to it again", "one two three", { max: 13 }, async (expect, { page, text }) => {
  await page.evaluate("placeCaret(4)");
  await page.command("deleteForward", "Delete", 46);
  await expect("a letter after the caret", text(), "one wo three");
  await page.evaluate("placeCaret(11)");
  await page.command("deleteWordBackward", "Backspace", 8);
  await expect("the word before the caret", text(), "one wo e");
  await page.type("abcdefgh");
  await expect("the limit holds", text(), "one wo abcdee");
});

scenario("typing over a selection at the limit replaces it, and no more", "abcde", { max: 5 }, async (expect, { page, text }) => {
  await page.evaluate("placeCaret(1, 3)");
  await page.type("x");
  await expect("the selection replaced", text(), "axde");
  await page.type("yz");
  await expect("up to the limit", text(), "axyde");
});

scenario("cut at the limit, pasted back elsewhere, and the limit holds", "abcde", { max: 5 }, async (expect, { page, text }) => {
  await page.withClipboard(async () => {
    await page.evaluate("placeCaret(0, 2)");
    await page.command("cut", "x", 88);
    await expect("cut", text(), "cde");
    await page.evaluate("placeCaret(3)");
    await page.command("paste", "v", 86);
  });
  await expect("pasted back", text(), "cdeab");
  await page.type("x");
  await expect("the limit holds", text(), "cdeab");
});

scenario("a selection dragged within the field at the limit moves; the limit holds", "abcdefgh", { max: 8 }, async (expect, { page, text }) => {
  await page.dragWithin(1, 3, 7);
  await expect("moved", text(), "adefgbch");
  await page.evaluate("placeCaret(8)");
  await page.type("x");
  await expect("the limit holds", text(), "adefgbch");
});

scenario("a composition is never cut while it runs, and is trimmed when it ends", "abc", { max: 5 }, async (expect, { page, text, caret, events }) => {
  for (const marked of ["に", "にほ", "にほん", "にほんご"]) await page.compose(marked);
  await expect("composing", text(), "abcにほんご");
  await page.commit("日本語です");
  await expect("committed and trimmed", text(), "abc日本");
  await expect("caret", caret(), [5, 5]);
  await expect("event", events(), ["compositionTruncated"]);
});

// Under "enforced" the marked text counts as any other, but a browser's input method breaks
// when the text it composes changes under it: nothing is cut while it runs, the commit is.
scenario("under composition \"enforced\" too, a composition is cut only once it ends, once", "abc", { max: 5, composition: "enforced" }, async (expect, { page, text, events }) => {
  for (const marked of ["に", "にほ", "にほん", "にほんご"]) await page.compose(marked);
  await expect("composing", text(), "abcにほんご");
  await expect("nothing reported while composing", events(), []);
  await page.commit("日本語です");
  await expect("committed and trimmed", text(), "abc日本");
  await expect("one event", events(), ["compositionTruncated"]);
});

// Android keyboards correct a word through the input method: a composition over the word's
// range (not at the caret), committed.
scenario("an autocorrection replacing a word at the limit is trimmed", "I helo", { max: 6 }, async (expect, { page, text }) => {
  await page.compose("hello", [2, 6]);
  await page.commit("hello");
  await expect("trimmed to the limit", text(), "I hell");
});

scenario("a shortened paste is one edit: undo and redo", "ab", { max: 6 }, async (expect, { page, text }) => {
  await page.paste("cdefgh");
  await expect("shortened", text(), "abcdef");
  await page.undo();
  await expect("undone", text(), "ab");
  await page.redo();
  await expect("redone", text(), "abcdef");
  await page.type("x");
  await expect("still limited", text(), "abcdef");
});

scenario("a drop over the limit keeps its longest prefix; undoing the trim is not trimmed again", "ab", { max: 5 }, async (expect, { page, text, caret }) => {
  const [x, y] = await page.evaluate(dropPoint);
  await page.drop("cdefgh", x, y);
  await expect("trimmed", text(), "abcde");
  await expect("caret", caret(), [5, 5]);
  await page.undo();
  await expect("the undone trim stays undone", text(), "abcdefgh");
  await page.undo();
  await expect("the drop undone", text(), "ab");
  await page.evaluate("placeCaret(2)");
  await page.type("xyz");
  await expect("the limit holds again", text(), "abxyz");
});

// Undo taken back to the limit, over it: the form is invalid, a hard limit or not.
scenario("text over a hard limit (an undone trim) makes the field invalid", "ab", { max: 5 }, async (expect, { page, text, evaluate }) => {
  const [x, y] = await page.evaluate(dropPoint);
  await page.drop("cdefgh", x, y);
  await page.undo();
  await expect("over the limit", text(), "abcdefgh");
  await expect("invalid", evaluate("field.isContentEditable ? field.getAttribute('aria-invalid') : field.validationMessage"),
    await evaluate("field.isContentEditable") ? "true" : "3 over the limit");
  await page.backspace();
  await page.backspace();
  await page.backspace();
  await expect("valid again", evaluate("field.isContentEditable ? field.getAttribute('aria-invalid') : field.validationMessage"),
    await evaluate("field.isContentEditable") ? null : "");
});

scenario("an undo the app cancels leaves the next drop trimmed", "ab", { max: 5 }, async (expect, { page, text, evaluate }) => {
  await page.type("c");
  await evaluate("field.addEventListener('beforeinput', (event) => { if (event.inputType === 'historyUndo') event.preventDefault(); }), true");
  await page.undo();
  await expect("the undo cancelled", text(), "abc");
  const [x, y] = await page.evaluate(dropPoint);
  await page.drop("defghij", x, y);
  await expect("the drop trimmed", text(), "abcde");
});

// The app's own beforeinput filter, listening before the limiter (its beforeinput arrives
// cancelled) or after it (the limiter accepted the keystroke, then no input came).
for (const order of ["before", "after"]) {
  scenario(`an app's filter cancelling keystrokes ${order} the limiter: the count follows the field`, "", { max: 5 }, async (expect, { page, text, evaluate }) => {
    const filter = "(event) => { if (/\\d/.test(event.data ?? '')) event.preventDefault(); }";
    if (order === "before") await evaluate(`fieldLimit.detach(); field.addEventListener('beforeinput', ${filter}); limit(window.limitOptions, window.limitDetached)`);
    else await evaluate(`field.addEventListener('beforeinput', ${filter}), true`);
    await page.type("a1");
    await page.settle();
    await expect("the cancelled key is not counted, at once", evaluate("fieldLimit.count"), 1);
    await page.type("b2c3d4e5f");
    await expect("the digits filtered, the limit reached", text(), "abcde");
    await expect("counted", evaluate("fieldLimit.count"), 5);
  });
}

scenario("Backspace at the start changes nothing; the program's next write is counted", "abc", { max: 5 }, async (expect, { page, evaluate }) => {
  await evaluate("placeCaret(0)");
  await page.backspace();
  await page.settle();
  await evaluate("setText('abcdefgh')");
  await page.settle();
  await expect("the counter follows the program", evaluate("fieldLimit.count"), 8);
});

scenario("a write through the prototype's value setter is seen before the next keystroke", "", { limits: { utf8: 10 } }, async (expect, { page, text, evaluate }) => {
  await page.type("hello");
  // What testing libraries and frameworks do: the prototype's setter, past any own accessor.
  await evaluate("Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, 'ééééé'), true");
  await page.type("!");
  await expect("the bytes counted, the keystroke refused", text(), "ééééé");
  await evaluate("Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, ''), true");
  await page.type("abc");
  await expect("cleared, then typed", text(), "abc");
}, ["input", "textarea"]);

// Chromium makes a space of a line break pasted into an <input>; the copy must hold the space,
// not the line break (the same length, another width).
scenario("line breaks pasted into an <input>: the field's own text is counted", "", { max: 6, unit: "width" }, async (expect, { page, text }) => {
  await page.paste("ab\ncd");
  await expect("a space for the line break", text(), "ab cd");
  await page.type("xyz");
  await expect("typing lands at the caret, to the limit", text(), "ab cdx");
  await page.evaluate("placeCaret(0)");
  await page.paste("1\n2\n3");
  await expect("an overflowing multi-line paste trimmed", text(), "ab cdx");
}, ["input"]);

scenario("a pasted CR LF is one line break, counted as the field stores it", "", { max: 6 }, async (expect, { page, text }) => {
  await page.paste("ab\r\ncd");
  await page.type("xyz");
  await expect("typed to the limit", text(), "ab\ncdx");
}, ["textarea", "contenteditable"]);

scenario("a cleared field accepts typing again", "abc", { max: 3 }, async (expect, { page, text }) => {
  await page.command("selectAll", "a", 65);
  await page.backspace();
  await expect("cleared", text(), "");
  await page.type("wxyz");
  await expect("typed", text(), "wxy");
});

scenario("emoji are blocked when the limit allows none", "", { max: 10, allowsEmoji: false }, async (expect, { page, text }) => {
  await page.type("a👍b");
  await page.paste("c🇯🇵d");
  await expect("text", text(), "abcd");
});

scenario("several limits at once: graphemes and bytes", "", { limits: { graphemes: 10, utf8: 6 } }, async (expect, { page, text }) => {
  await page.type("ééé!");
  await expect("the bytes stop it", text(), "ééé");
});

scenario("maxlength is taken in UTF-16 and never splits a cluster", "", { attributes: { maxlength: "2" } }, async (expect, { page, text, evaluate }) => {
  await expect("the attribute is replaced", evaluate("field.hasAttribute('maxlength')"), false);
  await page.paste("ae\u0301x");
  await expect("the cluster goes whole", text(), "a");
}, ["input", "textarea"]);

scenario("an <input type=search> is limited as a text field", "", { max: 4 }, async (expect, { page, text }) => {
  await page.type("abc");
  await page.paste("defg");
  await expect("the paste shortened", text(), "abcd");
  await page.backspace();
  await page.type("xy");
  await expect("deleted, then typed to the limit", text(), "abcx");
}, ["search"]);

scenario("a soft limit counts, sets the validity and highlights the overflow", "", { max: 5, soft: true }, async (expect, { page, text, evaluate }, kind) => {
  await page.type("abcdefg");
  await expect("nothing refused", text(), "abcdefg");
  const editable = kind === "contenteditable";
  await expect("invalid", evaluate("field.isContentEditable ? field.getAttribute('aria-invalid') : field.validationMessage"), editable ? "true" : "2 over the limit");
  // An <input> draws no highlight (nothing to check); a <textarea> its backdrop, a
  // contenteditable element the CSS highlight.
  if (kind !== "input") {
    await expect("highlighted", evaluate(editable ? "[...CSS.highlights.get('textlimit-overflow')][0].toString()"
      : "document.querySelector('.textlimit-backdrop mark').textContent"), "fg");
  }
  await page.backspace();
  await page.backspace();
  await expect("valid again", evaluate("field.isContentEditable ? field.getAttribute('aria-invalid') : field.validationMessage"), editable ? null : "");
});

// The engine's warning threshold and pacing (CounterThreshold, _AnnouncementPacer), as the
// Swift AnnouncementTests hear them: the count is spoken once the user pauses past the
// threshold, "Limit reached" at once at the limit, in the field's language.
scenario("the counter warns past its threshold and speaks after a pause, politely", "", { max: 10, counter: true, locale: "de", warningThreshold: { remaining: 3 }, announcementPause: 0.2 }, async (expect, { page, evaluate }) => {
  const spoken = () => evaluate("counter.querySelector('.textlimit-announcement').textContent");
  await page.type("abcdef");
  await expect("counter", evaluate("counter.textContent"), "6/10");
  await expect("aria-live", evaluate("counter.getAttribute('aria-live')"), "polite");
  await expect("below the threshold", evaluate("counter.dataset.state"), "normal");
  await evaluate("new Promise((resolve) => setTimeout(resolve, 350))");
  await expect("nothing said below the threshold", spoken(), "");
  await page.type("g");
  await expect("at the threshold", evaluate("counter.dataset.state"), "warning");
  await expect("nothing said while typing", spoken(), "");
  await evaluate("new Promise((resolve) => setTimeout(resolve, 350))");
  await expect("the count after the pause", spoken(), "Noch 3");
  await page.type("hijk");
  await expect("at the limit", evaluate("counter.querySelector('[aria-hidden]').textContent"), "10/10");
  await expect("announced at once", spoken(), "Limit erreicht");
  await evaluate("new Promise((resolve) => setTimeout(resolve, 350))");
  await expect("the pause at the limit is silent", spoken(), "Limit erreicht");
});

scenario("text the program set is never announced", "", { max: 5, counter: true, announcementPause: 0.1 }, async (expect, { page, evaluate }) => {
  await evaluate("setText('abcde')");
  await evaluate("new Promise((resolve) => setTimeout(resolve, 250))");
  await expect("the counter follows the program at once", evaluate("counter.querySelector('[aria-hidden]').textContent"), "5/5");
  await expect("nothing said", evaluate("counter.querySelector('.textlimit-announcement').textContent"), "");
  await page.type("f");
  await expect("the user's refused keystroke is", evaluate("counter.querySelector('.textlimit-announcement').textContent"), "Limit reached");
});

scenario("a trap re-creates the module and the field re-synchronises", "abc", { max: 5 }, async (expect, { page, text, evaluate }) => {
  await expect("trapped", evaluate("(() => { try { engine._allocateForTesting(0x7FFF0000); return 'no trap'; } catch (error) { return error.name; } })()"), "TextLimitTrapError");
  await evaluate("field.focus(); placeCaret(3)");
  await page.type("defg");
  await expect("the limit holds after the trap", text(), "abcde");
});

// A trap in the middle of an edit: the limiter is made again from the text before the edit, and
// the edit decided again, so that it is still trimmed.
scenario("a trap while a drop is decided: the drop is still trimmed", "ab", { max: 5 }, async (expect, { page, text, evaluate }) => {
  const generation = await evaluate("engine.moduleGeneration()");
  await evaluate("engine._trapNextCall('didChange'), true");
  const [x, y] = await page.evaluate(dropPoint);
  await page.drop("cdefgh", x, y);
  await expect("trimmed", text(), "abcde");
  await expect("counted", evaluate("fieldLimit.count"), 5);
  await expect("the module was re-created", evaluate(`engine.moduleGeneration() === ${generation} + 1 && 'once'`), "once");
});

scenario("a trap while a paste is decided: the paste is still shortened", "abcd", { max: 5 }, async (expect, { page, text, evaluate }) => {
  await evaluate("engine._trapNextCall('shouldChange'), true");
  await page.paste("efghij");
  await expect("shortened", text(), "abcde");
  await expect("counted", evaluate("fieldLimit.count"), 5);
});

const scenarioCount = scenarios.length;

describe("the field limiter", { concurrency: parallel }, () => {
  for (const { name, kind, initial, options, steps } of scenarios) {
    test(name, { skip }, () => withPage(async (page) => {
      page.consoleErrors.length = 0;
      const attached = await run(page, kind, false, initial, options, steps);
      for (const [what, actual, expected] of attached) assert.deepEqual(actual, expected, `${kind}: ${what}`);
      assert.deepEqual(page.consoleErrors, [], "no exception in the page");
      const detached = await run(page, kind, true, initial, options, steps);
      const held = detached.every(([, actual, expected]) => JSON.stringify(actual) === JSON.stringify(expected));
      assert.ok(!held, `${kind}: with the limiter detached, every expectation still held: the scenario tests nothing`);
    }));
  }
});

// The page around a field: other fields, the app's validity, a framework's value tracker,
// elements the limiter refuses, and the module loaded the way a bundler loads it.
describe("the field among others", { concurrency: parallel }, () => {
  test("a field corrected while another has the focus: the other keeps its text, selection and focus", { skip }, () => withPage(async (page) => {
    const result = await page.evaluate(`(() => {
      const stage = document.getElementById('stage'); stage.replaceChildren();
      const a = document.createElement('textarea'); a.value = 'the user is writing here';
      const b = document.createElement('input'); b.name = 'address';
      stage.append(a, b);
      const limited = textlimit.limitField(b, { max: 10 });
      a.focus(); a.setSelectionRange(4, 8);
      // An autofill, or a framework's "value =, then dispatch input": the program's text.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(b, '12345 Long Street Name');
      b.dispatchEvent(new Event('input', { bubbles: true }));
      return { a: a.value, selection: [a.selectionStart, a.selectionEnd], focused: document.activeElement === a,
        b: b.value, count: limited.count, over: limited.isOverLimit, invalid: b.validationMessage };
    })()`);
    assert.deepEqual(result, { a: "the user is writing here", selection: [4, 8], focused: true,
      b: "12345 Long Street Name", count: 22, over: true, invalid: "12 over the limit" });
  }));

  test("two soft contenteditable fields: each highlights its own overflow; detaching one leaves the other's", { skip }, () => withPage(async (page) => {
    const result = await page.evaluate(`(() => {
      const stage = document.getElementById('stage'); stage.replaceChildren();
      const make = (text) => { const e = document.createElement('div'); e.setAttribute('contenteditable', 'plaintext-only'); e.textContent = text; stage.append(e); return e; };
      const a = make('aaaaaaaa'), b = make('bbbbbbb');
      const la = textlimit.limitField(a, { max: 5, soft: true });
      const lb = textlimit.limitField(b, { max: 5, soft: true });
      const ranges = () => [...(CSS.highlights.get('textlimit-overflow') ?? [])].map((range) => range.toString()).sort();
      const both = ranges();
      lb.detach();
      const afterB = ranges();
      la.detach();
      return { both, afterB, afterBoth: CSS.highlights.has('textlimit-overflow') };
    })()`);
    assert.deepEqual(result, { both: ["aaa", "bb"], afterB: ["aaa"], afterBoth: false });
  }));

  test("the app's validity message survives attaching and detaching; the limiter's own goes", { skip }, () => withPage(async (page) => {
    const result = await page.evaluate(`(() => {
      makeField('input', 'taken'); field.setCustomValidity('That nickname is taken');
      const kept = textlimit.limitField(field, { max: 20 });
      const attached = field.validationMessage;
      kept.detach();
      const detached = field.validationMessage;
      field.setCustomValidity('');
      const over = textlimit.limitField(field, { max: 3 });
      const own = field.validationMessage;
      over.detach();
      return { attached, detached, own, gone: field.validationMessage };
    })()`);
    assert.deepEqual(result, { attached: "That nickname is taken", detached: "That nickname is taken", own: "2 over the limit", gone: "" });
  }));

  test("a framework's own value accessor is kept, wrapped and given back; two limiters on one field", { skip }, () => withPage(async (page) => {
    const result = await page.evaluate(`(() => {
      makeField('input', '');
      const prototype = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      let tracked = '';
      const own = { configurable: true, get() { return prototype.get.call(this); }, set(value) { tracked = String(value); prototype.set.call(this, value); } };
      Object.defineProperty(field, 'value', own);
      const limited = textlimit.limitField(field, { max: 5 });
      field.value = 'abc';
      const whileAttached = tracked;
      limited.detach();
      field.value = 'xyz';
      const afterDetach = tracked;
      const restored = Object.getOwnPropertyDescriptor(field, 'value')?.set === own.set;
      // Two limiters on one field; the first detached, the second still sees the program's writes.
      const one = textlimit.limitField(field, { max: 3 });
      const two = textlimit.limitField(field, { max: 10 });
      one.detach();
      field.value = 'abcdefgh';
      return new Promise((resolve) => queueMicrotask(() => resolve({ whileAttached, afterDetach, restored, secondCount: two.count })));
    })()`);
    assert.deepEqual(result, { whileAttached: "abc", afterDetach: "xyz", restored: true, secondCount: 8 });
  }));

  test("elements the limiter refuses, and limits the module cannot hold", { skip }, () => withPage(async (page) => {
    const result = await page.evaluate(`(() => {
      const stage = document.getElementById('stage'); stage.replaceChildren();
      const attempt = (element, options = { max: 3 }) => { stage.replaceChildren(element); try { textlimit.limitField(element, options); return 'limited'; } catch (error) { return error.constructor.name + ': ' + error.message; } };
      const input = (type) => { const e = document.createElement('input'); e.type = type; return e; };
      const rich = document.createElement('div'); rich.setAttribute('contenteditable', 'true');
      const plain = document.createElement('div'); plain.setAttribute('contenteditable', 'plaintext-only');
      return { email: attempt(input('email')), number: attempt(input('number')), rich: attempt(rich),
        search: attempt(input('search')), plain: attempt(plain),
        huge: attempt(input('text'), { max: 2 ** 32 + 5 }), generation: engine.moduleGeneration() };
    })()`);
    assert.match(result.email, /^TypeError: element: expected an <input> \(text, search, url, tel, password\), a <textarea> or a contenteditable="plaintext-only" element, not a HTMLInputElement \(type email has no selection/);
    assert.match(result.number, /^TypeError: .*type number/);
    assert.match(result.rich, /^TypeError: .*contenteditable="true" holds rich text/);
    assert.equal(result.search, "limited");
    assert.equal(result.plain, "limited");
    assert.match(result.huge, /^RangeError: max: expected an integer from 0 to 2147483647, not 4294967301/);
  }));

  test("field.js loaded alone, as a bundler honouring sideEffects: false loads it, limits a field", { skip }, () => withPage(async (page) => {
    const result = await page.evaluate(`(async () => {
      // A module instance of its own (the query), as a bundle that never ran index.js has.
      const { limitField } = await import("../../src/field.js?bundled");
      makeField("textarea", "");
      try { return limitField(field, { max: 10 }).max; } catch (error) { return error.constructor.name + ": " + error.message; }
    })()`);
    assert.equal(result, 10);
  }));

  test("detach restores the element: maxlength, validity, counter", { skip }, () => withPage(async (page) => {
    for (const kind of ["input", "textarea"]) {
      await page.evaluate(`makeField(${JSON.stringify(kind)}, "", {maxlength: "7"})`);
      await page.evaluate("limit({ soft: true, counter: true, max: 3 }, false)");
      await page.type("abcdef");
      assert.equal(await page.evaluate("field.hasAttribute('maxlength')"), false);
      assert.notEqual(await page.evaluate("field.validationMessage"), "");
      await page.evaluate("fieldLimit.detach()");
      assert.equal(await page.evaluate("field.getAttribute('maxlength')"), "7");
      assert.equal(await page.evaluate("field.validationMessage"), "");
      assert.equal(await page.evaluate("counter.textContent"), "(none)");
      assert.equal(await page.evaluate("counter.hasAttribute('aria-live')"), false);
      assert.equal(await page.evaluate("document.querySelector('.textlimit-backdrop')"), null);
    }
  }));
});

// Editing at 1 MiB: what the keystroke fast paths (an accepted insertion, a deletion read from
// the caret, a refusal) leave must be the field's text and count. In UTF-8 bytes, with the caret
// where scripts meet, so that a deletion taken at the wrong place miscounts.
test("a 1 MiB <textarea> at its limit: deletions, typing up to the limit, a refusal", { skip }, () => withPage(async (page) => {
  const result = await page.evaluate(`(() => {
    makeField("textarea", "");
    let text = ""; while (text.length < (1 << 20)) text += "Lorem ipsum dolor sit amet, नमस्ते 日本語 👍🏽.\\n";
    field.value = text.slice(0, 1 << 20);
    fieldLimit = textlimit.limitField(field, { max: textlimit.count(field.value, "utf8"), unit: "utf8" });
    const caret = field.value.indexOf("語", 500000) + 1;
    field.focus(); field.setSelectionRange(caret, caret);
    return fieldLimit.count === fieldLimit.max;
  })()`);
  assert.equal(result, true);
  await page.backspace();
  await page.command("deleteForward", "Delete", 46);
  await page.command("deleteWordBackward", "Backspace", 8);
  await page.type("abcdefghijklmnopqrstuvwxyz");
  const state = await page.evaluate(`({ count: fieldLimit.count, max: fieldLimit.max, exact: textlimit.count(field.value, "utf8") === fieldLimit.count, length: field.value.length })`);
  assert.equal(state.exact, true, "the limiter's count is the field's");
  assert.equal(state.count, state.max, "typed up to the limit, and no further");
  const before = await page.evaluate("field.value.length");
  await page.type("z");
  assert.equal(await page.evaluate("field.value.length"), before, "refused at the limit");
}));

describe("the demo", () => demoTests(() => browser.newPage(`${server.url}/Samples/web/`), skip));

test("every scenario ran", { skip }, () => {
  assert.ok(scenarioCount >= 80, `${scenarioCount} scenarios`);
});
