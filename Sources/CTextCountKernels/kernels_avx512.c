// The kernels' block primitives in AVX-512 (one 64-byte register per block, its byte masks in
// the mask registers), for x86-64 CPUs that have AVX-512 F, BW and VBMI, POPCNT and BMI1
// (checked at run time, before AVX2's); the loops are kernel_loops.h's, so they give the AVX2
// kernels' answers. Where AVX2 gathers two 32-bit movemasks, a compare here gives the 64 bits.
// VBMI is required though no primitive uses it yet: its 128-byte look-ups (`vpermi2b`) are what
// emoji text's classes need, and the CPUs with AVX-512 BW but not VBMI (Skylake-SP, Cascade
// Lake) are those whose clock drops most under 512-bit code; they keep AVX2.
#include "kernel_isa.h"

#if defined(TEXTCOUNT_AVX512_KERNELS)
#include "kernel_common.h"

#include <cpuid.h>
#include <immintrin.h>

#define KERNEL_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi,popcnt,bmi")))

/// Whether the CPU has everything `KERNEL_TARGET` code uses (AVX-512 F, BW and VBMI, POPCNT,
/// BMI1) and the OS saves the YMM, ZMM and mask registers.
static int avx512_available(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  if (!(c & bit_OSXSAVE) || !(c & bit_AVX) || !(c & bit_POPCNT)) return 0;
  unsigned low, high;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  if ((low & 0xE6) != 0xE6) return 0;  // SSE, AVX, the mask registers and both ZMM halves
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  return (b & bit_AVX512F) != 0 && (b & bit_AVX512BW) != 0 && (b & bit_BMI) != 0
    && (c & bit_AVX512VBMI) != 0;
}

typedef struct {
  __m512i bytes;
} block64;

KERNEL_TARGET static inline block64 block_load(const uint8_t *at) {
  block64 block = {_mm512_loadu_si512((const void *)at)};
  return block;
}

KERNEL_TARGET static inline block64 block_zero(void) {
  block64 block = {_mm512_setzero_si512()};
  return block;
}

KERNEL_TARGET static inline block64 block_keep(block64 b, uint64_t keep) {
  block64 block = {_mm512_maskz_mov_epi64((__mmask8)(0 - keep), b.bytes)};
  return block;
}

KERNEL_TARGET static inline int block_is_ascii(block64 b) {
  return _mm512_movepi8_mask(b.bytes) == 0;
}

KERNEL_TARGET static inline uint64_t block_non_ascii(block64 b) {
  return _mm512_movepi8_mask(b.bytes);
}

KERNEL_TARGET static inline uint64_t block_continuations(block64 b) {
  // 0xC0: continuations are less, as signed.
  return _mm512_cmplt_epi8_mask(b.bytes, _mm512_set1_epi8(-64));
}

KERNEL_TARGET static inline uint64_t block_four_byte_leads(block64 b) {
  return _mm512_cmpge_epu8_mask(b.bytes, _mm512_set1_epi8((char)0xF0));
}

KERNEL_TARGET static inline uint64_t block_equal(block64 b, uint8_t byte) {
  return _mm512_cmpeq_epi8_mask(b.bytes, _mm512_set1_epi8((char)byte));
}

/// Bit i set where byte i of `input` is an ASCII control: 00–1F or 7F.
KERNEL_TARGET static inline uint64_t ascii_controls(__m512i input) {
  return _mm512_cmple_epu8_mask(input, _mm512_set1_epi8(0x1F))
    | _mm512_cmpeq_epi8_mask(input, _mm512_set1_epi8(0x7F));
}

KERNEL_TARGET static inline uint64_t block_ascii_controls(block64 b) {
  return ascii_controls(b.bytes);
}

/// A nibble lookup in `table` per byte of `nibbles` (each 0–15).
KERNEL_TARGET static inline __m512i lookup(const uint8_t table[16], __m512i nibbles) {
  __m512i all = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)table));
  return _mm512_shuffle_epi8(all, nibbles);
}

/// The 64 bytes that end `n` (1–3) bytes before those of `input`, which follow `prior`: each
/// 16-byte lane of `input` after the lane before it (the last of `prior` for the first).
KERNEL_TARGET static inline __m512i previous(__m512i input, __m512i prior, int n) {
  __m512i shifted = _mm512_alignr_epi32(input, prior, 12);
  switch (n) {
  case 1: return _mm512_alignr_epi8(input, shifted, 15);
  case 2: return _mm512_alignr_epi8(input, shifted, 14);
  default: return _mm512_alignr_epi8(input, shifted, 13);
  }
}

