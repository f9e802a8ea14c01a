// The kernels' block primitives in AVX2 (two 32-byte registers per 64-byte block), for x86-64
// CPUs that have AVX2, POPCNT and BMI1 (checked at run time); the loops are kernel_loops.h's.
#include "kernel_isa.h"

#if defined(TEXTCOUNT_AVX2_KERNELS)
#include "kernel_common.h"

#include <cpuid.h>
#include <immintrin.h>

#define KERNEL_TARGET __attribute__((target("avx2,popcnt,bmi")))

/// Whether the CPU has everything `KERNEL_TARGET` code uses (AVX2, POPCNT, BMI1) and the OS
/// saves the YMM registers.
static int avx2_available(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  if (!(c & bit_OSXSAVE) || !(c & bit_AVX) || !(c & bit_POPCNT)) return 0;
  unsigned low, high;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  if ((low & 6) != 6) return 0;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  return (b & bit_AVX2) != 0 && (b & bit_BMI) != 0;
}

typedef struct {
  __m256i low, high;
} block64;

KERNEL_TARGET static inline block64 block_load(const uint8_t *at) {
  block64 block = {
    _mm256_loadu_si256((const __m256i *)at), _mm256_loadu_si256((const __m256i *)(at + 32))};
  return block;
}

KERNEL_TARGET static inline block64 block_zero(void) {
  block64 block = {_mm256_setzero_si256(), _mm256_setzero_si256()};
  return block;
}

KERNEL_TARGET static inline block64 block_keep(block64 b, uint64_t keep) {
  __m256i mask = _mm256_set1_epi64x((long long)(0 - keep));
  block64 block = {_mm256_and_si256(b.low, mask), _mm256_and_si256(b.high, mask)};
  return block;
}

/// A 64-bit mask from the byte masks of the two halves.
KERNEL_TARGET static inline uint64_t mask_bits(__m256i low, __m256i high) {
  return (uint64_t)(uint32_t)_mm256_movemask_epi8(low)
    | (uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32;
}

KERNEL_TARGET static inline int block_is_ascii(block64 b) {
  return _mm256_movemask_epi8(_mm256_or_si256(b.low, b.high)) == 0;
}

KERNEL_TARGET static inline uint64_t block_non_ascii(block64 b) {
  return mask_bits(b.low, b.high);
}

KERNEL_TARGET static inline uint64_t block_continuations(block64 b) {
  const __m256i below = _mm256_set1_epi8(-64);  // 0xC0: continuations are less, as signed
  return mask_bits(_mm256_cmpgt_epi8(below, b.low), _mm256_cmpgt_epi8(below, b.high));
}

KERNEL_TARGET static inline uint64_t block_four_byte_leads(block64 b) {
  const __m256i high = _mm256_set1_epi8((char)0xF0);
  return mask_bits(_mm256_cmpeq_epi8(_mm256_max_epu8(b.low, high), b.low),
    _mm256_cmpeq_epi8(_mm256_max_epu8(b.high, high), b.high));
}

KERNEL_TARGET static inline uint64_t block_equal(block64 b, uint8_t byte) {
  const __m256i wanted = _mm256_set1_epi8((char)byte);
  return mask_bits(_mm256_cmpeq_epi8(b.low, wanted), _mm256_cmpeq_epi8(b.high, wanted));
}

/// 0xFF where a byte is an ASCII control: 00–1F or 7F.
KERNEL_TARGET static inline __m256i ascii_controls(__m256i input) {
  const __m256i lastControl = _mm256_set1_epi8(0x1F);
  return _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(input, lastControl), input),
    _mm256_cmpeq_epi8(input, _mm256_set1_epi8(0x7F)));
}

KERNEL_TARGET static inline uint64_t block_ascii_controls(block64 b) {
  return mask_bits(ascii_controls(b.low), ascii_controls(b.high));
}

/// A nibble lookup in `table` per byte of `nibbles` (each 0–15).
KERNEL_TARGET static inline __m256i lookup(const uint8_t table[16], __m256i nibbles) {
  __m256i both = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)table));
  return _mm256_shuffle_epi8(both, nibbles);
}

/// The 32 bytes that end `n` (1–3) bytes before those of `input`, which follow `prior`.
KERNEL_TARGET static inline __m256i previous(__m256i input, __m256i prior, int n) {
  __m256i shifted = _mm256_permute2x128_si256(prior, input, 0x21);
  switch (n) {
  case 1: return _mm256_alignr_epi8(input, shifted, 15);
  case 2: return _mm256_alignr_epi8(input, shifted, 14);
  default: return _mm256_alignr_epi8(input, shifted, 13);
  }
}

