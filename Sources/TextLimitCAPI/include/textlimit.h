/*
 * textlimit.h: TextLimit's C API. Counts and cuts UTF-8 text exactly as Swift's String counts
 * it (grapheme clusters: what a reader sees as one character; or UTF-16 code units, scalars,
 * UTF-8 bytes, terminal width, twitter-text v3 weight, CJK-as-two weight; or as X and Mastodon
 * count posts, URLs and mentions included).
 *
 * Link with -ltextlimit (CMake: find_package(TextLimit), target TextLimit::textlimit_c;
 * SwiftPM: the dynamic library product TextLimitCAPI).
 *
 * Conventions:
 *  - Text is a pointer and a length in bytes; it need not end with NUL and may hold NUL.
 *    A NULL pointer is allowed when the length is 0.
 *  - Ill-formed UTF-8 is read as Swift's String(decoding:as: UTF8.self) reads it: each maximal
 *    ill-formed subpart counts as one U+FFFD, unless a "strict" function is called.
 *  - Every function returns a textlimit_status and writes its results through out-pointers,
 *    only on TEXTLIMIT_OK (textlimit_count_strict also writes the offset on
 *    TEXTLIMIT_INVALID_UTF8). Nothing is allocated for the caller; nothing is retained.
 *  - Every function is thread-safe: call any of them from any thread at any time. They hold no
 *    state but constant tables built once per process.
 */
#ifndef TEXTLIMIT_H
#define TEXTLIMIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What went wrong, if anything. */
typedef enum textlimit_status {
  TEXTLIMIT_OK = 0,
  /* The bytes are not well-formed UTF-8 (strict functions only). */
  TEXTLIMIT_INVALID_UTF8 = 1,
  /* A NULL pointer with a non-zero length, a NULL out-pointer, or an unknown unit. */
  TEXTLIMIT_INVALID_ARGUMENT = 2,
  /* Offsets that decrease, are negative, or point past the end of the data. */
  TEXTLIMIT_INVALID_OFFSETS = 3
} textlimit_status;

/* What a length is measured in (TextCount's TextUnit, in the same order). */
typedef enum textlimit_unit {
  /* Grapheme clusters: String.count. */
  TEXTLIMIT_GRAPHEMES = 0,
  /* UTF-16 code units: String.utf16.count, NSString.length, HTML maxlength. */
  TEXTLIMIT_UTF16 = 1,
  /* Unicode scalars (code points): String.unicodeScalars.count. */
  TEXTLIMIT_SCALARS = 2,
  /* UTF-8 bytes after repair: String.utf8.count. */
  TEXTLIMIT_UTF8 = 3,
  /* Terminal columns, cluster by cluster (libutf8proc's widths where it is linked). */
  TEXTLIMIT_WIDTH = 4,
  /* twitter-text v3 weighted length (the 280 limit). */
  TEXTLIMIT_TWITTER = 5,
  /* East Asian wide and fullwidth clusters count 2, others 1. */
  TEXTLIMIT_WIDE2 = 6,
  /* X's post length: twitter-text v3 weighted length with each URL (with or without a scheme)
   * counting 23. */
  TEXTLIMIT_X = 7,
  /* Mastodon's post length: grapheme clusters, each URL with a scheme counting 23, each
   * mention @user@domain counting as @user, white space alone counting 0. */
  TEXTLIMIT_MASTODON = 8
} textlimit_unit;

/* This library's version, e.g. "0.3.0". A constant string: do not free it. */
const char *textlimit_version(void);

/* The backend counting in this build: "automaton, utf8proc 2.8.0" (with the version of the
 * libutf8proc its widths and NFKC come from) or "automaton". A constant string: do not free it. */
const char *textlimit_backend(void);

/* A unit's name as the textlimit tool spells it ("graphemes", "utf16", "scalars", "utf8",
 * "width", "twitter", "wide2", "x", "mastodon"), or NULL for an unknown unit or one made by
 * textlimit_post_unit. */
const char *textlimit_unit_name(int32_t unit);

/* The unit a name stands for (the names above, plus "unicodeScalars", "displayWidth",
 * "twitterV3", "wideAsTwo"). TEXTLIMIT_INVALID_ARGUMENT for an unknown name. */
int32_t textlimit_unit_from_name(const char *name, int32_t *unit);

/* The unit of X's or Mastodon's post length (TEXTLIMIT_X or TEXTLIMIT_MASTODON) with each URL
 * counting url_length (at most 8388606) instead of 23: a Mastodon server's
 * characters_reserved_per_url. The unit works wherever a unit is taken. */
int32_t textlimit_post_unit(int32_t unit, uint32_t url_length, int32_t *post_unit);

