// The kernels' block primitives in NEON (four 16-byte registers per 64-byte block), which every
// 64-bit ARM CPU has; the loops are kernel_loops.h's, so they give the AVX2 kernels' answers.
// Where AVX2 has a 32-byte movemask, NEON narrows byte masks to bits with pairwise additions.
#include "kernel_isa.h"

#if defined(TEXTCOUNT_NEON_KERNELS)
#include "kernel_common.h"

#include <arm_neon.h>

#define KERNEL_TARGET

static int neon_available(void) { return 1; }

typedef struct {
  uint8x16_t lane[4];
} block64;

static inline block64 block_load(const uint8_t *at) {
  block64 block = {{vld1q_u8(at), vld1q_u8(at + 16), vld1q_u8(at + 32), vld1q_u8(at + 48)}};
  return block;
}

static inline block64 block_zero(void) {
  block64 block = {{vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0)}};
  return block;
}

static inline block64 block_keep(block64 b, uint64_t keep) {
  uint8x16_t mask = vdupq_n_u8((uint8_t)(0 - keep));
  block64 block = {{vandq_u8(b.lane[0], mask), vandq_u8(b.lane[1], mask),
    vandq_u8(b.lane[2], mask), vandq_u8(b.lane[3], mask)}};
  return block;
}

/// Bit i set where byte i of the four byte masks (each byte 0x00 or 0xFF) is set: each byte keeps
/// its bit of weight `1 << (i % 8)`, and three rounds of pairwise additions gather the bits.
static inline uint64_t mask_bits(uint8x16_t m0, uint8x16_t m1, uint8x16_t m2, uint8x16_t m3) {
  static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t weight = vld1q_u8(weights);
  uint8x16_t sum01 = vpaddq_u8(vandq_u8(m0, weight), vandq_u8(m1, weight));
  uint8x16_t sum23 = vpaddq_u8(vandq_u8(m2, weight), vandq_u8(m3, weight));
  uint8x16_t sum = vpaddq_u8(sum01, sum23);
  sum = vpaddq_u8(sum, sum);
  return vgetq_lane_u64(vreinterpretq_u64_u8(sum), 0);
}

/// 0xFF where a byte has its high bit set.
static inline uint8x16_t high_bit(uint8x16_t input) {
  return vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(input), 7));
}

static inline int block_is_ascii(block64 b) {
  uint8x16_t any = vorrq_u8(vorrq_u8(b.lane[0], b.lane[1]), vorrq_u8(b.lane[2], b.lane[3]));
  return vmaxvq_u8(any) < 0x80;
}

static inline uint64_t block_non_ascii(block64 b) {
  return mask_bits(high_bit(b.lane[0]), high_bit(b.lane[1]), high_bit(b.lane[2]),
    high_bit(b.lane[3]));
}

/// 0xFF where a byte is a continuation (10xxxxxx): below 0xC0 as a signed byte.
static inline uint8x16_t continuation_bytes(uint8x16_t input) {
  return vcltq_s8(vreinterpretq_s8_u8(input), vdupq_n_s8(-64));
}

static inline uint64_t block_continuations(block64 b) {
  return mask_bits(continuation_bytes(b.lane[0]), continuation_bytes(b.lane[1]),
    continuation_bytes(b.lane[2]), continuation_bytes(b.lane[3]));
}

static inline uint64_t block_four_byte_leads(block64 b) {
  const uint8x16_t lead = vdupq_n_u8(0xF0);
  return mask_bits(vcgeq_u8(b.lane[0], lead), vcgeq_u8(b.lane[1], lead),
    vcgeq_u8(b.lane[2], lead), vcgeq_u8(b.lane[3], lead));
}

static inline uint64_t block_equal(block64 b, uint8_t byte) {
  const uint8x16_t wanted = vdupq_n_u8(byte);
  return mask_bits(vceqq_u8(b.lane[0], wanted), vceqq_u8(b.lane[1], wanted),
    vceqq_u8(b.lane[2], wanted), vceqq_u8(b.lane[3], wanted));
}

/// 0xFF where a byte is an ASCII control: 00–1F or 7F.
static inline uint8x16_t ascii_controls(uint8x16_t input) {
  return vorrq_u8(vcleq_u8(input, vdupq_n_u8(0x1F)), vceqq_u8(input, vdupq_n_u8(0x7F)));
}

