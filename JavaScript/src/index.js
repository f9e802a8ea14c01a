// TextLimit for JavaScript: text length as Swift's String counts it, computed by TextLimit's own
// Swift engine compiled to WebAssembly (_module.js makes every call into it). The API is the
// Python package's, in camelCase; limitField (field.js) limits <input>, <textarea> and
// contenteditable fields with the engine's TextLimiter.
import * as engine from "./_module.js";
import { UNITS, checkMax, checkText, counterRuleOf, describe, limitPairs, thresholdOf, unitCode } from "./_arguments.js";

export { TextLimitTrapError } from "./_module.js";
export { limitField, languageFor } from "./field.js";
export { UNITS };

/** The platforms' post rules `rule` knows. */
export const RULES = Object.freeze(["x", "mastodon", "bluesky"]);

/** The library's version, e.g. "0.3.0" (the same as `textlimit --version`). */
export const VERSION = engine.version();

/** The library's version, e.g. "0.3.0". */
export function version() { return VERSION; }

/** Which WebAssembly module counts here: "simd128" or "scalar". */
export const wasmVariant = engine.variant;

/** Thrown by count(bytes, unit, {strict: true}) for ill-formed UTF-8. */
export class InvalidUTF8Error extends Error {
  constructor(offset) {
    super(`invalid UTF-8 at byte offset ${offset}`);
    this.name = "InvalidUTF8Error";
    /** The offset of the first ill-formed byte. */
    this.offset = offset;
  }
}

/**
 * The length of `text` in `unit` (grapheme clusters by default: what a reader sees as one
 * character each). A string's lone surrogates count as U+FFFD; bytes are UTF-8, ill-formed bytes
 * repaired as Swift repairs them unless `strict` is set.
 */
export function count(text, unit = "graphemes", options = undefined) {
  checkText(text);
  const code = unitCode(unit);
  if (options !== undefined) {
    if (options === null || typeof options !== "object") throw new TypeError(`options: expected {strict: boolean}, not ${describe(options)}`);
    for (const key of Object.keys(options)) if (key !== "strict") throw new TypeError(`options: unknown option "${key}"; one of strict`);
    if (options.strict && text instanceof Uint8Array) {
      const result = engine.countStrict(text, code);
      if (result.invalidAt !== undefined) throw new InvalidUTF8Error(result.invalidAt);
      return result.count;
    }
  }
  return engine.count(text, code);
}

/** The longest prefix of `text` within `max` (in `unit`), or within every one of `limits`,
 *  never splitting a grapheme cluster. */
export function truncate(text, max, unit) {
  checkText(text);
  const pairs = limitPairs(max, unit, "truncate");
  const length = engine.prefix(text, pairs);
  return length === text.length ? text : text.slice(0, length);
}

/** Whether `text` is within `max` (in `unit`), or within every one of `limits`. */
export function fits(text, max, unit) {
  checkText(text);
  const pairs = limitPairs(max, unit, "fits");
  return engine.fitsMany([text], pairs)[0];
}

/** The grapheme clusters of `text`, as Swift's String splits it. */
export function graphemes(text) {
  if (typeof text !== "string") throw new TypeError(`text: expected a string, not ${describe(text)}`);
  const ends = engine.graphemeEnds(text);
  const pieces = new Array(ends.length);
  let start = 0;
  for (let index = 0; index < ends.length; index++) {
    pieces[index] = text.slice(start, ends[index]);
    start = ends[index];
  }
  return pieces;
}

function checkIndex(value, argument) {
  if (value !== undefined && value !== null && !Number.isInteger(value)) {
    throw new TypeError(`${argument}: expected an integer, null or undefined, not ${describe(value)}`);
  }
}

/** `text[start:stop]` counted in grapheme clusters (negative indices count from the end, as in
 *  Python and Array.prototype.slice), so no cluster is ever split. */
export function slice(text, start, stop) {
  if (typeof text !== "string") throw new TypeError(`text: expected a string, not ${describe(text)}`);
  checkIndex(start, "start");
  checkIndex(stop, "stop");
  const ends = engine.graphemeEnds(text);
  const total = ends.length;
  const clamp = (index, fallback) => {
    if (index === undefined || index === null) return fallback;
    return index < 0 ? Math.max(0, total + index) : Math.min(index, total);
  };
  const from = clamp(start, 0);
  const to = clamp(stop, total);
  if (to <= from) return "";
  return text.slice(from === 0 ? 0 : ends[from - 1], ends[to - 1]);
}

function listOf(texts) {
  if (texts === null || typeof texts !== "object" || typeof texts[Symbol.iterator] !== "function" || typeof texts === "string") {
    throw new TypeError(`texts: expected an iterable of strings, Uint8Arrays or null, not ${describe(texts)}`);
  }
  const list = Array.from(texts);
  list.forEach((text, index) => {
    if (text !== null && text !== undefined) checkText(text, `texts[${index}]`);
  });
  return list;
}

