/*
 * textlimit.h: TextLimit's C API. Counts and cuts UTF-8 text exactly as Swift's String counts
 * it (grapheme clusters: what a reader sees as one character; or UTF-16 code units, scalars,
 * UTF-8 bytes, terminal width, twitter-text v3 weight, CJK-as-two weight; words, SMS segments,
 * maxlength's count; or as X, Mastodon and Bluesky count posts, URLs and mentions included).
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
   * mention @user@domain counting as @user, the text stripped of NUL and ASCII white space at
   * both ends (Mastodon 4.6.5's server, over twitter-text 3.1.0). */
  TEXTLIMIT_MASTODON = 8,
  /* Words: the segments between UAX #29's word boundaries (Unicode 17.0) that hold a letter,
   * a number or an ideograph. */
  TEXTLIMIT_WORDS = 9,
  /* SMS segments, as Twilio's message-segment-calculator counts them (GSM 7-bit or UCS-2,
   * grapheme clusters whole in a part); textlimit_sms_unit gives other options and
   * textlimit_sms_measure the encoding and units. */
  TEXTLIMIT_SMS = 10,
  /* What a browser's maxlength counts of a form field's value: UTF-16 code units, each line
   * break (CR LF, CR or LF) one. */
  TEXTLIMIT_MAXLENGTH = 11,
  /* stringz 2.1.0's length (char-regex 1.0.2's symbols), which Mastodon's composer shows. */
  TEXTLIMIT_STRINGZ = 12,
  /* Mastodon 4.6.5's web composer's post length (counter.js): URLs with http(s):// 23, remote
   * mentions as @user, nothing stripped, in stringz's length. */
  TEXTLIMIT_MASTODON_COMPOSER = 13,
  /* Bluesky's app's post length (social-app 63f0d4d3): grapheme clusters with links typed with
   * http(s):// shortened as its composer shows them, nothing trimmed (its limit: 300). */
  TEXTLIMIT_BLUESKY_COMPOSER = 14,
  /* UTF-8 bytes of the text Bluesky's app publishes (textlimit_bluesky_published; its limit:
   * 3000). */
  TEXTLIMIT_BLUESKY_PUBLISHED_UTF8 = 15
} textlimit_unit;

/* This library's version, e.g. "0.3.0". A constant string: do not free it. */
const char *textlimit_version(void);

/* The backend counting in this build: "automaton, utf8proc 2.8.0" (with the version of the
 * libutf8proc its widths and NFKC come from) or "automaton". A constant string: do not free it. */
const char *textlimit_backend(void);

/* A unit's name as the textlimit tool spells it ("graphemes", "utf16", "scalars", "utf8",
 * "width", "twitter", "wide2", "x", "mastodon", "words", "sms", "maxlength", "stringz",
 * "mastodon-composer", "bluesky-composer", "bluesky-published-utf8"), or NULL for an unknown
 * unit or one made by textlimit_post_unit or textlimit_sms_unit. */
const char *textlimit_unit_name(int32_t unit);

/* The unit a name stands for (the names above, plus "unicodeScalars", "displayWidth",
 * "twitterV3", "wideAsTwo"). TEXTLIMIT_INVALID_ARGUMENT for an unknown name. */
int32_t textlimit_unit_from_name(const char *name, int32_t *unit);

/* The unit of X's, Mastodon's or Mastodon's composer's post length (TEXTLIMIT_X,
 * TEXTLIMIT_MASTODON or TEXTLIMIT_MASTODON_COMPOSER) with each URL counting url_length (at most
 * 8388606) instead of 23: a Mastodon server's characters_reserved_per_url. The unit works
 * wherever a unit is taken. */
int32_t textlimit_post_unit(int32_t unit, uint32_t url_length, int32_t *post_unit);

