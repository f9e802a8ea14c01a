// The one file that calls into the WebAssembly module (textlimit.wasm, or textlimit-simd128.wasm
// where the engine has SIMD128): it owns the instance, its memory, the UTF-8 transfer of
// strings and what happens on a trap. Everything above it (_arguments.js, index.js, field.js)
// calls these functions with JavaScript values; no engine logic is here: which unit codes
// exist, the largest maximum and URL length, a locale's language are the module's answers.
//
// Strings go in as UTF-8, written by TextEncoder.encodeInto into a scratch buffer the module
// allocated (a lone surrogate becomes U+FFFD, as Swift reads ill-formed UTF-16). Offsets come
// back as UTF-16 offsets, JavaScript's string indices.
//
// A trap (a Swift precondition, memory exhausted) aborts the call: the instance is re-created
// from the compiled module at once, the listeners given to onReset are told (the field limiter
// re-creates its limiters from the copies of its fields' text), and the call throws a
// TextLimitTrapError with the message the module wrote.

const isNode = typeof process === "object" && process.versions != null && process.versions.node != null;

/// A function that uses only SIMD128 (v128.const, i8x16.popcnt): valid where the engine has it.
const simdProbe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1,
  0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** Whether this engine runs WebAssembly SIMD128 (and so loads textlimit-simd128.wasm). */
export const hasSIMD128 = WebAssembly.validate(simdProbe);

async function loadModule() {
  const override = globalThis.TEXTLIMIT_WASM_VARIANT;  // "scalar" or "simd128", for tests
  const variant = override === "scalar" || override === "simd128" ? override
    : hasSIMD128 ? "simd128" : "scalar";
  // Two literal new URL(…, import.meta.url): bundlers (webpack 5, Vite) find both files
  // and emit them; a computed file name they cannot follow.
  const url = variant === "simd128"
    ? new URL("../textlimit-simd128.wasm", import.meta.url)
    : new URL("../textlimit.wasm", import.meta.url);
  if (isNode) {
    const { readFile } = await import("node:fs/promises");
    return { module: await WebAssembly.compile(await readFile(url)), variant };
  }
  const response = fetch(url);
  if (WebAssembly.compileStreaming) {
    try {
      return { module: await WebAssembly.compileStreaming(response), variant };
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;  // a server without application/wasm
    }
  }
  return { module: await WebAssembly.compile(await (await response).arrayBuffer()), variant };
}

const loaded = await loadModule();

/** Which module runs: "simd128" or "scalar". */
export const variant = loaded.variant;

/** Thrown when the module trapped; the module was re-created and is ready again. */
export class TextLimitTrapError extends Error {
  constructor(message) {
    super(message);
    this.name = "TextLimitTrapError";
  }
}

let exports_;
// Views of the module's memory, made again only when it grew (which detaches the old buffer).
let heap8 = null;
let heap32 = null;
let scratchView = null;
let scratch = 0;
let scratchSize = 0;
/// Eight 32-bit words the module writes results into (counts are 64-bit: two words).
let out = 0;
const encoder = new TextEncoder();
// ignoreBOM: a U+FEFF at the start of what the module wrote is text, kept (the default drops it).
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const resetListeners = new Set();
let generation = 0;

function instantiate() {
  exports_ = new WebAssembly.Instance(loaded.module, {}).exports;
  heap8 = null;
  scratch = 0;
  scratchSize = 0;
  out = exports_.tlw_alloc(64);
  generation += 1;
}
instantiate();

/** The module's memory, in bytes (it grows, never shrinks; freed blocks are reused). */
export function memoryBytes() { return exports_.memory.buffer.byteLength; }

/** How many times the module was created (1 until a trap). */
export function moduleGeneration() { return generation; }

