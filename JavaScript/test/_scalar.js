// Preloaded by Scripts/test-web (node --import) to run the tests on the scalar module.
globalThis.TEXTLIMIT_WASM_VARIANT = process.env.TEXTLIMIT_WASM_VARIANT;
