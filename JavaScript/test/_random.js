// A seeded generator of texts for the tests (xorshift32: the same seed gives the same texts on
// every run; a failing test prints its seed).
export function generator(seed) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state;
  };
  const below = (n) => next() % n;
  return { next, below, pick: (list) => list[below(list.length)] };
}

/// Pieces that exercise every unit and rule: scripts, clusters, URLs, mentions, emoji, line
/// breaks and lone surrogates.
export const pieces = [
  "a", "Hello", " ", "  ", "\t", "e\u0301", "n\u0303\u0323", "日本語", "한국어", "\u1100\u1161\u11A8",
  "क्ष", "\u0915\u094D\u0937", "नमस्ते", "\u0BA8\u0BBF", "مرحبا", "שלום", "Привет", "ÅÄÖ",
  "👍", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇯🇵", "🇫🇷🇩🇪", "❤️", "1️⃣", "🧑🏻‍💻", "\u200D", "\uFE0F",
  "https://example.com", "http://t.co/abc", "example.org/path?q=1", "www.twitter.com",
  "@alice", "@bob@mastodon.social", "#tag", ".", ":", "//", "ＡＢＣ", "ｶﾞ", "\u3000", "…",
  "\u00AD", "\r", "\u2028", "ｈｔｔｐｓ：／／", "\u{1F600}", "\u{20000}", "ǅ", "ﬁ", "①", "\u0000",
  // Line breaks, and lone surrogates (a JavaScript string may hold them: they count as U+FFFD).
  "\n", "\r\n", "a\nb", "\uD800", "\uDFFF", "\uD83D", "x\uDC00y",
];

export function randomText(random, maxPieces = 12) {
  let text = "";
  const count = random.below(maxPieces) + 1;
  for (let index = 0; index < count; index++) text += random.pick(pieces);
  return text;
}
