// The field limiter in headless Chromium, driven over the DevTools protocol: the scenarios of
// the Swift host tests (Tests/TextLimitTests: HostTruthTests, InputMethodTests, SoftLimitTests)
// replayed with the browser's own typing, paste, drop, deletion, input method, undo and redo,
// on <input>, <textarea> and contenteditable="plaintext-only". Each scenario runs twice: with
// the limiter attached, where its expectations must hold, and with it detached at once, where
// at least one must fail (the scenario tests the limiter, not the browser).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { chromiumPath, launch, serve } from "./_cdp.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const kinds = ["input", "textarea", "contenteditable"];
const skip = chromiumPath() ? false : "no Chromium (Debian: chromium)";
let server;
let browser;
let page;

before(async () => {
  if (skip) return;
  server = await serve(root);
  browser = await launch();
  page = await browser.newPage(`${server.url}/test/browser/page.html`);
  await page.send("Browser.grantPermissions", { permissions: ["clipboardReadWrite", "clipboardSanitizedWrite"], origin: server.url });
  await page.evaluate("new Promise((resolve) => { const wait = () => window.ready ? resolve() : setTimeout(wait, 10); wait(); })");
});

after(async () => {
  await browser?.close();
  server?.close();
});

const text = () => page.evaluate("textOf()");
const caret = () => page.evaluate("caretOf()");
const events = () => page.evaluate("window.events");

/// Expectations: [name, actual, expected]; all must hold attached, one must fail detached.
async function run(kind, detached, initial, options, steps) {
  await page.evaluate(`makeField(${JSON.stringify(kind)}, ${JSON.stringify(initial)}, ${JSON.stringify(options.attributes ?? {})})`);
  await page.evaluate(`placeCaret(${[...initial].length ? initial.length : 0})`);
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
  await steps(expect);
  return checks;
}

function scenario(name, initial, options, steps, only = kinds) {
  for (const kind of only) {
    test(`${name} (${kind})`, { skip }, async () => {
      const attached = await run(kind, false, initial, options, steps);
      for (const [what, actual, expected] of attached) assert.deepEqual(actual, expected, `${kind}: ${what}`);
      assert.deepEqual(page.consoleErrors, [], "no exception in the page");
      const detached = await run(kind, true, initial, options, steps);
      const held = detached.every(([, actual, expected]) => JSON.stringify(actual) === JSON.stringify(expected));
      assert.ok(!held, `${kind}: with the limiter detached, every expectation still held: the scenario tests nothing`);
    });
  }
}

scenario("a chat box cleared after sending accepts typing again", "", { max: 5 }, async (expect) => {
  await page.type("hellox");
  await expect("full", text(), "hello");
  await page.evaluate("setText('')");
  await page.type("a");
  await expect("after the clear", text(), "a");
  await expect("caret", caret(), [1, 1]);
});

scenario("text the program set survives the next keystrokes", "", { max: 10 }, async (expect) => {
  await page.evaluate("setText('Hello')");
  await page.type("!abcdef");
  await expect("text", text(), "Hello!abcd");
});

scenario("a restored draft survives an overflowing paste, the caret after what was kept", "", { max: 10 }, async (expect) => {
  await page.evaluate("setText('Draft')");
  await page.paste("0123456789");
  await expect("text", text(), "Draft01234");
  await expect("caret", caret(), [10, 10]);
  await expect("event", events(), ["insertionTruncated"]);
});