/// Nonzero bytes where `input` (after the 64 bytes `prior`) is not well-formed UTF-8.
KERNEL_TARGET static inline __m512i errors(__m512i input, __m512i prior) {
  const __m512i nibble = _mm512_set1_epi8(0x0F);
  __m512i prev1 = previous(input, prior, 1);
  __m512i prev1High = _mm512_and_si512(_mm512_srli_epi16(prev1, 4), nibble);
  __m512i prev1Low = _mm512_and_si512(prev1, nibble);
  __m512i inputHigh = _mm512_and_si512(_mm512_srli_epi16(input, 4), nibble);
  __m512i special = _mm512_and_si512(
    _mm512_and_si512(lookup(byte1HighTable, prev1High), lookup(byte1LowTable, prev1Low)),
    lookup(byte2HighTable, inputHigh));
  // A continuation two or three bytes after a 3- or 4-byte lead is expected: it cancels TWO_CONTS.
  __m512i third = _mm512_subs_epu8(previous(input, prior, 2), _mm512_set1_epi8(0xE0 - 0x80));
  __m512i fourth = _mm512_subs_epu8(previous(input, prior, 3), _mm512_set1_epi8(0xF0 - 0x80));
  __m512i expected = _mm512_and_si512(_mm512_or_si512(third, fourth), _mm512_set1_epi8(-128));
  return _mm512_xor_si512(expected, special);
}

KERNEL_TARGET static inline int block_has_errors(block64 b, block64 prior) {
  __m512i bad = errors(b.bytes, prior.bytes);
  return _mm512_test_epi8_mask(bad, bad) != 0;
}

KERNEL_TARGET static inline int block_ends_unfinished(block64 b) {
  const __m128i limit = _mm_loadu_si128((const __m128i *)lastLaneLimit);
  __m512i limits = _mm512_inserti32x4(_mm512_set1_epi8(-1), limit, 3);
  return _mm512_cmpgt_epu8_mask(b.bytes, limits) != 0;
}

KERNEL_TARGET static inline uint64_t block_standalone_leads(
  block64 b, const textcount_standalone_map *map
) {
  const __m512i nibble = _mm512_set1_epi8(0x0F);
  __m512i both = _mm512_and_si512(
    lookup(map->leadByLowNibble, _mm512_and_si512(b.bytes, nibble)),
    lookup(map->leadByHighNibble, _mm512_and_si512(_mm512_srli_epi16(b.bytes, 4), nibble)));
  return _mm512_test_epi8_mask(both, both);
}

/// Bit i set where byte i of `input` is in `low`...`high` (unsigned).
KERNEL_TARGET static inline uint64_t in_range(__m512i input, uint8_t low, uint8_t high) {
  __m512i offset = _mm512_sub_epi8(input, _mm512_set1_epi8((char)low));
  return _mm512_cmple_epu8_mask(offset, _mm512_set1_epi8((char)(high - low)));
}

KERNEL_TARGET static inline uint64_t block_in_range(block64 b, uint8_t low, uint8_t high) {
  return in_range(b.bytes, low, high);
}

KERNEL_TARGET static inline uint64_t block_standalone_kana(block64 b, const uint8_t *at) {
  __m512i second = _mm512_loadu_si512((const void *)(at + 1));
  __m512i third = _mm512_loadu_si512((const void *)(at + 2));
  uint64_t leads = _mm512_cmpeq_epi8_mask(b.bytes, _mm512_set1_epi8((char)0xE3));
  uint64_t marks =
    (_mm512_cmpeq_epi8_mask(second, _mm512_set1_epi8((char)KANA_MARK_SECOND_A))
      & in_range(third, KANA_MARK_THIRD_A_LOW, KANA_MARK_THIRD_A_HIGH))
    | (_mm512_cmpeq_epi8_mask(second, _mm512_set1_epi8((char)KANA_MARK_SECOND_B))
      & in_range(third, KANA_MARK_THIRD_B_LOW, KANA_MARK_THIRD_B_HIGH));
  return leads & ~marks;
}

