#include "CTextCountKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

#define TEXTCOUNT_AVX2 __attribute__((target("avx2,popcnt,bmi")))

/// Whether the CPU has everything `TEXTCOUNT_AVX2` code uses (AVX2, POPCNT, BMI1) and the OS
/// saves the YMM registers.
static int detect_avx2(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  if (!(c & bit_OSXSAVE) || !(c & bit_AVX) || !(c & bit_POPCNT)) return 0;
  unsigned low, high;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  if ((low & 6) != 6) return 0;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  return (b & bit_AVX2) != 0 && (b & bit_BMI) != 0;
}

static int available = -1;

int textcount_kernels_available(void) {
  int known = __atomic_load_n(&available, __ATOMIC_RELAXED);
  if (known < 0) {
    known = detect_avx2();
    __atomic_store_n(&available, known, __ATOMIC_RELAXED);
  }
  return known;
}

// UTF-8 validation after Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per
// Byte" (2021): three nibble lookups flag every bad two-byte pattern; a check on the bytes two and
// three back flags misplaced continuations.
enum {
  TOO_SHORT = 1 << 0,       // a lead not followed by a continuation
  TOO_LONG = 1 << 1,        // ASCII followed by a continuation
  OVERLONG_3 = 1 << 2,      // E0 80..9F
  TOO_LARGE = 1 << 3,       // F4 90..BF, F5..FF 90..BF
  SURROGATE = 1 << 4,       // ED A0..BF
  OVERLONG_2 = 1 << 5,      // C0..C1 any
  TOO_LARGE_1000 = 1 << 6,  // F5..FF 80..8F
  OVERLONG_4 = 1 << 6,      // F0 80..8F
  TWO_CONTS = 1 << 7,       // a continuation after a continuation (fine only inside a sequence)
  CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
};

TEXTCOUNT_AVX2 static inline __m256i previous(__m256i input, __m256i prior, int n) {
  __m256i shifted = _mm256_permute2x128_si256(prior, input, 0x21);
  switch (n) {
  case 1: return _mm256_alignr_epi8(input, shifted, 15);
  case 2: return _mm256_alignr_epi8(input, shifted, 14);
  default: return _mm256_alignr_epi8(input, shifted, 13);
  }
}

// The three lookups: by the high and the low nibble of the previous byte, by the high nibble of
// this one.
static const uint8_t byte1HighTable[16] = {
  TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,  // 0xxxxxxx
  TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,                                      // 10xxxxxx
  TOO_SHORT | OVERLONG_2,                                                          // 1100xxxx
  TOO_SHORT,                                                                       // 1101xxxx
  TOO_SHORT | OVERLONG_3 | SURROGATE,                                              // 1110xxxx
  TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,                             // 1111xxxx
};
static const uint8_t byte1LowTable[16] = {
  CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,  // xxxx0000
  CARRY | OVERLONG_2,                            // xxxx0001
  CARRY, CARRY,                                  // xxxx001x
  CARRY | TOO_LARGE,                             // xxxx0100
  CARRY | TOO_LARGE | TOO_LARGE_1000,            // xxxx0101
  CARRY | TOO_LARGE | TOO_LARGE_1000,            // xxxx011x
  CARRY | TOO_LARGE | TOO_LARGE_1000,
  CARRY | TOO_LARGE | TOO_LARGE_1000,            // xxxx1xxx
  CARRY | TOO_LARGE | TOO_LARGE_1000,
  CARRY | TOO_LARGE | TOO_LARGE_1000,
  CARRY | TOO_LARGE | TOO_LARGE_1000,
  CARRY | TOO_LARGE | TOO_LARGE_1000,
  CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,  // xxxx1101
  CARRY | TOO_LARGE | TOO_LARGE_1000,
  CARRY | TOO_LARGE | TOO_LARGE_1000,
};
static const uint8_t byte2HighTable[16] = {
  TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,  // ASCII
  TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,  // 1000xxxx
  TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,                    // 1001xxxx
  TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                     // 101xxxxx
  TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
  TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,                                    // 11xxxxxx
};

TEXTCOUNT_AVX2 static inline __m256i lookup(const uint8_t table[16], __m256i nibbles) {
  __m256i both = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)table));
  return _mm256_shuffle_epi8(both, nibbles);
}

