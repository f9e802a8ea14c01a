// limitField: TextLimit's TextLimiter (compiled into the WebAssembly module) on an <input>, a
// <textarea> or a contenteditable="plaintext-only" element. This file only translates between
// the browser's events and the limiter's hooks, as the UIKit and AppKit adapters do; the
// decisions are the engine's (_module.js makes every call).
//
// The field's text is the truth; this file keeps a copy of it (a JavaScript string), compares
// the field with it in JavaScript and sends the engine only what changed:
//  - typing, a paste, a line break (beforeinput, cancelable): the limiter decides first
//    (shouldChange); a shortened edit is applied with execCommand('insertText'), so the browser's
//    undo keeps it as one step;
//  - everything else (deletion, drop, autocorrection, composition) after the fact (input):
//    the limiter learns the change (didChange) and trims only what it inserted; a composition is
//    never cut while it runs (the marked range is followed through compositionstart/update) and
//    is trimmed when it ends;
//  - undo and redo (historyUndo, historyRedo) and text the program set are taken as they are
//    (rule 8), never trimmed again.
import * as engine from "./_module.js";
import { strings } from "./_strings.js";
import { counterRuleOf, describe, limitPairs, thresholdOf } from "./_arguments.js";

const observed = ["beforeinput", "input", "compositionstart", "compositionupdate", "compositionend", "focus", "blur", "scroll"];

/**
 * The shipped language of the counter's strings that serves a BCP 47 tag best: the engine's
 * rule, the Apple adapters' (Chinese in the traditional script, or with no script in TW, HK or
 * MO: zh-Hant; other Chinese zh-Hans; every Portuguese pt; a shipped language code; else
 * English).
 */
export function languageFor(tag) {
  return engine.language(String(tag || "en"));
}

function format(language, key, ...values) {
  const template = (strings[language] ?? strings.en)[key] ?? strings.en[key];
  return template.replace(/\{(\d+)\}/g, (_, index) => String(values[Number(index)]));
}

/// The field's text and selection as UTF-16 offsets, and edits that keep the browser's undo.
class TextControlHost {
  constructor(element) { this.element = element; }
  text() { return this.element.value; }
  selection() { return [this.element.selectionStart ?? 0, this.element.selectionEnd ?? 0]; }
  select(start, end) { this.element.setSelectionRange(start, end); }
  /// Replaces [start, end) with `text` as an edit of the user's (undoable); false if the browser
  /// would not.
  replace(start, end, text) {
    this.select(start, end);
    const done = text === "" ? (start === end || document.execCommand("delete")) : document.execCommand("insertText", false, text);
    if (done) return true;
    this.element.setRangeText(text, start, end, "end");
    return false;
  }
}

/// contenteditable="plaintext-only": the text of its text nodes, a <br> as a line break.
class EditableHost {
  constructor(element) { this.element = element; }
  text() {
    let text = "";
    const walk = (node) => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === Node.TEXT_NODE) text += child.data;
        else if (child.nodeName === "BR") text += child === node.lastChild && node === this.element && text.endsWith("\n") ? "" : "\n";
        else if (child.nodeType === Node.ELEMENT_NODE) walk(child);
      }
    };
    walk(this.element);
    return text;
  }
  /// The DOM position at a UTF-16 offset.
  position(offset) {
    let remaining = offset;
    let last = null;
    const walker = document.createTreeWalker(this.element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (remaining <= node.data.length) return [node, remaining];
      remaining -= node.data.length;
      last = node;
    }
    return last ? [last, last.data.length] : [this.element, this.element.childNodes.length];
  }
  /// The UTF-16 offset of a DOM position.
  offset(container, at) {
    const range = document.createRange();
    range.selectNodeContents(this.element);
    range.setEnd(container, at);
    return range.toString().length;
  }
  selection() {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0 || !this.element.contains(selection.anchorNode)) {
      const length = this.text().length;
      return [length, length];
    }
    const range = selection.getRangeAt(0);
    return [this.offset(range.startContainer, range.startOffset), this.offset(range.endContainer, range.endOffset)];
  }
  range(start, end) {
    const range = document.createRange();
    range.setStart(...this.position(start));
    range.setEnd(...this.position(end));
    return range;
  }
  select(start, end) {
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(this.range(start, end));
  }
  replace(start, end, text) {
    this.select(start, end);
    const done = text === "" ? (start === end || document.execCommand("delete")) : document.execCommand("insertText", false, text);
    if (done) return true;
    const range = this.range(start, end);
    range.deleteContents();
    if (text) range.insertNode(document.createTextNode(text));
    return false;
  }
}