/* The limits of a platform's post rule: rule is "x" (280 in TEXTLIMIT_X), "mastodon" (500 in
 * TEXTLIMIT_MASTODON) or "bluesky" (300 graphemes and 3000 UTF-8 bytes). max_length replaces the
 * first limit's maximum and url_length the URL length (x and mastodon only); -1 keeps the
 * rule's own. *limit_count receives the number of limits; the first min(*limit_count, capacity)
 * units and maximums are written to units and max_lengths (a capacity of 2 always suffices;
 * both may be NULL when capacity is 0). A text is within the rule when textlimit_count gives at
 * most max_lengths[i] in units[i] for every i; textlimit_prefix with them cuts it, never inside
 * a URL or a grapheme cluster. A max_length over 2147483647 on a 32-bit target is
 * TEXTLIMIT_INVALID_ARGUMENT. */
int32_t textlimit_rule_limits(
  const char *rule, int64_t max_length, int64_t url_length, int32_t *units, uint64_t *max_lengths,
  size_t capacity, size_t *limit_count);

/* A short English description of a status, e.g. "invalid UTF-8". A constant string. */
const char *textlimit_status_message(int32_t status);

/* The length of `length` bytes of UTF-8 at `bytes`, in `unit`, ill-formed bytes repaired.
 * O(length); buffers of several MiB are counted on several threads. */
int32_t textlimit_count(const uint8_t *bytes, size_t length, int32_t unit, uint64_t *count);

/* The same, but ill-formed UTF-8 is an error: TEXTLIMIT_INVALID_UTF8, with the offset of the
 * first byte of the first ill-formed sequence in *invalid_offset (a sequence cut off at the end
 * is reported at its first byte). `invalid_offset` may be NULL. */
int32_t textlimit_count_strict(
  const uint8_t *bytes, size_t length, int32_t unit, uint64_t *count, size_t *invalid_offset);

/* Counts many texts in one call: text i is data[offsets[i] ..< offsets[i + 1]], for i in
 * 0 ..< text_count, as an Arrow string array (int32 offsets) lays it out. `offsets` holds
 * text_count + 1 entries, never decreasing, at least 0 and at most data_length. Counts go to
 * counts[0 ..< text_count]. Ill-formed bytes are repaired. Nothing is written unless every offset
 * is valid. With text_count 0, `offsets` and `counts` may be NULL. */
int32_t textlimit_count_many(
  const uint8_t *data, size_t data_length, const int32_t *offsets, size_t text_count,
  int32_t unit, uint64_t *counts);

/* The same for 64-bit offsets (Arrow's large_string). */
int32_t textlimit_count_many64(
  const uint8_t *data, size_t data_length, const int64_t *offsets, size_t text_count,
  int32_t unit, uint64_t *counts);

/* The length in bytes of the longest prefix of the text whose length is at most max_lengths[i]
 * in units[i], for every i in 0 ..< limit_count, never splitting a grapheme cluster (an emoji,
 * a flag or a conjunct stays whole or goes whole): where a server cuts what a client sent.
 * Ill-formed bytes are kept as they are and measured as repaired. With no limit, the whole
 * length. O(length x limit_count). */
int32_t textlimit_prefix(
  const uint8_t *bytes, size_t length, const int32_t *units, const uint64_t *max_lengths,
  size_t limit_count, size_t *prefix_length);

/* Counts many separate texts in one call: text i is texts[i][0 ..< lengths[i]], for i in
 * 0 ..< text_count (texts[i] may be NULL when lengths[i] is 0). Counts go to
 * counts[0 ..< text_count]. Ill-formed bytes are repaired. With text_count 0, `texts`, `lengths`
 * and `counts` may be NULL. Nothing is written unless every argument is valid. */
int32_t textlimit_count_each(
  const uint8_t *const *texts, const size_t *lengths, size_t text_count, int32_t unit,
  uint64_t *counts);

/* The length of text held as UTF-32 code points (`count` of them at `scalars`: what a Python
 * str, ICU's UChar32 or Linux's wchar_t hold), in `unit`, each value that is no Unicode scalar
 * (a surrogate, one above 0x10FFFF) counted as U+FFFD, as Swift's String(decoding:as:
 * UTF32.self) reads it. A short text is counted as it is, with no UTF-8 in between. */
int32_t textlimit_count_utf32(const uint32_t *scalars, size_t count, int32_t unit,
                              uint64_t *result);

/* textlimit_count_each for texts held as UTF-32 code points: text i is
 * texts[i][0 ..< lengths[i]]. */
int32_t textlimit_count_each_utf32(
  const uint32_t *const *texts, const size_t *lengths, size_t text_count, int32_t unit,
  uint64_t *counts);

/* Where each grapheme cluster ends: the byte offset just past each cluster, in order (the last is
 * `length`), as Swift's String segments the text (ill-formed bytes read as U+FFFD, kept in the
 * cluster they are read into). *count receives the number of clusters; the first
 * min(*count, capacity) ends are written to `ends` (a capacity of `length` always suffices).
 * `ends` may be NULL when `capacity` is 0. O(length). */
int32_t textlimit_grapheme_ends(
  const uint8_t *bytes, size_t length, size_t *ends, size_t capacity, size_t *count);

#ifdef __cplusplus
}
#endif

#endif /* TEXTLIMIT_H */
