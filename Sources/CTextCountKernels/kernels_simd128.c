// The kernels' block primitives in WebAssembly SIMD128 (four 16-byte registers per 64-byte
// block), line for line the NEON kernels' (kernels_neon.c): `i8x16.swizzle` looks up as NEON's
// `tbl` does (0 for an index of 16 or more), and `i8x16.bitmask` narrows a byte mask to bits.
// Built only into the WebAssembly module's SIMD128 variant (Scripts/build-wasm); the loops are
// kernel_loops.h's, so they give the other kernels' answers.
#include "kernel_isa.h"

#if defined(TEXTCOUNT_SIMD128_KERNELS)
#include "kernel_common.h"

#include <wasm_simd128.h>

#define KERNEL_TARGET

static int simd128_available(void) { return 1; }

typedef struct {
  v128_t lane[4];
} block64;

static inline v128_t load16(const uint8_t *at) { return wasm_v128_load(at); }

static inline v128_t splat(uint8_t byte) { return wasm_i8x16_splat((int8_t)byte); }

static inline block64 block_load(const uint8_t *at) {
  block64 block = {{load16(at), load16(at + 16), load16(at + 32), load16(at + 48)}};
  return block;
}

static inline block64 block_zero(void) {
  block64 block = {{splat(0), splat(0), splat(0), splat(0)}};
  return block;
}

static inline block64 block_keep(block64 b, uint64_t keep) {
  v128_t mask = splat((uint8_t)(0 - keep));
  block64 block = {{wasm_v128_and(b.lane[0], mask), wasm_v128_and(b.lane[1], mask),
    wasm_v128_and(b.lane[2], mask), wasm_v128_and(b.lane[3], mask)}};
  return block;
}

/// Bit i set where byte i of the four byte masks (each byte 0x00 or 0xFF) is set.
static inline uint64_t mask_bits(v128_t m0, v128_t m1, v128_t m2, v128_t m3) {
  return (uint64_t)wasm_i8x16_bitmask(m0) | (uint64_t)wasm_i8x16_bitmask(m1) << 16
    | (uint64_t)wasm_i8x16_bitmask(m2) << 32 | (uint64_t)wasm_i8x16_bitmask(m3) << 48;
}

/// The largest byte of `input` is nonzero.
static inline int any_nonzero(v128_t input) { return wasm_v128_any_true(input); }

static inline int block_is_ascii(block64 b) {
  v128_t any = wasm_v128_or(wasm_v128_or(b.lane[0], b.lane[1]), wasm_v128_or(b.lane[2], b.lane[3]));
  return wasm_i8x16_bitmask(any) == 0;
}

static inline uint64_t block_non_ascii(block64 b) {
  // The bitmask reads each byte's high bit.
  return mask_bits(b.lane[0], b.lane[1], b.lane[2], b.lane[3]);
}

/// 0xFF where a byte is a continuation (10xxxxxx): below 0xC0 as a signed byte.
static inline v128_t continuation_bytes(v128_t input) {
  return wasm_i8x16_lt(input, wasm_i8x16_splat(-64));
}

static inline uint64_t block_continuations(block64 b) {
  return mask_bits(continuation_bytes(b.lane[0]), continuation_bytes(b.lane[1]),
    continuation_bytes(b.lane[2]), continuation_bytes(b.lane[3]));
}

static inline uint64_t block_four_byte_leads(block64 b) {
  const v128_t lead = splat(0xF0);
  return mask_bits(wasm_u8x16_ge(b.lane[0], lead), wasm_u8x16_ge(b.lane[1], lead),
    wasm_u8x16_ge(b.lane[2], lead), wasm_u8x16_ge(b.lane[3], lead));
}

static inline uint64_t block_equal(block64 b, uint8_t byte) {
  const v128_t wanted = splat(byte);
  return mask_bits(wasm_i8x16_eq(b.lane[0], wanted), wasm_i8x16_eq(b.lane[1], wanted),
    wasm_i8x16_eq(b.lane[2], wanted), wasm_i8x16_eq(b.lane[3], wanted));
}

/// 0xFF where a byte is an ASCII control: 00–1F or 7F.
static inline v128_t ascii_controls(v128_t input) {
  return wasm_v128_or(wasm_u8x16_le(input, splat(0x1F)), wasm_i8x16_eq(input, splat(0x7F)));
}

