// Compiled with `tsc --noEmit --strict` (Scripts/test-web): the declarations in src/index.d.ts
// describe the API as the README and the tests use it; a wrong one fails to compile.
import {
  count, countMany, counter, fits, fitsMany, graphemes, InvalidUTF8Error, limitField, postUnit, rule,
  RULES, slice, TextLimitTrapError, truncate, UNITS, VERSION, version, wasmVariant,
  type CounterState, type LimitedField, type Unit,
} from "textlimit";

const n: number = count("👍🏽") + count("a", "utf16") + count(new Uint8Array([0x61]), "utf8", { strict: true });
const cut: string = truncate("ab👍🏽c", 3) + truncate("abc", { limits: rule("bluesky") });
const bytes: Uint8Array = truncate(new Uint8Array([0x61]), { max: 1, unit: "utf8" });
const ok: boolean = fits("日本語", { limits: { twitter: 280, utf8: 9 } }) && fits("x", 3, "graphemes");
const pieces: string[] = graphemes("e\u0301🇯🇵");
const part: string = slice("a👍🏽b", 1, -1) + slice("abc", null, 2);
const many: (number | null)[] = countMany(["a", null, new Uint8Array(0)], "utf16");
const manyFit: (boolean | null)[] = fitsMany(["a", undefined], { limits: [[5, "graphemes"], [10, "utf8"]] });
const unit: Unit = postUnit("mastodon", 30);
const limits: [number, Unit][] = rule("mastodon", { max: 1000, urlLength: unit });
const names: readonly string[] = [...UNITS, ...RULES, VERSION, version(), wasmVariant];
const errors: Error[] = [new InvalidUTF8Error(3), new TextLimitTrapError()];
const shown: CounterState = counter("draft", { limits: rule("bluesky"), counterRule: "tightest", warningThreshold: { remaining: 20 } });
const shownState: "normal" | "warning" | "over" = counter("draft", { max: 10 }).state;

declare const input: HTMLInputElement;
declare const counterElement: HTMLElement;
const field: LimitedField = limitField(input, {
  limits: rule("x"), soft: true, counter: counterElement, counterRule: "tightest", locale: "de",
  warningThreshold: { remaining: 20 }, announcementPause: 1,
  onLimitReached: (event) => { const reason: string = event.reason; void reason; },
});
field.detach();
const state: "normal" | "warning" | "over" = field.counterState;
void [n, cut, bytes, ok, pieces, part, many, manyFit, limits, names, errors, field.count, state, shown.isOverLimit, shownState];

// @ts-expect-error: a unit name the package does not know.
count("a", "bytes");
// @ts-expect-error: fits needs a maximum or limits.
fits("a");
// @ts-expect-error: a counter needs a maximum or limits.
counter("a", { counterRule: "first" });