/// Nonzero bytes where `input` (after the 32 bytes `prior`) is not well-formed UTF-8.
TEXTCOUNT_AVX2 static inline __m256i errors(__m256i input, __m256i prior) {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  __m256i prev1 = previous(input, prior, 1);
  __m256i prev1High = _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble);
  __m256i prev1Low = _mm256_and_si256(prev1, nibble);
  __m256i inputHigh = _mm256_and_si256(_mm256_srli_epi16(input, 4), nibble);
  __m256i special = _mm256_and_si256(
    _mm256_and_si256(lookup(byte1HighTable, prev1High), lookup(byte1LowTable, prev1Low)),
    lookup(byte2HighTable, inputHigh));
  // A continuation two or three bytes after a 3- or 4-byte lead is expected: it cancels TWO_CONTS.
  __m256i third = _mm256_subs_epu8(previous(input, prior, 2), _mm256_set1_epi8(0xE0 - 0x80));
  __m256i fourth = _mm256_subs_epu8(previous(input, prior, 3), _mm256_set1_epi8(0xF0 - 0x80));
  __m256i expected = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(-128));
  return _mm256_xor_si256(expected, special);
}

/// Bits set for continuation bytes (10xxxxxx).
TEXTCOUNT_AVX2 static inline uint32_t continuations(__m256i input) {
  return (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-64), input));
}

/// Bits set for 4-byte leads (F0 and above).
TEXTCOUNT_AVX2 static inline uint32_t fourByteLeads(__m256i input) {
  __m256i high = _mm256_set1_epi8((char)0xF0);
  return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(input, high), input));
}

/// Whether the last three bytes of `block` start a sequence that runs past it.
TEXTCOUNT_AVX2 static inline int ends_unfinished(__m256i block) {
  // Per position, the largest byte that needs nothing after the block: any at the first 29,
  // a 2-byte lead needs one more byte, a 3-byte lead two, a 4-byte lead three.
  const __m256i limit = _mm256_setr_epi8(
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, (char)0xEF, (char)0xDF, (char)0xBF);
  __m256i over = _mm256_subs_epu8(block, limit);
  return !_mm256_testz_si256(over, over);
}

/// How many bytes before `end` (0 to 3) start a sequence that runs past it.
static inline size_t unfinished_tail(const uint8_t *end) {
  if (end[-1] >= 0xC0) return 1;
  if (end[-2] >= 0xE0) return 2;
  if (end[-3] >= 0xF0) return 3;
  return 0;
}

TEXTCOUNT_AVX2 static textcount_utf8_run count_well_formed_avx2(
  const uint8_t *bytes, size_t start, size_t length
) {
  size_t index = start;
  size_t continuationCount = 0;
  size_t supplementary = 0;
  // `start` begins a scalar, so what precedes it expects nothing: treat it as ASCII.
  __m256i prior = _mm256_setzero_si256();
  while (index + 64 <= length) {
    __m256i low = _mm256_loadu_si256((const __m256i *)(bytes + index));
    __m256i high = _mm256_loadu_si256((const __m256i *)(bytes + index + 32));
    if (_mm256_movemask_epi8(_mm256_or_si256(low, high)) == 0) {
      // All ASCII: fine unless the block before ended inside a sequence.
      if (ends_unfinished(prior)) break;
      prior = high;
      index += 64;
      continue;
    }
    __m256i bad = _mm256_or_si256(errors(low, prior), errors(high, low));
    if (!_mm256_testz_si256(bad, bad)) break;
    continuationCount += (size_t)__builtin_popcount(continuations(low))
      + (size_t)__builtin_popcount(continuations(high));
    supplementary += (size_t)__builtin_popcount(fourByteLeads(low))
      + (size_t)__builtin_popcount(fourByteLeads(high));
    prior = high;
    index += 64;
  }
  size_t scalars = (index - start) - continuationCount;
  // Give back a sequence the last block left unfinished: the scalar loop decides about it.
  if (index > start) {
    size_t back = unfinished_tail(bytes + index);
    if (back > 0) {
      if (bytes[index - back] >= 0xF0) supplementary -= 1;
      scalars -= 1;
      index -= back;
    }
  }
  textcount_utf8_run run = {index, scalars, supplementary};
  return run;
}

/// Bits set for the bytes of `input` equal to `byte`.
TEXTCOUNT_AVX2 static inline uint32_t equal(__m256i input, char byte) {
  return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(input, _mm256_set1_epi8(byte)));
}

/// A 64-byte block's bits, from those of its two halves.
static inline uint64_t block_bits(uint32_t low, uint32_t high) {
  return (uint64_t)low | (uint64_t)high << 32;
}

