// limitField: TextLimit's TextLimiter (compiled into the WebAssembly module) on an <input>, a
// <textarea> or a contenteditable="plaintext-only" element. This file only translates between
// the browser's events and the limiter's hooks, as the UIKit and AppKit adapters do; the
// decisions are the engine's (_module.js makes every call).
//
// The field's text is the truth; this file keeps a copy of it (a JavaScript string), compares
// the field with it in JavaScript and sends the engine only what changed:
//  - typing, a paste, a line break (beforeinput, cancelable): the limiter decides first
//    (shouldChange); a shortened edit is applied with execCommand('insertText'), so the browser's
//    undo keeps it as one step. Text whose storing the browser decides (line breaks in an
//    <input>, a CR) is left to the after-the-fact path;
//  - a deletion: its range is read from the caret and the length after it, checked against the
//    selection before it (nothing of a long text is read);
//  - everything else (drop, autocorrection, composition) after the fact (input): the limiter
//    learns the change (didChange) and trims only what it inserted; a composition is never cut
//    while it runs (the marked range is followed through compositionstart/update) and is trimmed
//    once it has ended;
//  - undo and redo (the input event's historyUndo, historyRedo), text the program set and input
//    events a script dispatched are taken as they are (rule 8), never trimmed again.
// A beforeinput the app cancels (before this file's listener or after it) changes nothing, and
// one the browser follows with no input (Backspace at the start) neither: a task after each,
// the copy is checked against the field.
import * as engine from "./_module.js";
import { strings } from "./_strings.js";
import { counterRuleOf, describe, limitPairs, thresholdOf } from "./_arguments.js";

const observed = ["beforeinput", "input", "compositionstart", "compositionupdate", "compositionend", "focus", "blur", "scroll"];

/** The <input> types with a selection (MDN, setSelectionRange): the ones limitField takes. */
const inputTypes = ["text", "search", "url", "tel", "password"];

/** The name of the CSS highlight of the text beyond a contenteditable's limit
 *  (`::highlight(textlimit-overflow)`); one Highlight holds every field's range. */
const highlightName = "textlimit-overflow";

/** Up to this length, the copy is compared with the field whole before a keystroke the copy
 *  would decide alone (a write the value tracker did not see, of the same length); above it,
 *  their lengths. */
const comparedWhole = 1 << 16;

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
  constructor(element) {
    this.element = element;
    this.isTextArea = element instanceof HTMLTextAreaElement;
    /// An <input> stores one line: what it makes of a line break is the browser's choice.
    this.singleLine = !this.isTextArea;
    this.setRangeText = (this.isTextArea ? HTMLTextAreaElement : HTMLInputElement).prototype.setRangeText;
  }
  text() { return this.element.value; }
  /// The text's length in UTF-16 units: a <textarea>'s textLength, which does not build its
  /// value (0.25 ms at 1 MiB in Chromium 156 after each edit).
  length() { return this.isTextArea ? this.element.textLength : this.element.value.length; }
  selection() { return [this.element.selectionStart, this.element.selectionEnd]; }
  /// The caret's offset (the selection's start): one read, not two.
  caret() { return this.element.selectionStart; }
  /// Whether the user edits this element now: only then do edits go through execCommand,
  /// which acts on the focused element.
  isFocused() { return this.element.getRootNode().activeElement === this.element; }
  select(start, end) { this.element.setSelectionRange(start, end); }
  /// Replaces [start, end) with `text`: as an edit of the user's (undoable) in the focused
  /// field; otherwise, or if the browser would not, as the program would. Returns whether the
  /// browser's undo keeps it.
  replace(start, end, text) {
    if (this.isFocused()) {
      this.select(start, end);
      const done = text === "" ? (start === end || document.execCommand("delete")) : document.execCommand("insertText", false, text);
      if (done) return true;
    }
    this.setRangeText.call(this.element, text, start, end, "end");
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
  length() { return this.text().length; }
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
  /// The selection's range when it lies in the element, or null.
  selectedRange() {
    const selection = this.element.getRootNode().getSelection?.() ?? window.getSelection();
    if (!selection || selection.rangeCount === 0 || !this.element.contains(selection.anchorNode)) return null;
    return selection.getRangeAt(0);
  }
  selection() {
    const range = this.selectedRange();
    if (range === null) {
      const length = this.text().length;
      return [length, length];
    }
    return [this.offset(range.startContainer, range.startOffset), this.offset(range.endContainer, range.endOffset)];
  }
  caret() { return this.selection()[0]; }
  isFocused() { return this.element.getRootNode().activeElement === this.element && this.selectedRange() !== null; }
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
    if (this.isFocused()) {
      this.select(start, end);
      const done = text === "" ? (start === end || document.execCommand("delete")) : document.execCommand("insertText", false, text);
      if (done) return true;
    }
    const range = this.range(start, end);
    range.deleteContents();
    if (text) range.insertNode(document.createTextNode(text));
    return false;
  }
}

