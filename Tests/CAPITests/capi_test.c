/*
 * The C API's test (ctest: textlimit_capi): every function of textlimit.h, on texts whose
 * lengths follow from the Unicode standard by hand (written down here, not computed by the
 * library), with ill-formed bytes, bad arguments, Arrow-style offsets and several threads.
 * Exit status 0 when every check passes; each failure prints the line and the two values.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textlimit.h"

#ifndef TEXTLIMIT_EXPECTED_VERSION
#error "TEXTLIMIT_EXPECTED_VERSION: the project version CMake passes"
#endif

static int failures = 0;

/* A unit code no release has used (nor textlimit_post_unit can make: its low byte is no unit). */
#define UNKNOWN_UNIT 200

#define CHECK_EQ(actual, expected)                                                          \
  do {                                                                                      \
    long long a_ = (long long)(actual), e_ = (long long)(expected);                        \
    if (a_ != e_) {                                                                         \
      fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, #actual, a_, \
              e_);                                                                          \
      failures++;                                                                           \
    }                                                                                       \
  } while (0)

#define CHECK_STR(actual, expected)                                                           \
  do {                                                                                        \
    const char *a_ = (actual), *e_ = (expected);                                              \
    if (a_ == NULL || strcmp(a_, e_) != 0) {                                                  \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual, \
              a_ ? a_ : "(null)", e_);                                                        \
      failures++;                                                                             \
    }                                                                                         \
  } while (0)

/* The length of `text` (NUL-terminated, or `length` bytes when given) in `unit`, or -1. */
static long long count(const char *text, size_t length, int32_t unit) {
  uint64_t result = 0;
  int32_t status = textlimit_count((const uint8_t *)text, length, unit, &result);
  return status == TEXTLIMIT_OK ? (long long)result : -1 - status;
}

#define COUNT(text, unit) count((text), sizeof(text) - 1, (unit))

/* One text, its length in the seven units (by hand, from the Unicode standard). */
struct known_text {
  const char *name;
  const char *bytes;
  size_t length;
  long long lengths[7]; /* graphemes, utf16, scalars, utf8, width, twitter, wide2 */
};

#define TEXT(name, literal, ...) {name, literal, sizeof(literal) - 1, {__VA_ARGS__}}

static const struct known_text known_texts[] = {
  TEXT("empty", "", 0, 0, 0, 0, 0, 0, 0),
  TEXT("ascii", "hello", 5, 5, 5, 5, 5, 5, 5),
  /* e + U+0301 COMBINING ACUTE: one cluster (GB9), two scalars. */
  TEXT("e-acute", "e\xCC\x81", 1, 2, 2, 3, 1, 1, 1),
  /* U+65E5 U+672C: wide (EastAsianWidth W), CJK weight 200 in twitter-text v3. */
  TEXT("cjk", "\xE6\x97\xA5\xE6\x9C\xAC", 2, 2, 2, 6, 4, 4, 4),
  /* U+0915 U+094D U+0937 (KSSA): one cluster by GB9c since Unicode 15.1; each scalar below
   * U+1100 weighs 1 in both weight tables, and the virama is 0 wide. */
  TEXT("kssa", "\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7", 1, 3, 3, 9, 1, 3, 3),
  /* Man ZWJ woman ZWJ girl ZWJ boy: one cluster (GB11), 7 scalars, 4 of them astral; an emoji
   * cluster weighs 2 as a whole in both weight tables. */
  TEXT("family",
       "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7\xE2\x80\x8D"
       "\xF0\x9F\x91\xA6",
       1, 11, 7, 25, 2, 2, 2),
  /* U+1F1EF U+1F1F5: the flag of Japan, one cluster (GB12). */
  TEXT("flag", "\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5", 1, 4, 2, 8, 2, 2, 2),
  /* NUL is a character like any other. */
  TEXT("nul", "a\0b", 3, 3, 3, 3, 2, 3, 3),
  /* 0xFF is one U+FFFD (3 bytes once repaired; ambiguous width 1; above U+10FF, so twitter
   * weight 2); so is a truncated 4-byte sequence. */
  TEXT("ff", "a\xFF" "b", 3, 3, 3, 5, 3, 4, 3),
  TEXT("cut-emoji", "\xF0\x9F\x91", 1, 1, 1, 3, 1, 2, 1),
  /* An encoded surrogate (ED A0 80): ED, A0 and 80 are three maximal ill-formed subparts. */
  TEXT("surrogate", "\xED\xA0\x80", 3, 3, 3, 9, 3, 6, 3),
  /* CR LF is one cluster (GB3), 0 wide (it starts with a control), weighing 1 + 1. */
  TEXT("crlf", "a\r\n", 2, 3, 3, 3, 1, 3, 3),
};

static void test_known_texts(void) {
  for (size_t i = 0; i < sizeof(known_texts) / sizeof(known_texts[0]); i++) {
    const struct known_text *text = &known_texts[i];
    for (int32_t unit = 0; unit < 7; unit++) {
      long long actual = count(text->bytes, text->length, unit);
      if (actual != text->lengths[unit]) {
        fprintf(stderr, "%s in %s: %lld, expected %lld\n", text->name, textlimit_unit_name(unit),
                actual, text->lengths[unit]);
        failures++;
      }
    }
  }
}

static void test_names_and_version(void) {
  static const char *names[] = {"graphemes", "utf16", "scalars", "utf8", "width", "twitter",
                                "wide2"};
  for (int32_t unit = 0; unit < 7; unit++) {
    CHECK_STR(textlimit_unit_name(unit), names[unit]);
    int32_t parsed = -1;
    CHECK_EQ(textlimit_unit_from_name(names[unit], &parsed), TEXTLIMIT_OK);
    CHECK_EQ(parsed, unit);
  }
  int32_t parsed = -1;
  CHECK_EQ(textlimit_unit_from_name("twitterV3", &parsed), TEXTLIMIT_OK);
  CHECK_EQ(parsed, TEXTLIMIT_TWITTER);
  CHECK_EQ(textlimit_unit_from_name("letters", &parsed), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_unit_from_name(NULL, &parsed), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_unit_name(UNKNOWN_UNIT) == NULL, 1);
  CHECK_EQ(textlimit_unit_name(-1) == NULL, 1);
  CHECK_STR(textlimit_version(), TEXTLIMIT_EXPECTED_VERSION);
  const char *backend = textlimit_backend();
  /* "automaton", with the libutf8proc its widths come from when one is linked. */
  CHECK_EQ(backend != NULL &&
               (strncmp(backend, "automaton, utf8proc ", 20) == 0 || strcmp(backend, "automaton") == 0),
           1);
  CHECK_STR(textlimit_status_message(TEXTLIMIT_INVALID_UTF8), "invalid UTF-8");
  CHECK_STR(textlimit_status_message(99), "unknown status");
}

