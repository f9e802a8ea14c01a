// The npm package: its manifest as the house style asks, and `npm pack` offline, installed into
// a fresh project and imported from there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

test("package.json: an ES module with exports, types, engines, no dependencies, no side effects", () => {
  assert.equal(manifest.type, "module");
  assert.equal(manifest.exports["."].types, "./src/index.d.ts");
  assert.equal(manifest.exports["."].default, "./src/index.js");
  assert.equal(manifest.sideEffects, false);
  assert.match(manifest.engines.node, />=\s*20/);
  assert.equal(manifest.dependencies, undefined);
});

test("bundlers can follow it: the .wasm files named literally, no module needing another to have run", () => {
  // webpack, Vite and Rollup emit a file for new URL("literal", import.meta.url) only.
  const loader = readFileSync(join(root, "src", "_module.js"), "utf8");
  for (const file of ["textlimit.wasm", "textlimit-simd128.wasm"]) {
    assert.ok(loader.includes(`new URL("../${file}", import.meta.url)`), `${file} named in a literal new URL`);
  }
  // With "sideEffects": false a bundler may load field.js without index.js: it imports what it
  // needs itself (the browser test loads it alone), and nothing imports index.js.
  for (const file of ["field.js", "_arguments.js", "_module.js"]) {
    assert.doesNotMatch(readFileSync(join(root, "src", file), "utf8"), /from "\.\/index\.js"/, file);
  }
});

test("LICENSE is the repository's; NOTICE names what the modules link, not what the C library does", () => {
  assert.equal(readFileSync(join(root, "LICENSE"), "utf8"), readFileSync(join(root, "..", "LICENSE"), "utf8"));
  const notice = readFileSync(join(root, "NOTICE"), "utf8");
  // Every archive Scripts/build-wasm links (libswiftUnicodeDataTables.a, wasi-libc's libc.a)...
  const linked = new Set(readFileSync(join(root, "..", "Scripts", "build-wasm"), "utf8").match(/[\w.-]+\.a\b/g));
  assert.ok(linked.size >= 2, [...linked].join());
  for (const archive of linked) assert.ok(notice.includes(archive), `${archive} in NOTICE`);
  for (const member of ["dlmalloc", "musl", "cloudlibc", "Embedded Swift"]) assert.ok(notice.includes(member), member);
  // ... and none of what only the self-contained C library links (the root NOTICE's).
  for (const absent of ["libutf8proc", "utf8proc 2", "libdispatch", "libBlocksRuntime", "libswift_Concurrency", "ICU"]) {
    assert.doesNotMatch(notice, new RegExp(`\\b${absent}\\b`), `${absent} is not in the modules`);
  }
});

test("npm pack works offline; the tarball installs and imports", () => {
  const directory = mkdtempSync(join(tmpdir(), "textlimit-pack-"));
  const packed = JSON.parse(execFileSync("npm", ["pack", "--offline", "--json", "--pack-destination", directory], { cwd: root }).toString())[0];
  const files = packed.files.map((file) => file.path);
  for (const file of ["package.json", "README.md", "src/index.js", "src/index.d.ts", "src/_module.js", "src/_arguments.js", "src/field.js", "src/_strings.js", "textlimit.wasm", "textlimit-simd128.wasm"]) {
    assert.ok(files.includes(file), `${file} in the tarball`);
  }
  assert.ok(!files.some((file) => file.startsWith("test/") || file.startsWith("wasm/")), "no tests or sources");
  const project = join(directory, "app");
  execFileSync("mkdir", ["-p", project]);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", join(directory, packed.filename)], { cwd: project });
  const output = execFileSync("node", ["--input-type=module", "-e", "import { count, truncate } from 'textlimit'; console.log(count('👨‍👩‍👧‍👦 e\\u0301'), truncate('ab👍🏽c', 3))"], { cwd: project }).toString();
  assert.equal(output.trim(), "3 ab👍🏽");
});