/// The leads of the length kernel's kana (see KANA_LENGTH_SECOND_HIGH): standalone kana under
/// second bytes 80–83, less the narrow and unassigned few.
KERNEL_TARGET static inline uint64_t block_length_kana(block64 b, const uint8_t *at) {
  __m512i second = _mm512_loadu_si512((const void *)(at + 1));
  __m512i third = _mm512_loadu_si512((const void *)(at + 2));
  uint64_t narrow =
    (_mm512_cmpeq_epi8_mask(second, _mm512_set1_epi8((char)KANA_NARROW_SECOND_A))
      & _mm512_cmpeq_epi8_mask(third, _mm512_set1_epi8((char)KANA_NARROW_THIRD_A)))
    | (_mm512_cmpeq_epi8_mask(second, _mm512_set1_epi8((char)KANA_NARROW_SECOND_B))
      & _mm512_cmpeq_epi8_mask(third, _mm512_set1_epi8((char)KANA_NARROW_THIRD_B)))
    | (_mm512_cmpeq_epi8_mask(second, _mm512_set1_epi8((char)KANA_NARROW_SECOND_C))
      & in_range(third, KANA_NARROW_THIRD_C_LOW, KANA_NARROW_THIRD_C_HIGH));
  uint64_t kana = block_standalone_kana(b, at) & in_range(second, 0x80, KANA_LENGTH_SECOND_HIGH);
  return kana & ~narrow;
}

/// The code points of the scalars that `x0` (the 64 bytes at `at`; reads 3 more) leads, at the
/// lead's position (other positions get garbage), as three bytes: `cp & 0xFF` into `low`, the
/// next eight bits into `middle` and the rest into `top` (zero when `withFour` is 0, which the
/// caller may pass for blocks with no four-byte lead). With (p, q) the last two bytes of a
/// sequence and r the one before (none for 2 bytes): `low = (p & 3) << 6 | (q & 0x3F)`,
/// `middle = (r & 0x0F) << 4 | (p & 0x3F) >> 2`, and for 4 bytes `top` from the lead and the
/// byte after it.
__attribute__((always_inline)) KERNEL_TARGET static inline void decode64(
  __m512i x0, const uint8_t *at, int withFour, __m512i *low, __m512i *middle, __m512i *top
) {
  __m512i x1 = _mm512_loadu_si512((const void *)(at + 1));
  __m512i x2 = _mm512_loadu_si512((const void *)(at + 2));
  __mmask64 threeOrMore = _mm512_cmpge_epu8_mask(x0, _mm512_set1_epi8((char)0xE0));
  __m512i p = _mm512_mask_blend_epi8(threeOrMore, x0, x1);
  __m512i q = _mm512_mask_blend_epi8(threeOrMore, x1, x2);
  __m512i r = _mm512_maskz_mov_epi8(threeOrMore, x0);
  __mmask64 four = 0;
  if (withFour) {
    __m512i x3 = _mm512_loadu_si512((const void *)(at + 3));
    four = _mm512_cmpge_epu8_mask(x0, _mm512_set1_epi8((char)0xF0));
    p = _mm512_mask_blend_epi8(four, p, x2);
    q = _mm512_mask_blend_epi8(four, q, x3);
    r = _mm512_mask_blend_epi8(four, r, x1);
  }
  __m512i lowBytes = _mm512_or_si512(
    _mm512_slli_epi16(_mm512_and_si512(p, _mm512_set1_epi8(3)), 6),
    _mm512_and_si512(q, _mm512_set1_epi8(0x3F)));
  __m512i middleBytes = _mm512_or_si512(
    _mm512_and_si512(_mm512_slli_epi16(r, 4), _mm512_set1_epi8((char)0xF0)),
    _mm512_and_si512(_mm512_srli_epi16(p, 2), _mm512_set1_epi8(0x0F)));
  // ASCII (the high bit of x0 clear) is its own low byte, with the others 0.
  __mmask64 nonASCII = _mm512_movepi8_mask(x0);
  *low = _mm512_mask_blend_epi8(nonASCII, x0, lowBytes);
  *middle = _mm512_maskz_mov_epi8(nonASCII, middleBytes);
  *top = withFour ? _mm512_maskz_mov_epi8(four, _mm512_or_si512(
    _mm512_and_si512(_mm512_slli_epi16(x0, 2), _mm512_set1_epi8(0x1C)),
    _mm512_and_si512(_mm512_srli_epi16(x1, 4), _mm512_set1_epi8(3)))) : _mm512_setzero_si512();
}