const isLowSurrogate = (unit) => unit >= 0xDC00 && unit <= 0xDFFF;

/// The UTF-16 range [start, oldEnd) of `before` that became `after`'s [start, newEnd): the
/// longest common prefix, then the longest common suffix of the rest, neither ending inside a
/// surrogate pair (👍 and 👎 share their first unit).
export function _difference(before, after) {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  if (start > 0 && (isLowSurrogate(before.charCodeAt(start)) || isLowSurrogate(after.charCodeAt(start)))) start -= 1;
  let suffix = 0;
  while (suffix < shorter - start && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix += 1;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix -= 1;
  return [start, before.length - suffix, after.length - suffix];
}

/// Normalizes typed or pasted text as the field will store it (an <input> drops line breaks, a
/// <textarea> keeps LF only).
function asStored(element, text) {
  if (element instanceof HTMLInputElement) return text.replace(/[\r\n]/g, "");
  return text.replace(/\r\n?/g, "\n");
}

/// The limits of the options: [[max, unit code]...], as index.js reads them.
function limitsOf(options, maxLength) {
  const pairs = [];
  if (options.max !== undefined || options.limits !== undefined) {
    pairs.push(...limitPairs({ max: options.max, unit: options.unit, limits: options.limits }, undefined, "limitField"));
  }
  if (maxLength !== null) pairs.push([maxLength, 1]);  // maxlength: UTF-16 code units
  if (pairs.length === 0) throw new TypeError("limitField: give max (with unit), limits, or a maxlength attribute on the element");
  return pairs;
}

const allowedOptions = ["max", "unit", "limits", "soft", "allowsEmoji", "composition", "counter", "counterRule", "locale", "highlight", "onLimitReached", "warningThreshold", "announcementPause"];

/// Seconds on a monotonic clock, for the announcements' pause.
const now = () => performance.now() / 1000;

class FieldLimiter {
  constructor(element, options) {
    if (typeof HTMLElement !== "function") throw new TypeError("element: expected an <input>, a <textarea> or a contenteditable element: limitField needs a browser's DOM");
    const isTextControl = element instanceof HTMLTextAreaElement
      || (element instanceof HTMLInputElement && ["text", "search", "url", "tel", "email", "password", ""].includes(element.type));
    const isEditable = element instanceof HTMLElement && element.isContentEditable;
    if (!isTextControl && !isEditable) {
      throw new TypeError(`element: expected an <input> (text, search, url, tel, email, password), a <textarea> or a contenteditable element, not ${describe(element)}`);
    }
    if (options === null || typeof options !== "object") throw new TypeError(`options: expected an object, not ${describe(options)}`);
    for (const key of Object.keys(options)) {
      if (!allowedOptions.includes(key)) throw new TypeError(`options: unknown option "${key}"; one of ${allowedOptions.join(", ")}`);
    }
    if (options.composition !== undefined && options.composition !== "truncateAfterCompositionEnds" && options.composition !== "enforced") {
      throw new RangeError(`composition: expected "truncateAfterCompositionEnds" or "enforced", not ${describe(options.composition)}`);
    }
    if (options.counter !== undefined && options.counter !== null && !(options.counter instanceof HTMLElement)) {
      throw new TypeError(`counter: expected an element, not ${describe(options.counter)}`);
    }
    if (options.onLimitReached !== undefined && typeof options.onLimitReached !== "function") {
      throw new TypeError(`onLimitReached: expected a function, not ${describe(options.onLimitReached)}`);
    }
    this.element = element;
    this.host = isTextControl ? new TextControlHost(element) : new EditableHost(element);
    this.maxLengthAttribute = isTextControl ? element.getAttribute("maxlength") : null;
    const maxLength = this.maxLengthAttribute !== null && element.maxLength >= 0 ? element.maxLength : null;
    this.limits = limitsOf(options, maxLength);
    this.flags = (options.soft ? 1 : 0) | (options.allowsEmoji === false ? 2 : 0) | (options.composition === "enforced" ? 4 : 0);
    this.counterRule = counterRuleOf(options.counterRule, this.limits.length);
    this.threshold = thresholdOf(options.warningThreshold);
    this.pause = options.announcementPause ?? 1;
    if (typeof this.pause !== "number" || !(this.pause >= 0) || !Number.isFinite(this.pause)) {
      throw new RangeError(`announcementPause: expected a number of seconds, at least 0, not ${describe(this.pause)}`);
    }
    this.soft = Boolean(options.soft);
    this.highlight = options.highlight ?? this.soft;
    this.counter = options.counter ?? null;
    this.language = languageFor(options.locale ?? element.closest?.("[lang]")?.lang ?? globalThis.navigator?.language);
    this.onLimitReached = options.onLimitReached ?? null;
    this.text = this.host.text();
    this.handle = engine.newLimiter(this.limits, this.flags, this.counterRule, this.text, this.threshold, this.pause);
    this.pauseTimer = null;
    this.inputPending = false;
    /// Whether the field may differ from the copy: an input no decision foresaw, or a program's
    /// write the value tracker saw. A contenteditable element has no tracker: it is always read.
    this.dirty = false;
    /// The edit the limiter accepted before the browser applies it (its input type): the input
    /// event that matches it needs no comparison of texts.
    this.expecting = null;
    this.tracked = isTextControl && this.trackValue();
    if (!isTextControl) this.observeMutations();
    this.validity = null;
    this.marked = null;
    this.compositionStart = null;
    this.history = false;
    this.applying = false;
    if (this.maxLengthAttribute !== null) element.removeAttribute("maxlength");
    this.saved = { ariaInvalid: element.getAttribute("aria-invalid") };
    if (this.counter) {
      this.saved.counter = { text: this.counter.textContent, live: this.counter.getAttribute("aria-live"), state: this.counter.getAttribute("data-state") };
      this.counter.textContent = "";
      this.counter.setAttribute("aria-live", "polite");
      this.visible = document.createElement("span");
      this.visible.setAttribute("aria-hidden", "true");
      this.spoken = document.createElement("span");
      this.spoken.className = "textlimit-announcement";
      this.spoken.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap";
      this.counter.append(this.visible, this.spoken);
    }
    for (const type of observed) element.addEventListener(type, this);
    this.stopReset = engine.onReset(() => this.recreate());
    this.update();
  }

  handleEvent(event) {
    if (this.handle === 0) return;
    switch (event.type) {
      case "beforeinput": return this.beforeInput(event);
      case "input": return this.afterInput(event);
      case "compositionstart":
        this.synchronize();
        this.compositionStart = this.host.selection()[0];
        this.marked = [this.compositionStart, this.compositionStart];
        return;
      case "compositionupdate":
        if (this.compositionStart === null) this.compositionStart = this.host.selection()[0];
        this.marked = [this.compositionStart, this.compositionStart + (event.data ?? "").length];
        return;
      case "compositionend": return this.compositionEnded();
      case "focus": this.synchronize(); this.update(); return;
      case "blur": engine.cancelPause(this.handle); return;
      case "scroll": if (this.backdrop) this.backdrop.scrollTop = this.element.scrollTop; return;
    }
  }

  /// The copy of the field's text: the last text read, with the accepted edits since applied
  /// when it is needed (a keystroke that went as decided never builds the whole text).
  get text() {
    if (this.edits.length) {
      let text = this.copy;
      for (const [start, end, inserted] of this.edits) text = text.slice(0, start) + inserted + text.slice(end);
      this.copy = text;
      this.edits = [];
    }
    return this.copy;
  }

  set text(value) {
    this.copy = value;
    this.edits = [];
  }

  /// Watches the program's writes of the field's text (value and setRangeText, as React's value
  /// tracking does, on the element itself; the default value; a form's reset): the next
  /// keystroke then compares the texts, and the counter is updated at once. Without a write
  /// seen, a keystroke that went as decided reads nothing of a long text.
  trackValue() {
    const element = this.element;
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const value = Object.getOwnPropertyDescriptor(prototype, "value");
    const setRangeText = prototype.setRangeText;
    const changed = () => {
      this.dirty = true;
      queueMicrotask(() => { if (this.handle && this.dirty && this.compositionStart === null) { this.synchronize(); this.update(); } });
    };
    Object.defineProperty(element, "value", {
      configurable: true, enumerable: true,
      get() { return value.get.call(this); },
      set(text) { value.set.call(this, text); changed(); },
    });
    Object.defineProperty(element, "setRangeText", {
      configurable: true, writable: true,
      value(...parameters) { const result = setRangeText.apply(this, parameters); changed(); return result; },
    });
    // The default value (a <textarea>'s children, an <input>'s value attribute) is the value
    // until the user edits, and a form's reset brings it back.
    const observer = new MutationObserver(changed);
    observer.observe(element, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ["value"] });
    const form = element.form;
    const reset = () => setTimeout(changed);
    form?.addEventListener("reset", reset);
    this.untrack = () => {
      delete element.value;
      delete element.setRangeText;
      observer.disconnect();
      form?.removeEventListener("reset", reset);
    };
    return true;
  }

  /// Watches a contenteditable element's text for the program's changes (a MutationObserver:
  /// it has no value to track), so that the counter follows them at once. The user's edits are
  /// in the copy already when the observer is told.
  observeMutations() {
    this.observer = new MutationObserver(() => {
      // A user's input in flight (between beforeinput and input) is the input handler's.
      if (this.handle && !this.applying && !this.inputPending && this.compositionStart === null) {
        this.synchronize();
        this.update();
      }
    });
    this.observer.observe(this.element, { characterData: true, childList: true, subtree: true });
    this.untrack = () => this.observer.disconnect();
  }

  /// Takes the field's text as the program's when it differs from the copy (rule 8): nothing
  /// is announced for it.
  synchronize() {
    this.dirty = false;
    const current = this.host.text();
    if (current === this.text) return;
    const [start, oldEnd, newEnd] = _difference(this.text, current);
    engine.synchronize(this.handle, start, oldEnd, current.slice(start, newEnd));
    this.text = current;
    engine.programChanged(this.handle);
  }

  /// A user's edit reached the field or was refused: "Limit reached" when the module's pacer
  /// says so, and the pause after which it may speak the count starts again.
  userEdited() {
    this.speakMessage(engine.userEdited(this.handle, now()));
    this.schedulePause();
  }

  /// Wakes up when the pause ends (again, if an edit moved the deadline since).
  schedulePause() {
    if (this.pauseTimer !== null) return;
    const deadline = engine.pauseDeadline(this.handle);
    if (deadline < 0) return;
    this.pauseTimer = setTimeout(() => {
      this.pauseTimer = null;
      if (this.handle === 0) return;
      const current = engine.pauseDeadline(this.handle);
      if (current < 0) return;
      if (now() < current) { this.schedulePause(); return; }
      this.speakMessage(engine.pauseElapsed(this.handle, now()));
    }, Math.max(0, (deadline - now()) * 1000) + 1);
  }

  speakMessage(said) {
    if (said === null || !this.spoken) return;
    this.speak(said.message === "limitReached" ? format(this.language, "limitReached") : format(this.language, said.message, said.count));
  }

  beforeInput(event) {
    if (this.applying) return;
    this.inputPending = true;
    if (this.dirty || !this.tracked) this.synchronize();
    this.expecting = null;
    const type = event.inputType;
    if (type === "historyUndo" || type === "historyRedo") { this.history = true; return; }
    if (event.isComposing || type === "insertCompositionText" || !event.cancelable) return;
    let data = null;
    if (type === "insertText") data = event.data;
    else if (type === "insertFromPaste") data = event.dataTransfer?.getData("text/plain") ?? event.data;
    else if (type === "insertLineBreak" || type === "insertParagraph") data = this.element instanceof HTMLInputElement ? null : "\n";
    if (data === null || data === undefined) return;  // decided after the fact
    data = asStored(this.element, data);
    const [start, end] = this.host.selection();
    const decision = engine.shouldChange(this.handle, start, end, data, null);
    if (decision === null) {
      this.edits.push([start, end, data]);
      if (this.edits.length > 64) void this.text;
      this.expecting = { type };
      return;
    }
    event.preventDefault();
    this.inputPending = false;
    if (decision.text !== null) {
      this.apply(decision);
    }
    this.report();
    this.update();
    this.userEdited();
  }

  afterInput(event) {
    if (this.applying) return;
    this.inputPending = false;
    const expecting = this.expecting;
    this.expecting = null;
    if (expecting && this.tracked && !this.dirty && !this.history && event.inputType === expecting.type) {
      // The edit the limiter accepted, applied as decided: the copy holds it already. (Nothing
      // of the field is read: in a long <textarea> each of selectionStart and selectionEnd
      // costs a walk of the text, 0.13 ms at 1 MiB in Chromium 156.)
      this.update();
      this.userEdited();
      return;
    }
    const current = this.host.text();
    if (this.history) {
      // Undo and redo restore text the user had: taken as it is, never trimmed again.
      this.history = false;
      const [start, oldEnd, newEnd] = _difference(this.text, current);
      if (start !== oldEnd || start !== newEnd) engine.synchronize(this.handle, start, oldEnd, current.slice(start, newEnd));
      this.text = current;
      this.update();
      this.userEdited();
      return;
    }
    if (current === this.text) {
      this.update();
      this.userEdited();
      return;
    }
    const [start, oldEnd, newEnd] = _difference(this.text, current);
    const composing = this.marked !== null && (event.isComposing || this.compositionStart !== null);
    const correction = engine.didChange(this.handle, start, oldEnd, current.slice(start, newEnd),
      this.host.selection(), composing ? this.marked : null);
    this.text = current;
    if (correction) this.apply(correction);
    this.report();
    this.update();
    this.userEdited();
  }

  compositionEnded() {
    this.compositionStart = null;
    this.marked = null;
    const current = this.host.text();
    const [start, oldEnd, newEnd] = current === this.text ? [0, 0, 0] : _difference(this.text, current);
    const correction = engine.didChange(this.handle, start, oldEnd, current.slice(start, newEnd), this.host.selection(), null);
    this.text = current;
    if (correction) this.apply(correction);
    this.report();
    this.update();
    this.userEdited();
  }

  /// Applies the limiter's edit to the field as an edit of the user's (undo keeps it).
  apply(edit) {
    const text = edit.text ?? "";
    this.applying = true;
    try {
      this.host.replace(edit.start, edit.end, text);
      this.host.select(edit.selectionStart, edit.selectionEnd);
    } finally {
      this.applying = false;
    }
    this.edits.push([edit.start, edit.end, text]);
    // Had the browser refused the edit, the field's text is still the truth.
    this.synchronize();
  }

  /// Tells the app what the limit prevented or trimmed (onLimitReached); what is spoken is the
  /// pacer's (userEdited).
  report() {
    const state = engine.limiterState(this.handle);
    if (state.event === null) return;
    this.onLimitReached?.({ reason: state.event, element: this.element });
  }

  speak(message) {
    // The same message twice in a row is spoken again only if the region changes first.
    this.spoken.textContent = "";
    this.spoken.textContent = message;
  }

  /// The counter, the validity and the highlight of what lies beyond the limit.
  update() {
    const state = engine.limiterState(this.handle);
    this.state = state;
    if (this.counter) {
      this.visible.textContent = format(this.language, "counter", state.count, state.max);
      this.counter.setAttribute("data-state", state.state);
    }
    // The validity only when it changes: setting it makes a <textarea> check its whole value.
    const message = this.soft && state.over ? format(this.language, "overLimit", Math.max(state.count - state.max, 0)) : "";
    if (message !== this.validity) {
      this.validity = message;
      if (this.element.setCustomValidity) this.element.setCustomValidity(message);
      else if (this.soft) this.element.setAttribute("aria-invalid", state.over ? "true" : "false");
    }
    if (this.highlight) this.paintOverflow(state.over ? state.overflowStart : -1);
  }

  paintOverflow(start) {
    if (this.host instanceof EditableHost) {
      if (!globalThis.CSS?.highlights || typeof Highlight !== "function") return;
      if (start < 0) { CSS.highlights.delete(this.highlightName()); return; }
      CSS.highlights.set(this.highlightName(), new Highlight(this.host.range(start, this.text.length)));
      return;
    }
    if (!(this.element instanceof HTMLTextAreaElement)) return;  // an <input> has no highlight
    if (start < 0 && !this.backdrop) return;
    if (!this.backdrop) this.makeBackdrop();
    const mark = document.createElement("mark");
    mark.className = "textlimit-overflow";
    mark.textContent = start < 0 ? "" : this.text.slice(start);
    this.backdrop.replaceChildren(document.createTextNode(start < 0 ? this.text : this.text.slice(0, start)), mark, document.createTextNode("\n"));
    this.backdrop.scrollTop = this.element.scrollTop;
  }

  highlightName() { return "textlimit-overflow"; }

  /// A copy of the textarea's text behind it, in the same box and font, where the overflow is
  /// marked: a textarea's text ranges cannot be highlighted.
  makeBackdrop() {
    const element = this.element;
    const style = getComputedStyle(element);
    const backdrop = document.createElement("div");
    backdrop.className = "textlimit-backdrop";
    backdrop.setAttribute("aria-hidden", "true");
    for (const property of ["font", "letterSpacing", "lineHeight", "padding", "borderStyle", "borderWidth", "boxSizing", "textAlign", "wordSpacing", "tabSize", "direction"]) {
      backdrop.style[property] = style[property];
    }
    Object.assign(backdrop.style, {
      position: "absolute", left: `${element.offsetLeft}px`, top: `${element.offsetTop}px`,
      width: `${element.offsetWidth}px`, height: `${element.offsetHeight}px`, borderColor: "transparent",
      whiteSpace: "pre-wrap", overflowWrap: "break-word", overflow: "hidden", color: "transparent",
      background: style.backgroundColor, pointerEvents: "none", margin: "0",
    });
    this.saved.textarea = { background: element.style.background, position: element.style.position, zIndex: element.style.zIndex };
    element.style.background = "transparent";
    if (style.position === "static") element.style.position = "relative";
    element.style.zIndex = "1";
    element.before(backdrop);
    this.backdrop = backdrop;
  }

  /// After the module was re-created: a new limiter from the field's text.
  recreate() {
    this.text = this.host.text();
    this.marked = null;
    this.compositionStart = null;
    this.handle = engine.newLimiter(this.limits, this.flags, this.counterRule, this.text, this.threshold, this.pause);
    this.update();
  }

  detach() {
    if (this.handle === 0) return;
    for (const type of observed) this.element.removeEventListener(type, this);
    this.untrack?.();
    this.stopReset();
    clearTimeout(this.pauseTimer);
    engine.freeLimiter(this.handle);
    this.handle = 0;
    const element = this.element;
    if (this.maxLengthAttribute !== null) element.setAttribute("maxlength", this.maxLengthAttribute);
    if (element.setCustomValidity) element.setCustomValidity("");
    if (this.saved.ariaInvalid === null) element.removeAttribute("aria-invalid");
    else element.setAttribute("aria-invalid", this.saved.ariaInvalid);
    if (this.host instanceof EditableHost && globalThis.CSS?.highlights) CSS.highlights.delete(this.highlightName());
    if (this.backdrop) {
      this.backdrop.remove();
      Object.assign(element.style, this.saved.textarea);
      this.backdrop = null;
    }
    if (this.counter) {
      const { text, live, state } = this.saved.counter;
      this.counter.textContent = text;
      if (live === null) this.counter.removeAttribute("aria-live"); else this.counter.setAttribute("aria-live", live);
      if (state === null) this.counter.removeAttribute("data-state"); else this.counter.setAttribute("data-state", state);
    }
  }
}

/**
 * Limits `element` (an <input>, a <textarea> or a contenteditable="plaintext-only" element)
 * with TextLimit's engine. Returns a controller: `detach()` restores the element; `refresh()`
 * takes text the program set; `count`, `max`, `isOverLimit`.
 */
export function limitField(element, options = {}) {
  const limiter = new FieldLimiter(element, options);
  return {
    element,
    detach() { limiter.detach(); },
    refresh() { if (limiter.handle) { limiter.synchronize(); limiter.update(); } },
    get count() { return limiter.state.count; },
    get max() { return limiter.state.max; },
    get isOverLimit() { return limiter.state.over; },
    get counterText() { return format(limiter.language, "counter", limiter.state.count, limiter.state.max); },
    /** "normal", "warning" (past the warning threshold) or "over": the counter's style. */
    get counterState() { return limiter.state.state; },
  };
}