/** Calls `listener()` after the module was re-created, until it is removed. */
export function onReset(listener) {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

function bytes() {
  if (heap8 === null || heap8.byteLength === 0) {
    heap8 = new Uint8Array(exports_.memory.buffer);
    heap32 = new Int32Array(exports_.memory.buffer);
    scratchView = null;
  }
  return heap8;
}
function words() {
  bytes();
  return heap32;
}

/// The call the tests make trap next (_trapNextCall), or null.
let trapArmed = null;

/// Runs `body` (which calls the module), the call named `name`; on a trap re-creates the module
/// and throws.
function guarded(name, body) {
  try {
    // Memory exhausted inside the module: the trap a test asked for, a real one.
    if (trapArmed === name) { trapArmed = null; exports_.tlw_alloc(0x7FFF0000); }
    return body();
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    let message = "";
    try {
      const length = exports_.tlw_message_length();
      message = decoder.decode(bytes().slice(exports_.tlw_message(), exports_.tlw_message() + length));
    } catch { /* the message is lost with a broken instance */ }
    instantiate();
    for (const listener of [...resetListeners]) listener();
    throw new TextLimitTrapError(
      `textlimit: the WebAssembly module trapped (${error.message}${message ? `: ${message.trim()}` : ""}); it was re-created`);
  }
}

/// Writes `text` as UTF-8 at `at` (capacity `room`); returns the byte count.
function encodeAt(text, at, room) {
  const { read, written } = encoder.encodeInto(text, bytes().subarray(at, at + room));
  if (read !== text.length) throw new Error("textlimit: UTF-8 buffer too small");
  return written;
}

/// The scratch buffer, grown to at least `size` bytes.
function scratchOf(size) {
  if (size > scratchSize) {
    if (scratch) exports_.tlw_free(scratch);
    scratchSize = Math.max(size, 2 * scratchSize, 4096);
    scratch = exports_.tlw_alloc(scratchSize);
    scratchView = null;
  }
  return scratch;
}

/// `text` as UTF-8 in the scratch buffer: [pointer, byte count]. A Uint8Array is copied as is.
function put(text, offset = 0) {
  if (typeof text !== "string") {
    const at = scratchOf(offset + text.length) + offset;
    bytes().set(text, at);
    return [at, text.length];
  }
  // At most 3 bytes a UTF-16 unit; short strings need no measuring.
  const room = text.length * 3;
  const at = scratchOf(offset + room) + offset;
  if (offset === 0) {
    // The common case, a text alone: a view of the scratch buffer kept between calls.
    if (scratchView === null || bytes() !== scratchView.heap) {
      scratchView = new Uint8Array(exports_.memory.buffer, scratch, scratchSize);
      scratchView.heap = heap8;
    }
    const { read, written } = encoder.encodeInto(text, scratchView);
    if (read !== text.length) throw new Error("textlimit: UTF-8 buffer too small");
    return [at, written];
  }
  return [at, encodeAt(text, at, room)];
}

function readCount(at) {
  const w = words();
  return (w[at >> 2] >>> 0) + (w[(at >> 2) + 1] >>> 0) * 4294967296;
}

function readCString(at) {
  if (!at) return null;
  const b = bytes();
  let end = at;
  while (b[end] !== 0) end += 1;
  return decoder.decode(b.subarray(at, end));
}

function withCString(text, body) {
  const encoded = encoder.encode(text + "\0");
  const at = scratchOf(encoded.length);
  bytes().set(encoded, at);
  return body(at);
}

const statusMessages = ["ok", "invalid UTF-8", "invalid argument", "invalid offsets"];
function check(status, what) {
  if (status !== 0) throw new Error(`textlimit: ${what}: ${statusMessages[status] ?? status}`);
}

/** The library's version, e.g. "0.3.0". */
export function version() { return guarded("version", () => readCString(exports_.textlimit_version())); }

/** A unit code's name ("graphemes"…), or null past the last named unit and for a code made by
 *  postUnit or smsUnit. */
export function unitName(code) { return guarded("unitName", () => readCString(exports_.textlimit_unit_name(code))); }

/** The unit code of a name (the named units and the library's aliases), or -1. */
export function unitCode(name) {
  return guarded("unitCode", () => withCString(name, (at) => exports_.textlimit_unit_from_name(at, out) === 0 ? words()[out >> 2] : -1));
}

/** The code of a post length that counts URLs (X's, Mastodon's, Mastodon's composer's) with
 *  another URL length, or -1 for a unit that takes none. */
export function postUnitCode(code, urlLength) {
  return guarded("postUnitCode", () => exports_.textlimit_post_unit(code, urlLength, out) === 0 ? words()[out >> 2] : -1);
}

/** The code of SMS segments with options (pairsOnly, lookalikes: 0 or 1; language: an
 *  identifier of 3GPP TS 23.038, 0 for none), or -1 for options the module refuses. */
export function smsUnitCode(pairsOnly, lookalikes, language) {
  return guarded("smsUnitCode", () => exports_.textlimit_sms_unit(pairsOnly, lookalikes, language, out) === 0 ? words()[out >> 2] : -1);
}

/** The SMS national languages' names ("turkish"…), in the order of their identifiers, 1 up:
 *  the module's SMSNationalLanguage. */
export const smsLanguageNames = [];
for (let identifier = 1; ; identifier++) {
  const name = readCString(exports_.tlw_sms_language_name(identifier));
  if (name === null) break;
  smsLanguageNames.push(name);
}

/** A rule's [max, unit code] pairs, or null for an unknown rule or bad numbers. */
export function ruleLimits(name, max, urlLength) {
  return guarded("ruleLimits", () => withCString(name, (at) => {
    // Room in `out` for two pairs, what every rule has (the header: a capacity of 2 always
    // suffices; bluesky and bluesky-composer have two); a rule with more would be refused here
    // rather than read past what the module wrote.
    const units = out + 8;       // two int32
    const maxima = out + 16;     // two uint64
    const status = exports_.textlimit_rule_limits(at, BigInt(max), BigInt(urlLength), units, maxima, 2, out);
    if (status !== 0) return null;
    const count = words()[out >> 2];
    if (count > 2) throw new Error(`textlimit: rule ${name} has ${count} limits, more than the 2 the C API promises`);
    const pairs = [];
    for (let index = 0; index < count; index++) {
      pairs.push([readCount(maxima + 8 * index), words()[(units >> 2) + index]]);
    }
    return pairs;
  }));
}

/** The length of `text` (a string, or UTF-8 bytes) in the unit `code`. */
export function count(text, code) {
  return guarded("count", () => {
    const [at, length] = put(text);
    check(exports_.textlimit_count(at, length, code, out), "count");
    return readCount(out);
  });
}

/** The length of `text` (a string, or UTF-8 bytes) in the unit `code` with a post's content
 *  warning (a string), or null when the unit takes no warning (only Mastodon's units do). */
export function countWithWarning(text, code, warning) {
  return guarded("countWithWarning", () => {
    // The scratch buffer: the warning's UTF-8, then the text's.
    const room = warning.length * 3;
    const [at, length] = put(text, room);
    const warningLength = encodeAt(warning, scratch, room);
    const status = exports_.textlimit_count_with_warning(at, length, code, scratch, warningLength, out);
    if (status === 2) return null;
    check(status, "count");
    return readCount(out);
  });
}

/** The length of UTF-8 bytes, or the offset of their first ill-formed byte as {invalidAt}. */
export function countStrict(data, code) {
  return guarded("countStrict", () => {
    const [at, length] = put(data);
    const status = exports_.textlimit_count_strict(at, length, code, out, out + 8);
    if (status === 1) return { invalidAt: words()[(out + 8) >> 2] };
    check(status, "count");
    return { count: readCount(out) };
  });
}

/** The lengths of many texts (strings or bytes, none null) in the unit `code`. */
export function countMany(texts, code) {
  return guarded("countMany", () => {
    // One buffer: every text's UTF-8, then the offsets (int32), then the counts (uint64).
    let room = 0;
    for (const text of texts) room += typeof text === "string" ? text.length * 3 : text.length;
    const offsetsSize = 4 * (texts.length + 1);
    const base = scratchOf(room + offsetsSize + 8 * texts.length + 8);
    const offsetsAt = (base + room + 3) & ~3;
    const countsAt = (offsetsAt + offsetsSize + 7) & ~7;
    let written = 0;
    const offsets = [0];
    for (const text of texts) {
      if (typeof text === "string") written += encodeAt(text, base + written, room - written);
      else { bytes().set(text, base + written); written += text.length; }
      offsets.push(written);
    }
    words().set(offsets, offsetsAt >> 2);
    check(exports_.textlimit_count_many(base, written, offsetsAt, texts.length, code, countsAt), "countMany");
    const counts = new Array(texts.length);
    for (let index = 0; index < texts.length; index++) counts[index] = readCount(countsAt + 8 * index);
    return counts;
  });
}

/** The length in UTF-16 units of the longest prefix of `text` within every [max, code] pair
 *  (bytes: in bytes), never splitting a grapheme cluster; with a content warning (a string),
 *  the warning counted with each Mastodon unit among them (at least one must be). */
export function prefix(text, limits, warning = null) {
  return guarded("prefix", () => {
    // The scratch buffer: the units (int32, 8 bytes each kept), the maxima (uint64), the
    // warning's UTF-8, the text's.
    const room = warning === null ? 0 : warning.length * 3;
    const [at, length] = put(text, 16 * limits.length + room);
    const units = scratch;
    const maxima = scratch + 8 * limits.length;
    const w = words();
    limits.forEach(([max, code], index) => {
      w[(units >> 2) + index] = code;
      w[(maxima >> 2) + 2 * index] = max % 4294967296;
      w[(maxima >> 2) + 2 * index + 1] = Math.floor(max / 4294967296);
    });
    if (warning === null) {
      check(exports_.textlimit_prefix(at, length, units, maxima, limits.length, out), "prefix");
    } else {
      const warningAt = scratch + 16 * limits.length;
      const warningLength = encodeAt(warning, warningAt, room);
      check(exports_.textlimit_prefix_with_warning(at, length, units, maxima, limits.length, warningAt, warningLength, out), "prefix");
    }
    const byteCount = words()[out >> 2];
    if (typeof text !== "string" || byteCount === length) return typeof text === "string" ? text.length : byteCount;
    // The prefix's UTF-16 length: its bytes counted in UTF-16 (unit 1).
    check(exports_.textlimit_count(at, byteCount, 1, out), "prefix");
    return readCount(out);
  });
}

/** `text` (a string, or UTF-8 bytes) as an SMS message in the SMS unit `code`: {encoding (0
 *  GSM 7-bit, 1 UCS-2), units, segments, characters (those that forced UCS-2, as strings)}. */
export function smsMeasure(text, code) {
  return guarded("smsMeasure", () => {
    // The scratch buffer: room for the characters, then the text. Each character is at most
    // the UTF-8 of what it was read from (a UTF-16 unit: 3 bytes; an ill-formed byte: U+FFFD's
    // 3) and its separator, once: 4 bytes a unit of the text suffice, up to 4 KiB; a longer text
    // forcing UCS-2 with more distinct characters is measured again, with the room the module
    // asked for.
    let capacity = Math.min(4 * text.length, 4096);
    for (;;) {
      const [at, length] = put(text, capacity);
      check(exports_.textlimit_sms_measure(at, length, code, out, out + 8, out + 16, scratch, capacity, out + 24), "sms");
      const needed = words()[(out + 24) >> 2];
      if (needed > capacity) { capacity = needed; continue; }
      // Each character's UTF-8 ends with the byte 0xFF, which UTF-8 never holds.
      const characters = [];
      const b = bytes();
      let start = scratch;
      for (let index = scratch; index < scratch + needed; index++) {
        if (b[index] === 0xFF) { characters.push(decoder.decode(b.subarray(start, index))); start = index + 1; }
      }
      return { encoding: words()[out >> 2], units: readCount(out + 8), segments: readCount(out + 16), characters };
    }
  });
}

/** The text Bluesky's app publishes for `text` typed in its composer: a string for a string,
 *  UTF-8 bytes (a copy) for bytes. */
export function blueskyPublished(text) {
  return guarded("blueskyPublished", () => {
    // The scratch buffer: room for the published text, then the text. It is mostly shorter than
    // the text; a host in punycode or a path percent-encoded may make it longer: then again,
    // with the room it asked for.
    let capacity = (typeof text === "string" ? 3 * text.length : text.length) + 64;
    for (;;) {
      const [at, length] = put(text, capacity);
      check(exports_.textlimit_bluesky_published(at, length, scratch, capacity, out), "publish");
      const needed = words()[out >> 2];
      if (needed <= capacity) {
        return typeof text === "string" ? decoder.decode(bytes().subarray(scratch, scratch + needed)) : bytes().slice(scratch, scratch + needed);
      }
      capacity = needed;
    }
  });
}

/** Where each grapheme cluster of `text` ends, as UTF-16 offsets. */
export function graphemeEnds(text) {
  return guarded("graphemeEnds", () => {
    const [at, length] = put(text);
    const ends = exports_.tlw_alloc(4 * Math.max(length, 1));
    try {
      check(exports_.tlw_grapheme_ends_utf16(at, length, ends, length, out), "graphemes");
      return words().slice(ends >> 2, (ends >> 2) + words()[out >> 2]);
    } finally {
      exports_.tlw_free(ends);
    }
  });
}

/** Whether `code` is a unit the module takes: a named unit's code, or one postUnit made. */
export function isUnitCode(code) { return guarded("isUnitCode", () => exports_.tlw_unit_is_valid(code) === 1); }

/** The largest URL length postUnit and rule take (the C API's). */
export const maximumURLLength = exports_.tlw_maximum_url_length();

/** The largest maximum a limit may have: the module's Int.max (2,147,483,647 on wasm32). */
export const maximumLength = exports_.tlw_maximum_length();

/** The names of the shipped languages, in the module's order. */
const languageNames = [];
for (let index = 0; ; index++) {
  const name = readCString(exports_.tlw_language_name(index));
  if (name === null) break;
  languageNames.push(name);
}

/** The shipped language of the counter's strings that serves a BCP 47 tag best (the Apple
 *  adapters' rule, _ShippedLanguages.language(forIdentifier:)). */
export function language(tag) {
  return guarded("language", () => {
    const [at, length] = put(tag);
    return languageNames[exports_.tlw_language(at, length)];
  });
}

/** Whether each text (strings or bytes, none null) is within every [max, code] pair, as prefix
 *  decides it: its longest prefix within them is the whole text. */
export function fitsMany(texts, limits) {
  return guarded("fitsMany", () => {
    // One buffer: every text's UTF-8, the offsets (int32), the units (int32), the maxima
    // (uint64), the answers (bytes).
    let room = 0;
    for (const text of texts) room += typeof text === "string" ? text.length * 3 : text.length;
    const offsetsSize = 4 * (texts.length + 1);
    const base = scratchOf(room + offsetsSize + 12 * limits.length + texts.length + 16);
    const offsetsAt = (base + room + 3) & ~3;
    const unitsAt = offsetsAt + offsetsSize;
    const maximaAt = (unitsAt + 4 * limits.length + 7) & ~7;
    const fitsAt = maximaAt + 8 * limits.length;
    let written = 0;
    const offsets = [0];
    for (const text of texts) {
      if (typeof text === "string") written += encodeAt(text, base + written, room - written);
      else { bytes().set(text, base + written); written += text.length; }
      offsets.push(written);
    }
    const w = words();
    w.set(offsets, offsetsAt >> 2);
    limits.forEach(([max, code], index) => {
      w[(unitsAt >> 2) + index] = code;
      w[(maximaAt >> 2) + 2 * index] = max % 4294967296;
      w[(maximaAt >> 2) + 2 * index + 1] = Math.floor(max / 4294967296);
    });
    check(exports_.tlw_fits_many(base, written, offsetsAt, texts.length, unitsAt, maximaAt, limits.length, fitsAt), "fitsMany");
    return Array.from(bytes().subarray(fitsAt, fitsAt + texts.length), (fit) => fit === 1);
  });
}

// The field limiter's TextLimiter, behind handles. After a reset every handle is gone: the
// caller makes its limiters again (onReset).

/** A limiter for [max, unit code] rules; returns its handle. flags: 1 soft, 2 no emoji, 4
 *  marked text counted; counterRule: an index, -1 the first, -2 the tightest; threshold:
 *  [kind, value] (kind 0 none, 1 remaining, 2 fraction used, -1 the default); pause: seconds. */
export function newLimiter(limits, flags, counterRule, text, threshold = [-1, 0], pause = 1) {
  return guarded("newLimiter", () => {
    const [at, length] = put(text, 8 * limits.length);
    const w = words();
    limits.forEach(([max, code], index) => {
      w[(scratch >> 2) + index] = code;
      w[(scratch >> 2) + limits.length + index] = max;
    });
    const handle = exports_.tlw_limiter_new(scratch, scratch + 4 * limits.length, limits.length, flags, counterRule,
      threshold[0], threshold[1], pause, at, length);
    if (handle === 0) throw new Error("textlimit: the limiter's rules were refused");
    return handle;
  });
}

export function freeLimiter(handle) { guarded("freeLimiter", () => exports_.tlw_limiter_free(handle)); }

export function setLimiterText(handle, text) {
  guarded("setLimiterText", () => {
    const [at, length] = put(text);
    check(exports_.tlw_limiter_set_text(handle, at, length), "setText");
  });
}

/** The program changed the field: UTF-16 [start, end) of the limiter's copy is now `text`. */
export function synchronize(handle, start, end, text) {
  guarded("synchronize", () => {
    const [at, length] = put(text);
    check(exports_.tlw_limiter_synchronize(handle, start, end - start, at, length), "synchronize");
  });
}

function readResult() {
  const at = exports_.tlw_result() >> 2;
  const w = words();
  const textAt = w[at + 4] >>> 0;
  return {
    start: w[at], end: w[at] + w[at + 1],
    selectionStart: w[at + 2], selectionEnd: w[at + 2] + w[at + 3],
    text: w[at + 6] ? decoder.decode(bytes().subarray(textAt, textAt + w[at + 5])) : null,
  };
}

/** Before an edit of UTF-16 [start, end) into `text`: null to let it happen, or
 *  {start, end, text (null: refuse), selectionStart, selectionEnd} to do instead. */
export function shouldChange(handle, start, end, text, marked) {
  return guarded("shouldChange", () => {
    const [at, length] = put(text);
    const status = exports_.tlw_limiter_should_change(handle, start, end - start, at, length,
      marked ? marked[0] : -1, marked ? marked[1] - marked[0] : 0);
    if (status === 0) return null;
    check(status === 1 || status === 3 ? 0 : status, "shouldChange");
    return readResult();
  });
}

/** After a change of UTF-16 [start, end) of the limiter's copy into `text`: null, or the
 *  correction {start, end, text: "", selectionStart, selectionEnd} to apply. */
export function didChange(handle, start, end, text, selection, marked) {
  return guarded("didChange", () => {
    const [at, length] = put(text);
    const status = exports_.tlw_limiter_did_change(handle, start, end - start, at, length,
      selection[0], selection[1] - selection[0], marked ? marked[0] : -1, marked ? marked[1] - marked[0] : 0);
    if (status === 0) return null;
    check(status === 3 ? 0 : status, "didChange");
    return readResult();
  });
}

const reasons = ["insertionTruncated", "insertionRejected", "compositionTruncated", "overflowTrimmed",
  "emojiRemoved", "programmaticTextTruncated"];

const counterStates = ["normal", "warning", "over"];

/** {count, max, rule, over, overflowStart (-1: none), event (a reason's name or null), state
 *  ("normal", "warning" or "over": TextLimiter.counterState)}. */
export function limiterState(handle) {
  return guarded("limiterState", () => {
    check(exports_.tlw_limiter_state(handle, out), "state");
    const w = words();
    const at = out >> 2;
    return { count: w[at], max: w[at + 1], rule: w[at + 2], over: w[at + 3] === 1,
      overflowStart: w[at + 4], event: w[at + 5] >= 0 ? reasons[w[at + 5]] : null,
      state: counterStates[w[at + 6]] };
  });
}

const messages = [null, "limitReached", "remaining", "overLimit"];

function message(code) {
  if (code < 0) throw new Error("textlimit: no such limiter");
  return code === 0 ? null : { message: messages[code], count: words()[exports_.tlw_result() >> 2] };
}

/** A user's edit at `now` seconds: what to say at once ({message, count}) or null. */
export function userEdited(handle, now) { return guarded("userEdited", () => message(exports_.tlw_limiter_user_edited(handle, now))); }

/** The program changed the text: nothing is said. */
export function programChanged(handle) { guarded("programChanged", () => exports_.tlw_limiter_program_changed(handle)); }

/** Editing ended: a count waiting for the pause is not said. */
export function cancelPause(handle) { guarded("cancelPause", () => exports_.tlw_limiter_cancel_pause(handle)); }

/** When the pause after the last edit ends (seconds), or -1. */
export function pauseDeadline(handle) { return guarded("pauseDeadline", () => exports_.tlw_limiter_deadline(handle)); }

/** The pause may have ended at `now`: the count to say ({message, count}) or null. */
export function pauseElapsed(handle, now) { return guarded("pauseElapsed", () => message(exports_.tlw_limiter_pause_elapsed(handle, now))); }

/** Allocates `size` bytes in the module and frees them (for tests: too much traps). */
export function _allocateForTesting(size) {
  guarded("_allocateForTesting", () => exports_.tlw_free(exports_.tlw_alloc(size)));
}

/** For tests: the next call of the function `name` of this file ("didChange", "shouldChange"…)
 *  traps inside the module (memory exhausted) before it runs; null disarms. */
export function _trapNextCall(name) { trapArmed = name; }