static inline uint64_t block_ascii_controls(block64 b) {
  return mask_bits(ascii_controls(b.lane[0]), ascii_controls(b.lane[1]),
    ascii_controls(b.lane[2]), ascii_controls(b.lane[3]));
}

/// Nonzero bytes where `input` (after the 16 bytes `prior`) is not well-formed UTF-8.
static inline uint8x16_t errors(uint8x16_t input, uint8x16_t prior) {
  const uint8x16_t nibble = vdupq_n_u8(0x0F);
  uint8x16_t prev1 = vextq_u8(prior, input, 15);
  uint8x16_t special = vandq_u8(
    vandq_u8(vqtbl1q_u8(vld1q_u8(byte1HighTable), vshrq_n_u8(prev1, 4)),
      vqtbl1q_u8(vld1q_u8(byte1LowTable), vandq_u8(prev1, nibble))),
    vqtbl1q_u8(vld1q_u8(byte2HighTable), vshrq_n_u8(input, 4)));
  // A continuation two or three bytes after a 3- or 4-byte lead is expected: it cancels TWO_CONTS.
  uint8x16_t third = vqsubq_u8(vextq_u8(prior, input, 14), vdupq_n_u8(0xE0 - 0x80));
  uint8x16_t fourth = vqsubq_u8(vextq_u8(prior, input, 13), vdupq_n_u8(0xF0 - 0x80));
  uint8x16_t expected = vandq_u8(vorrq_u8(third, fourth), vdupq_n_u8(0x80));
  return veorq_u8(expected, special);
}

static inline int block_has_errors(block64 b, block64 prior) {
  uint8x16_t bad = vorrq_u8(
    vorrq_u8(errors(b.lane[0], prior.lane[3]), errors(b.lane[1], b.lane[0])),
    vorrq_u8(errors(b.lane[2], b.lane[1]), errors(b.lane[3], b.lane[2])));
  return vmaxvq_u8(bad) != 0;
}

static inline int block_ends_unfinished(block64 b) {
  return vmaxvq_u8(vqsubq_u8(b.lane[3], vld1q_u8(lastLaneLimit))) != 0;
}

/// 0xFF where a byte leads only standalone scalars.
static inline uint8x16_t standalone_lead_bytes(
  uint8x16_t input, uint8x16_t byLow, uint8x16_t byHigh
) {
  return vtstq_u8(vqtbl1q_u8(byLow, vandq_u8(input, vdupq_n_u8(0x0F))),
    vqtbl1q_u8(byHigh, vshrq_n_u8(input, 4)));
}

static inline uint64_t block_standalone_leads(block64 b, const textcount_standalone_map *map) {
  uint8x16_t byLow = vld1q_u8(map->leadByLowNibble);
  uint8x16_t byHigh = vld1q_u8(map->leadByHighNibble);
  return mask_bits(standalone_lead_bytes(b.lane[0], byLow, byHigh),
    standalone_lead_bytes(b.lane[1], byLow, byHigh),
    standalone_lead_bytes(b.lane[2], byLow, byHigh),
    standalone_lead_bytes(b.lane[3], byLow, byHigh));
}

/// 0xFF where a byte of `input` is in `low`...`high` (unsigned).
static inline uint8x16_t in_range(uint8x16_t input, uint8_t low, uint8_t high) {
  return vcleq_u8(vsubq_u8(input, vdupq_n_u8(low)), vdupq_n_u8((uint8_t)(high - low)));
}

static inline uint64_t block_in_range(block64 b, uint8_t low, uint8_t high) {
  return mask_bits(in_range(b.lane[0], low, high), in_range(b.lane[1], low, high),
    in_range(b.lane[2], low, high), in_range(b.lane[3], low, high));
}

