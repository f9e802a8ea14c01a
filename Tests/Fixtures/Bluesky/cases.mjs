// Runs social-app's toShortUrl (63f0d4d3, transpiled by the research harness) and its composer
// and publish pipeline (atproto RichText d6296a1c + shortenLinks + resolveRT's trim) on inputs
// written for TextLimit's tests; prints two TSVs (short URLs, then whole texts).
// ISSUE48_TMP: the research harness's directory of transpiled social-app (63f0d4d3) and atproto
// (d6296a1c) sources, which are not in this repository.
const O = process.env.ISSUE48_TMP + "/bsky/out/";
const { RichText } = await import(O + 'rich-text/index.mjs');
const { shortenLinks } = await import(O + 'rich-text-manip.mjs');
const { toShortUrl } = await import(O + 'url-helpers.mjs');
const { publishTrim } = await import(O + 'publish-trim.mjs');
const links = [
  'https://example.com', 'https://EXAMPLE.COM/Path', 'http://example.com:80/a', 'https://example.com:443/',
  'https://example.com:8080/', 'https://example.com:0080/x', 'https://example.com:99999/x', 'https://example.com:8a/',
  'https://user:pass@example.com/p', 'https://@example.com/', 'https://a@b@example.com/x', 'https://example.com/a/./b/../c',
  'https://example.com/a/%2e/b/%2E%2e/c', 'https://example.com/a/..', 'https://example.com/a/.', 'https://example.com\\a\\b',
  'https:\\\\example.com/x', 'https:////example.com/x', 'https://example.com/%7Efoo', 'https://example.com/a b',
  'https://example.com/日本語', 'https://example.com/?q=日本&x="y"', 'https://example.com/#frag`x`', 'https://example.com/?',
  'https://example.com/#', 'https://example.com/?#', 'https://bücher.de/x', 'https://BÜCHER.de/x', 'https://日本語.jp/a',
  'https://例え.テスト/パス', 'https://example。com/x', 'https://example．com/x', 'https://ｅｘａｍｐｌｅ.com/x',
  'https://xn--bcher-kva.de/', 'https://xn--zz.com/', 'https://exa%6dple.com/x', 'https://exa%zzmple.com/', 'https://exa<mple.com/',
  'https://exa^mple.com/', 'https://127.0.0.1/x', 'https://0x7f.1/', 'https://2130706433/a', 'https://1.2.3.4.5/',
  'https://1.2.3/', 'https://256.1.1.1/', 'https://[::1]/x', 'https://[2001:DB8::0:1]/', 'https://[1:0:0:0:0:0:0:8]:8080/',
  'https://[::ffff:1.2.3.4]/', 'https://[zz]/', 'http://localhost/very/long/path/here', 'https://example.com/a%2Fb',
  'https://example.com/\u00e9\u0301', 'https://a.b/c?d=e\u0027f', 'https://a.b/' + 'x'.repeat(14), 'https://a.b/' + 'x'.repeat(15),
  'https://a.b/?' + 'y'.repeat(14), 'httpS://Example.com/abc', 'https://ex\u00ADample.com/', 'https://ex\u200Bample.com/',
  'https://☃.net/snow', 'https://-a.com/', 'https://a-.com/x', 'https://a..b.com/', 'https://.a.com/', 'https://a.com./x',
  'https://ⓐ.com/', 'https://ß.de/', 'https://ς.gr/', 'https://ﬁ.com/', 'https://\uFF21.com/', 'https://a.com/\u0000b',
  'https://a.com/{}|', 'https://a.com:/x', 'https://example.com/😀/x', 'https://🍕.ws/', 'https://a.com?x', 'https://a.com#x',
];
const short = ['link\tshort'];
const asc = s => JSON.stringify(s).replace(/[\u007f-\uffff]/g, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
for (const l of links) short.push(`${asc(l)}\t${asc(toShortUrl(l))}`);
const pieces = ['hello', ' ', '\n', '\n\n\n', ' \n \n', 'https://example.com/a/very/long/path', 'example.com/long/path/x',
  '(https://en.wikipedia.org/wiki/Primer_(film))', 'https://a.b/c.', 'https://a.b/c)', 'x', '\u00a0', '\u3000', '\u200b\n', '😀',
  'https://日本語.jp/パス/とても長い', '\t', '(http://x.y/zzzzzzzzzzzzzzzzzzzz', '@alice.bsky.social', '#tag', 'HTTPS://A.B/CCCCCCCCCCCCCCCC',
  'https://a.b/' + 'q'.repeat(16) + '!', '\u2028', 'https://ex.com/a\u0301bcdefghijklmnopq', 'e\u0301'];
let seed = 11;
function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; }
const texts = ['id\ttext\tcomposer_text\tcomposer_graphemes\tpublished_text\tpublished_graphemes\tpublished_bytes'];
for (let r = 0; r < 200; r++) {
  let t = '';
  for (let k = 0, n = 1 + rnd(9); k < n; k++) t += pieces[rnd(pieces.length)];
  const rt = new RichText({ text: t }); rt.detectFacetsWithoutResolution();
  const srt = shortenLinks(rt);
  const prt = new RichText({ text: publishTrim({ text: t }) }, { cleanNewlines: true }); prt.detectFacetsWithoutResolution();
  const sprt = shortenLinks(prt);
  texts.push(`random-${r}\t${asc(t)}\t${asc(srt.text)}\t${srt.graphemeLength}\t${asc(sprt.text)}\t${sprt.graphemeLength}\t${sprt.length}`);
}
const fs = await import('node:fs');
fs.writeFileSync('short-url-cases.tsv', short.join('\n') + '\n');
fs.writeFileSync('random-cases.tsv', texts.join('\n') + '\n');
