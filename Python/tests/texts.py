"""Random texts for the tests and the Spark check: the pieces that make segmentation, width and
weights hard, and ill-formed bytes."""

from __future__ import annotations

import random

# Pieces that stress segmentation, width and weights: combining marks, ZWJ and ZWNJ, variation
# selectors, CJK and Hangul (jamo too), Indic conjuncts (GB9c), Thai, Arabic marks, emoji with
# skin tones, flags, keycaps, controls, CR/LF, line separators, the highest scalars, Kirat Rai,
# Myanmar's invisible stacker, lone surrogates (a `str` can hold them), URLs and mentions.
PIECES = [
    "a", "Z", "7", " ", "\r", "\n", "\r\n", "\t", "\x00", "\x7f", "e\u0301", "\u0301", "\u0308",
    "\u200d", "\u200c", "\ufe0f", "\ufe0e", "日", "本", "ｱ", "가", "\u1100", "\u1161", "\u11a8",
    "क", "\u094d", "ष", "\u093f", "\u0e01", "\u0e33", "ا", "\u064e", "👍", "\U0001F3FD", "👨",
    "🇯", "🇵", "🏳", "#\ufe0f\u20e3", "\U0001F9D1\u200d\U0001F4BB", "\u00ad", "\u2028",
    "\ufffd", "\U00010000", "\U0010ffff", "\u0600", "\U00016d63", "\U00016d67", "\u1000\u1039",
    "\ud800", "\udfff", "Ω", "ß", "ﬁ", "ǅ", "\u3000", "—",
    # What post lengths (x, mastodon) count apart: URLs with and without a scheme, mentions.
    "https://example.com/a?b=c", "example.com", "@bob@example.social", "t.co/x", ".com",
    "gemini://x.org/", "日本.jp/パス",
]


def random_text(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(0, 14)):
        if rng.random() < 0.15:
            parts.append(chr(rng.randint(0, 0x10FFFF)))  # any code point, surrogates included
        else:
            parts.append(rng.choice(PIECES))
    return "".join(parts)


def as_swift_reads(text: str) -> bytes:
    """What Swift would hold for `text`: each lone surrogate replaced by U+FFFD (written here
    by hand, so the package's own handling is not the oracle)."""
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text).encode()


def random_bytes(rng: random.Random) -> bytes:
    """Well-formed pieces mixed with ill-formed bytes: stray continuation bytes, truncated
    sequences, overlongs, encoded surrogates, bytes that never occur."""
    bad = [b"\x80", b"\xbf", b"\xc0\x80", b"\xc2", b"\xe0\x80\x80", b"\xe2\x82", b"\xed\xa0\x80",
           b"\xf0\x9f\x91", b"\xf4\x90\x80\x80", b"\xf5", b"\xff", b"\xfe\xff"]
    parts = []
    for _ in range(rng.randint(0, 12)):
        choice = rng.random()
        if choice < 0.3:
            parts.append(rng.choice(bad))
        elif choice < 0.4:
            parts.append(bytes([rng.randint(0, 255)]))
        else:
            parts.append(as_swift_reads(rng.choice(PIECES)))
    return b"".join(parts)