/// The standalone kana leads of `input`, the 16 bytes at `at` (reads the two bytes after).
static inline uint8x16_t standalone_kana(uint8x16_t input, const uint8_t *at) {
  uint8x16_t second = vld1q_u8(at + 1);
  uint8x16_t third = vld1q_u8(at + 2);
  uint8x16_t leads = vceqq_u8(input, vdupq_n_u8(0xE3));
  uint8x16_t marks = vorrq_u8(
    vandq_u8(vceqq_u8(second, vdupq_n_u8(KANA_MARK_SECOND_A)),
      in_range(third, KANA_MARK_THIRD_A_LOW, KANA_MARK_THIRD_A_HIGH)),
    vandq_u8(vceqq_u8(second, vdupq_n_u8(KANA_MARK_SECOND_B)),
      in_range(third, KANA_MARK_THIRD_B_LOW, KANA_MARK_THIRD_B_HIGH)));
  return vbicq_u8(leads, marks);
}

static inline uint64_t block_standalone_kana(block64 b, const uint8_t *at) {
  return mask_bits(standalone_kana(b.lane[0], at), standalone_kana(b.lane[1], at + 16),
    standalone_kana(b.lane[2], at + 32), standalone_kana(b.lane[3], at + 48));
}

/// The leads of `input`, the 16 bytes at `at` (reads the two bytes after), of the length
/// kernel's kana (see KANA_LENGTH_SECOND_HIGH): standalone kana under second bytes 80–83, less
/// the narrow and unassigned few.
static inline uint8x16_t length_kana(uint8x16_t input, const uint8_t *at) {
  uint8x16_t second = vld1q_u8(at + 1);
  uint8x16_t third = vld1q_u8(at + 2);
  uint8x16_t narrow = vorrq_u8(
    vorrq_u8(
      vandq_u8(vceqq_u8(second, vdupq_n_u8(KANA_NARROW_SECOND_A)),
        vceqq_u8(third, vdupq_n_u8(KANA_NARROW_THIRD_A))),
      vandq_u8(vceqq_u8(second, vdupq_n_u8(KANA_NARROW_SECOND_B)),
        vceqq_u8(third, vdupq_n_u8(KANA_NARROW_THIRD_B)))),
    vandq_u8(vceqq_u8(second, vdupq_n_u8(KANA_NARROW_SECOND_C)),
      in_range(third, KANA_NARROW_THIRD_C_LOW, KANA_NARROW_THIRD_C_HIGH)));
  uint8x16_t kana =
    vandq_u8(standalone_kana(input, at), in_range(second, 0x80, KANA_LENGTH_SECOND_HIGH));
  return vbicq_u8(kana, narrow);
}

static inline uint64_t block_length_kana(block64 b, const uint8_t *at) {
  return mask_bits(length_kana(b.lane[0], at), length_kana(b.lane[1], at + 16),
    length_kana(b.lane[2], at + 32), length_kana(b.lane[3], at + 48));
}

/// The code points of the scalars that `x0` (the 16 bytes at `at`; reads 3 more) leads, as three
/// bytes `low`, `middle` and `top` (zero when `withFour` is 0); kernels_avx2.c's decode32 has the
/// formulas.
__attribute__((always_inline)) static inline void decode16(uint8x16_t x0, const uint8_t *at,
  int withFour, uint8x16_t *low, uint8x16_t *middle, uint8x16_t *top) {
  uint8x16_t x1 = vld1q_u8(at + 1);
  uint8x16_t x2 = vld1q_u8(at + 2);
  uint8x16_t threeOrMore = vcgeq_u8(x0, vdupq_n_u8(0xE0));
  uint8x16_t ascii = vcltq_u8(x0, vdupq_n_u8(0x80));
  uint8x16_t p = vbslq_u8(threeOrMore, x1, x0);
  uint8x16_t q = vbslq_u8(threeOrMore, x2, x1);
  uint8x16_t r = vandq_u8(x0, threeOrMore);
  uint8x16_t four = vdupq_n_u8(0);
  if (withFour) {
    uint8x16_t x3 = vld1q_u8(at + 3);
    four = vcgeq_u8(x0, vdupq_n_u8(0xF0));
    p = vbslq_u8(four, x2, p);
    q = vbslq_u8(four, x3, q);
    r = vbslq_u8(four, x1, r);
  }
  uint8x16_t lowBytes = vorrq_u8(vshlq_n_u8(p, 6), vandq_u8(q, vdupq_n_u8(0x3F)));
  uint8x16_t middleBytes =
    vorrq_u8(vshlq_n_u8(r, 4), vandq_u8(vshrq_n_u8(p, 2), vdupq_n_u8(0x0F)));
  // ASCII is its own low byte, with the others 0.
  *low = vbslq_u8(ascii, x0, lowBytes);
  *middle = vbicq_u8(middleBytes, ascii);
  *top = withFour ? vandq_u8(four, vorrq_u8(vandq_u8(vshlq_n_u8(x0, 2), vdupq_n_u8(0x1C)),
    vandq_u8(vshrq_n_u8(x1, 4), vdupq_n_u8(3)))) : vdupq_n_u8(0);
}

