// Types of the textlimit package (index.js). Checked by compiling test/types-usage.ts with
// `tsc --noEmit --strict` (Scripts/test-web).

/** A unit's name as the `textlimit` tool spells it. */
export type UnitName =
  | "graphemes" | "utf16" | "scalars" | "utf8" | "width" | "twitter" | "wide2" | "x" | "mastodon";

/** A unit: one of the nine names, one of the library's longer aliases, or a code `postUnit`
 *  made. */
export type Unit = UnitName | "unicodeScalars" | "displayWidth" | "twitterV3" | "wideAsTwo" | number;

/** A text: a string (lone surrogates count as U+FFFD) or UTF-8 bytes (ill-formed bytes count as
 *  Swift repairs them). */
export type Text = string | Uint8Array;

/** Several limits at once: `{unit: max}`, a Map, or `[max, unit]` pairs as `rule` gives. */
export type Limits =
  | Partial<Record<UnitName | "unicodeScalars" | "displayWidth" | "twitterV3" | "wideAsTwo", number>>
  | ReadonlyMap<Unit, number>
  | ReadonlyArray<readonly [number, Unit]>;

/** Either a maximum in a unit, or several limits. A maximum is an integer from 0 to
 *  2,147,483,647 (the module's 32-bit `Int`); a larger one throws a RangeError. */
export type LimitOptions = { max: number; unit?: Unit; limits?: undefined } | { limits: Limits; max?: undefined; unit?: undefined };

/** The nine unit names, in the C API's order. */
export const UNITS: readonly UnitName[];
/** The platforms' post rules `rule` knows. */
export const RULES: readonly ["x", "mastodon", "bluesky"];
/** The library's version, e.g. "0.3.0". */
export const VERSION: string;
/** Which WebAssembly module counts here. */
export const wasmVariant: "simd128" | "scalar";

/** The library's version, e.g. "0.3.0". */
export function version(): string;

/** Thrown by `count(bytes, unit, {strict: true})` for ill-formed UTF-8. */
export class InvalidUTF8Error extends Error {
  constructor(offset: number);
  /** The offset of the first ill-formed byte. */
  readonly offset: number;
}

/** Thrown when the WebAssembly module trapped; it was re-created and is ready again, and every
 *  field limiter re-synchronised from its element's text. */
export class TextLimitTrapError extends Error {}

/** The length of `text` in `unit` (grapheme clusters by default). */
export function count(text: Text, unit?: Unit, options?: { strict?: boolean }): number;

/** The longest prefix of `text` within `max` in `unit` (or within every one of `limits`), never
 *  splitting a grapheme cluster. */
export function truncate<T extends Text>(text: T, max: number, unit?: Unit): T extends string ? string : Uint8Array;
export function truncate<T extends Text>(text: T, options: LimitOptions): T extends string ? string : Uint8Array;

/** Whether `text` is within `max` in `unit`, or within every one of `limits`. */
export function fits(text: Text, max: number, unit?: Unit): boolean;
export function fits(text: Text, options: LimitOptions): boolean;

/** The grapheme clusters of `text`, as Swift's String splits it. */
export function graphemes(text: string): string[];

/** `text[start:stop]` counted in grapheme clusters (negative indices count from the end). */
export function slice(text: string, start?: number | null, stop?: number | null): string;

/** The length of each text in `unit`, in one call; null for null or undefined. */
export function countMany(texts: Iterable<Text | null | undefined>, unit?: Unit): (number | null)[];

/** Whether each text is within the limits, in one call (the answer `fits` gives); null for
 *  null or undefined. */
export function fitsMany(texts: Iterable<Text | null | undefined>, max: number, unit?: Unit): (boolean | null)[];
export function fitsMany(texts: Iterable<Text | null | undefined>, options: LimitOptions): (boolean | null)[];

/** Where a counter starts to warn: `{ remaining: n }`, `{ fractionUsed: f }` (0 to 1), or null
 *  for no warning before the limit; 80% of the maximum used when not given. */
export type WarningThreshold = { remaining: number } | { fractionUsed: number } | null;