/// `bytes` into `at` in two 32-byte stores: the loops read the decoded values one or two bytes at
/// a time right after, which a 64-byte store does not forward to (English text through the
/// automaton kernel, one or two reads a block, ran at 0.77 of AVX2's speed with 64-byte stores,
/// 1.12 with these).
KERNEL_TARGET static inline void store_halves(void *at, __m512i bytes) {
  _mm256_storeu_si256((__m256i *)at, _mm512_castsi512_si256(bytes));
  _mm256_storeu_si256((__m256i *)((uint8_t *)at + 32), _mm512_extracti64x4_epi64(bytes, 1));
}

/// `low` and `high` bytes to 16-bit values `low | high << 8` in order, into `values`: unpacking
/// works within 16-byte lanes, so the lanes' halves are put in order after.
KERNEL_TARGET static inline void store_pairs64(__m512i low, __m512i high, uint16_t *values) {
  __m512i firsts = _mm512_unpacklo_epi8(low, high);  // each lane's bytes 0-7
  __m512i seconds = _mm512_unpackhi_epi8(low, high);  // each lane's bytes 8-15
  const __m512i front = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
  const __m512i back = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
  store_halves(values, _mm512_permutex2var_epi64(firsts, front, seconds));
  store_halves(values + 32, _mm512_permutex2var_epi64(firsts, back, seconds));
}

KERNEL_TARGET static inline void block_decode(
  block64 b, const uint8_t *at, uint8_t low[64], uint16_t high[64]
) {
  __m512i lowBytes, middle, top;
  decode64(b.bytes, at, 1, &lowBytes, &middle, &top);
  store_halves(low, lowBytes);
  store_pairs64(middle, top, high);
}

KERNEL_TARGET static inline void block_decode_bmp(
  block64 b, const uint8_t *at, uint16_t points[64]
) {
  __m512i lowBytes, middle, top;
  decode64(b.bytes, at, 0, &lowBytes, &middle, &top);
  store_pairs64(lowBytes, middle, points);
}

KERNEL_TARGET static inline uint64_t block_window_leads(
  block64 b, const uint8_t *at, int threeBytes, uint8_t lead, uint8_t second
) {
  const __m512i even = _mm512_set1_epi8((char)0xFE);
  if (threeBytes) {
    __m512i x1 = _mm512_loadu_si512((const void *)(at + 1));
    return _mm512_cmpeq_epi8_mask(b.bytes, _mm512_set1_epi8((char)lead))
      & _mm512_cmpeq_epi8_mask(_mm512_and_si512(x1, even), _mm512_set1_epi8((char)(second & 0xFE)));
  }
  return _mm512_cmpeq_epi8_mask(
    _mm512_and_si512(b.bytes, even), _mm512_set1_epi8((char)(lead & 0xFE)));
}

/// The places of a block's scalars in their window (block_window_planes), prepared once for the
/// planes' look-ups: which byte of a plane's bitmap and which bit of it.
typedef struct {
  __m512i byteIndex, bit;
} window_places;

KERNEL_TARGET static inline window_places block_window_places(
  block64 b, const uint8_t *at, int threeBytes
) {
  const __m512i bitOfLow3 = _mm512_broadcast_i32x4(
    _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0));
  __m512i x1 = _mm512_loadu_si512((const void *)(at + 1));
  // The scalar's place in its window, from its last two bytes: bit 6 from the one before the
  // last, bits 0-5 from the last.
  __m512i before = b.bytes, last = x1;
  if (threeBytes) {
    before = x1;
    last = _mm512_loadu_si512((const void *)(at + 2));
  }
  __m512i place = _mm512_or_si512(
    _mm512_slli_epi16(_mm512_and_si512(before, _mm512_set1_epi8(1)), 6),
    _mm512_and_si512(last, _mm512_set1_epi8(0x3F)));
  window_places places;
  places.byteIndex = _mm512_and_si512(_mm512_srli_epi16(place, 3), _mm512_set1_epi8(0x0F));
  places.bit = _mm512_shuffle_epi8(bitOfLow3, _mm512_and_si512(place, _mm512_set1_epi8(7)));
  return places;
}

KERNEL_TARGET static inline uint64_t block_window_plane(
  const window_places *places, const uint8_t *bitmap
) {
  __m512i table = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)bitmap));
  return _mm512_test_epi8_mask(_mm512_shuffle_epi8(table, places->byteIndex), places->bit);
}

#include "kernel_loops.h"

TEXTCOUNT_ISA_ENTRY_POINTS(avx512, avx512_available)
#endif