static inline void block_decode(block64 b, const uint8_t *at, uint8_t low[64], uint16_t high[64]) {
  for (int lane = 0; lane < 4; lane++) {
    uint8x16_t lowBytes, middle, top;
    decode16(b.lane[lane], at + 16 * lane, 1, &lowBytes, &middle, &top);
    vst1q_u8(low + 16 * lane, lowBytes);
    // Interleaved, the two bytes are little-endian 16-bit values.
    uint8x16x2_t highBytes = {{middle, top}};
    vst2q_u8((uint8_t *)(high + 16 * lane), highBytes);
  }
}

static inline void block_decode_bmp(block64 b, const uint8_t *at, uint16_t points[64]) {
  for (int lane = 0; lane < 4; lane++) {
    uint8x16_t lowBytes, middle, top;
    decode16(b.lane[lane], at + 16 * lane, 0, &lowBytes, &middle, &top);
    uint8x16x2_t pointBytes = {{lowBytes, middle}};
    vst2q_u8((uint8_t *)(points + 16 * lane), pointBytes);
  }
}

static inline uint64_t block_window_leads(
  block64 b, const uint8_t *at, int threeBytes, uint8_t lead, uint8_t second
) {
  const uint8x16_t even = vdupq_n_u8(0xFE);
  uint8x16_t match[4];
  for (int lane = 0; lane < 4; lane++) {
    if (threeBytes) {
      uint8x16_t x1 = vld1q_u8(at + 16 * lane + 1);
      match[lane] = vandq_u8(vceqq_u8(b.lane[lane], vdupq_n_u8(lead)),
        vceqq_u8(vandq_u8(x1, even), vdupq_n_u8(second & 0xFE)));
    } else {
      match[lane] = vceqq_u8(vandq_u8(b.lane[lane], even), vdupq_n_u8(lead & 0xFE));
    }
  }
  return mask_bits(match[0], match[1], match[2], match[3]);
}

/// The places of a block's scalars in their window (block_window_planes), prepared once for the
/// planes' look-ups: per 16 bytes, which byte of a plane's bitmap and which bit of it.
typedef struct {
  uint8x16_t byteIndex[4], bit[4];
} window_places;

static inline window_places block_window_places(block64 b, const uint8_t *at, int threeBytes) {
  static const uint8_t bitsOfLow3[16] = {1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0};
  const uint8x16_t bitOfLow3 = vld1q_u8(bitsOfLow3);
  window_places places;
  for (int lane = 0; lane < 4; lane++) {
    uint8x16_t before = b.lane[lane], last = vld1q_u8(at + 16 * lane + 1);
    if (threeBytes) {
      before = last;
      last = vld1q_u8(at + 16 * lane + 2);
    }
    // The scalar's place in its window, from its last two bytes: bit 6 from the one before the
    // last, bits 0-5 from the last.
    uint8x16_t place = vorrq_u8(vshlq_n_u8(vandq_u8(before, vdupq_n_u8(1)), 6),
      vandq_u8(last, vdupq_n_u8(0x3F)));
    places.byteIndex[lane] = vshrq_n_u8(place, 3);
    places.bit[lane] = vqtbl1q_u8(bitOfLow3, vandq_u8(place, vdupq_n_u8(7)));
  }
  return places;
}

static inline uint64_t block_window_plane(const window_places *places, const uint8_t *bitmap) {
  uint8x16_t table = vld1q_u8(bitmap);
  uint8x16_t hit[4];
  for (int lane = 0; lane < 4; lane++)
    hit[lane] = vtstq_u8(vqtbl1q_u8(table, places->byteIndex[lane]), places->bit[lane]);
  return mask_bits(hit[0], hit[1], hit[2], hit[3]);
}

#include "kernel_loops.h"

TEXTCOUNT_ISA_ENTRY_POINTS(neon, neon_available)
#endif
