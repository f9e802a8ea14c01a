// Compiled with `tsc --noEmit --strict` (Scripts/test-web): the declarations in src/index.d.ts
// describe the API as the README and the tests use it; a wrong one fails to compile.
import {
  count, countMany, counter, fits, fitsMany, graphemes, InvalidUTF8Error, limitField, postUnit, publish,
  rule, RULES, slice, sms, SMS_LANGUAGES, smsUnit, TextLimitTrapError, truncate, UNITS, VERSION, version,
  wasmVariant,
  type CounterState, type LimitedField, type RuleName, type SMSLanguage, type SMSMessage, type Unit,
  type UnitName,
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

// The units and rules after the first nine, SMS, Bluesky's published text, content warnings.
const newNames: UnitName[] = ["words", "sms", "maxlength", "stringz", "mastodon-composer", "bluesky-composer", "bluesky-published-utf8"];
const newCounts: number = count("a b", "words") + count("a\r\nb", "htmlMaxLength") + count("x", newNames[0])
  + count("hello", "mastodon", { contentWarning: "cw" }) + count("hello", postUnit("mastodon-composer", 30), { contentWarning: null });
const rules: RuleName[] = [...RULES];
const composer: [number, Unit][] = rule("bluesky-composer", { max: 280 });
const warnedCut: string = truncate("hello", { limits: rule("mastodon"), contentWarning: "spoiler" });
const warnedFit: boolean = fits(new Uint8Array(0), { max: 500, unit: "mastodon-composer", contentWarning: "cw" });
const languages: readonly SMSLanguage[] = SMS_LANGUAGES;
const smsCode: number = smsUnit() + smsUnit({ split: "pairs", lookalikes: true, language: "turkish" });
const message: SMSMessage = sms("日本 ok", { language: null });
const encoding: "GSM-7" | "UCS-2" = message.encoding;
const forcing: string[] = message.characters;
const segments: number = sms(new Uint8Array([0x61])).segments + count("x", smsCode);
const published: string = publish("Check https://example.com/a/very/long/path ok");
const publishedBytes: Uint8Array = publish(new Uint8Array([0x61]), "bluesky-composer");
void [newCounts, rules, composer, warnedCut, warnedFit, languages, encoding, forcing, segments, published, publishedBytes];

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
// @ts-expect-error: a rule the package does not know.
rule("threads");
// @ts-expect-error: postUnit takes the post lengths that count URLs only.
postUnit("bluesky-composer", 30);
// @ts-expect-error: an SMS language the package does not know.
smsUnit({ language: "klingon" });
// @ts-expect-error: split is "whole" or "pairs".
sms("a", { split: "halves" });
// @ts-expect-error: only Bluesky's app's publishing changes the text.
publish("a", "mastodon");
// @ts-expect-error: a content warning is a string.
count("a", "mastodon", { contentWarning: 5 });
// @ts-expect-error: fits needs a maximum or limits.
fits("a");
// @ts-expect-error: a counter needs a maximum or limits.
counter("a", { counterRule: "first" });