/// The block's LFs that follow a CR, which no boundary separates (GB3). `afterCR` is 1 when the
/// block before ended with a CR; `endsWithCR` is set to whether this one does.
TEXTCOUNT_AVX2 static inline uint64_t lf_after_cr(
  __m256i low, __m256i high, uint64_t afterCR, uint64_t *endsWithCR
) {
  uint64_t crs = block_bits(equal(low, '\r'), equal(high, '\r'));
  uint64_t lfs = block_bits(equal(low, '\n'), equal(high, '\n'));
  *endsWithCR = crs >> 63;
  return (crs << 1 | afterCR) & lfs;
}

/// The scalar whose lead is at `at` (well-formed, or validated by the next block; four bytes
/// readable), decoded without a branch on its width, which text mixing widths would mispredict:
/// the lead's high nibble gives the bits it holds and how far to shift the four bytes' payload.
static inline uint32_t code_point_at(const uint8_t *at) {
  static const uint8_t leadBits[16] = {
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0, 0x1F, 0x1F, 0x0F, 0x07};
  static const uint8_t shift[16] = {18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0};
  uint32_t word;
  memcpy(&word, at, 4);
  uint32_t big = __builtin_bswap32(word);  // the lead in the top byte
  unsigned nibble = big >> 28;
  uint32_t codePoint = ((big >> 24) & leadBits[nibble]) << 18 | (big >> 4 & 0x3F000)
    | (big >> 2 & 0xFC0) | (big & 0x3F);
  return codePoint >> shift[nibble];
}

/// Whether `codePoint` is standalone, by the bitmap (below U+20000) or by rule (above: everything
/// but the tags and variation selectors of U+E0000–U+E0FFF).
static inline int is_standalone(uint32_t codePoint, const uint8_t *bitmap) {
  if (codePoint < 0x20000) return (bitmap[codePoint >> 3] >> (codePoint & 7)) & 1;
  return codePoint < 0xE0000 || codePoint > 0xE0FFF;
}

/// Bits set for the bytes of `input` that lead only standalone scalars.
TEXTCOUNT_AVX2 static inline uint32_t standalone_leads(
  __m256i input, const textcount_standalone_map *map
) {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  __m256i both = _mm256_and_si256(
    lookup(map->leadByLowNibble, _mm256_and_si256(input, nibble)),
    lookup(map->leadByHighNibble, _mm256_and_si256(_mm256_srli_epi16(input, 4), nibble)));
  return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(both, _mm256_setzero_si256()));
}

/// Bytes of `input` in `low`...`high` (unsigned), as a byte mask.
TEXTCOUNT_AVX2 static inline __m256i in_range(__m256i input, uint8_t low, uint8_t high) {
  __m256i offset = _mm256_sub_epi8(input, _mm256_set1_epi8((char)low));
  return _mm256_cmpeq_epi8(_mm256_min_epu8(offset, _mm256_set1_epi8((char)(high - low))), offset);
}

/// Bits set for the bytes of `input` (the 32 bytes at `at`) that lead a standalone scalar of
/// U+3000–U+3FFF (lead E3: kana and CJK punctuation), which their lead alone cannot tell. All of
/// them are standalone but U+302A–U+302F (E3 80 AA–AF) and U+3099–U+309A (E3 82 99–9A); the
/// tests check that against the class table (`_StandaloneScalars.kanaRuleTakesAsStandalone`).
/// Reads the two bytes after the 32.
TEXTCOUNT_AVX2 static inline uint32_t standalone_kana(__m256i input, const uint8_t *at) {
  __m256i second = _mm256_loadu_si256((const __m256i *)(at + 1));
  __m256i third = _mm256_loadu_si256((const __m256i *)(at + 2));
  __m256i leads = _mm256_cmpeq_epi8(input, _mm256_set1_epi8((char)0xE3));
  __m256i marks = _mm256_or_si256(
    _mm256_and_si256(
      _mm256_cmpeq_epi8(second, _mm256_set1_epi8((char)0x80)), in_range(third, 0xAA, 0xAF)),
    _mm256_and_si256(
      _mm256_cmpeq_epi8(second, _mm256_set1_epi8((char)0x82)), in_range(third, 0x99, 0x9A)));
  return (uint32_t)_mm256_movemask_epi8(_mm256_andnot_si256(marks, leads));
}

