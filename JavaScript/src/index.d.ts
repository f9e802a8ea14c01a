// Types of the textlimit package (index.js). Checked by compiling test/types-usage.ts with
// `tsc --noEmit --strict` (Scripts/test-web).

/** A unit's name as the `textlimit` tool spells it: grapheme clusters, UTF-16 code units,
 *  scalars, UTF-8 bytes, terminal width, the twitter-text and CJK-as-two weights, X's and
 *  Mastodon's server's post lengths, words (UAX #29), SMS segments (as Twilio counts them), what
 *  a browser's `maxlength` counts, stringz's length, Mastodon's web composer's and Bluesky's
 *  app's post lengths, and the UTF-8 bytes of the text Bluesky's app publishes. */
export type UnitName =
  | "graphemes" | "utf16" | "scalars" | "utf8" | "width" | "twitter" | "wide2" | "x" | "mastodon"
  | "words" | "sms" | "maxlength" | "stringz" | "mastodon-composer" | "bluesky-composer"
  | "bluesky-published-utf8";

/** The library's longer names of some units. */
export type UnitAlias = "unicodeScalars" | "displayWidth" | "twitterV3" | "wideAsTwo" | "htmlMaxLength";

/** A unit: one of the sixteen names, one of the library's longer aliases, or a code `postUnit`
 *  or `smsUnit` made. */
export type Unit = UnitName | UnitAlias | number;

/** A platform's post rule. */
export type RuleName = "x" | "mastodon" | "mastodon-composer" | "bluesky" | "bluesky-composer";

/** A national language of 3GPP TS 23.038 whose shift tables an SMS may use. */
export type SMSLanguage =
  | "turkish" | "spanish" | "portuguese" | "bengali" | "gujarati" | "hindi" | "kannada"
  | "malayalam" | "oriya" | "punjabi" | "tamil" | "telugu" | "urdu";

/** A text: a string (lone surrogates count as U+FFFD) or UTF-8 bytes (ill-formed bytes count as
 *  Swift repairs them). */
export type Text = string | Uint8Array;

/** Several limits at once: `{unit: max}`, a Map, or `[max, unit]` pairs as `rule` gives. */
export type Limits =
  | Partial<Record<UnitName | UnitAlias, number>>
  | ReadonlyMap<Unit, number>
  | ReadonlyArray<readonly [number, Unit]>;

/** Either a maximum in a unit, or several limits. A maximum is an integer from 0 to
 *  2,147,483,647 (the module's 32-bit `Int`); a larger one throws a RangeError. */
export type LimitOptions = { max: number; unit?: Unit; limits?: undefined } | { limits: Limits; max?: undefined; unit?: undefined };

/** A post's limits with its content warning, counted with each Mastodon unit among them (the
 *  server strips it and counts it with the text; the composer counts it as typed: give it only
 *  while its toggle is on). A RangeError when no unit among the limits takes one. */
export type PostLimitOptions = LimitOptions & { contentWarning?: string | null };

/** The sixteen unit names, in the C API's order (the module's). */
export const UNITS: readonly UnitName[];
/** The platforms' post rules `rule` knows. */
export const RULES: readonly ["x", "mastodon", "mastodon-composer", "bluesky", "bluesky-composer"];
/** The national languages whose shift tables `smsUnit` and `sms` allow, in the order of their
 *  identifiers (1 to 13). */
export const SMS_LANGUAGES: readonly SMSLanguage[];
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

/** The length of `text` in `unit` (grapheme clusters by default); `contentWarning` (with
 *  "mastodon", "mastodon-composer" or a code `postUnit` made of them) the post's warning,
 *  counted with it. */
export function count(text: Text, unit?: Unit, options?: { strict?: boolean; contentWarning?: string | null }): number;

/** The longest prefix of `text` within `max` in `unit` (or within every one of `limits`, a
 *  content warning counted with each Mastodon unit), never splitting a grapheme cluster. */
export function truncate<T extends Text>(text: T, max: number, unit?: Unit): T extends string ? string : Uint8Array;
export function truncate<T extends Text>(text: T, options: PostLimitOptions): T extends string ? string : Uint8Array;

/** Whether `text` is within `max` in `unit`, or within every one of `limits` (a content
 *  warning counted with each Mastodon unit). */
export function fits(text: Text, max: number, unit?: Unit): boolean;
export function fits(text: Text, options: PostLimitOptions): boolean;

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

/** The unit of X's, Mastodon's or Mastodon's composer's post length with each URL counting
 *  `urlLength` (0–8388606). */
export function postUnit(unit: "x" | "mastodon" | "mastodon-composer", urlLength: number): number;

/** A platform's post limits as `[max, unit]` pairs, for `limits`; `urlLength` for the rules
 *  that count URLs (x, mastodon, mastodon-composer). */
export function rule(name: RuleName, options?: { max?: number | null; urlLength?: number | null }): [number, Unit][];

/** How a text is sent as SMS: where a long message is split ("whole": between grapheme
 *  clusters, as Twilio's calculator; "pairs": anywhere but inside an escape or surrogate pair),
 *  whether characters are replaced with GSM look-alikes first (Twilio's smart encoding), which
 *  national language's shift tables the sender may use. */
export interface SMSOptions {
  split?: "whole" | "pairs";
  lookalikes?: boolean;
  language?: SMSLanguage | null;
}

/** A text measured as an SMS message. */
export interface SMSMessage {
  /** GSM 7-bit, or UCS-2 where a character is not in the GSM alphabets allowed. */
  readonly encoding: "GSM-7" | "UCS-2";
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  readonly units: number;
  /** The messages it is sent in: 160 or 70 units in one, 153 or 67 in each part of more. */
  readonly segments: number;
  /** The characters that forced UCS-2, each once, in the order they first appear. */
  readonly characters: string[];
}

/** The unit of SMS segments with options, for any `unit` argument ("sms" is the defaults'). */
export function smsUnit(options?: SMSOptions): number;

/** `text` measured as an SMS message, as Twilio's message-segment-calculator measures it. */
export function sms(text: Text, options?: SMSOptions): SMSMessage;

/** The text Bluesky's app publishes for `text` typed in its composer (trimmed, blank lines
 *  cleaned, links shortened); its UTF-8 bytes are the 3000 `rule("bluesky-composer")` checks. */
export function publish<T extends Text>(text: T, rule?: "bluesky-composer"): T extends string ? string : Uint8Array;

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