static inline uint64_t block_ascii_controls(block64 b) {
  return mask_bits(ascii_controls(b.lane[0]), ascii_controls(b.lane[1]),
    ascii_controls(b.lane[2]), ascii_controls(b.lane[3]));
}

/// NEON's `vextq_u8(prior, input, N)`: the last 16 - N bytes of `prior`, then the first N of
/// `input`.
#define EXTRACT(prior, input, N)                                                            \
  wasm_i8x16_shuffle(prior, input, N, N + 1, N + 2, N + 3, N + 4, N + 5, N + 6, N + 7, N + 8, \
    N + 9, N + 10, N + 11, N + 12, N + 13, N + 14, N + 15)

/// Nonzero bytes where `input` (after the 16 bytes `prior`) is not well-formed UTF-8.
static inline v128_t errors(v128_t input, v128_t prior) {
  const v128_t nibble = splat(0x0F);
  v128_t prev1 = EXTRACT(prior, input, 15);
  v128_t special = wasm_v128_and(
    wasm_v128_and(wasm_i8x16_swizzle(load16(byte1HighTable), wasm_u8x16_shr(prev1, 4)),
      wasm_i8x16_swizzle(load16(byte1LowTable), wasm_v128_and(prev1, nibble))),
    wasm_i8x16_swizzle(load16(byte2HighTable), wasm_u8x16_shr(input, 4)));
  // A continuation two or three bytes after a 3- or 4-byte lead is expected: it cancels TWO_CONTS.
  v128_t third = wasm_u8x16_sub_sat(EXTRACT(prior, input, 14), splat(0xE0 - 0x80));
  v128_t fourth = wasm_u8x16_sub_sat(EXTRACT(prior, input, 13), splat(0xF0 - 0x80));
  v128_t expected = wasm_v128_and(wasm_v128_or(third, fourth), splat(0x80));
  return wasm_v128_xor(expected, special);
}

static inline int block_has_errors(block64 b, block64 prior) {
  v128_t bad = wasm_v128_or(
    wasm_v128_or(errors(b.lane[0], prior.lane[3]), errors(b.lane[1], b.lane[0])),
    wasm_v128_or(errors(b.lane[2], b.lane[1]), errors(b.lane[3], b.lane[2])));
  return any_nonzero(bad);
}

static inline int block_ends_unfinished(block64 b) {
  return any_nonzero(wasm_u8x16_sub_sat(b.lane[3], load16(lastLaneLimit)));
}

/// 0xFF where the bytes of `a` and `b` share a set bit (NEON's `vtstq_u8`).
static inline v128_t test_bits(v128_t a, v128_t b) {
  return wasm_i8x16_ne(wasm_v128_and(a, b), splat(0));
}

/// 0xFF where a byte leads only standalone scalars.
static inline v128_t standalone_lead_bytes(v128_t input, v128_t byLow, v128_t byHigh) {
  return test_bits(wasm_i8x16_swizzle(byLow, wasm_v128_and(input, splat(0x0F))),
    wasm_i8x16_swizzle(byHigh, wasm_u8x16_shr(input, 4)));
}

static inline uint64_t block_standalone_leads(block64 b, const textcount_standalone_map *map) {
  v128_t byLow = load16(map->leadByLowNibble);
  v128_t byHigh = load16(map->leadByHighNibble);
  return mask_bits(standalone_lead_bytes(b.lane[0], byLow, byHigh),
    standalone_lead_bytes(b.lane[1], byLow, byHigh),
    standalone_lead_bytes(b.lane[2], byLow, byHigh),
    standalone_lead_bytes(b.lane[3], byLow, byHigh));
}

/// 0xFF where a byte of `input` is in `low`...`high` (unsigned).
static inline v128_t in_range(v128_t input, uint8_t low, uint8_t high) {
  return wasm_u8x16_le(wasm_i8x16_sub(input, splat(low)), splat((uint8_t)(high - low)));
}

static inline uint64_t block_in_range(block64 b, uint8_t low, uint8_t high) {
  return mask_bits(in_range(b.lane[0], low, high), in_range(b.lane[1], low, high),
    in_range(b.lane[2], low, high), in_range(b.lane[3], low, high));
}

