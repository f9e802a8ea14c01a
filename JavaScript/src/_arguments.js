// The arguments the public functions (index.js) and the field limiter (field.js) share: units,
// limits, a counter's rule and warning threshold, read and checked here once, with TypeError or
// RangeError naming the argument and what is allowed. Both files import this one; neither needs
// the other to have run (a bundler that honours "sideEffects": false may load field.js alone).
// What a unit code or a maximum may be is the module's answer (_module.js), never a copy here.
import * as engine from "./_module.js";

/** The unit names, in the C API's order. */
export const UNITS = Object.freeze(Array.from({ length: 9 }, (_, code) => engine.unitName(code)));

/** A value as an error message names it. */
export function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `"${value}"`;
  return typeof value === "object" ? `a ${value.constructor?.name ?? "object"}` : `${typeof value} ${String(value)}`;
}

const unitList = UNITS.join(", ");
const knownCodes = new Map(UNITS.map((name, code) => [name, code]));

/** The C API code of a unit: a name (or alias), or a code postUnit made. */
export function unitCode(unit, argument = "unit") {
  if (typeof unit === "string") {
    let code = knownCodes.get(unit);
    if (code === undefined) {
      code = engine.unitCode(unit);
      if (code < 0) throw new RangeError(`${argument}: unknown unit "${unit}"; one of ${unitList} (or a code from postUnit)`);
      knownCodes.set(unit, code);
    }
    return code;
  }
  if (Number.isInteger(unit) && unit >= 0 && unit <= 0x7FFFFFFF) {
    if (engine.isUnitCode(unit)) return unit;
    throw new RangeError(`${argument}: ${unit} is no unit code; one of ${unitList}, or a code from postUnit`);
  }
  throw new TypeError(`${argument}: expected a unit name (${unitList}) or a code from postUnit, not ${describe(unit)}`);
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

/** [[max, code]...] from (max, unit) or {limits} or {max, unit}; `name` names the caller. */
export function limitPairs(max, unit, name) {
  let limits;
  if (max !== null && typeof max === "object" && !Array.isArray(max)) {
    const options = max;
    for (const key of Object.keys(options)) {
      if (key !== "max" && key !== "unit" && key !== "limits") {
        throw new TypeError(`options: unknown option "${key}"; one of max, unit, limits`);
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