static void test_strict_and_arguments(void) {
  uint64_t result = 12345;
  size_t offset = 999;
  CHECK_EQ(textlimit_count_strict((const uint8_t *)"ab\xC3", 3, TEXTLIMIT_GRAPHEMES, &result,
                                  &offset),
           TEXTLIMIT_INVALID_UTF8);
  CHECK_EQ(offset, 2);
  CHECK_EQ(result, 12345); /* nothing written on an error */
  CHECK_EQ(textlimit_count_strict((const uint8_t *)"x\xE0\x80\x80", 4, TEXTLIMIT_UTF8, &result,
                                  NULL),
           TEXTLIMIT_INVALID_UTF8);
  CHECK_EQ(textlimit_count_strict((const uint8_t *)"a\xCC\x81z", 4, TEXTLIMIT_GRAPHEMES, &result,
                                  &offset),
           TEXTLIMIT_OK);
  CHECK_EQ(result, 2);

  CHECK_EQ(textlimit_count(NULL, 0, TEXTLIMIT_GRAPHEMES, &result), TEXTLIMIT_OK);
  CHECK_EQ(result, 0);
  CHECK_EQ(textlimit_count(NULL, 3, TEXTLIMIT_GRAPHEMES, &result), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count((const uint8_t *)"a", 1, UNKNOWN_UNIT, &result),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count((const uint8_t *)"a", 1, -1, &result), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count((const uint8_t *)"a", 1, TEXTLIMIT_UTF8, NULL),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count((const uint8_t *)"a", (size_t)-1, TEXTLIMIT_UTF8, &result),
           TEXTLIMIT_INVALID_ARGUMENT);
}