/// The leads of the block `low`, `high` (the 64 bytes at `at`, `available` bytes readable from
/// there) whose scalar needs a look-up to tell whether it is standalone. `leads` are the block's
/// non-ASCII leads; leads whose every scalar is standalone need no look.
TEXTCOUNT_AVX2 static inline uint64_t unsure_leads(
  __m256i low, __m256i high, uint64_t leads, const uint8_t *at, size_t available,
  const textcount_standalone_map *map
) {
  uint64_t sure =
    block_bits(standalone_leads(low, map), standalone_leads(high, map));
  uint64_t unsure = leads & ~sure;
  // Kana share lead E3 with a few marks: the two bytes after the lead tell them apart. That
  // check pays only where kana are dense (Chinese has a few E3 punctuation marks per block).
  if (__builtin_popcountll(unsure) >= 4 && available >= 66) {
    uint64_t kanaLeads = block_bits(equal(low, (char)0xE3), equal(high, (char)0xE3));
    if (__builtin_popcountll(unsure & kanaLeads) >= 4) {
      unsure &= ~block_bits(standalone_kana(low, at), standalone_kana(high, at + 32));
    }
  }
  return unsure;
}

TEXTCOUNT_AVX2 static textcount_cluster_run standalone_clusters_avx2(
  const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map
) {
  size_t index = start;
  size_t clusters = 0;
  uint64_t carry = 0;  // 1 if the block before ended with a CR
  __m256i prior = _mm256_setzero_si256();
  while (index + 64 <= length) {
    __m256i low = _mm256_loadu_si256((const __m256i *)(bytes + index));
    __m256i high = _mm256_loadu_si256((const __m256i *)(bytes + index + 32));
    uint64_t nonASCII = block_bits(
      (uint32_t)_mm256_movemask_epi8(low), (uint32_t)_mm256_movemask_epi8(high));
    uint64_t endsWithCR;
    uint64_t joins = lf_after_cr(low, high, carry, &endsWithCR);
    if (nonASCII == 0) {
      if (ends_unfinished(prior)) break;
      clusters += 64 - (size_t)__builtin_popcountll(joins);
      carry = endsWithCR;
      prior = high;
      index += 64;
      continue;
    }
    __m256i bad = _mm256_or_si256(errors(low, prior), errors(high, low));
    if (!_mm256_testz_si256(bad, bad)) break;
    uint64_t continuation = block_bits(continuations(low), continuations(high));
    uint64_t unsure =
      unsure_leads(low, high, nonASCII & ~continuation, bytes + index, length - index, map);
    unsigned stop = 64;  // where the first scalar that may join its neighbour starts
    while (unsure != 0) {
      unsigned position = (unsigned)__builtin_ctzll(unsure);
      size_t at = index + position;
      // Four bytes are read: at the buffer's very end, the scalar loop takes the rest.
      if (at + 4 > length) { stop = position; break; }
      // A scalar that runs into the next block is not validated yet: if it is ill-formed, the
      // next block fails and gives it back.
      if (!is_standalone(code_point_at(bytes + at), map->bitmap)) { stop = position; break; }
      unsure &= unsure - 1;
    }
    if (stop < 64) {
      uint64_t before = stop == 0 ? 0 : (~0ULL >> (64 - stop));
      clusters += (size_t)__builtin_popcountll(~continuation & before)
        - (size_t)__builtin_popcountll(joins & before);
      textcount_cluster_run run = {index + stop, clusters};
      return run;
    }
    clusters += (64 - (size_t)__builtin_popcountll(continuation))
      - (size_t)__builtin_popcountll(joins);
    carry = endsWithCR;
    prior = high;
    index += 64;
  }
  // Give back a sequence the last block left unfinished.
  if (index > start) {
    size_t back = unfinished_tail(bytes + index);
    if (back > 0) {
      clusters -= 1;
      index -= back;
    }
  }
  textcount_cluster_run run = {index, clusters};
  return run;
}

/// The class of the scalar whose lead is at `at` (well-formed; four bytes readable).
static inline uint8_t class_at(const uint8_t *at, const textcount_cluster_automaton *automaton) {
  uint32_t codePoint = code_point_at(at);
  return automaton->classes[automaton->classBlocks[codePoint >> 8] + (codePoint & 0xFF)];
}