/** The length of each text in `unit`, in one call into the engine; null for null. */
export function countMany(texts, unit = "graphemes") {
  const list = listOf(texts);
  const code = unitCode(unit);
  const present = list.filter((text) => text !== null && text !== undefined);
  const counts = present.length ? engine.countMany(present, code) : [];
  let next = 0;
  return list.map((text) => (text === null || text === undefined ? null : counts[next++]));
}

/** Whether each text is within `max` (in `unit`) or every one of `limits`, in one call into
 *  the engine (the answer fits gives); null for null. */
export function fitsMany(texts, max, unit) {
  const list = listOf(texts);
  const pairs = limitPairs(max, unit, "fitsMany");
  const present = list.filter((text) => text !== null && text !== undefined);
  const fit = present.length ? engine.fitsMany(present, pairs) : [];
  let next = 0;
  return list.map((text) => (text === null || text === undefined ? null : fit[next++]));
}

/** What a live counter shows for `text` under `max` (in `unit`) or `limits`, as limitField's
 *  counter shows it (the engine's TextLimit.counter(for:) and counterState(for:)): `count` and
 *  `max` of the rule `counterRule` picks ("first", "tightest" or an index), `state` ("normal",
 *  "warning" past `warningThreshold`, or "over") and `isOverLimit` (any rule broken). */
export function counter(text, options) {
  checkText(text);
  if (options === null || typeof options !== "object") throw new TypeError(`options: expected {max, unit, limits, counterRule, warningThreshold}, not ${describe(options)}`);
  const { counterRule, warningThreshold, ...limits } = options;
  const pairs = limitPairs(limits, undefined, "counter");
  const handle = engine.newLimiter(pairs, 0, counterRuleOf(counterRule, pairs.length), text, thresholdOf(warningThreshold));
  try {
    const state = engine.limiterState(handle);
    return { count: state.count, max: state.max, state: state.state, isOverLimit: state.over };
  } finally {
    engine.freeLimiter(handle);
  }
}

/// Throws unless `value` is a URL length the module takes (0 to its maximum, 8,388,606).
function checkURLLength(value) {
  const allowed = `an integer from 0 to ${engine.maximumURLLength}`;
  if (!Number.isInteger(value)) throw new TypeError(`urlLength: expected ${allowed}, not ${describe(value)}`);
  if (value < 0 || value > engine.maximumURLLength) throw new RangeError(`urlLength: expected ${allowed}, not ${value}`);
}

/** The unit of X's or Mastodon's post length with each URL counting `urlLength` instead of 23
 *  (a Mastodon server's characters_reserved_per_url), for any `unit` argument. */
export function postUnit(unit, urlLength) {
  if (unit !== "x" && unit !== "mastodon") {
    throw new (typeof unit === "string" ? RangeError : TypeError)(`unit: expected "x" or "mastodon", not ${describe(unit)}`);
  }
  checkURLLength(urlLength);
  const code = engine.postUnitCode(unitCode(unit), urlLength);
  if (code < 0) throw new RangeError(`postUnit: the engine refused ${unit} with a URL length of ${urlLength}`);
  return code;
}

/** A platform's post limits as [max, unit] pairs for `limits`: "x" (280 in X's length),
 *  "mastodon" (500 in Mastodon's), "bluesky" (300 graphemes and 3000 UTF-8 bytes). `max`
 *  replaces the first limit's maximum, `urlLength` what each URL counts (x and mastodon). */
export function rule(name, options = {}) {
  if (typeof name !== "string") throw new TypeError(`name: expected one of ${RULES.join(", ")}, not ${describe(name)}`);
  if (!RULES.includes(name)) throw new RangeError(`name: unknown rule "${name}"; one of ${RULES.join(", ")}`);
  if (options === null || typeof options !== "object") throw new TypeError(`options: expected {max, urlLength}, not ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (key !== "max" && key !== "urlLength") throw new TypeError(`options: unknown option "${key}"; one of max, urlLength`);
  }
  const { max, urlLength } = options;
  if (max !== undefined && max !== null) checkMax(max, "max");
  if (urlLength !== undefined && urlLength !== null) {
    checkURLLength(urlLength);
    if (name === "bluesky") throw new RangeError("urlLength: bluesky counts URLs as written; give no urlLength");
  }
  const pairs = engine.ruleLimits(name, max ?? -1, urlLength ?? -1);
  if (pairs === null) throw new RangeError(`rule: the engine refused ${name} with ${JSON.stringify(options)}`);
  return pairs.map(([value, code]) => [value, code < UNITS.length ? UNITS[code] : code]);
}

