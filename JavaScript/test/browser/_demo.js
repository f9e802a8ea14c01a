// The demo (Samples/web) in headless Chromium: the composer's three counters and its highlight,
// the sign-up form's limits. With TEXTLIMIT_SCREENSHOT=path, a screenshot of it is written there
// (the README's, Samples/web/screenshot.png, was taken so). field.test.js runs these tests in
// its Chromium, on a page of their own (`open` gives it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { count, counter, rule, truncate } from "../../src/index.js";

/** Declares the demo's tests; `open()` resolves to the demo's page, loaded and ready. */
export function demoTests(open, skip) {
let page;
/// The demo's page, opened once, when a test first needs it.
let opened = null;
const ready = () => opened ??= (async () => {
  page = await open();
  await page.evaluate("new Promise((resolve) => { const wait = () => window.demoReady ? resolve() : setTimeout(wait, 10); wait(); })");
})();

test("the composer counts as X, Mastodon and Bluesky do, and highlights beyond the limit", { skip }, async () => {
  await ready();
  const text = await page.evaluate("document.getElementById('post').textContent");
  // The visible count (a limited field's counter also holds its spoken announcement).
  const shown = async (id) => page.evaluate(`(document.getElementById('${id}').querySelector('[aria-hidden]') ?? document.getElementById('${id}')).textContent`);
  assert.equal(await shown("x-counter"), `${count(text, "x")}/280`);
  assert.equal(await shown("mastodon-counter"), `${count(text, "mastodon")}/500`);
  assert.equal(await shown("bluesky-counter"), `${count(text, "graphemes")}/300`);
  // Typing past X's 280: the rest is kept (a soft limit) and highlighted.
  await page.evaluate("(() => { const post = document.getElementById('post'); post.focus(); const range = document.createRange(); range.selectNodeContents(post); range.collapse(false); getSelection().removeAllRanges(); getSelection().addRange(range); })()");
  await page.type("日本語のテキストは二つずつ数えます。".repeat(6));
  const after = await page.evaluate("document.getElementById('post').textContent");
  assert.ok(count(after, "x") > 280);
  assert.equal(await shown("x-counter"), `${count(after, "x")}/280`);
  assert.equal(await page.evaluate("document.getElementById('x-counter').dataset.state"), "over");
  assert.equal(await shown("mastodon-counter"), `${count(after, "mastodon")}/500`);
  const highlight = await page.evaluate("[...CSS.highlights.get('textlimit-overflow')][0].toString()");
  assert.equal(highlight, after.slice(truncate(after, { limits: rule("x") }).length));
  // The counters' states are the engine's: the other platforms' from counter(), which gives
  // what limitField's own counter shows once that platform is chosen. 285 letters: X over,
  // Bluesky warning (15 left), Mastodon normal.
  await page.evaluate("(() => { const post = document.getElementById('post'); post.textContent = 'a'.repeat(285); post.dispatchEvent(new Event('input')); })()");
  const states = {};
  for (const platform of ["mastodon", "bluesky", "x"]) {
    states[platform] = await page.evaluate(`document.getElementById('${platform}-counter').dataset.state`);
    if (platform !== "x") {
      assert.equal(states[platform], counter("a".repeat(285), { limits: rule(platform), counterRule: "tightest", warningThreshold: { remaining: 20 } }).state);
    }
    await page.evaluate(`(() => { const radio = document.querySelector('input[value=${platform}]'); radio.checked = true; radio.dispatchEvent(new Event('change')); })()`);
    assert.equal(await page.evaluate(`document.getElementById('${platform}-counter').dataset.state`), states[platform], `${platform}: limitField's counter`);
  }
  assert.deepEqual(states, { mastodon: "normal", bluesky: "warning", x: "over" });
  if (process.env.TEXTLIMIT_SCREENSHOT) {
    await page.evaluate(`(() => { const post = document.getElementById('post'); post.textContent = ${JSON.stringify(after)}; post.dispatchEvent(new Event('input')); })()`);
    await page.evaluate("document.getElementById('nickname').focus()");
    await page.type("Zoë 👩🏽‍💻");
    await page.evaluate("document.getElementById('bio').focus()");
    await page.type("Ich zähle Bytes: ß, é, 日本語.");
    await page.evaluate("document.getElementById('post').focus()");
    await page.screenshot(process.env.TEXTLIMIT_SCREENSHOT);
  }
});

test("the sign-up form: a nickname in graphemes, a bio in bytes", { skip }, async () => {
  await ready();
  await page.evaluate("document.getElementById('nickname').value = ''; document.getElementById('nickname').focus()");
  await page.type("👩🏽‍💻".repeat(21));
  assert.equal(await page.evaluate("document.getElementById('nickname').value"), "👩🏽‍💻".repeat(20));
  assert.equal(await page.evaluate("document.querySelector('#nickname-counter [aria-hidden]').textContent"), "20/20");
  await page.evaluate("document.getElementById('bio').value = ''; document.getElementById('bio').focus()");
  await page.type("é".repeat(81));
  assert.equal(await page.evaluate("document.getElementById('bio').value"), "é".repeat(80));
  assert.equal(await page.evaluate("document.querySelector('#bio-counter [aria-hidden]').textContent"), "160/160");
});
}
