// The field limiter's strings are the Apple adapters' (Sources/TextLimit/Resources/*.lproj),
// generated into src/_strings.js, and a locale picks the language the Swift code picks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { strings } from "../src/_strings.js";
import { languageFor } from "../src/field.js";

const repository = fileURLToPath(new URL("../../", import.meta.url));
const resources = `${repository}Sources/TextLimit/Resources/`;

test("every string of every .lproj is in _strings.js, as written there", () => {
  const languages = readdirSync(resources).filter((name) => name.endsWith(".lproj")).map((name) => name.slice(0, -6));
  assert.equal(languages.length, 12);
  assert.deepEqual(Object.keys(strings).sort(), languages.sort());
  for (const language of languages) {
    const file = readFileSync(`${resources}${language}.lproj/Localizable.strings`, "utf8");
    const entries = [...file.matchAll(/^"TextLimit\.(\w+)" = "(.*)";$/gm)];
    assert.equal(entries.length, 4, language);
    for (const [, key, value] of entries) {
      // %lld is the first argument, %N$lld the Nth.
      let next = 0;
      const expected = value.replace(/%(?:(\d)\$)?lld/g, (_, position) => `{${position ? Number(position) - 1 : next++}}`);
      assert.equal(strings[language][key], expected, `${language} ${key}`);
    }
  }
});

test("a locale picks the language the Swift adapters pick (LocalizedStringsTests' table)", () => {
  const swift = readFileSync(`${repository}Tests/TextLimitTests/LocalizedStringsTests.swift`, "utf8");
  const cases = [...swift.matchAll(/Lookup\(identifier: "([^"]*)", language: "([^"]*)"\)/g)];
  assert.ok(cases.length >= 25, `${cases.length} cases`);
  for (const [, identifier, language] of cases) {
    assert.equal(languageFor(identifier), language, identifier);
  }
});