TEXTCOUNT_AVX2 static textcount_automaton_run clusters_by_automaton_avx2(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton
) {
  const uint16_t *nextStates = automaton->nextStates;
  const uint8_t *breaks = automaton->breaks;
  size_t index = start;
  size_t clusters = 0;
  size_t carried = (size_t)-1;  // a scalar the block before left unfinished: where it starts
  uint64_t afterASCII = 0;  // 1 when the block before ended with ASCII (0 at first: a step)
  uint64_t afterCR = 0;  // 1 when it ended with a CR
  __m256i prior = _mm256_setzero_si256();
  // Three bytes of slack after each block: every scalar's four-byte load stays in the buffer.
  while (index + 67 <= length) {
    __m256i low = _mm256_loadu_si256((const __m256i *)(bytes + index));
    __m256i high = _mm256_loadu_si256((const __m256i *)(bytes + index + 32));
    __m256i bad = _mm256_or_si256(errors(low, prior), errors(high, low));
    if (!_mm256_testz_si256(bad, bad)) break;
    uint64_t continuation = block_bits(continuations(low), continuations(high));
    uint64_t nonASCII = block_bits(
      (uint32_t)_mm256_movemask_epi8(low), (uint32_t)_mm256_movemask_epi8(high));
    // This block completes the scalar the last one left unfinished.
    if (carried != (size_t)-1) {
      size_t at = state | class_at(bytes + carried, automaton);
      clusters += breaks[at];
      state = nextStates[at];
    }
    // ASCII after ASCII starts a cluster but in CR LF, and the state after an ASCII byte is
    // that of the byte alone (GraphemeBreakAutomatonTests checks both); so of an ASCII run, only
    // the first byte (which may join a Prepend) and the last (for the state after the run) take
    // a step.
    uint64_t ascii = ~nonASCII;
    uint64_t inner = ascii & (ascii << 1 | afterASCII);
    uint64_t crlf = lf_after_cr(low, high, afterCR, &afterCR);
    clusters += (size_t)__builtin_popcountll(inner) - (size_t)__builtin_popcountll(crlf);
    uint64_t resets = inner & ~(ascii >> 1);  // last bytes of runs, where not also the first
    uint64_t visits = (~continuation & ~inner) | resets;
    // A scalar that runs past the block waits for the next one, which validates it.
    size_t back = unfinished_tail(bytes + index + 64);
    carried = back == 0 ? (size_t)-1 : index + 64 - back;
    if (back != 0) visits &= ~(1ULL << (64 - back));
    size_t steps = (size_t)__builtin_popcountll(visits & ~resets);
    size_t before = clusters;
    if (inner == 0) {
      // No ASCII run longer than a byte (Arabic, Hindi): a loop without resets, 7% faster.
      while (visits != 0) {
        size_t at = state | class_at(bytes + index + (size_t)__builtin_ctzll(visits), automaton);
        clusters += breaks[at];
        state = nextStates[at];
        visits &= visits - 1;
      }
    } else {
      while (visits != 0) {
        unsigned position = (unsigned)__builtin_ctzll(visits);
        // At a reset the state is that after the run's first byte, which is the state after
        // any ASCII byte: the step sets the state right, but its boundary is counted above.
        uint64_t reset = (resets >> position) & 1;
        size_t at = state | class_at(bytes + index + position, automaton);
        clusters += breaks[at] & ~reset;
        state = nextStates[at];
        visits &= visits - 1;
      }
    }
    afterASCII = ascii >> 63;
    prior = high;
    index += 64;
    // Where a block joined no scalar to the one before (every step a boundary) and the last
    // scalar is standalone, the text has turned standalone: back to the cluster kernel, which
    // takes such runs whole.
    if (clusters - before == steps && automaton->standaloneEnds[state >> 7]) break;
  }
  textcount_automaton_run run = {carried != (size_t)-1 ? carried : index, clusters, state};
  return run;
}

textcount_utf8_run textcount_count_well_formed(const uint8_t *bytes, size_t start, size_t length) {
  if (textcount_kernels_available()) return count_well_formed_avx2(bytes, start, length);
  textcount_utf8_run none = {start, 0, 0};
  return none;
}

textcount_cluster_run textcount_count_standalone_clusters(
  const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map
) {
  if (textcount_kernels_available()) return standalone_clusters_avx2(bytes, start, length, map);
  textcount_cluster_run none = {start, 0};
  return none;
}

textcount_automaton_run textcount_count_clusters_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton
) {
  if (textcount_kernels_available())
    return clusters_by_automaton_avx2(bytes, start, length, state, automaton);
  textcount_automaton_run none = {start, 0, state};
  return none;
}

#else

int textcount_kernels_available(void) { return 0; }

textcount_utf8_run textcount_count_well_formed(const uint8_t *bytes, size_t start, size_t length) {
  (void)bytes;
  (void)length;
  textcount_utf8_run none = {start, 0, 0};
  return none;
}

textcount_cluster_run textcount_count_standalone_clusters(
  const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map
) {
  (void)bytes;
  (void)length;
  (void)map;
  textcount_cluster_run none = {start, 0};
  return none;
}

textcount_automaton_run textcount_count_clusters_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton
) {
  (void)bytes;
  (void)length;
  (void)automaton;
  textcount_automaton_run none = {start, 0, state};
  return none;
}

#endif
