// A small client of the Chrome DevTools protocol over a pipe (--remote-debugging-pipe: JSON
// messages separated by NUL on file descriptors 3 and 4), a static file server on the loopback
// address, and a page session: what the browser tests need, with no dependency.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm", ".css": "text/css; charset=utf-8", ".json": "application/json",
  ".png": "image/png", ".svg": "image/svg+xml" };

/** Serves `root` on 127.0.0.1 (a free port); resolves to {url, close}. */
export function serve(root) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(root, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file.startsWith(root) || !existsSync(file)) { response.writeHead(404); response.end(); return; }
    // Cross-origin isolated, so that performance.now() measures in microseconds.
    response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream",
      "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => {
    resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() });
  }));
}

/** The Chromium of the system (Debian's chromium), or CHROMIUM. */
export function chromiumPath() {
  for (const path of [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) {
    if (path && existsSync(path)) return path;
  }
  return null;
}

/** Starts headless Chromium; resolves to a browser with send(method, params, sessionId), on(),
 *  newPage(url) and close(). */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), "textlimit-chromium-"));
  const child = spawn(chromiumPath(), ["--headless=new", "--no-sandbox", "--disable-gpu",
    "--remote-debugging-pipe", `--user-data-dir=${profile}`, "--no-first-run",
    "--no-default-browser-check", "--disable-extensions", "--window-size=1000,800", "about:blank"],
  { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  let errors = "";
  child.stderr.on("data", (chunk) => { errors = (errors + chunk).slice(-4000); });
  const pending = new Map();
  const listeners = new Map();
  let nextId = 1;
  let buffer = "";
  child.stdio[4].on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let end;
    while ((end = buffer.indexOf("\0")) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined && pending.has(message.id)) {
        const { resolve, reject, method } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners.get(message.method) ?? []) listener(message.params, message.sessionId);
      }
    }
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const browser = {
    send(method, params = {}, sessionId = undefined) {
      const id = nextId++;
      const message = { id, method, params };
      if (sessionId) message.sessionId = sessionId;
      child.stdio[3].write(JSON.stringify(message) + "\0");
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, method });
        exited.then(() => reject(new Error(`Chromium exited during ${method}: ${errors}`)));
      });
    },
    on(method, listener) {
      if (!listeners.has(method)) listeners.set(method, []);
      listeners.get(method).push(listener);
    },
    async newPage(url) {
      const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
      const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
      const page = new Page(browser, sessionId, targetId);
      await page.send("Page.enable");
      await page.send("Runtime.enable");
      // Every page behaves as the focused one, so that several run scenarios at once.
      await page.send("Emulation.setFocusEmulationEnabled", { enabled: true });
      await page.goto(url);
      return page;
    },
    async close() {
      try { await Promise.race([browser.send("Browser.close"), new Promise((resolve) => setTimeout(resolve, 2000))]); } catch { /* gone */ }
      child.kill();
      await exited;
      // Chromium's helper processes may still write to the profile as it goes: retried, and a
      // directory left in /tmp fails no test (it made the old demo test fail with ENOTEMPTY).
      try { rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }); } catch { /* left */ }
    },
  };
  await browser.send("Browser.getVersion");
  return browser;
}