scenario("over-limit text the program set shrinks but never grows", "", { max: 5 }, async (expect) => {
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
scenario("deleting inside a conjunct at the limit stands; a sign joining it again is accepted", "aक्ष", { max: 2 }, async (expect) => {
  await page.backspace();
  await expect("the deletion stands", text(), "aक्");
  await page.type("ष");
  await expect("the sign joins the cluster", text(), "aक्ष");
  await page.type("b");
  await expect("the text may not grow", text(), "aक्ष");
});

scenario("deleting an accent at the limit stands; typing it again is accepted", "ae\u0301", { max: 2 }, async (expect) => {
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

scenario("a composition is never cut while it runs, and is trimmed when it ends", "abc", { max: 5 }, async (expect) => {
  for (const marked of ["に", "にほ", "にほん", "にほんご"]) await page.compose(marked);
  await expect("composing", text(), "abcにほんご");
  await page.commit("日本語です");
  await expect("committed and trimmed", text(), "abc日本");
  await expect("caret", caret(), [5, 5]);
  await expect("event", events(), ["compositionTruncated"]);
});

scenario("a shortened paste is one edit: undo and redo", "ab", { max: 6 }, async (expect) => {
  await page.paste("cdefgh");
  await expect("shortened", text(), "abcdef");
  await page.undo();
  await expect("undone", text(), "ab");
  await page.redo();
  await expect("redone", text(), "abcdef");
  await page.type("x");
  await expect("still limited", text(), "abcdef");
});

scenario("a drop over the limit keeps its longest prefix; undoing the trim is not trimmed again", "ab", { max: 5 }, async (expect) => {
  const [x, y] = await page.evaluate("(() => { const r = field.getBoundingClientRect(); return [r.right - 8, r.top + 10]; })()");
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

scenario("a cleared field accepts typing again", "abc", { max: 3 }, async (expect) => {
  await page.command("selectAll", "a", 65);
  await page.backspace();
  await expect("cleared", text(), "");
  await page.type("wxyz");
  await expect("typed", text(), "wxy");
});

scenario("emoji are blocked when the limit allows none", "", { max: 10, allowsEmoji: false }, async (expect) => {
  await page.type("a👍b");
  await page.paste("c🇯🇵d");
  await expect("text", text(), "abcd");
});

scenario("several limits at once: graphemes and bytes", "", { limits: { graphemes: 10, utf8: 6 } }, async (expect) => {
  await page.type("ééé!");
  await expect("the bytes stop it", text(), "ééé");
});

scenario("maxlength is taken in UTF-16 and never splits a cluster", "", { attributes: { maxlength: "2" } }, async (expect) => {
  await expect("the attribute is replaced", page.evaluate("field.hasAttribute('maxlength')"), false);
  await page.paste("ae\u0301x");
  await expect("the cluster goes whole", text(), "a");
}, ["input", "textarea"]);

scenario("a soft limit counts, sets the validity and highlights the overflow", "", { max: 5, soft: true }, async (expect) => {
  await page.type("abcdefg");
  await expect("nothing refused", text(), "abcdefg");
  await expect("invalid", page.evaluate("field.isContentEditable ? field.getAttribute('aria-invalid') : field.validationMessage"),
    await page.evaluate("field.isContentEditable") ? "true" : "2 over the limit");
  await expect("highlighted", page.evaluate(`field.isContentEditable ? [...CSS.highlights.get('textlimit-overflow')][0].toString()
    : field.tagName === 'TEXTAREA' ? document.querySelector('.textlimit-backdrop mark').textContent : 'fg'`), "fg");
  await page.backspace();
  await page.backspace();
  await expect("valid again", page.evaluate("field.isContentEditable ? field.getAttribute('aria-invalid') : field.validationMessage"),
    await page.evaluate("field.isContentEditable") ? "false" : "");
});

// The engine's warning threshold and pacing (CounterThreshold, _AnnouncementPacer), as the
// Swift AnnouncementTests hear them: the count is spoken once the user pauses past the
// threshold, "Limit reached" at once at the limit, in the field's language.
scenario("the counter warns past its threshold and speaks after a pause, politely", "", { max: 10, counter: true, locale: "de", warningThreshold: { remaining: 3 }, announcementPause: 0.2 }, async (expect) => {
  const spoken = () => page.evaluate("counter.querySelector('.textlimit-announcement').textContent");
  await page.type("abcdef");
  await expect("counter", page.evaluate("counter.textContent"), "6/10");
  await expect("aria-live", page.evaluate("counter.getAttribute('aria-live')"), "polite");
  await expect("below the threshold", page.evaluate("counter.dataset.state"), "normal");
  await page.evaluate("new Promise((resolve) => setTimeout(resolve, 350))");
  await expect("nothing said below the threshold", spoken(), "");
  await page.type("g");
  await expect("at the threshold", page.evaluate("counter.dataset.state"), "warning");
  await expect("nothing said while typing", spoken(), "");
  await page.evaluate("new Promise((resolve) => setTimeout(resolve, 350))");
  await expect("the count after the pause", spoken(), "Noch 3");
  await page.type("hijk");
  await expect("at the limit", page.evaluate("counter.querySelector('[aria-hidden]').textContent"), "10/10");
  await expect("announced at once", spoken(), "Limit erreicht");
  await page.evaluate("new Promise((resolve) => setTimeout(resolve, 350))");
  await expect("the pause at the limit is silent", spoken(), "Limit erreicht");
});

scenario("text the program set is never announced", "", { max: 5, counter: true, announcementPause: 0.1 }, async (expect) => {
  await page.evaluate("setText('abcde')");
  await page.evaluate("new Promise((resolve) => setTimeout(resolve, 250))");
  await expect("the counter follows the program at once", page.evaluate("counter.querySelector('[aria-hidden]').textContent"), "5/5");
  await expect("nothing said", page.evaluate("counter.querySelector('.textlimit-announcement').textContent"), "");
  await page.type("f");
  await expect("the user's refused keystroke is", page.evaluate("counter.querySelector('.textlimit-announcement').textContent"), "Limit reached");
});

scenario("a trap re-creates the module and the field re-synchronises", "abc", { max: 5 }, async (expect) => {
  await expect("trapped", page.evaluate("(() => { try { engine._allocateForTesting(0x7FFF0000); return 'no trap'; } catch (error) { return error.name; } })()"), "TextLimitTrapError");
  await page.evaluate("field.focus(); placeCaret(3)");
  await page.type("defg");
  await expect("the limit holds after the trap", text(), "abcde");
});

test("detach restores the element: maxlength, validity, counter", { skip }, async () => {
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
});
