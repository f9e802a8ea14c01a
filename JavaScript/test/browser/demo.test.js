// The demo (Samples/web) in headless Chromium: the composer's three counters and its highlight,
// the sign-up form's limits. With TEXTLIMIT_SCREENSHOT=path, a screenshot of it is written there
// (the README's, Samples/web/screenshot.png, was taken so).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { chromiumPath, launch, serve } from "./_cdp.js";

const repository = fileURLToPath(new URL("../../../", import.meta.url));
const skip = chromiumPath() ? false : "no Chromium (Debian: chromium)";
let server;
let browser;
let page;

before(async () => {
  if (skip) return;
  server = await serve(repository);
  browser = await launch();
  page = await browser.newPage(`${server.url}/Samples/web/`);
  await page.evaluate("new Promise((resolve) => { const wait = () => window.demoReady ? resolve() : setTimeout(wait, 10); wait(); })");
});

after(async () => {
  await browser?.close();
  server?.close();
});

test("the composer counts as X, Mastodon and Bluesky do, and highlights beyond the limit", { skip }, async () => {
  const text = await page.evaluate("document.getElementById('post').textContent");
  const { count } = await import("../../src/index.js");
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
  const { truncate, rule } = await import("../../src/index.js");
  assert.equal(highlight, after.slice(truncate(after, { limits: rule("x") }).length));
  if (process.env.TEXTLIMIT_SCREENSHOT) {
    await page.evaluate("document.getElementById('nickname').focus()");
    await page.type("Zoë 👩🏽‍💻");
    await page.evaluate("document.getElementById('bio').focus()");
    await page.type("Ich zähle Bytes: ß, é, 日本語.");
    await page.evaluate("document.getElementById('post').focus()");
    await page.screenshot(process.env.TEXTLIMIT_SCREENSHOT);
  }
});

test("the sign-up form: a nickname in graphemes, a bio in bytes", { skip }, async () => {
  await page.evaluate("document.getElementById('nickname').value = ''; document.getElementById('nickname').focus()");
  await page.type("👩🏽‍💻".repeat(21));
  assert.equal(await page.evaluate("document.getElementById('nickname').value"), "👩🏽‍💻".repeat(20));
  assert.equal(await page.evaluate("document.querySelector('#nickname-counter [aria-hidden]').textContent"), "20/20");
  await page.evaluate("document.getElementById('bio').value = ''; document.getElementById('bio').focus()");
  await page.type("é".repeat(81));
  assert.equal(await page.evaluate("document.getElementById('bio').value"), "é".repeat(80));
  assert.equal(await page.evaluate("document.querySelector('#bio-counter [aria-hidden]').textContent"), "160/160");
});