/** One tab: evaluate JavaScript, type, paste, drop, compose, undo. */
class Page {
  constructor(browser, sessionId, targetId) {
    this.browser = browser;
    this.targetId = targetId;
    this.sessionId = sessionId;
    this.consoleErrors = [];
    browser.on("Runtime.exceptionThrown", (params, session) => {
      if (session === sessionId) this.consoleErrors.push(params.exceptionDetails?.exception?.description ?? params.exceptionDetails?.text);
    });
  }
  send(method, params = {}) { return this.browser.send(method, params, this.sessionId); }
  close() { return this.browser.send("Target.closeTarget", { targetId: this.targetId }); }
  async goto(url) {
    const loaded = new Promise((resolve) => this.browser.on("Page.loadEventFired", (_, session) => { if (session === this.sessionId) resolve(); }));
    await this.send("Page.navigate", { url });
    await loaded;
  }
  /** The value of `expression` (awaited), or throws with the page's exception. */
  async evaluate(expression) {
    const { result, exceptionDetails } = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`${exceptionDetails.exception?.description ?? exceptionDetails.text} in: ${expression}`);
    return result.value;
  }
  /** Types `text`, a key event per character as a reader sees it (an emoji keyboard sends a
   *  whole cluster at once; a beforeinput insertText each). */
  async type(text) {
    for (const { segment: character } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)) {
      if (character.length > 4) {
        // A key event carries at most four UTF-16 units: a longer cluster comes as an emoji
        // keyboard sends it.
        await this.send("Input.insertText", { text: character });
        continue;
      }
      await this.send("Input.dispatchKeyEvent", { type: "keyDown", text: character, unmodifiedText: character, key: character });
      await this.send("Input.dispatchKeyEvent", { type: "keyUp", key: character });
    }
  }
  /** A key with an editing command: "deleteBackward", "undo", "redo", "paste", "selectAll"… */
  async command(name, key = "", code = 0) {
    await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", key, windowsVirtualKeyCode: code, commands: [name] });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, windowsVirtualKeyCode: code });
  }
  async backspace() { await this.command("deleteBackward", "Backspace", 8); }
  async undo() { await this.command("undo", "z", 90); }
  async redo() { await this.command("redo", "z", 90); }
  /** Pastes `text` through the clipboard (a trusted paste: beforeinput insertFromPaste). The
   *  clipboard is the browser's, one for every page: held while it is written and read. */
  async paste(text) {
    await this.withClipboard(async () => {
      await this.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
      await this.command("paste", "v", 86);
    });
  }
  /** Runs `body` while no other page of this browser uses the clipboard. */
  async withClipboard(body) {
    const previous = this.browser.clipboard;
    let release;
    this.browser.clipboard = new Promise((resolve) => { release = resolve; });
    await previous;
    try { return await body(); } finally { release(); }
  }
  /** Moves the mouse to (x, y) with the left button pressed or not. */
  async mouse(type, x, y, buttons = 0) {
    await this.send("Input.dispatchMouseEvent", { type, x, y, button: "left", buttons, clickCount: 1 });
  }
  /** Drops `text` at the page point (x, y), as a drag from another application would. */
  async drop(text, x, y) {
    const data = { items: [{ mimeType: "text/plain", data: text }], dragOperationsMask: 1 };
    for (const type of ["dragEnter", "dragOver", "drop"]) {
      await this.send("Input.dispatchDragEvent", { type, x, y, data });
    }
  }
  /** Drags the field's text [start, end) to offset `to` with the mouse, as a user moves a
   *  selection within a field (beforeinput deleteByDrag, then insertFromDrop). The field's
   *  first line, in a monospace font (page.html's fields). */
  async dragWithin(start, end, to) {
    const [x, y, width] = await this.evaluate(`(() => { const r = field.getBoundingClientRect(); const style = getComputedStyle(field);
      const context = document.createElement('canvas').getContext('2d'); context.font = style.font;
      return [r.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth), r.top + parseFloat(style.paddingTop) + parseFloat(style.borderTopWidth) + 9, context.measureText('a').width]; })()`);
    await this.evaluate(`placeCaret(${start}, ${end})`);
    let data = null;
    const intercepted = new Promise((resolve) => this.browser.on("Input.dragIntercepted", (params, session) => { if (session === this.sessionId) resolve(params.data); }));
    await this.send("Input.setInterceptDrags", { enabled: true });
    try {
      const from = x + (start + (end - start) / 2) * width;
      await this.mouse("mouseMoved", from, y);
      await this.mouse("mousePressed", from, y, 1);
      for (let step = 1; step <= 4; step++) await this.mouse("mouseMoved", from + (step / 4) * (x + to * width - from), y, 1);
      data = await Promise.race([intercepted, new Promise((resolve) => setTimeout(() => resolve(null), 2000))]);
      if (data === null) throw new Error("dragWithin: the browser started no drag");
      for (const type of ["dragEnter", "dragOver", "drop"]) await this.send("Input.dispatchDragEvent", { type, x: x + to * width + 1, y, data });
      await this.mouse("mouseReleased", x + to * width, y);
    } finally {
      await this.send("Input.setInterceptDrags", { enabled: false });
    }
  }
  /** Sets the input method's marked text (Input.imeSetComposition). */
  async compose(text, replacement = undefined) {
    await this.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length,
      ...(replacement ? { replacementStart: replacement[0], replacementEnd: replacement[1] } : {}) });
  }
  /** Commits text as an input method does (Input.insertText), ending a composition; then waits
   *  a task, in which the limiter trims what was committed. */
  async commit(text) {
    await this.send("Input.insertText", { text });
    await this.settle();
  }
  /** Waits for the page's next task (a timer of 0 ms queued after the limiter's own). */
  async settle() { await this.evaluate("new Promise((resolve) => setTimeout(resolve))"); }
  async screenshot(path, clip) {
    const { data } = await this.send("Page.captureScreenshot", { format: "png", ...(clip ? { clip } : {}) });
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path, Buffer.from(data, "base64"));
  }
}
