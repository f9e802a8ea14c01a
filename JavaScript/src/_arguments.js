// The arguments the public functions (index.js) and the field limiter (field.js) share: units,
// limits, a counter's rule and warning threshold, read and checked here once, with TypeError or
// RangeError naming the argument and what is allowed. Both files import this one; neither needs
// the other to have run (a bundler that honours "sideEffects": false may load field.js alone).
// What a unit code or a maximum may be is the module's answer (_module.js), never a copy here.
import * as engine from "./_module.js";

/** The unit names, in the C API's order: the module's, read until it names no more. */
export const UNITS = Object.freeze((() => {
  const names = [];
  for (let name = engine.unitName(0); name !== null; name = engine.unitName(names.length)) names.push(name);
  return names;
})());

/** A value as an error message names it. */
export function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `"${value}"`;
  return typeof value === "object" ? `a ${value.constructor?.name ?? "object"}` : `${typeof value} ${String(value)}`;
}

/** Names as a message lists them: `"a", "b" or "c"`. */
export function orList(names) {
  const quoted = names.map((name) => `"${name}"`);
  return quoted.length < 2 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

const unitList = UNITS.join(", ");
const knownCodes = new Map(UNITS.map((name, code) => [name, code]));

let urlUnits = null;
/** The units postUnit takes, as the module says: the post lengths that count URLs. */
export function urlLengthUnits() {
  urlUnits ??= UNITS.filter((_, code) => engine.postUnitCode(code, 0) >= 0);
  return urlUnits;
}

/** Whether the unit `code` takes a content warning, as the module says (Mastodon's do). */
const takesWarning = new Map();
function takesContentWarning(code) {
  let takes = takesWarning.get(code);
  if (takes === undefined) {
    takes = engine.countWithWarning("", code, "!") !== null;
    takesWarning.set(code, takes);
  }
  return takes;
}

/** The named units that take a content warning. */
export function contentWarningUnits() { return UNITS.filter((_, code) => takesContentWarning(code)); }

/** The code of a unit name or alias, or -1; never throws. */
export function codeOfName(name) {
  const code = knownCodes.get(name) ?? engine.unitCode(name);
  if (code >= 0) knownCodes.set(name, code);
  return code;
}

/** The C API code of a unit: a name (or alias), or a code postUnit made. */
export function unitCode(unit, argument = "unit") {
  if (typeof unit === "string") {
    const code = codeOfName(unit);
    if (code < 0) throw new RangeError(`${argument}: unknown unit "${unit}"; one of ${unitList} (or a code from postUnit or smsUnit)`);
    return code;
  }
  if (Number.isInteger(unit) && unit >= 0 && unit <= 0x7FFFFFFF) {
    if (engine.isUnitCode(unit)) return unit;
    throw new RangeError(`${argument}: ${unit} is no unit code; one of ${unitList}, or a code from postUnit or smsUnit`);
  }
  throw new TypeError(`${argument}: expected a unit name (${unitList}) or a code from postUnit or smsUnit, not ${describe(unit)}`);
}

/** The option contentWarning as the module takes it: a string, or null for none (an empty
 *  one counts as none); `codes` the units it goes with, one at least taking a warning. */
export function contentWarningOf(option, codes) {
  if (option === undefined || option === null || option === "") return null;
  if (typeof option !== "string") throw new TypeError(`contentWarning: expected a string, not ${describe(option)}`);
  if (!codes.some(takesContentWarning)) {
    throw new RangeError(`contentWarning: ${codes.length === 1 ? "the unit takes no" : "no unit of the limits takes a"} content warning; ${orList(contentWarningUnits())} (or a code postUnit made of them) do`);
  }
  return option;
}

/** Throws unless `text` is a string or UTF-8 bytes. */
export function checkText(text, argument = "text") {
  if (typeof text !== "string" && !(text instanceof Uint8Array)) {
    throw new TypeError(`${argument}: expected a string or a Uint8Array of UTF-8, not ${describe(text)}`);
  }
}

/** Throws unless `value` is a maximum the module holds: an integer from 0 to its Int.max. */
export function checkMax(value, argument) {
  const allowed = `an integer from 0 to ${engine.maximumLength}`;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(`${argument}: expected ${allowed}, not ${describe(value)}`);
  }
  if (value < 0 || value > engine.maximumLength) throw new RangeError(`${argument}: expected ${allowed}, not ${value}`);
}

/** [[max, code]...] from (max, unit) or {limits} or {max, unit}; `name` names the caller,
 *  `also` the other options it reads from the same object itself. */
export function limitPairs(max, unit, name, also = []) {
  let limits;
  if (max !== null && typeof max === "object" && !Array.isArray(max)) {
    const options = max;
    for (const key of Object.keys(options)) {
      if (key !== "max" && key !== "unit" && key !== "limits" && !also.includes(key)) {
        throw new TypeError(`options: unknown option "${key}"; one of ${["max", "unit", "limits", ...also].join(", ")}`);
      }
    }
    if (unit !== undefined) throw new TypeError(`${name}: give the unit in the options, or max and unit as arguments`);
    ({ max, unit, limits } = options);
  }
  unit ??= "graphemes";
  if ((max === undefined || max === null) === (limits === undefined || limits === null)) {
    throw new TypeError(`${name}: give either max (with unit) or limits, not both or neither`);
  }
  if (limits === undefined || limits === null) {
    checkMax(max, "max");
    return [[max, unitCode(unit)]];
  }
  let pairs;
  if (Array.isArray(limits)) {
    pairs = limits.map((pair) => {
      if (!Array.isArray(pair) || pair.length !== 2) {
        throw new TypeError(`limits: expected [max, unit] pairs (as rule() gives), not ${describe(pair)}`);
      }
      return pair;
    });
  } else if (limits instanceof Map) {
    pairs = [...limits].map(([key, value]) => [value, key]);
  } else if (typeof limits === "object") {
    pairs = Object.entries(limits).map(([key, value]) => [value, key]);
  } else {
    throw new TypeError(`limits: expected an object {unit: max}, a Map or [max, unit] pairs, not ${describe(limits)}`);
  }
  if (pairs.length === 0) throw new RangeError("limits: no limit given");
  return pairs.map(([value, key]) => {
    checkMax(value, "limits: a limit");
    return [value, unitCode(key, "limits: a unit")];
  });
}

/** The option warningThreshold as the module takes it: [kind, value] (kind -1 the default,
 *  0 none, 1 remaining, 2 fraction used). */
export function thresholdOf(option) {
  if (option === undefined) return [-1, 0];
  if (option === null) return [0, 0];
  if (typeof option === "object" && Object.keys(option).length === 1) {
    if (Number.isInteger(option.remaining) && option.remaining >= 0 && option.remaining <= engine.maximumLength) return [1, option.remaining];
    if (typeof option.fractionUsed === "number" && option.fractionUsed >= 0 && option.fractionUsed <= 1) return [2, option.fractionUsed];
  }
  throw new RangeError(`warningThreshold: expected {remaining: an integer of at least 0}, {fractionUsed: a number from 0 to 1} or null, not ${JSON.stringify(option)}`);
}

/** The option counterRule as the module takes it: -1 the first, -2 the tightest, or an index
 *  below `count`. */
export function counterRuleOf(option, count) {
  const rule = option ?? "first";
  if (rule === "first") return -1;
  if (rule === "tightest") return -2;
  if (Number.isInteger(rule) && rule >= 0 && rule < count) return rule;
  throw new RangeError(`counterRule: expected "first", "tightest" or a rule's index below ${count}, not ${describe(rule)}`);
}
