// How stringz-cases.tsv was made: run with Node 20 beside a copy of stringz 2.1.0 (sallar/stringz
// 87bc753, src/index.ts compiled) and char-regex 1.0.2 (Richienb/char-regex v1.0.2), the versions
// Mastodon 4.6.5's yarn.lock pins, at the path below; neither is in this repository.
// Runs stringz 2.1.0 (char-regex 1.0.2), as Mastodon 4.6.5's composer uses it, on inputs written
// for TextLimit's tests, and prints a TSV: id, text (JSON), length (stringz), matches (JSON).
import { length, toArray } from '/work/research/issue48/tmp/stringz/index.mjs';
const pieces = ['a', 'e\u0301', 'e\u0301\u0301', '\u0301', '\r\n', '\u1100\u1161\u11A8', '\u0915\u094D\u0937',
  '\u{1F600}', '\u{1F44D}\u{1F3FD}', '\u{1F3FB}\u{1F3FC}', '\u{1F3FB}', '\u2764\uFE0F', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
  '\u{1F1EF}\u{1F1F5}', '\u{1F1EF}', '\u{1F1EF}\u{1F1F5}\u{1F1EB}', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
  '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', '\u{1F3F4}\u{E0067}\u{E0062}', 'a\u200Db', 'a\u200D', '\u200D',
  'x\uFE0F\u0301', '\u{1F600}\u200D\u{1F1EF}\u{1F1F5}', '\u{1F600}\u200D\u{1F1EF}x', '1\uFE0F\u20E3', '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}',
  '\uFE0F', ' ', '\u65E5\u672C', '\u{20000}', '\u0E2A\u0E27\u0E31', 'a\u20DD', '\uFE20', '\u1AB0\u1AB0', '\uFFFD'];
let seed = 7;
function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; }
const rows = ['id\ttext\tstringz_length\tmatches'];
pieces.forEach((p, i) => rows.push(`piece-${i}\t${JSON.stringify(p)}\t${length(p)}\t${JSON.stringify(toArray(p))}`));
for (let r = 0; r < 150; r++) {
  let t = '';
  const n = 1 + rnd(8);
  for (let k = 0; k < n; k++) t += pieces[rnd(pieces.length)];
  rows.push(`random-${r}\t${JSON.stringify(t)}\t${length(t)}\t${JSON.stringify(toArray(t))}`);
}
// Longer texts of more pieces, for the scanner that reads a scalar at a time: flags one after
// another and cut short, joiners at the ends, selectors and marks in every order.
const more = pieces.concat(['\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}',
  '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}', '\u{1F3F4}\uFE0F', '\u{1F3F4}', '\u{E007F}', '\u200D\u200D',
  '\u{1F3FB}\uFE0F\u{1F3FC}', '\u{1F1EF}\u200D\u{1F1EF}\u{1F1F5}', 'a\u0301\uFE0F\u0301', '\u{1F468}\u200D',
  '\u{1F3F4}\u200D\u2620\uFE0F', '\u{1F3F3}\uFE0F\u200D\u{1F308}', '\u0301\u0301\u0301', 'e\u0301\u0301\u0301',
  '\u{1F9D1}\u{1F3FF}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F9D1}\u{1F3FB}', '\u{1F44D}\u{1F3FB}\u{1F3FC}', '*\uFE0F\u20E3',
  '\u{1F469}\u200D\u{1F3FD}', '\u{1F1EF}\uFE0F\u{1F3FB}\u200D', '\uFE0F\u{1F3FB}', 'x\u{1F3FB}\u0301']);
for (let r = 0; r < 300; r++) {
  let t = '';
  const n = 10 + rnd(21);
  for (let k = 0; k < n; k++) t += more[rnd(more.length)];
  rows.push(`long-${r}\t${JSON.stringify(t)}\t${length(t)}\t${JSON.stringify(toArray(t))}`);
}
function ascii(s) { return s.replace(/[\u007f-\uffff]/g, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')); }
console.log(rows.map(ascii).join('\n'));
