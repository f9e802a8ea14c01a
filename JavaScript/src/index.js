// TextLimit for JavaScript: text length as Swift's String counts it, computed by TextLimit's own
// Swift engine compiled to WebAssembly (_module.js makes every call into it). The API is the
// Python package's, in camelCase; limitField (field.js) limits <input>, <textarea> and
// contenteditable fields with the engine's TextLimiter.
import * as engine from "./_module.js";
import {
  UNITS, checkMax, checkText, codeOfName, contentWarningOf, counterRuleOf, describe, limitPairs, orList, thresholdOf,
  unitCode, urlLengthUnits,
} from "./_arguments.js";

export { TextLimitTrapError } from "./_module.js";
export { limitField, languageFor } from "./field.js";
export { UNITS };

/** The platforms' post rules `rule` knows: x (twitter-text 3.1.0), mastodon (Mastodon 4.6.5's
 *  server), mastodon-composer (its web composer), bluesky (the app.bsky.feed.post lexicon),
 *  bluesky-composer (Bluesky's app, social-app 63f0d4d3). The module holds each rule's limits. */
export const RULES = Object.freeze(["x", "mastodon", "mastodon-composer", "bluesky", "bluesky-composer"]);

/** The national languages of 3GPP TS 23.038 whose shift tables `smsUnit` and `sms` allow, in the
 *  order of their identifiers (1 to 13): the module's names. */