/// The standalone kana leads of `input`, the 16 bytes at `at` (reads the two bytes after).
static inline v128_t standalone_kana(v128_t input, const uint8_t *at) {
  v128_t second = load16(at + 1);
  v128_t third = load16(at + 2);
  v128_t leads = wasm_i8x16_eq(input, splat(0xE3));
  v128_t marks = wasm_v128_or(
    wasm_v128_and(wasm_i8x16_eq(second, splat(KANA_MARK_SECOND_A)),
      in_range(third, KANA_MARK_THIRD_A_LOW, KANA_MARK_THIRD_A_HIGH)),
    wasm_v128_and(wasm_i8x16_eq(second, splat(KANA_MARK_SECOND_B)),
      in_range(third, KANA_MARK_THIRD_B_LOW, KANA_MARK_THIRD_B_HIGH)));
  return wasm_v128_andnot(leads, marks);
}

static inline uint64_t block_standalone_kana(block64 b, const uint8_t *at) {
  return mask_bits(standalone_kana(b.lane[0], at), standalone_kana(b.lane[1], at + 16),
    standalone_kana(b.lane[2], at + 32), standalone_kana(b.lane[3], at + 48));
}

/// The leads of `input`, the 16 bytes at `at` (reads the two bytes after), of the length
/// kernel's kana (see KANA_LENGTH_SECOND_HIGH): standalone kana under second bytes 80–83, less
/// the narrow and unassigned few.
static inline v128_t length_kana(v128_t input, const uint8_t *at) {
  v128_t second = load16(at + 1);
  v128_t third = load16(at + 2);
  v128_t narrow = wasm_v128_or(
    wasm_v128_or(
      wasm_v128_and(wasm_i8x16_eq(second, splat(KANA_NARROW_SECOND_A)),
        wasm_i8x16_eq(third, splat(KANA_NARROW_THIRD_A))),
      wasm_v128_and(wasm_i8x16_eq(second, splat(KANA_NARROW_SECOND_B)),
        wasm_i8x16_eq(third, splat(KANA_NARROW_THIRD_B)))),
    wasm_v128_and(wasm_i8x16_eq(second, splat(KANA_NARROW_SECOND_C)),
      in_range(third, KANA_NARROW_THIRD_C_LOW, KANA_NARROW_THIRD_C_HIGH)));
  v128_t kana =
    wasm_v128_and(standalone_kana(input, at), in_range(second, 0x80, KANA_LENGTH_SECOND_HIGH));
  return wasm_v128_andnot(kana, narrow);
}

static inline uint64_t block_length_kana(block64 b, const uint8_t *at) {
  return mask_bits(length_kana(b.lane[0], at), length_kana(b.lane[1], at + 16),
    length_kana(b.lane[2], at + 32), length_kana(b.lane[3], at + 48));
}

/// NEON's `vbslq_u8(mask, a, b)`: `a` where `mask` is set, `b` elsewhere.
static inline v128_t select_bytes(v128_t mask, v128_t a, v128_t b) {
  return wasm_v128_bitselect(a, b, mask);
}

/// The code points of the scalars that `x0` (the 16 bytes at `at`; reads 3 more) leads, as three
/// bytes `low`, `middle` and `top` (zero when `withFour` is 0); kernels_avx2.c's decode32 has the
/// formulas.
__attribute__((always_inline)) static inline void decode16(v128_t x0, const uint8_t *at,
  int withFour, v128_t *low, v128_t *middle, v128_t *top) {
  v128_t x1 = load16(at + 1);
  v128_t x2 = load16(at + 2);
  v128_t threeOrMore = wasm_u8x16_ge(x0, splat(0xE0));
  v128_t ascii = wasm_u8x16_lt(x0, splat(0x80));
  v128_t p = select_bytes(threeOrMore, x1, x0);
  v128_t q = select_bytes(threeOrMore, x2, x1);
  v128_t r = wasm_v128_and(x0, threeOrMore);
  v128_t four = splat(0);
  if (withFour) {
    v128_t x3 = load16(at + 3);
    four = wasm_u8x16_ge(x0, splat(0xF0));
    p = select_bytes(four, x2, p);
    q = select_bytes(four, x3, q);
    r = select_bytes(four, x1, r);
  }
  v128_t lowBytes = wasm_v128_or(wasm_i8x16_shl(p, 6), wasm_v128_and(q, splat(0x3F)));
  v128_t middleBytes =
    wasm_v128_or(wasm_i8x16_shl(r, 4), wasm_v128_and(wasm_u8x16_shr(p, 2), splat(0x0F)));
  // ASCII is its own low byte, with the others 0.
  *low = select_bytes(ascii, x0, lowBytes);
  *middle = wasm_v128_andnot(middleBytes, ascii);
  *top = withFour ? wasm_v128_and(four, wasm_v128_or(wasm_v128_and(wasm_i8x16_shl(x0, 2),
    splat(0x1C)), wasm_v128_and(wasm_u8x16_shr(x1, 4), splat(3)))) : splat(0);
}