static void test_count_many(void) {
  /* "é" (e + U+0301), "", "ab", the flag of Japan, "\xFF": Arrow layout. */
  static const char data[] = "e\xCC\x81" "ab" "\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5" "\xFF";
  const int32_t offsets[] = {0, 3, 3, 5, 13, 14};
  const int64_t offsets64[] = {0, 3, 3, 5, 13, 14};
  const uint64_t graphemes[] = {1, 0, 2, 1, 1}, utf16[] = {2, 0, 2, 4, 1};
  uint64_t counts[5];
  CHECK_EQ(textlimit_count_many((const uint8_t *)data, 14, offsets, 5, TEXTLIMIT_GRAPHEMES, counts),
           TEXTLIMIT_OK);
  for (int i = 0; i < 5; i++) CHECK_EQ(counts[i], graphemes[i]);
  CHECK_EQ(textlimit_count_many64((const uint8_t *)data, 14, offsets64, 5, TEXTLIMIT_UTF16, counts),
           TEXTLIMIT_OK);
  for (int i = 0; i < 5; i++) CHECK_EQ(counts[i], utf16[i]);
  /* A slice of an Arrow array starts at a non-zero offset. */
  CHECK_EQ(textlimit_count_many((const uint8_t *)data, 14, offsets + 2, 2, TEXTLIMIT_SCALARS, counts),
           TEXTLIMIT_OK);
  CHECK_EQ(counts[0], 2);
  CHECK_EQ(counts[1], 2);

  const int32_t decreasing[] = {0, 5, 3}, past_end[] = {0, 3, 15}, negative[] = {-1, 3};
  uint64_t untouched[2] = {77, 77};
  CHECK_EQ(textlimit_count_many((const uint8_t *)data, 14, decreasing, 2, TEXTLIMIT_UTF8, untouched),
           TEXTLIMIT_INVALID_OFFSETS);
  CHECK_EQ(textlimit_count_many((const uint8_t *)data, 14, past_end, 2, TEXTLIMIT_UTF8, untouched),
           TEXTLIMIT_INVALID_OFFSETS);
  CHECK_EQ(textlimit_count_many((const uint8_t *)data, 14, negative, 1, TEXTLIMIT_UTF8, untouched),
           TEXTLIMIT_INVALID_OFFSETS);
  CHECK_EQ(untouched[0], 77);
  CHECK_EQ(untouched[1], 77);
  CHECK_EQ(textlimit_count_many(NULL, 0, NULL, 0, TEXTLIMIT_UTF8, NULL), TEXTLIMIT_OK);
  CHECK_EQ(textlimit_count_many((const uint8_t *)data, 14, NULL, 1, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
}

static size_t prefix(const char *text, size_t length, const int32_t *units, const uint64_t *maxes,
                     size_t limit_count) {
  size_t result = (size_t)-1;
  int32_t status = textlimit_prefix((const uint8_t *)text, length, units, maxes, limit_count, &result);
  return status == TEXTLIMIT_OK ? result : (size_t)-1 - (size_t)status;
}

static void test_prefix(void) {
  /* "ab" + thumbs up with skin tone 3 (8 bytes, one cluster, 4 UTF-16 units) + "c". */
  static const char text[] = "ab\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD" "c";
  const size_t length = sizeof(text) - 1;
  const int32_t graphemes[] = {TEXTLIMIT_GRAPHEMES}, utf16[] = {TEXTLIMIT_UTF16};
  const uint64_t three[] = {3}, four[] = {4}, ten[] = {10}, zero[] = {0};
  CHECK_EQ(prefix(text, length, graphemes, three, 1), 10);
  CHECK_EQ(prefix(text, length, graphemes, ten, 1), 11);
  CHECK_EQ(prefix(text, length, graphemes, zero, 1), 0);
  CHECK_EQ(prefix(text, length, utf16, four, 1), 2); /* the emoji needs 4 more, never split */
  const int32_t both[] = {TEXTLIMIT_GRAPHEMES, TEXTLIMIT_UTF8};
  const uint64_t both_max[] = {3, 9};
  CHECK_EQ(prefix(text, length, both, both_max, 2), 2); /* 3 clusters, but 10 bytes > 9 */
  CHECK_EQ(prefix(text, length, NULL, NULL, 0), 11);
  const uint64_t huge[] = {UINT64_MAX};
  CHECK_EQ(prefix(text, length, graphemes, huge, 1), 11);
  /* Ill-formed bytes are kept and measured as U+FFFD. */
  CHECK_EQ(prefix("a\xFF\xFF" "b", 4, graphemes, three, 1), 3);
  const int32_t unknown[] = {42};
  CHECK_EQ(prefix(text, length, unknown, three, 1), (size_t)-1 - TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(prefix(text, length, NULL, three, 1), (size_t)-1 - TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_prefix((const uint8_t *)text, length, graphemes, three, 1, NULL),
           TEXTLIMIT_INVALID_ARGUMENT);
}

/* The header's promises, one by one, for every function: "A NULL pointer is allowed when the
 * length is 0"; "a NULL pointer with a non-zero length, a NULL out-pointer, or an unknown unit"
 * is TEXTLIMIT_INVALID_ARGUMENT; results are written "only on TEXTLIMIT_OK" (the out-values below
 * start as sentinels and must keep them on every error); `invalid_offset` "may be NULL"; offsets
 * that decrease, are negative or point past the end are TEXTLIMIT_INVALID_OFFSETS, with nothing
 * written. Written from textlimit.h, not from the implementation. */
static void test_header_promises(void) {
  const uint8_t *text = (const uint8_t *)"abc";
  const uint64_t sentinel = 0xDEADBEEF;
  uint64_t result = sentinel;
  size_t offset = 4242;
  int32_t unit_out = 99;

  /* textlimit_unit_from_name: NULL name, NULL out-pointer, unknown name; nothing written. */
  CHECK_EQ(textlimit_unit_from_name("utf8", NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_unit_from_name(NULL, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_unit_from_name("", &unit_out), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(unit_out, 99);

  /* textlimit_count: each argument wrong in turn. */
  CHECK_EQ(textlimit_count(NULL, 1, TEXTLIMIT_UTF8, &result), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count(text, 3, TEXTLIMIT_UTF8, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count(text, 3, UNKNOWN_UNIT, &result), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count(text, 3, INT32_MIN, &result), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(result, sentinel);
  CHECK_EQ(textlimit_count(NULL, 0, TEXTLIMIT_WIDTH, &result), TEXTLIMIT_OK);
  CHECK_EQ(result, 0);

  /* textlimit_count_strict: the same, and invalid_offset may be NULL on either outcome. */
  result = sentinel;
  CHECK_EQ(textlimit_count_strict(NULL, 2, TEXTLIMIT_UTF8, &result, &offset),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_strict(text, 3, TEXTLIMIT_UTF8, NULL, &offset),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_strict(text, 3, UNKNOWN_UNIT, &result, &offset),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_strict(text, 3, -1, &result, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(result, sentinel);
  CHECK_EQ(offset, 4242);
  CHECK_EQ(textlimit_count_strict((const uint8_t *)"a\x80", 2, TEXTLIMIT_UTF8, &result, NULL),
           TEXTLIMIT_INVALID_UTF8);
  CHECK_EQ(result, sentinel);
  CHECK_EQ(textlimit_count_strict(text, 3, TEXTLIMIT_UTF16, &result, NULL), TEXTLIMIT_OK);
  CHECK_EQ(result, 3);
  CHECK_EQ(textlimit_count_strict(NULL, 0, TEXTLIMIT_UTF16, &result, NULL), TEXTLIMIT_OK);
  CHECK_EQ(result, 0);

  /* textlimit_count_many and _many64: NULL data with a length, NULL offsets or counts for one
   * text or more, an unknown unit; none writes a count. */
  const int32_t offsets[] = {0, 1, 3};
  const int64_t offsets64[] = {0, 1, 3};
  uint64_t counts[2] = {sentinel, sentinel};
  CHECK_EQ(textlimit_count_many(NULL, 3, offsets, 2, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many(text, 3, NULL, 2, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many(text, 3, offsets, 2, TEXTLIMIT_UTF8, NULL),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many(text, 3, offsets, 1, TEXTLIMIT_UTF8, NULL),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many(text, 3, offsets, 2, UNKNOWN_UNIT, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many64(NULL, 3, offsets64, 2, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many64(text, 3, NULL, 2, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many64(text, 3, offsets64, 2, TEXTLIMIT_UTF8, NULL),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_many64(text, 3, offsets64, 2, -3, counts), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(counts[0], sentinel);
  CHECK_EQ(counts[1], sentinel);
  /* Bad offsets in the 64-bit form too: decreasing, negative, past the end. */
  const int64_t decreasing64[] = {0, 2, 1}, negative64[] = {-1, 1}, past_end64[] = {0, 4};
  CHECK_EQ(textlimit_count_many64(text, 3, decreasing64, 2, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_OFFSETS);
  CHECK_EQ(textlimit_count_many64(text, 3, negative64, 1, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_OFFSETS);
  CHECK_EQ(textlimit_count_many64(text, 3, past_end64, 1, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_OFFSETS);
  CHECK_EQ(counts[0], sentinel);
  /* A well-formed call counts both texts ("a", "bc"). */
  CHECK_EQ(textlimit_count_many64(text, 3, offsets64, 2, TEXTLIMIT_UTF8, counts), TEXTLIMIT_OK);
  CHECK_EQ(counts[0], 1);
  CHECK_EQ(counts[1], 2);

  /* textlimit_prefix: NULL text with a length, NULL units or max_lengths with limits, NULL
   * out-pointer, an unknown unit in any position; nothing written. */
  size_t kept = 4242;
  const int32_t units[] = {TEXTLIMIT_GRAPHEMES, TEXTLIMIT_UTF8};
  const int32_t second_unknown[] = {TEXTLIMIT_GRAPHEMES, UNKNOWN_UNIT};
  const uint64_t maxes[] = {2, 2};
  CHECK_EQ(textlimit_prefix(NULL, 3, units, maxes, 2, &kept), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_prefix(text, 3, NULL, maxes, 2, &kept), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_prefix(text, 3, units, NULL, 2, &kept), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_prefix(text, 3, units, maxes, 2, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_prefix(text, 3, second_unknown, maxes, 2, &kept),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(kept, 4242);
  CHECK_EQ(textlimit_prefix(NULL, 0, units, maxes, 2, &kept), TEXTLIMIT_OK);
  CHECK_EQ(kept, 0);
  CHECK_EQ(textlimit_prefix(text, 3, units, maxes, 2, &kept), TEXTLIMIT_OK);
  CHECK_EQ(kept, 2);

  /* Every status has its message; the strings are constant (the same pointer each time). */
  CHECK_STR(textlimit_status_message(TEXTLIMIT_OK), "ok");
  CHECK_EQ(strncmp(textlimit_status_message(TEXTLIMIT_INVALID_ARGUMENT), "invalid argument", 16), 0);
  CHECK_EQ(strncmp(textlimit_status_message(TEXTLIMIT_INVALID_OFFSETS), "invalid offsets", 15), 0);
  CHECK_EQ(textlimit_status_message(-1) == textlimit_status_message(99), 1);
  CHECK_EQ(textlimit_version() == textlimit_version(), 1);
}

/* textlimit_count_each: separate texts, a NULL text of length 0 among them, and its errors. */
static void test_count_each(void) {
  const uint8_t *texts[] = {(const uint8_t *)"e\xCC\x81", NULL, (const uint8_t *)"ab",
                            (const uint8_t *)"\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5", (const uint8_t *)"\xFF"};
  const size_t lengths[] = {3, 0, 2, 8, 1};
  uint64_t counts[5] = {9, 9, 9, 9, 9};
  const uint64_t graphemes[] = {1, 0, 2, 1, 1}, utf8[] = {3, 0, 2, 8, 3};
  CHECK_EQ(textlimit_count_each(texts, lengths, 5, TEXTLIMIT_GRAPHEMES, counts), TEXTLIMIT_OK);
  for (int i = 0; i < 5; i++) CHECK_EQ(counts[i], graphemes[i]);
  CHECK_EQ(textlimit_count_each(texts, lengths, 5, TEXTLIMIT_UTF8, counts), TEXTLIMIT_OK);
  for (int i = 0; i < 5; i++) CHECK_EQ(counts[i], utf8[i]);
  CHECK_EQ(textlimit_count_each(NULL, NULL, 0, TEXTLIMIT_UTF8, NULL), TEXTLIMIT_OK);
  uint64_t untouched[2] = {77, 77};
  const uint8_t *bad[] = {(const uint8_t *)"a", NULL};
  const size_t bad_lengths[] = {1, 3}; /* NULL with a length */
  CHECK_EQ(textlimit_count_each(bad, bad_lengths, 2, TEXTLIMIT_UTF8, untouched),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_each(texts, lengths, 2, UNKNOWN_UNIT, untouched),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_each(NULL, lengths, 2, TEXTLIMIT_UTF8, untouched),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_each(texts, NULL, 2, TEXTLIMIT_UTF8, untouched),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_each(texts, lengths, 2, TEXTLIMIT_UTF8, NULL),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(untouched[0], 77);
  CHECK_EQ(untouched[1], 77);
}

/* textlimit_count_utf32 and textlimit_count_each_utf32: code points as they are (a surrogate or a
 * value above U+10FFFF as U+FFFD), short and long, in every unit; answers worked out by hand. */
static void test_count_utf32(void) {
  /* e + U+0301, a flag (two regional indicators), a lone surrogate, 0x110000, CR LF, 日. */
  const uint32_t text[] = {0x65, 0x301, 0x1F1EF, 0x1F1F5, 0xD800, 0x110000, 0x0D, 0x0A, 0x65E5};
  const uint64_t expected[9] = {
    /* graphemes: é, 🇯🇵, U+FFFD, U+FFFD, CR LF, 日 */ 6,
    /* utf16: 1 + 1 + 2 + 2 + 1 + 1 + 1 + 1 + 1 */ 11,
    /* scalars */ 9,
    /* utf8: 1 + 2 + 4 + 4 + 3 + 3 + 1 + 1 + 3 */ 22,
    /* width: é 1, 🇯🇵 2, U+FFFD 1, U+FFFD 1, CR LF 0, 日 2 */ 7,
    /* twitter: é 1, flag 2 (emoji), U+FFFD 2, U+FFFD 2, CR LF 2, 日 2 */ 11,
    /* wide2: é 1, flag 2, U+FFFD 1, U+FFFD 1, CR LF 2, 日 2 */ 9,
    /* x: as twitter, no URL */ 11,
    /* mastodon: as graphemes */ 6};
  for (int32_t unit = 0; unit < 9; unit++) {
    uint64_t count = 99;
    CHECK_EQ(textlimit_count_utf32(text, 9, unit, &count), TEXTLIMIT_OK);
    CHECK_EQ(count, expected[unit]);
  }
  /* Longer than the short path: 100 times "ab", then a mark. */
  uint32_t longer[201];
  for (int i = 0; i < 200; i++) longer[i] = i % 2 ? 0x62 : 0x61;
  longer[200] = 0x301;
  uint64_t count = 0;
  CHECK_EQ(textlimit_count_utf32(longer, 201, TEXTLIMIT_GRAPHEMES, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 200);
  CHECK_EQ(textlimit_count_utf32(longer, 201, TEXTLIMIT_UTF8, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 202);
  /* A post: X counts the URL as 23, Mastodon the mention without its domain. */
  const char *post = "see example.com @bob@x.social";
  uint32_t post32[64];
  size_t post_length = strlen(post);
  for (size_t i = 0; i < post_length; i++) post32[i] = (uint8_t)post[i];
  CHECK_EQ(textlimit_count_utf32(post32, post_length, TEXTLIMIT_X, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 4 + 23 + 1 + 13); /* the mention as written: @bob@x.social */
  CHECK_EQ(textlimit_count_utf32(post32, post_length, TEXTLIMIT_MASTODON, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 4 + 11 + 1 + 4);
  /* A surrogate is U+FFFD, one column wide, which a mark joins: after a prepended format
   * character (U+0605), whose cluster is as wide as its widest scalar, the cluster is 1 wide. */
  const uint32_t marked[] = {0xDC00, 0x301, 0x110000, 0x308, 0x605, 0xD800};
  CHECK_EQ(textlimit_count_utf32(marked, 6, TEXTLIMIT_GRAPHEMES, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 3);
  CHECK_EQ(textlimit_count_utf32(marked, 6, TEXTLIMIT_WIDTH, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 3);
  CHECK_EQ(textlimit_count_utf32(marked, 6, TEXTLIMIT_UTF8, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 3 + 2 + 3 + 2 + 2 + 3);
  const uint32_t blank[] = {0x20, 0x3000, 0x0A};
  CHECK_EQ(textlimit_count_utf32(blank, 3, TEXTLIMIT_MASTODON, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 0);
  CHECK_EQ(textlimit_count_utf32(NULL, 0, TEXTLIMIT_UTF16, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 0);
  uint64_t untouched = 77;
  CHECK_EQ(textlimit_count_utf32(NULL, 2, TEXTLIMIT_UTF16, &untouched), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_utf32(text, 2, UNKNOWN_UNIT, &untouched), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_utf32(text, 2, TEXTLIMIT_UTF16, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(untouched, 77);

  const uint32_t *texts[] = {text, NULL, longer, post32};
  const size_t lengths[] = {9, 0, 201, post_length};
  uint64_t counts[4];
  CHECK_EQ(textlimit_count_each_utf32(texts, lengths, 4, TEXTLIMIT_UTF8, counts), TEXTLIMIT_OK);
  CHECK_EQ(counts[0], 22);
  CHECK_EQ(counts[1], 0);
  CHECK_EQ(counts[2], 202);
  CHECK_EQ(counts[3], post_length);
  CHECK_EQ(textlimit_count_each_utf32(texts, lengths, 4, UNKNOWN_UNIT, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
  const size_t bad_lengths[] = {9, 3, 0, 0}; /* NULL with a length */
  CHECK_EQ(textlimit_count_each_utf32(texts, bad_lengths, 2, TEXTLIMIT_UTF8, counts),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_each_utf32(NULL, NULL, 0, TEXTLIMIT_UTF8, NULL), TEXTLIMIT_OK);
}

/* textlimit_grapheme_ends: where clusters end, by the rules (GB9 mark, GB9c conjunct, GB11 ZWJ
 * sequence, GB12 flag pair, GB3 CR LF), ill-formed bytes, a short capacity, errors. */
static void test_grapheme_ends(void) {
  /* "e" U+0301 | U+0915 U+094D U+0937 | man ZWJ woman | flag JP | CR LF | 0xFF | "a" */
  static const char text[] = "e\xCC\x81" "\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7"
                             "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9"
                             "\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5" "\r\n" "\xFF" "a";
  const size_t expected[] = {3, 12, 23, 31, 33, 34, 35};
  size_t ends[64], count = 0;
  CHECK_EQ(textlimit_grapheme_ends((const uint8_t *)text, sizeof(text) - 1, ends, 64, &count),
           TEXTLIMIT_OK);
  CHECK_EQ(count, 7);
  for (int i = 0; i < 7; i++) CHECK_EQ(ends[i], expected[i]);
  /* A capacity of 2: the count of every cluster, the first two ends. */
  size_t two[3] = {0, 0, 999};
  CHECK_EQ(textlimit_grapheme_ends((const uint8_t *)text, sizeof(text) - 1, two, 2, &count),
           TEXTLIMIT_OK);
  CHECK_EQ(count, 7);
  CHECK_EQ(two[0], 3);
  CHECK_EQ(two[1], 12);
  CHECK_EQ(two[2], 999);
  /* A truncated sequence at the end is one U+FFFD, one cluster. */
  CHECK_EQ(textlimit_grapheme_ends((const uint8_t *)"a\xF0\x9F\x91", 4, ends, 4, &count),
           TEXTLIMIT_OK);
  CHECK_EQ(count, 2);
  CHECK_EQ(ends[0], 1);
  CHECK_EQ(ends[1], 4);
  CHECK_EQ(textlimit_grapheme_ends(NULL, 0, NULL, 0, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 0);
  count = 42;
  CHECK_EQ(textlimit_grapheme_ends(NULL, 1, ends, 4, &count), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_grapheme_ends((const uint8_t *)"ab", 2, NULL, 4, &count),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_grapheme_ends((const uint8_t *)"ab", 2, ends, 4, NULL),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(count, 42);
  CHECK_EQ(textlimit_grapheme_ends((const uint8_t *)"ab", 2, NULL, 0, &count), TEXTLIMIT_OK);
  CHECK_EQ(count, 2);
}

/* Several threads count at once, each a buffer large enough for the parallel path. */
enum { REPEATS = 1 << 20, THREADS = 4 };
static const char unit_text[] = "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD" "a\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7";
struct job {
  uint8_t *buffer;
  size_t length;
  uint64_t graphemes, utf16;
  int32_t status;
};

static void *count_job(void *argument) {
  struct job *job = argument;
  job->status = textlimit_count(job->buffer, job->length, TEXTLIMIT_GRAPHEMES, &job->graphemes);
  if (job->status == TEXTLIMIT_OK)
    job->status = textlimit_count(job->buffer, job->length, TEXTLIMIT_UTF16, &job->utf16);
  return NULL;
}

static void test_threads(void) {
  const size_t piece = sizeof(unit_text) - 1;
  size_t length = piece * REPEATS;
  uint8_t *buffer = malloc(length);
  if (!buffer) { fprintf(stderr, "out of memory\n"); failures++; return; }
  for (size_t i = 0; i < REPEATS; i++) memcpy(buffer + i * piece, unit_text, piece);
  pthread_t threads[THREADS];
  struct job jobs[THREADS];
  for (int i = 0; i < THREADS; i++) {
    jobs[i] = (struct job){buffer, length - (size_t)i * piece, 0, 0, -1};
    pthread_create(&threads[i], NULL, count_job, &jobs[i]);
  }
  for (int i = 0; i < THREADS; i++) {
    pthread_join(threads[i], NULL);
    /* Each piece: 👍🏽 (1 cluster, 4 UTF-16), a (1, 1), क्ष (1, 3). */
    CHECK_EQ(jobs[i].status, TEXTLIMIT_OK);
    CHECK_EQ(jobs[i].graphemes, 3ULL * (REPEATS - i));
    CHECK_EQ(jobs[i].utf16, 8ULL * (REPEATS - i));
  }
  free(buffer);
}

/* X's and Mastodon's post lengths and the platforms' rules (counted by hand from the platforms'
 * published rules: a URL 23, "@user@domain" as "@user", a CJK character 2 in X's length). */
static void test_posts(void) {
  static const char post[] = "see https://example.com/a/very/long/path ok";
  CHECK_EQ(COUNT(post, TEXTLIMIT_X), 4 + 23 + 3);
  CHECK_EQ(COUNT(post, TEXTLIMIT_MASTODON), 4 + 23 + 3);
  CHECK_EQ(COUNT(post, TEXTLIMIT_GRAPHEMES), 43);
  CHECK_EQ(COUNT("example.com/x", TEXTLIMIT_X), 23);       /* no scheme: a URL for X */
  CHECK_EQ(COUNT("example.com/x", TEXTLIMIT_MASTODON), 13); /* not for Mastodon */
  CHECK_EQ(COUNT("hi @alice@example.social", TEXTLIMIT_MASTODON), 9);
  CHECK_EQ(COUNT("\xE6\x97\xA5 t.co", TEXTLIMIT_X), 2 + 1 + 23); /* 日 t.co */
  CHECK_EQ(COUNT(" \n ", TEXTLIMIT_MASTODON), 0);               /* white space alone */
  CHECK_STR(textlimit_unit_name(TEXTLIMIT_X), "x");
  CHECK_STR(textlimit_unit_name(TEXTLIMIT_MASTODON), "mastodon");
  int32_t unit = -1;
  CHECK_EQ(textlimit_unit_from_name("mastodon", &unit), TEXTLIMIT_OK);
  CHECK_EQ(unit, TEXTLIMIT_MASTODON);

  /* A server's URL length. */
  int32_t five = -1;
  CHECK_EQ(textlimit_post_unit(TEXTLIMIT_MASTODON, 5, &five), TEXTLIMIT_OK);
  CHECK_EQ(COUNT(post, five), 4 + 5 + 3);
  CHECK_EQ(textlimit_unit_name(five) == NULL, 1);
  int32_t untouched = 77;
  CHECK_EQ(textlimit_post_unit(TEXTLIMIT_GRAPHEMES, 5, &untouched), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_post_unit(TEXTLIMIT_X, 8388607, &untouched), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_post_unit(TEXTLIMIT_X, 5, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(untouched, 77);

  /* Rules. */
  int32_t units[2] = {-1, -1};
  uint64_t maxes[2] = {0, 0};
  size_t limit_count = 0;
  CHECK_EQ(textlimit_rule_limits("bluesky", -1, -1, units, maxes, 2, &limit_count), TEXTLIMIT_OK);
  CHECK_EQ(limit_count, 2);
  CHECK_EQ(units[0], TEXTLIMIT_GRAPHEMES);
  CHECK_EQ(maxes[0], 300);
  CHECK_EQ(units[1], TEXTLIMIT_UTF8);
  CHECK_EQ(maxes[1], 3000);
  CHECK_EQ(textlimit_rule_limits("x", -1, -1, units, maxes, 2, &limit_count), TEXTLIMIT_OK);
  CHECK_EQ(limit_count, 1);
  CHECK_EQ(units[0], TEXTLIMIT_X);
  CHECK_EQ(maxes[0], 280);
  CHECK_EQ(textlimit_rule_limits("mastodon", 1000, 5, units, maxes, 2, &limit_count), TEXTLIMIT_OK);
  CHECK_EQ(maxes[0], 1000);
  CHECK_EQ(COUNT(post, units[0]), 4 + 5 + 3);
  CHECK_EQ(textlimit_rule_limits("x", -1, -1, NULL, NULL, 0, &limit_count), TEXTLIMIT_OK);
  CHECK_EQ(limit_count, 1);
  size_t sentinel = 99;
  CHECK_EQ(textlimit_rule_limits("threads", -1, -1, units, maxes, 2, &sentinel),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_rule_limits("bluesky", -1, 10, units, maxes, 2, &sentinel),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_rule_limits(NULL, -1, -1, units, maxes, 2, &sentinel),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_rule_limits("x", -1, -1, units, maxes, 2, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_rule_limits("x", -1, -1, NULL, maxes, 2, &sentinel),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(sentinel, 99);

  /* A cut never keeps part of a URL: 270 a's, " see ", then a URL that does not fit whole. */
  char text[400];
  memset(text, 'a', 270);
  strcpy(text + 270, " see https://example.com/long/path");
  const int32_t x[] = {TEXTLIMIT_X};
  const uint64_t max280[] = {280};
  CHECK_EQ(prefix(text, strlen(text), x, max280, 1), 275);
}

/* Issue 48's units and functions: words, SMS, maxlength, stringz, the composers' lengths, the
 * content warning, Bluesky's published text (lengths by hand from UAX #29, 3GPP TS 23.038,
 * the HTML Standard and the platforms' code as Tests/Fixtures records it). */
static void test_new_units(void) {
  static const char *names[] = {"words", "sms", "maxlength", "stringz", "mastodon-composer",
                                "bluesky-composer", "bluesky-published-utf8"};
  for (int32_t unit = TEXTLIMIT_WORDS; unit <= TEXTLIMIT_BLUESKY_PUBLISHED_UTF8; unit++) {
    CHECK_STR(textlimit_unit_name(unit), names[unit - TEXTLIMIT_WORDS]);
    int32_t parsed = -1;
    CHECK_EQ(textlimit_unit_from_name(names[unit - TEXTLIMIT_WORDS], &parsed), TEXTLIMIT_OK);
    CHECK_EQ(parsed, unit);
  }
  CHECK_EQ(textlimit_unit_name(TEXTLIMIT_BLUESKY_PUBLISHED_UTF8 + 1) == NULL, 1);

  /* Words: letters, numbers (3.14 is one: WB11/WB12), not punctuation or spaces. */
  CHECK_EQ(COUNT("Hello, world! 3.14", TEXTLIMIT_WORDS), 3);
  CHECK_EQ(COUNT("can't stop", TEXTLIMIT_WORDS), 2);
  /* maxlength: CR LF one, CR one, LF one. */
  CHECK_EQ(COUNT("a\r\nb\rc\nd", TEXTLIMIT_MAXLENGTH), 7);
  CHECK_EQ(COUNT("\xF0\x9F\x98\x80", TEXTLIMIT_MAXLENGTH), 2);
  /* stringz: CR LF two symbols; e + U+0301 one. */
  CHECK_EQ(COUNT("a\r\nb", TEXTLIMIT_STRINGZ), 4);
  CHECK_EQ(COUNT("e\xCC\x81", TEXTLIMIT_STRINGZ), 1);
  /* Mastodon's composer strips nothing; its server strips both ends. */
  CHECK_EQ(COUNT("  hello  ", TEXTLIMIT_MASTODON_COMPOSER), 9);
  CHECK_EQ(COUNT("  hello  ", TEXTLIMIT_MASTODON), 5);

  /* SMS: 160 septets in one message, 153 in each part of a longer one. */
  char text[400];
  memset(text, 'a', 307);
  CHECK_EQ(count(text, 160, TEXTLIMIT_SMS), 1);
  CHECK_EQ(count(text, 161, TEXTLIMIT_SMS), 2);
  CHECK_EQ(count(text, 306, TEXTLIMIT_SMS), 2);
  CHECK_EQ(count(text, 307, TEXTLIMIT_SMS), 3);
  int32_t encoding = -1;
  uint64_t units = 0, segments = 0;
  uint8_t characters[32];
  size_t characters_length = 99;
  /* 日 forces UCS-2; € is in the extension table (two septets). */
  static const char mixed[] = "5\xE2\x82\xAC \xE6\x97\xA5\xE6\x97\xA5";
  CHECK_EQ(textlimit_sms_measure((const uint8_t *)mixed, sizeof mixed - 1, TEXTLIMIT_SMS,
                                 &encoding, &units, &segments, characters, sizeof characters,
                                 &characters_length),
           TEXTLIMIT_OK);
  CHECK_EQ(encoding, 1);
  CHECK_EQ(units, 5);
  CHECK_EQ(segments, 1);
  CHECK_EQ(characters_length, 4);
  CHECK_EQ(memcmp(characters, "\xE6\x97\xA5\xFF", 4), 0);
  static const char euro[] = "5\xE2\x82\xAC";
  CHECK_EQ(textlimit_sms_measure((const uint8_t *)euro, sizeof euro - 1, TEXTLIMIT_SMS, &encoding,
                                 &units, &segments, NULL, 0, &characters_length),
           TEXTLIMIT_OK);
  CHECK_EQ(encoding, 0);
  CHECK_EQ(units, 3);
  CHECK_EQ(characters_length, 0);
  /* Capacity too small: the size, nothing written. */
  characters[0] = 0x11;
  CHECK_EQ(textlimit_sms_measure((const uint8_t *)mixed, sizeof mixed - 1, TEXTLIMIT_SMS,
                                 &encoding, &units, &segments, characters, 3, &characters_length),
           TEXTLIMIT_OK);
  CHECK_EQ(characters_length, 4);
  CHECK_EQ(characters[0], 0x11);
  CHECK_EQ(textlimit_sms_measure((const uint8_t *)euro, 4, TEXTLIMIT_UTF8, &encoding, &units,
                                 &segments, NULL, 0, &characters_length),
           TEXTLIMIT_INVALID_ARGUMENT);
  /* Options: Turkish's single shift table holds ş (U+015F); look-alikes make curly quotes
   * straight; the split between scalars lets a family emoji straddle parts. */
  int32_t turkish = -1, lookalikes = -1, pairs = -1, untouched = 77;
  CHECK_EQ(textlimit_sms_unit(0, 0, 1, &turkish), TEXTLIMIT_OK);
  CHECK_EQ(textlimit_sms_unit(0, 1, 0, &lookalikes), TEXTLIMIT_OK);
  CHECK_EQ(textlimit_sms_unit(1, 0, 0, &pairs), TEXTLIMIT_OK);
  CHECK_EQ(textlimit_unit_name(turkish) == NULL, 1);
  static const char s_cedilla[] = "\xC5\x9F";
  CHECK_EQ(textlimit_sms_measure((const uint8_t *)s_cedilla, 2, TEXTLIMIT_SMS, &encoding, &units,
                                 &segments, NULL, 0, &characters_length),
           TEXTLIMIT_OK);
  CHECK_EQ(encoding, 1);
  CHECK_EQ(textlimit_sms_measure((const uint8_t *)s_cedilla, 2, turkish, &encoding, &units,
                                 &segments, NULL, 0, &characters_length),
           TEXTLIMIT_OK);
  CHECK_EQ(encoding, 0);
  CHECK_EQ(COUNT("\xE2\x80\x9Chi\xE2\x80\x9D", lookalikes), 1);
  CHECK_EQ(COUNT("\xE2\x80\x9Chi\xE2\x80\x9D", TEXTLIMIT_SMS), 1);
  /* 62 日, two family emoji (11 UTF-16 units each), 50 日: 134 units. Whole clusters: 62 in the
   * first part (a family does not fit), 67 and 5 after; split between scalars, 67 and 67. */
  static const char family[] =
      "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7\xE2\x80\x8D"
      "\xF0\x9F\x91\xA6";
  char sms[400];
  size_t used = 0;
  for (int i = 0; i < 62; i++, used += 3) memcpy(sms + used, "\xE6\x97\xA5", 3);
  for (int i = 0; i < 2; i++, used += sizeof family - 1) memcpy(sms + used, family, sizeof family - 1);
  for (int i = 0; i < 50; i++, used += 3) memcpy(sms + used, "\xE6\x97\xA5", 3);
  CHECK_EQ(count(sms, used, TEXTLIMIT_SMS), 3);
  CHECK_EQ(count(sms, used, pairs), 2);
  CHECK_EQ(textlimit_sms_unit(2, 0, 0, &untouched), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_sms_unit(0, 0, 14, &untouched), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_sms_unit(0, 0, 0, NULL), TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(untouched, 77);
  int32_t default_sms = -1;
  CHECK_EQ(textlimit_sms_unit(0, 0, 0, &default_sms), TEXTLIMIT_OK);
  CHECK_EQ(default_sms, TEXTLIMIT_SMS);

  /* The content warning: the server strips it and counts it with the text; the composer counts
   * it as typed. */
  uint64_t result = 0;
  CHECK_EQ(textlimit_count_with_warning((const uint8_t *)"hi", 2, TEXTLIMIT_MASTODON,
                                        (const uint8_t *)"  cw ", 5, &result),
           TEXTLIMIT_OK);
  CHECK_EQ(result, 4);
  CHECK_EQ(textlimit_count_with_warning((const uint8_t *)"hi", 2, TEXTLIMIT_MASTODON_COMPOSER,
                                        (const uint8_t *)"  cw ", 5, &result),
           TEXTLIMIT_OK);
  CHECK_EQ(result, 7);
  /* A blank text's place is taken by the warning. */
  CHECK_EQ(textlimit_count_with_warning((const uint8_t *)"  ", 2, TEXTLIMIT_MASTODON,
                                        (const uint8_t *)"spoiler", 7, &result),
           TEXTLIMIT_OK);
  CHECK_EQ(result, 7);
  result = 12345;
  CHECK_EQ(textlimit_count_with_warning((const uint8_t *)"hi", 2, TEXTLIMIT_GRAPHEMES,
                                        (const uint8_t *)"cw", 2, &result),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_count_with_warning((const uint8_t *)"hi", 2, TEXTLIMIT_MASTODON, NULL, 2,
                                        &result),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(result, 12345);
  CHECK_EQ(textlimit_count_with_warning((const uint8_t *)"hi", 2, TEXTLIMIT_GRAPHEMES, NULL, 0,
                                        &result),
           TEXTLIMIT_OK);
  CHECK_EQ(result, 2);
  /* A warning of 8 leaves 2 of a limit of 10: "hello" is cut to "he". */
  const int32_t mastodon[] = {TEXTLIMIT_MASTODON};
  const uint64_t ten[] = {10};
  size_t kept = 0;
  CHECK_EQ(textlimit_prefix_with_warning((const uint8_t *)"hello", 5, mastodon, ten, 1,
                                         (const uint8_t *)"warning!", 8, &kept),
           TEXTLIMIT_OK);
  CHECK_EQ(kept, 2);
  const int32_t graphemes[] = {TEXTLIMIT_GRAPHEMES};
  CHECK_EQ(textlimit_prefix_with_warning((const uint8_t *)"hello", 5, graphemes, ten, 1,
                                         (const uint8_t *)"warning!", 8, &kept),
           TEXTLIMIT_INVALID_ARGUMENT);

  /* Bluesky: the composer shortens the link and trims nothing; the app publishes it trimmed. */
  static const char post[] =
      "Check https://example.com/a/very/long/path/that/is/longer/than/twenty/three ok  \n";
  static const char published[] = "Check example.com/a/very/long/... ok";
  CHECK_EQ(COUNT(post, TEXTLIMIT_BLUESKY_COMPOSER), 36 + 3);
  CHECK_EQ(COUNT(post, TEXTLIMIT_BLUESKY_PUBLISHED_UTF8), 36);
  uint8_t out[64];
  size_t out_length = 0;
  CHECK_EQ(textlimit_bluesky_published((const uint8_t *)post, sizeof post - 1, NULL, 0,
                                       &out_length),
           TEXTLIMIT_OK);
  CHECK_EQ(out_length, 36);
  CHECK_EQ(textlimit_bluesky_published((const uint8_t *)post, sizeof post - 1, out, sizeof out,
                                       &out_length),
           TEXTLIMIT_OK);
  CHECK_EQ(out_length == 36 && memcmp(out, published, 36) == 0, 1);
  CHECK_EQ(textlimit_bluesky_published(NULL, 3, out, sizeof out, &out_length),
           TEXTLIMIT_INVALID_ARGUMENT);

  /* The composers' rules and URL lengths. */
  int32_t rule_units[2] = {-1, -1};
  uint64_t maxes[2] = {0, 0};
  size_t limit_count = 0;
  CHECK_EQ(textlimit_rule_limits("bluesky-composer", -1, -1, rule_units, maxes, 2, &limit_count),
           TEXTLIMIT_OK);
  CHECK_EQ(limit_count, 2);
  CHECK_EQ(rule_units[0], TEXTLIMIT_BLUESKY_COMPOSER);
  CHECK_EQ(maxes[0], 300);
  CHECK_EQ(rule_units[1], TEXTLIMIT_BLUESKY_PUBLISHED_UTF8);
  CHECK_EQ(maxes[1], 3000);
  CHECK_EQ(textlimit_rule_limits("mastodon-composer", -1, 5, rule_units, maxes, 2, &limit_count),
           TEXTLIMIT_OK);
  CHECK_EQ(limit_count, 1);
  CHECK_EQ(maxes[0], 500);
  CHECK_EQ(COUNT("see https://example.com/a", rule_units[0]), 4 + 5);
  int32_t composer5 = -1;
  CHECK_EQ(textlimit_post_unit(TEXTLIMIT_MASTODON_COMPOSER, 5, &composer5), TEXTLIMIT_OK);
  CHECK_EQ(composer5, rule_units[0]);
  CHECK_EQ(textlimit_rule_limits("bluesky-composer", -1, 5, rule_units, maxes, 2, &limit_count),
           TEXTLIMIT_INVALID_ARGUMENT);
  CHECK_EQ(textlimit_post_unit(TEXTLIMIT_BLUESKY_COMPOSER, 5, &untouched),
           TEXTLIMIT_INVALID_ARGUMENT);
}

int main(void) {
  test_names_and_version();
  test_known_texts();
  test_strict_and_arguments();
  test_count_many();
  test_prefix();
  test_header_promises();
  test_count_each();
  test_count_utf32();
  test_grapheme_ends();
  test_posts();
  test_new_units();
  test_threads();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("textlimit C API: every check passed (version %s, backend %s)\n", textlimit_version(),
         textlimit_backend());
  return 0;
}