export const SMS_LANGUAGES = Object.freeze([...engine.smsLanguageNames]);

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
 * repaired as Swift repairs them unless `strict` is set. `contentWarning`, with Mastodon's units,
 * is the post's content warning, counted as the unit's code counts it: the server strips it and
 * counts it with the text (a blank text's place taken by the warning); the composer counts it as
 * typed (give it only while its toggle is on).
 */
export function count(text, unit = "graphemes", options = undefined) {
  checkText(text);
  const code = unitCode(unit);
  let warning = null;
  if (options !== undefined) {
    if (options === null || typeof options !== "object") throw new TypeError(`options: expected {strict, contentWarning}, not ${describe(options)}`);
    for (const key of Object.keys(options)) {
      if (key !== "strict" && key !== "contentWarning") throw new TypeError(`options: unknown option "${key}"; one of strict, contentWarning`);
    }
    warning = contentWarningOf(options.contentWarning, [code]);
    if (options.strict && text instanceof Uint8Array) {
      const result = engine.countStrict(text, code);
      if (result.invalidAt !== undefined) throw new InvalidUTF8Error(result.invalidAt);
      if (warning === null) return result.count;
    }
  }
  return warning === null ? engine.count(text, code) : engine.countWithWarning(text, code, warning);
}

/// The limits and the content warning of truncate's and fits' arguments.
function limitsOf(max, unit, name) {
  const pairs = limitPairs(max, unit, name, ["contentWarning"]);
  const options = max !== null && typeof max === "object" && !Array.isArray(max) ? max : {};
  return [pairs, contentWarningOf(options.contentWarning, pairs.map(([, code]) => code))];
}

/** The longest prefix of `text` within `max` (in `unit`), or within every one of `limits`,
 *  never splitting a grapheme cluster; a `contentWarning` (options) counted with each Mastodon
 *  unit, as `count` counts it. */
export function truncate(text, max, unit) {
  checkText(text);
  const [pairs, warning] = limitsOf(max, unit, "truncate");
  const length = engine.prefix(text, pairs, warning);
  return length === text.length ? text : text.slice(0, length);
}

/** Whether `text` is within `max` (in `unit`), or within every one of `limits`; a
 *  `contentWarning` (options) counted with each Mastodon unit, as `count` counts it. */
export function fits(text, max, unit) {
  checkText(text);
  const [pairs, warning] = limitsOf(max, unit, "fits");
  if (warning !== null) return engine.prefix(text, pairs, warning) === text.length;
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

/** The unit of X's, Mastodon's or Mastodon's composer's post length with each URL counting
 *  `urlLength` instead of 23 (a Mastodon server's characters_reserved_per_url), for any `unit`
 *  argument. The units it takes are those the module's textlimit_post_unit takes. */
export function postUnit(unit, urlLength) {
  const code = typeof unit === "string" ? codeOfName(unit) : -1;
  if (code < 0 || engine.postUnitCode(code, 0) < 0) {
    const expected = `expected ${orList(urlLengthUnits())} (the post lengths that count URLs), not ${describe(unit)}`;
    throw new (typeof unit === "string" ? RangeError : TypeError)(`unit: ${expected}`);
  }
  checkURLLength(urlLength);
  const made = engine.postUnitCode(code, urlLength);
  if (made < 0) throw new RangeError(`postUnit: the engine refused ${unit} with a URL length of ${urlLength}`);
  return made;
}

/** A platform's post limits as [max, unit] pairs for `limits`: "x" (280 in X's length),
 *  "mastodon" (500 in Mastodon's server's), "mastodon-composer" (500 in what its web composer
 *  shows), "bluesky" (300 graphemes and 3000 UTF-8 bytes), "bluesky-composer" (300 in what
 *  Bluesky's app shows, links shortened, and 3000 UTF-8 bytes of the text it publishes). `max`
 *  replaces the first limit's maximum, `urlLength` what each URL counts (the rules that count
 *  URLs: x, mastodon and mastodon-composer, as the module says). A post's content warning goes
 *  to count, fits and truncate with these limits (`contentWarning`). */
export function rule(name, options = {}) {
  if (typeof name !== "string") throw new TypeError(`name: expected one of ${RULES.join(", ")}, not ${describe(name)}`);
  if (!RULES.includes(name)) throw new RangeError(`name: unknown rule "${name}"; one of ${RULES.join(", ")}`);
  if (options === null || typeof options !== "object") throw new TypeError(`options: expected {max, urlLength}, not ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (key !== "max" && key !== "urlLength") throw new TypeError(`options: unknown option "${key}"; one of max, urlLength`);
  }
  const { max, urlLength } = options;
  if (max !== undefined && max !== null) checkMax(max, "max");
  if (urlLength !== undefined && urlLength !== null) checkURLLength(urlLength);
  const pairs = engine.ruleLimits(name, max ?? -1, urlLength ?? -1);
  if (pairs === null) {
    // The module takes the rule without a URL length: it counts URLs as written.
    if (urlLength !== undefined && urlLength !== null && engine.ruleLimits(name, max ?? -1, -1) !== null) {
      throw new RangeError(`urlLength: ${name} counts URLs as written; give no urlLength`);
    }
    throw new RangeError(`rule: the engine refused ${name} with ${JSON.stringify(options)}`);
  }
  return pairs.map(([value, code]) => [value, code < UNITS.length ? UNITS[code] : code]);
}

/// [pairsOnly, lookalikes, language] of smsUnit's and sms's options, as the module takes them.
function smsOptionsOf(options) {
  if (options === undefined) return [0, 0, 0];
  if (options === null || typeof options !== "object") throw new TypeError(`options: expected {split, lookalikes, language}, not ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (key !== "split" && key !== "lookalikes" && key !== "language") throw new TypeError(`options: unknown option "${key}"; one of split, lookalikes, language`);
  }
  const { split = "whole", lookalikes = false, language = null } = options;
  if (split !== "whole" && split !== "pairs") {
    throw new (typeof split === "string" ? RangeError : TypeError)(`split: expected "whole" (between grapheme clusters, as Twilio) or "pairs" (anywhere but inside an escape or surrogate pair), not ${describe(split)}`);
  }
  if (typeof lookalikes !== "boolean") throw new TypeError(`lookalikes: expected a boolean, not ${describe(lookalikes)}`);
  let identifier = 0;
  if (language !== null) {
    identifier = SMS_LANGUAGES.indexOf(language) + 1;
    if (identifier === 0) {
      throw new (typeof language === "string" ? RangeError : TypeError)(`language: expected one of ${SMS_LANGUAGES.join(", ")} or null, not ${describe(language)}`);
    }
  }
  return [split === "pairs" ? 1 : 0, lookalikes ? 1 : 0, identifier];
}

/** The unit of SMS segments with options, for any `unit` argument ("sms" is the defaults'):
 *  `split` where a long message is split into parts ("whole": between grapheme clusters, as
 *  Twilio's calculator; "pairs": anywhere but inside an escape or surrogate pair),
 *  `lookalikes` replaces characters with GSM look-alikes first (Twilio's smart encoding),
 *  `language` allows a national language's shift tables (one of SMS_LANGUAGES). */
export function smsUnit(options = undefined) {
  const code = engine.smsUnitCode(...smsOptionsOf(options));
  if (code < 0) throw new RangeError(`smsUnit: the engine refused ${JSON.stringify(options)}`);
  return code;
}

/** `text` measured as an SMS message, as Twilio's message-segment-calculator measures it
 *  (options as smsUnit's): `encoding` "GSM-7" or "UCS-2", `units` (septets or UTF-16 code
 *  units), `segments` (the messages it is sent in), `characters` (those that forced UCS-2,
 *  each once, in order). */
export function sms(text, options = undefined) {
  checkText(text);
  const code = smsUnit(options);
  const { encoding, units, segments, characters } = engine.smsMeasure(text, code);
  return { encoding: encoding === 0 ? "GSM-7" : "UCS-2", units, segments, characters };
}

/** The text Bluesky's app (social-app 63f0d4d3, atproto's RichText d6296a1c) publishes for
 *  `text` typed in its composer: the lines of white space at its start and the white space at
 *  its end removed, runs of three or more line breaks made two, each link typed with http(s)://
 *  shortened as the composer shows it. Its UTF-8 bytes are the 3000 rule("bluesky-composer")
 *  checks. A string gives a string (a lone surrogate as U+FFFD), bytes give bytes. */
export function publish(text, rule = "bluesky-composer") {
  checkText(text);
  if (rule !== "bluesky-composer") {
    throw new (typeof rule === "string" ? RangeError : TypeError)(`rule: expected "bluesky-composer" (the other rules publish the text as typed), not ${describe(rule)}`);
  }
  return engine.blueskyPublished(text);
}