const isHighSurrogate = (unit) => unit >= 0xD800 && unit <= 0xDBFF;
const isLowSurrogate = (unit) => unit >= 0xDC00 && unit <= 0xDFFF;

/// The UTF-16 range [start, oldEnd) of `before` that became `after`'s [start, newEnd): the
/// longest common prefix, then the longest common suffix of the rest, neither ending inside a
/// surrogate pair of either text (👍 and 👎 share their first unit; a lone surrogate is no pair).
export function _difference(before, after) {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))
    && (isLowSurrogate(before.charCodeAt(start)) || isLowSurrogate(after.charCodeAt(start)))) start -= 1;
  let suffix = 0;
  while (suffix < shorter - start && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix += 1;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))
    && (isHighSurrogate(before.charCodeAt(before.length - suffix - 1)) || isHighSurrogate(after.charCodeAt(after.length - suffix - 1)))) suffix -= 1;
  return [start, before.length - suffix, after.length - suffix];
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
      || (element instanceof HTMLInputElement && inputTypes.includes(element.type));
    const editable = element instanceof HTMLElement ? element.getAttribute("contenteditable") : null;
    const isEditable = editable !== null && editable.trim().toLowerCase() === "plaintext-only";
    if (!isTextControl && !isEditable) {
      const hint = element instanceof HTMLInputElement ? ` (type ${element.type} has no selection to limit)`
        : editable !== null ? ` (contenteditable="${editable}" holds rich text, whose blocks this limiter does not read)` : "";
      throw new TypeError(`element: expected an <input> (${inputTypes.join(", ")}), a <textarea> or a contenteditable="plaintext-only" element, not ${describe(element)}${hint}`);
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
    // A composition is never cut while it runs, whatever the option says: an input method
    // breaks when the text it composes changes under it. Under "enforced" the marked text
    // counts all the same (it is in the field's text) and is trimmed when the composition ends.
    this.flags = (options.soft ? 1 : 0) | (options.allowsEmoji === false ? 2 : 0);
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
    /// The edit between its beforeinput and its input: {type, kind} where kind is "accepted"
    /// (the limiter's copy holds it already), "deletion" (with the selection and length before
    /// it) or "after" (compared after the fact); null when none is in flight.
    this.pending = null;
    /// A task after a beforeinput or a compositionend (settle).
    this.settleTimer = null;
    /// Whether the field may differ from the copy: an input no decision foresaw, or a program's
    /// write the value tracker saw. A contenteditable element has no tracker: it is always read.
    this.dirty = false;
    /// Whether this field's limiter is inside a call for the edit in flight (a trap then
    /// rebuilds it from the copy before that edit, and the call is replayed).
    this.editing = false;
    this.tracked = isTextControl && this.trackValue();
    if (!isTextControl) this.observeMutations();
    /// The validity message this limiter set ("": none; the app's own is never touched).
    this.validity = "";
    this.marked = null;
    this.compositionStart = null;
    /// A composition ended: its text is trimmed at the next input or a task later (Safari sends
    /// compositionend before the input that commits it).
    this.endingComposition = false;
    this.applying = false;
    this.overflowRange = null;
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
        if (this.pending !== null || this.endingComposition) this.settle();
        this.synchronize();
        this.compositionStart = this.host.selection()[0];
        this.marked = [this.compositionStart, this.compositionStart];
        return;
      case "compositionupdate":
        if (this.compositionStart === null) this.compositionStart = this.host.selection()[0];
        this.marked = [this.compositionStart, this.compositionStart + (event.data ?? "").length];
        return;
      case "compositionend":
        this.compositionStart = null;
        this.endingComposition = true;
        this.scheduleSettle();
        return;
      case "focus": this.settle(); this.synchronize(); this.update(); return;
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
    this.copyLength = value.length;
    this.edits = [];
  }

  /// Applies [start, end) -> `inserted` to the copy (lazily).
  edit(start, end, inserted) {
    this.edits.push([start, end, inserted]);
    this.copyLength += inserted.length - (end - start);
  }

  /// Whether the field may hold another text than the copy although no write was seen (one
  /// through the prototype's value setter, as testing libraries and frameworks write): the
  /// whole texts compared up to 64 Ki units, the lengths above.
  mayDiffer() {
    if (this.copyLength <= comparedWhole) return this.host.text() !== this.text;
    return this.host.length() !== this.copyLength;
  }

  /// Watches the program's writes of the field's text (value and setRangeText, on the element
  /// itself, around whatever accessor is there: the prototype's, or a framework's own, such as
  /// React's value tracking; the default value; a form's reset): the next keystroke then
  /// compares the texts, and the counter is updated at once. Without a write seen, a keystroke
  /// that went as decided reads nothing of a long text but its length.
  trackValue() {
    const element = this.element;
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const own = Object.getOwnPropertyDescriptor(element, "value");
    const inner = own?.get && own?.set ? own : Object.getOwnPropertyDescriptor(prototype, "value");
    const ownSetRangeText = Object.getOwnPropertyDescriptor(element, "setRangeText");
    const setRangeText = element.setRangeText;
    let active = true;
    const changed = () => {
      if (!active) return;
      this.dirty = true;
      queueMicrotask(() => {
        if (this.handle && this.dirty && this.compositionStart === null && this.pending === null) { this.synchronize(); this.update(); }
      });
    };
    const value = {
      configurable: true, enumerable: own?.enumerable ?? true,
      get() { return inner.get.call(this); },
      set(text) { inner.set.call(this, text); changed(); },
    };
    const rangeText = {
      configurable: true, writable: true,
      value(...parameters) { const result = setRangeText.apply(this, parameters); changed(); return result; },
    };
    Object.defineProperty(element, "value", value);
    Object.defineProperty(element, "setRangeText", rangeText);
    // The default value (a <textarea>'s children, an <input>'s value attribute) is the value
    // until the user edits, and a form's reset brings it back.
    const observer = new MutationObserver(changed);
    observer.observe(element, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ["value"] });
    const form = element.form;
    const reset = () => setTimeout(changed);
    form?.addEventListener("reset", reset);
    this.untrack = () => {
      // Ours is taken off only if it is still the outermost accessor; under another one (a
      // second limiter's, a framework's set later) it stays, inert, and passes writes through.
      active = false;
      if (Object.getOwnPropertyDescriptor(element, "value")?.set === value.set) {
        if (own) Object.defineProperty(element, "value", own); else delete element.value;
      }
      if (Object.getOwnPropertyDescriptor(element, "setRangeText")?.value === rangeText.value) {
        if (ownSetRangeText) Object.defineProperty(element, "setRangeText", ownSetRangeText); else delete element.setRangeText;
      }
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
      if (this.handle && !this.applying && this.pending === null && this.compositionStart === null && !this.endingComposition) {
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

  /// Runs `call` (an engine call for the edit in flight, made with `this.handle` read inside):
  /// after a trap the module and this field's limiter were re-created from the copy before the
  /// edit (recreate), and the call is made once more.
  decide(call) {
    this.editing = true;
    try {
      try {
        return call();
      } catch (error) {
        if (!(error instanceof engine.TextLimitTrapError)) throw error;
        return call();
      }
    } finally {
      this.editing = false;
    }
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

  /// A task after a beforeinput (its input arrives in the same task, or never) or a
  /// compositionend.
  scheduleSettle() {
    if (this.settleTimer === null) this.settleTimer = setTimeout(() => { this.settleTimer = null; this.settle(); });
  }

  /// An edit in flight that had no input (the app cancelled its beforeinput after this file's
  /// listener, or the browser changed nothing): the copy, which may hold it, is checked against
  /// the field. A composition that ended is trimmed.
  settle() {
    if (this.settleTimer !== null) { clearTimeout(this.settleTimer); this.settleTimer = null; }
    if (this.handle === 0) return;
    if (this.pending !== null) {
      this.pending = null;
      this.dirty = true;
    }
    if (this.endingComposition) this.endComposition();
    if (this.dirty && this.compositionStart === null) {
      this.synchronize();
      this.update();
    }
  }

  beforeInput(event) {
    // Its own corrections, and a script's event, which edits nothing.
    if (this.applying || !event.isTrusted) return;
    if (this.pending !== null || this.endingComposition) this.settle();
    // Cancelled before this listener (the app's filter): nothing will change.
    if (event.defaultPrevented) return;
    const type = event.inputType;
    this.pending = { type, kind: "after" };
    this.scheduleSettle();
    if (this.dirty || !this.tracked || this.mayDiffer()) this.synchronize();
    if (type === "historyUndo" || type === "historyRedo") return;  // read from the input event
    if (event.isComposing || type === "insertCompositionText" || !event.cancelable) return;
    if (type.startsWith("delete")) {
      if (this.tracked) this.pending = { type, kind: "deletion", selection: this.host.selection(), length: this.copyLength };
      return;
    }
    let data = null;
    if (type === "insertText") data = event.data;
    else if (type === "insertFromPaste") data = event.dataTransfer?.getData("text/plain") ?? event.data;
    else if (type === "insertLineBreak" || type === "insertParagraph") data = this.host.singleLine ? null : "\n";
    // Decided after the fact: anything but text, and text the browser may store otherwise than
    // it came (an <input> makes spaces of line breaks or drops them, a <textarea> makes LF of CR).
    if (typeof data !== "string" || data.includes("\r") || (this.host.singleLine && data.includes("\n"))) return;
    const [start, end] = this.host.selection();
    const decision = this.decide(() => engine.shouldChange(this.handle, start, end, data, null));
    if (decision === null) {
      this.edit(start, end, data);
      this.pending = { type, kind: "accepted" };
      return;
    }
    event.preventDefault();
    this.pending = null;
    if (decision.text !== null) this.apply(decision);
    this.report();
    this.update();
    this.userEdited();
  }

  afterInput(event) {
    if (this.applying) return;
    const pending = this.pending;
    this.pending = null;
    if (!event.isTrusted) {
      // A script's input event (an autofill or a framework's "value =, then dispatch input"):
      // the program changed the text (rule 8).
      this.synchronize();
      this.update();
      return;
    }
    if (this.endingComposition) { this.endComposition(); return; }
    const type = event.inputType;
    if (type === "historyUndo" || type === "historyRedo") {
      // Undo and redo restore text the user had: taken as it is, never trimmed again.
      const current = this.host.text();
      const [start, oldEnd, newEnd] = _difference(this.text, current);
      if (start !== oldEnd || start !== newEnd) engine.synchronize(this.handle, start, oldEnd, current.slice(start, newEnd));
      this.text = current;
      this.dirty = false;
      this.update();
      this.userEdited();
      return;
    }
    const known = pending !== null && pending.type === type && this.tracked && !this.dirty;
    if (known && pending.kind === "accepted" && this.host.length() === this.copyLength) {
      // The edit the limiter accepted, applied as decided: the copy holds it already. (Nothing
      // of the field is read but its length: in a long <textarea> each of selectionStart and
      // selectionEnd costs a walk of the text, 0.13 ms at 1 MiB in Chromium 156.)
      this.update();
      this.userEdited();
      return;
    }
    if (known && pending.kind === "deletion" && this.deleted(pending)) return;
    const current = this.host.text();
    if (current === this.text) {
      this.dirty = false;
      this.update();
      this.userEdited();
      return;
    }
    const [start, oldEnd, newEnd] = _difference(this.text, current);
    const composing = this.marked !== null && (event.isComposing || this.compositionStart !== null);
    const selection = this.host.selection();
    const correction = this.decide(() => engine.didChange(this.handle, start, oldEnd, current.slice(start, newEnd),
      selection, composing ? this.marked : null));
    this.text = current;
    this.dirty = false;
    if (correction) this.apply(correction);
    this.report();
    this.update();
    this.userEdited();
  }

  /// A deletion, its range read from the caret after it and the text's length (a backward one
  /// leaves the caret where the range starts, a forward one where it was, a selection's at its
  /// start), checked against the selection before it. Returns false when they disagree (the
  /// text is then compared whole).
  deleted(pending) {
    const removed = pending.length - this.host.length();
    const caret = this.host.caret();
    const [start, end] = pending.selection;
    const agrees = removed > 0 && (start !== end ? caret === start && removed === end - start : caret === start || caret === start - removed);
    if (!agrees) return false;
    this.edit(caret, caret + removed, "");
    const correction = this.decide(() => engine.didChange(this.handle, caret, caret + removed, "", [caret, caret], null));
    if (correction) this.apply(correction);
    this.report();
    this.update();
    this.userEdited();
    return true;
  }

  /// The composition ended (compositionend, and the input that follows it where one does): its
  /// text is trimmed by the engine's rules.
  endComposition() {
    this.endingComposition = false;
    this.marked = null;
    const current = this.host.text();
    const [start, oldEnd, newEnd] = current === this.text ? [0, 0, 0] : _difference(this.text, current);
    const selection = this.host.selection();
    const correction = this.decide(() => engine.didChange(this.handle, start, oldEnd, current.slice(start, newEnd), selection, null));
    this.text = current;
    this.dirty = false;
    if (correction) this.apply(correction);
    this.report();
    this.update();
    this.userEdited();
  }

  /// Applies the limiter's edit to the field: as an edit of the user's (undo keeps it) when the
  /// field is the one being edited, otherwise as the program would (another element keeps its
  /// text, its selection and the focus).
  apply(edit) {
    const text = edit.text ?? "";
    this.applying = true;
    try {
      this.host.replace(edit.start, edit.end, text);
      if (this.host.isFocused()) this.host.select(edit.selectionStart, edit.selectionEnd);
    } finally {
      this.applying = false;
    }
    this.edit(edit.start, edit.end, text);
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
    // Over the limit (text the program set under a hard limit, anything under a soft one) the
    // field is invalid. Only when it changes (setting it makes a <textarea> check its whole
    // value), and never a message of the app's: "" is set only over this limiter's own.
    const message = state.over ? format(this.language, "overLimit", Math.max(state.count - state.max, 0)) : "";
    if (message !== this.validity) {
      this.validity = message;
      if (this.element.setCustomValidity) this.element.setCustomValidity(message);
      else this.restore("aria-invalid", message ? "true" : this.saved.ariaInvalid);
    }
    if (this.highlight) this.paintOverflow(state.over ? state.overflowStart : -1);
  }

  /// Sets the attribute `name` to `value`, or removes it for null.
  restore(name, value) {
    if (value === null) this.element.removeAttribute(name); else this.element.setAttribute(name, value);
  }

  paintOverflow(start) {
    if (this.host instanceof EditableHost) {
      if (!globalThis.CSS?.highlights || typeof Highlight !== "function") return;
      // One Highlight for every field: each adds and removes its own range.
      let highlight = CSS.highlights.get(highlightName);
      if (this.overflowRange) highlight?.delete(this.overflowRange);
      this.overflowRange = null;
      if (start >= 0) {
        if (!highlight) { highlight = new Highlight(); CSS.highlights.set(highlightName, highlight); }
        this.overflowRange = this.host.range(start, this.text.length);
        highlight.add(this.overflowRange);
      } else if (highlight?.size === 0) {
        CSS.highlights.delete(highlightName);
      }
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

  /// After the module was re-created: a new limiter from the copy, the text as it was before
  /// the edit in flight if there is one (its handler replays its call, so a trap in the middle
  /// of an edit still trims it); any other field then takes its element's text.
  recreate() {
    this.handle = engine.newLimiter(this.limits, this.flags, this.counterRule, this.text, this.threshold, this.pause);
    if (this.editing) return;
    this.synchronize();
    this.update();
  }

  detach() {
    if (this.handle === 0) return;
    for (const type of observed) this.element.removeEventListener(type, this);
    this.untrack?.();
    this.stopReset();
    clearTimeout(this.pauseTimer);
    clearTimeout(this.settleTimer);
    engine.freeLimiter(this.handle);
    this.handle = 0;
    const element = this.element;
    if (this.maxLengthAttribute !== null) element.setAttribute("maxlength", this.maxLengthAttribute);
    // Only what this limiter set is undone: an app's own validity message stays.
    if (this.validity !== "") {
      if (element.setCustomValidity) element.setCustomValidity("");
      else this.restore("aria-invalid", this.saved.ariaInvalid);
    }
    if (this.overflowRange && globalThis.CSS?.highlights) {
      const highlight = CSS.highlights.get(highlightName);
      highlight?.delete(this.overflowRange);
      if (highlight?.size === 0) CSS.highlights.delete(highlightName);
    }
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
 * Limits `element` (an <input> of type text, search, url, tel or password, a <textarea>, or a
 * contenteditable="plaintext-only" element) with TextLimit's engine. Returns a controller:
 * `detach()` restores the element; `refresh()` takes text the program set; `count`, `max`,
 * `isOverLimit`.
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