/* The unit of SMS segments with options: pairs_only 1 to split long messages anywhere but inside
 * an escape or surrogate pair (0: between grapheme clusters, as Twilio), lookalikes 1 to replace
 * characters with GSM look-alikes first (Twilio's smart encoding), language a national
 * language's identifier of 3GPP TS 23.038 (1 Turkish, 2 Spanish, 3 Portuguese, 4 Bengali,
 * 5 Gujarati, 6 Hindi, 7 Kannada, 8 Malayalam, 9 Oriya, 10 Punjabi, 11 Tamil, 12 Telugu,
 * 13 Urdu) whose shift tables the sender may use, or 0. The unit works wherever a unit is
 * taken. */
int32_t textlimit_sms_unit(int32_t pairs_only, int32_t lookalikes, int32_t language,
                           int32_t *sms_unit);

/* The limits of a platform's post rule: rule is "x" (280 in TEXTLIMIT_X), "mastodon" (500 in
 * TEXTLIMIT_MASTODON), "mastodon-composer" (500 in TEXTLIMIT_MASTODON_COMPOSER), "bluesky"
 * (300 graphemes and 3000 UTF-8 bytes) or "bluesky-composer" (300 in TEXTLIMIT_BLUESKY_COMPOSER
 * and 3000 in TEXTLIMIT_BLUESKY_PUBLISHED_UTF8). max_length replaces the first limit's maximum
 * and url_length the URL length (x, mastodon and mastodon-composer only); -1 keeps the rule's
 * own. A content warning goes to textlimit_count_with_warning and textlimit_prefix_with_warning
 * with these units. *limit_count receives the number of limits; the first min(*limit_count, capacity)
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

/* The length of a post with its content warning, in a Mastodon unit (TEXTLIMIT_MASTODON,
 * TEXTLIMIT_MASTODON_COMPOSER, or one textlimit_post_unit made of them): the server strips the
 * warning and counts it with the text (a blank text's place taken by the warning); the composer
 * counts it as typed, and only while its toggle is on (pass none otherwise). The warning is
 * UTF-8 (warning_length bytes; NULL when 0). TEXTLIMIT_INVALID_ARGUMENT for a warning with
 * another unit; an empty warning counts as textlimit_count. */
int32_t textlimit_count_with_warning(
  const uint8_t *bytes, size_t length, int32_t unit, const uint8_t *warning,
  size_t warning_length, uint64_t *count);

/* textlimit_prefix with a content warning counted with each Mastodon unit among the limits
 * (TEXTLIMIT_INVALID_ARGUMENT for a warning where there is none). */
int32_t textlimit_prefix_with_warning(
  const uint8_t *bytes, size_t length, const int32_t *units, const uint64_t *max_lengths,
  size_t limit_count, const uint8_t *warning, size_t warning_length, size_t *prefix_length);

/* The text as an SMS message, in an SMS unit (TEXTLIMIT_SMS or one textlimit_sms_unit made), as
 * Twilio's message-segment-calculator measures it: *encoding 0 for GSM 7-bit, 1 for UCS-2;
 * *units the septets or UTF-16 code units; *segments the messages it is sent in. The characters
 * that forced UCS-2 (none in GSM 7-bit), each once in the order they first appear, are written
 * to `characters` as UTF-8, each followed by the byte 0xFF (never part of UTF-8), when they fit
 * in `capacity` bytes; *characters_length receives the bytes they need either way (0 for none;
 * `characters` may be NULL when capacity is 0). */
int32_t textlimit_sms_measure(
  const uint8_t *bytes, size_t length, int32_t unit, int32_t *encoding, uint64_t *units,
  uint64_t *segments, uint8_t *characters, size_t capacity, size_t *characters_length);

/* The text Bluesky's app (social-app 63f0d4d3, atproto's RichText d6296a1c) publishes for a text
 * typed in its composer: the lines of white space at its start and the white space at its end
 * removed, each run of three or more line breaks made two, each link typed with http(s)://
 * shortened as the composer shows it. Written to `published` when it fits in `capacity` bytes;
 * *published_length receives its length either way (it may be longer than the text: a host in
 * punycode, a path percent-encoded). `published` may be NULL when capacity is 0. */
int32_t textlimit_bluesky_published(
  const uint8_t *bytes, size_t length, uint8_t *published, size_t capacity,
  size_t *published_length);

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