/** What a live counter shows for a text. */
export interface CounterState {
  /** The text's length in the unit of the rule the counter shows. */
  readonly count: number;
  /** That rule's maximum. */
  readonly max: number;
  /** "normal", "warning" (past the warning threshold, or at the limit) or "over". */
  readonly state: "normal" | "warning" | "over";
  /** Whether the text breaks any of the limits (not only the one shown). */
  readonly isOverLimit: boolean;
}

/** What a live counter shows for `text` (as `limitField`'s counter shows it): the count and
 *  maximum of the rule `counterRule` picks, and the counter's state. */
export function counter(
  text: Text,
  options: LimitOptions & { counterRule?: "first" | "tightest" | number; warningThreshold?: WarningThreshold },
): CounterState;

/** The unit of X's or Mastodon's post length with each URL counting `urlLength` (0–8388606). */
export function postUnit(unit: "x" | "mastodon", urlLength: number): number;

/** A platform's post limits as `[max, unit]` pairs, for `limits`. */
export function rule(
  name: "x" | "mastodon" | "bluesky", options?: { max?: number; urlLength?: number },
): [number, Unit][];

/** The shipped language of the field limiter's strings that serves a BCP 47 tag best. */
export function languageFor(tag: string): string;

/** Why the limit acted (the engine's LimitEvent.Reason). */
export type LimitReason =
  | "insertionTruncated" | "insertionRejected" | "compositionTruncated" | "overflowTrimmed"
  | "emojiRemoved" | "programmaticTextTruncated";

/** The options of `limitField`: a limit (`max` and `unit`, or `limits`; or the element's
 *  `maxlength`, taken in UTF-16), and how to enforce and show it. */
export interface FieldOptions {
  max?: number;
  unit?: Unit;
  limits?: Limits;
  /** Count, never refuse: the form's validity is set over the limit, the overflow highlighted. */
  soft?: boolean;
  /** False: emoji are dropped from what is typed or pasted. */
  allowsEmoji?: boolean;
  /** How text an input method is composing counts ("truncateAfterCompositionEnds" by default).
   *  In a browser a composition is never cut while it runs (an input method breaks when the
   *  text it composes changes under it): under either policy it is trimmed when it ends. */
  composition?: "truncateAfterCompositionEnds" | "enforced";
  /** An element that shows the count (aria-live="polite" is set on it). */
  counter?: HTMLElement | null;
  /** Which rule the counter shows. */
  counterRule?: "first" | "tightest" | number;
  /** The language of the counter and the announcements (the element's lang by default). */
  locale?: string;
  /** Highlight what lies beyond the limit (true under a soft limit by default). */
  highlight?: boolean;
  /** Where the counter starts to warn (its state "warning"), and from which the count is
   *  spoken when the user pauses: the engine's CounterThreshold; 80% of the maximum used by
   *  default, null for no warning before the limit (the count is then spoken at every pause). */
  warningThreshold?: WarningThreshold;
  /** Seconds without an edit before the count is spoken (1 by default). */
  announcementPause?: number;
  /** Called when the limit prevented, shortened or trimmed a change. */
  onLimitReached?: (event: { reason: LimitReason; element: HTMLElement }) => void;
}

/** What `limitField` returns. */
export interface LimitedField {
  readonly element: HTMLElement;
  /** Stops limiting and restores the element (its maxlength, validity, counter). */
  detach(): void;
  /** Takes text the program set (rule 8) and updates the counter. */
  refresh(): void;
  readonly count: number;
  readonly max: number;
  readonly isOverLimit: boolean;
  readonly counterText: string;
  /** "normal", "warning" (past the warning threshold, or at the limit) or "over". */
  readonly counterState: "normal" | "warning" | "over";
}

/** Limits an <input> (type text, search, url, tel or password: those with a selection), a
 *  <textarea> or a contenteditable="plaintext-only" element with TextLimit's engine; any other
 *  element (an <input type=email>, a rich contenteditable) throws a TypeError. */
export function limitField(
  element: HTMLInputElement | HTMLTextAreaElement | HTMLElement, options?: FieldOptions,
): LimitedField;