/// Nonzero bytes where `input` (after the 32 bytes `prior`) is not well-formed UTF-8.
KERNEL_TARGET static inline __m256i errors(__m256i input, __m256i prior) {
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

KERNEL_TARGET static inline int block_has_errors(block64 b, block64 prior) {
  __m256i bad = _mm256_or_si256(errors(b.low, prior.high), errors(b.high, b.low));
  return !_mm256_testz_si256(bad, bad);
}

KERNEL_TARGET static inline int block_ends_unfinished(block64 b) {
  const __m128i limit = _mm_loadu_si128((const __m128i *)lastLaneLimit);
  __m256i over = _mm256_subs_epu8(b.high, _mm256_set_m128i(limit, _mm_set1_epi8(-1)));
  return !_mm256_testz_si256(over, over);
}

KERNEL_TARGET static inline __m256i standalone_lead_bytes(
  __m256i input, const textcount_standalone_map *map
) {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  __m256i both = _mm256_and_si256(
    lookup(map->leadByLowNibble, _mm256_and_si256(input, nibble)),
    lookup(map->leadByHighNibble, _mm256_and_si256(_mm256_srli_epi16(input, 4), nibble)));
  return _mm256_cmpeq_epi8(both, _mm256_setzero_si256());
}

KERNEL_TARGET static inline uint64_t block_standalone_leads(
  block64 b, const textcount_standalone_map *map
) {
  return ~mask_bits(standalone_lead_bytes(b.low, map), standalone_lead_bytes(b.high, map));
}

/// Bytes of `input` in `low`...`high` (unsigned), as a byte mask.
KERNEL_TARGET static inline __m256i in_range(__m256i input, uint8_t low, uint8_t high) {
  __m256i offset = _mm256_sub_epi8(input, _mm256_set1_epi8((char)low));
  return _mm256_cmpeq_epi8(_mm256_min_epu8(offset, _mm256_set1_epi8((char)(high - low))), offset);
}

KERNEL_TARGET static inline uint64_t block_in_range(block64 b, uint8_t low, uint8_t high) {
  return mask_bits(in_range(b.low, low, high), in_range(b.high, low, high));
}

/// The standalone kana leads of `input`, the 32 bytes at `at` (reads the two bytes after).
KERNEL_TARGET static inline __m256i standalone_kana(__m256i input, const uint8_t *at) {
  __m256i second = _mm256_loadu_si256((const __m256i *)(at + 1));
  __m256i third = _mm256_loadu_si256((const __m256i *)(at + 2));
  __m256i leads = _mm256_cmpeq_epi8(input, _mm256_set1_epi8((char)0xE3));
  __m256i marks = _mm256_or_si256(
    _mm256_and_si256(_mm256_cmpeq_epi8(second, _mm256_set1_epi8((char)KANA_MARK_SECOND_A)),
      in_range(third, KANA_MARK_THIRD_A_LOW, KANA_MARK_THIRD_A_HIGH)),
    _mm256_and_si256(_mm256_cmpeq_epi8(second, _mm256_set1_epi8((char)KANA_MARK_SECOND_B)),
      in_range(third, KANA_MARK_THIRD_B_LOW, KANA_MARK_THIRD_B_HIGH)));
  return _mm256_andnot_si256(marks, leads);
}

KERNEL_TARGET static inline uint64_t block_standalone_kana(block64 b, const uint8_t *at) {
  return mask_bits(standalone_kana(b.low, at), standalone_kana(b.high, at + 32));
}

/// The leads of `input`, the 32 bytes at `at` (reads the two bytes after), of the length
/// kernel's kana (see KANA_LENGTH_SECOND_HIGH): standalone kana under second bytes 80–83, less
/// the narrow and unassigned few.
KERNEL_TARGET static inline __m256i length_kana(__m256i input, const uint8_t *at) {
  __m256i second = _mm256_loadu_si256((const __m256i *)(at + 1));
  __m256i third = _mm256_loadu_si256((const __m256i *)(at + 2));
  __m256i narrow = _mm256_or_si256(
    _mm256_or_si256(
      _mm256_and_si256(_mm256_cmpeq_epi8(second, _mm256_set1_epi8((char)KANA_NARROW_SECOND_A)),
        _mm256_cmpeq_epi8(third, _mm256_set1_epi8((char)KANA_NARROW_THIRD_A))),
      _mm256_and_si256(_mm256_cmpeq_epi8(second, _mm256_set1_epi8((char)KANA_NARROW_SECOND_B)),
        _mm256_cmpeq_epi8(third, _mm256_set1_epi8((char)KANA_NARROW_THIRD_B)))),
    _mm256_and_si256(_mm256_cmpeq_epi8(second, _mm256_set1_epi8((char)KANA_NARROW_SECOND_C)),
      in_range(third, KANA_NARROW_THIRD_C_LOW, KANA_NARROW_THIRD_C_HIGH)));
  __m256i kana = _mm256_and_si256(standalone_kana(input, at), in_range(second, 0x80, KANA_LENGTH_SECOND_HIGH));
  return _mm256_andnot_si256(narrow, kana);
}

KERNEL_TARGET static inline uint64_t block_length_kana(block64 b, const uint8_t *at) {
  return mask_bits(length_kana(b.low, at), length_kana(b.high, at + 32));
}

/// The code points of the scalars that `x0` (the 32 bytes at `at`; reads 3 more) leads, at the
/// lead's position (other positions get garbage), as three bytes: `cp & 0xFF` into `low`, the
/// next eight bits into `middle` and the rest into `top` (zero when `withFour` is 0, which the
/// caller may pass for bytes with no four-byte lead). With (p, q) the last two bytes of a
/// sequence and r the one before (none for 2 bytes): `low = (p & 3) << 6 | (q & 0x3F)`,
/// `middle = (r & 0x0F) << 4 | (p & 0x3F) >> 2`, and for 4 bytes `top` from the lead and the
/// byte after it.
__attribute__((always_inline)) KERNEL_TARGET static inline void decode32(
  __m256i x0, const uint8_t *at, int withFour, __m256i *low, __m256i *middle, __m256i *top
) {
  __m256i x1 = _mm256_loadu_si256((const __m256i *)(at + 1));
  __m256i x2 = _mm256_loadu_si256((const __m256i *)(at + 2));
  __m256i threeOrMore = _mm256_cmpeq_epi8(_mm256_max_epu8(x0, _mm256_set1_epi8((char)0xE0)), x0);
  __m256i p = _mm256_blendv_epi8(x0, x1, threeOrMore);
  __m256i q = _mm256_blendv_epi8(x1, x2, threeOrMore);
  __m256i r = _mm256_and_si256(x0, threeOrMore);
  __m256i four = _mm256_setzero_si256();
  if (withFour) {
    __m256i x3 = _mm256_loadu_si256((const __m256i *)(at + 3));
    four = _mm256_cmpeq_epi8(_mm256_max_epu8(x0, _mm256_set1_epi8((char)0xF0)), x0);
    p = _mm256_blendv_epi8(p, x2, four);
    q = _mm256_blendv_epi8(q, x3, four);
    r = _mm256_blendv_epi8(r, x1, four);
  }
  __m256i lowBytes = _mm256_or_si256(
    _mm256_slli_epi16(_mm256_and_si256(p, _mm256_set1_epi8(3)), 6),
    _mm256_and_si256(q, _mm256_set1_epi8(0x3F)));
  __m256i middleBytes = _mm256_or_si256(
    _mm256_and_si256(_mm256_slli_epi16(r, 4), _mm256_set1_epi8((char)0xF0)),
    _mm256_and_si256(_mm256_srli_epi16(p, 2), _mm256_set1_epi8(0x0F)));
  // ASCII (the high bit of x0 clear) is its own low byte, with the others 0.
  *low = _mm256_blendv_epi8(x0, lowBytes, x0);
  *middle = _mm256_blendv_epi8(_mm256_setzero_si256(), middleBytes, x0);
  *top = withFour ? _mm256_and_si256(four, _mm256_or_si256(
    _mm256_and_si256(_mm256_slli_epi16(x0, 2), _mm256_set1_epi8(0x1C)),
    _mm256_and_si256(_mm256_srli_epi16(x1, 4), _mm256_set1_epi8(3)))) : _mm256_setzero_si256();
}

/// `low` and `high` bytes to 16-bit values `low | high << 8` in order, into `values`: unpacking
/// works within 128-bit lanes, so the quarters are put in order 0, 2, 1, 3 first.
KERNEL_TARGET static inline void store_pairs32(__m256i low, __m256i high, uint16_t *values) {
  __m256i lows = _mm256_permute4x64_epi64(low, 0xD8);
  __m256i highs = _mm256_permute4x64_epi64(high, 0xD8);
  _mm256_storeu_si256((__m256i *)values, _mm256_unpacklo_epi8(lows, highs));
  _mm256_storeu_si256((__m256i *)(values + 16), _mm256_unpackhi_epi8(lows, highs));
}

KERNEL_TARGET static inline void block_decode(
  block64 b, const uint8_t *at, uint8_t low[64], uint16_t high[64]
) {
  for (int half = 0; half < 2; half++) {
    __m256i lowBytes, middle, top;
    decode32(half ? b.high : b.low, at + 32 * half, 1, &lowBytes, &middle, &top);
    _mm256_storeu_si256((__m256i *)(low + 32 * half), lowBytes);
    store_pairs32(middle, top, high + 32 * half);
  }
}

KERNEL_TARGET static inline void block_decode_bmp(
  block64 b, const uint8_t *at, uint16_t points[64]
) {
  for (int half = 0; half < 2; half++) {
    __m256i lowBytes, middle, top;
    decode32(half ? b.high : b.low, at + 32 * half, 0, &lowBytes, &middle, &top);
    store_pairs32(lowBytes, middle, points + 32 * half);
  }
}

KERNEL_TARGET static inline uint64_t block_window_leads(
  block64 b, const uint8_t *at, int threeBytes, uint8_t lead, uint8_t second
) {
  const __m256i even = _mm256_set1_epi8((char)0xFE);
  uint64_t bits[2];
  for (int half = 0; half < 2; half++) {
    __m256i x0 = half ? b.high : b.low;
    __m256i match;
    if (threeBytes) {
      __m256i x1 = _mm256_loadu_si256((const __m256i *)(at + 32 * half + 1));
      match = _mm256_and_si256(_mm256_cmpeq_epi8(x0, _mm256_set1_epi8((char)lead)),
        _mm256_cmpeq_epi8(_mm256_and_si256(x1, even), _mm256_set1_epi8((char)(second & 0xFE))));
    } else {
      match = _mm256_cmpeq_epi8(_mm256_and_si256(x0, even), _mm256_set1_epi8((char)(lead & 0xFE)));
    }
    bits[half] = (uint32_t)_mm256_movemask_epi8(match);
  }
  return bits[0] | bits[1] << 32;
}

/// The places of a block's scalars in their window (block_window_planes), prepared once for the
/// planes' look-ups: per half, which byte of a plane's bitmap and which bit of it.
typedef struct {
  __m256i byteIndex[2], bit[2];
} window_places;

KERNEL_TARGET static inline window_places block_window_places(
  block64 b, const uint8_t *at, int threeBytes
) {
  const __m256i bitOfLow3 = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  window_places places;
  for (int half = 0; half < 2; half++) {
    __m256i x0 = half ? b.high : b.low;
    __m256i x1 = _mm256_loadu_si256((const __m256i *)(at + 32 * half + 1));
    // The scalar's place in its window, from its last two bytes: bit 6 from the one before the
    // last, bits 0-5 from the last.
    __m256i before = x0, last = x1;
    if (threeBytes) {
      before = x1;
      last = _mm256_loadu_si256((const __m256i *)(at + 32 * half + 2));
    }
    __m256i place = _mm256_or_si256(
      _mm256_slli_epi16(_mm256_and_si256(before, _mm256_set1_epi8(1)), 6),
      _mm256_and_si256(last, _mm256_set1_epi8(0x3F)));
    places.byteIndex[half] =
      _mm256_and_si256(_mm256_srli_epi16(place, 3), _mm256_set1_epi8(0x0F));
    places.bit[half] =
      _mm256_shuffle_epi8(bitOfLow3, _mm256_and_si256(place, _mm256_set1_epi8(7)));
  }
  return places;
}

KERNEL_TARGET static inline uint64_t block_window_plane(
  const window_places *places, const uint8_t *bitmap
) {
  __m256i table = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)bitmap));
  __m256i low = _mm256_and_si256(_mm256_shuffle_epi8(table, places->byteIndex[0]), places->bit[0]);
  __m256i high =
    _mm256_and_si256(_mm256_shuffle_epi8(table, places->byteIndex[1]), places->bit[1]);
  return mask_bits(
    _mm256_cmpeq_epi8(low, places->bit[0]), _mm256_cmpeq_epi8(high, places->bit[1]));
}

#include "kernel_loops.h"

TEXTCOUNT_ISA_ENTRY_POINTS(avx2, avx2_available)
#endif