/// Stores `a` and `b` interleaved, byte by byte (NEON's `vst2q_u8`): 16-bit little-endian
/// values with `a` low and `b` high.
static inline void store_interleaved(uint8_t *to, v128_t a, v128_t b) {
  wasm_v128_store(to, wasm_i8x16_shuffle(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22,
    7, 23));
  wasm_v128_store(to + 16, wasm_i8x16_shuffle(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29,
    14, 30, 15, 31));
}

static inline void block_decode(block64 b, const uint8_t *at, uint8_t low[64], uint16_t high[64]) {
  for (int lane = 0; lane < 4; lane++) {
    v128_t lowBytes, middle, top;
    decode16(b.lane[lane], at + 16 * lane, 1, &lowBytes, &middle, &top);
    wasm_v128_store(low + 16 * lane, lowBytes);
    store_interleaved((uint8_t *)(high + 16 * lane), middle, top);
  }
}

static inline void block_decode_bmp(block64 b, const uint8_t *at, uint16_t points[64]) {
  for (int lane = 0; lane < 4; lane++) {
    v128_t lowBytes, middle, top;
    decode16(b.lane[lane], at + 16 * lane, 0, &lowBytes, &middle, &top);
    store_interleaved((uint8_t *)(points + 16 * lane), lowBytes, middle);
  }
}

static inline uint64_t block_window_leads(
  block64 b, const uint8_t *at, int threeBytes, uint8_t lead, uint8_t second
) {
  const v128_t even = splat(0xFE);
  v128_t match[4];
  for (int lane = 0; lane < 4; lane++) {
    if (threeBytes) {
      v128_t x1 = load16(at + 16 * lane + 1);
      match[lane] = wasm_v128_and(wasm_i8x16_eq(b.lane[lane], splat(lead)),
        wasm_i8x16_eq(wasm_v128_and(x1, even), splat(second & 0xFE)));
    } else {
      match[lane] = wasm_i8x16_eq(wasm_v128_and(b.lane[lane], even), splat(lead & 0xFE));
    }
  }
  return mask_bits(match[0], match[1], match[2], match[3]);
}

/// The places of a block's scalars in their window (block_window_planes), prepared once for the
/// planes' look-ups: per 16 bytes, which byte of a plane's bitmap and which bit of it.
typedef struct {
  v128_t byteIndex[4], bit[4];
} window_places;

static inline window_places block_window_places(block64 b, const uint8_t *at, int threeBytes) {
  static const uint8_t bitsOfLow3[16] = {1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0};
  const v128_t bitOfLow3 = load16(bitsOfLow3);
  window_places places;
  for (int lane = 0; lane < 4; lane++) {
    v128_t before = b.lane[lane], last = load16(at + 16 * lane + 1);
    if (threeBytes) {
      before = last;
      last = load16(at + 16 * lane + 2);
    }
    // The scalar's place in its window, from its last two bytes: bit 6 from the one before the
    // last, bits 0-5 from the last.
    v128_t place = wasm_v128_or(wasm_i8x16_shl(wasm_v128_and(before, splat(1)), 6),
      wasm_v128_and(last, splat(0x3F)));
    places.byteIndex[lane] = wasm_u8x16_shr(place, 3);
    places.bit[lane] = wasm_i8x16_swizzle(bitOfLow3, wasm_v128_and(place, splat(7)));
  }
  return places;
}

static inline uint64_t block_window_plane(const window_places *places, const uint8_t *bitmap) {
  v128_t table = load16(bitmap);
  v128_t hit[4];
  for (int lane = 0; lane < 4; lane++)
    hit[lane] = test_bits(wasm_i8x16_swizzle(table, places->byteIndex[lane]), places->bit[lane]);
  return mask_bits(hit[0], hit[1], hit[2], hit[3]);
}

#include "kernel_loops.h"

TEXTCOUNT_ISA_ENTRY_POINTS(simd128, simd128_available)
#endif
