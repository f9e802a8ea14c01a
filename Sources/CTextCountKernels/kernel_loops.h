// The three kernels' loops, written once over 64-byte blocks. An instruction set's file
// (kernels_avx512.c, kernels_avx2.c, kernels_neon.c) defines, before including this:
//   KERNEL_TARGET                       the function attribute its code needs (may be empty)
//   block64                             64 bytes in registers
//   block_load(at), block_zero()
//   block_keep(b, keep)                 b when keep is 1, zeros when it is 0 (with no branch)
//   block_is_ascii(b)                   no byte has its high bit set
//   block_non_ascii(b)                  bit i set when byte i has its high bit set
//   block_continuations(b)              bit i set when byte i is 10xxxxxx
//   block_four_byte_leads(b)            bit i set when byte i is F0 or above
//   block_equal(b, byte)                bit i set when byte i equals `byte`
//   block_in_range(b, low, high)        bit i set when byte i is in `low`...`high` (unsigned)
//   block_has_errors(b, prior)          b (after the block `prior`) holds ill-formed UTF-8
//   block_ends_unfinished(b)            b's last three bytes start a sequence that runs past it
//   block_standalone_leads(b, map)      bit i set when byte i leads only standalone scalars
//   block_standalone_kana(b, at)        bit i set when byte i leads a standalone scalar of
//                                       U+3000–U+3FFF (b is the 64 bytes at `at`; reads 66)
//   block_length_kana(b, at)            the same for the length kernel's kana (U+3000–U+30FF
//                                       less a few, see KANA_LENGTH_SECOND_HIGH; reads 66)
//   block_decode(b, at, low, high)      for each byte i that leads a scalar, its code point c
//                                       as low[i] = c & 0xFF, high[i] = c >> 8 (reads 67)
//   block_decode_bmp(b, at, points)     the same for a block with no four-byte lead, as
//                                       points[i] = c (reads 66)
//   block_ascii_controls(b)             bit i set when byte i is 00–1F or 7F
//   block_window_leads(b, at, three, lead, second)
//                                       bit i set when byte i leads a scalar of `lead`'s window:
//                                       with `three`, byte i is `lead` and byte i + 1 is `second`
//                                       but for its last bit; else byte i is `lead` but for its
//                                       last bit (reads 65)
//   block_window_places(b, at, three)   for each byte i that leads a scalar of 2 (3 with
//                                       `three`) bytes, its place in its window of 128 code
//                                       points (the low 7 bits of its payload), as a
//                                       `window_places` (reads 66)
//   block_window_plane(places, bitmap)  bit i set when the scalar at byte i has its place's bit
//                                       set in the 16-byte `bitmap`
// and gets the static functions count_well_formed_blocks, standalone_clusters_blocks,
// standalone_lengths_blocks, clusters_by_automaton_blocks and lengths_by_automaton_blocks,
// which kernels.c's dispatcher calls through kernel_isa.h.
#ifndef TEXTCOUNT_KERNEL_LOOPS_H
#define TEXTCOUNT_KERNEL_LOOPS_H

/// Gives back the sequence the last of the blocks from `start` to `*index` left unfinished (the
/// scalar loop decides about it): `*index` moves to its lead, `*scalars` counts one fewer.
/// Returns its lead, or 0 where there is none.
static inline uint8_t give_back_unfinished(
  const uint8_t *bytes, size_t start, size_t *index, size_t *scalars
) {
  if (*index == start) return 0;
  size_t back = unfinished_tail(bytes + *index);
  if (back == 0) return 0;
  *scalars -= 1;
  *index -= back;
  return bytes[*index];
}

KERNEL_TARGET static textcount_utf8_run count_well_formed_blocks(
  const uint8_t *bytes, size_t start, size_t length
) {
  size_t index = start;
  size_t continuationCount = 0;
  size_t supplementary = 0;
  // `start` begins a scalar, so what precedes it expects nothing: treat it as ASCII.
  block64 prior = block_zero();
  while (index + 64 <= length) {
    block64 block = block_load(bytes + index);
    if (block_is_ascii(block)) {
      // All ASCII: fine unless the block before ended inside a sequence.
      if (block_ends_unfinished(prior)) break;
      prior = block;
      index += 64;
      continue;
    }
    if (block_has_errors(block, prior)) break;
    continuationCount += (size_t)__builtin_popcountll(block_continuations(block));
    supplementary += (size_t)__builtin_popcountll(block_four_byte_leads(block));
    prior = block;
    index += 64;
  }
  size_t scalars = (index - start) - continuationCount;
  if (give_back_unfinished(bytes, start, &index, &scalars) >= 0xF0) supplementary -= 1;
  textcount_utf8_run run = {index, scalars, supplementary};
  return run;
}

/// The block's LFs that follow a CR, which no boundary separates (GB3). `crs` are the block's
/// CRs; `afterCR` is 1 when the block before ended with a CR; `endsWithCR` is set to whether
/// this one does.
KERNEL_TARGET static inline uint64_t lf_after_cr(
  block64 block, uint64_t crs, uint64_t afterCR, uint64_t *endsWithCR
) {
  uint64_t lfs = block_equal(block, '\n');
  *endsWithCR = crs >> 63;
  return (crs << 1 | afterCR) & lfs;
}

/// The leads of `block` (the 64 bytes at `at`, `available` bytes readable from there) whose
/// scalar needs a look-up to tell whether it is standalone. `leads` are the block's non-ASCII
/// leads; leads whose every scalar is standalone need no look.
KERNEL_TARGET static inline uint64_t unsure_leads(
  block64 block, uint64_t leads, const uint8_t *at, size_t available,
  const textcount_standalone_map *map
) {
  uint64_t unsure = leads & ~block_standalone_leads(block, map);
  // Kana share lead E3 with a few marks: the two bytes after the lead tell them apart. That
  // check pays only where kana are dense (Chinese has a few E3 punctuation marks per block).
  if (__builtin_popcountll(unsure) >= 4 && available >= 66) {
    uint64_t kanaLeads = block_equal(block, 0xE3);
    if (__builtin_popcountll(unsure & kanaLeads) >= 4) {
      unsure &= ~block_standalone_kana(block, at);
    }
  }
  return unsure;
}

KERNEL_TARGET static textcount_cluster_run standalone_clusters_blocks(
  const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map
) {
  size_t index = start;
  size_t clusters = 0;
  uint64_t carry = 0;  // 1 if the block before ended with a CR
  block64 prior = block_zero();
  while (index + 64 <= length) {
    block64 block = block_load(bytes + index);
    uint64_t nonASCII = block_non_ascii(block);
    uint64_t endsWithCR;
    uint64_t joins = lf_after_cr(block, block_equal(block, '\r'), carry, &endsWithCR);
    if (nonASCII == 0) {
      if (block_ends_unfinished(prior)) break;
      clusters += 64 - (size_t)__builtin_popcountll(joins);
      carry = endsWithCR;
      prior = block;
      index += 64;
      continue;
    }
    if (block_has_errors(block, prior)) break;
    uint64_t continuation = block_continuations(block);
    uint64_t unsure =
      unsure_leads(block, nonASCII & ~continuation, bytes + index, length - index, map);
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
    prior = block;
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

KERNEL_TARGET static textcount_length_run standalone_lengths_blocks(
  const uint8_t *bytes, size_t start, size_t length, const textcount_cluster_lengths *lengths
) {
  const uint32_t *blocks = lengths->blocks;
  const uint8_t *values = lengths->values;
  const size_t printable = lengths->printable;
  const size_t control = lengths->control;
  const size_t shortening = lengths->crlfShortening;
  const size_t kanaValue = lengths->kanaValue;
  size_t index = start;
  size_t total = 0;  // modulo 2^64: a CR LF's shortening is taken off after both are added
  size_t lastValue = 0;  // the value of the last block's last scalar
  uint64_t carry = 0;  // 1 if the block before ended with a CR
  block64 prior = block_zero();
  // Three bytes of slack after each block, for the decoding of a scalar that runs past it.
  while (index + 67 <= length) {
    block64 block = block_load(bytes + index);
    uint64_t nonASCII = block_non_ascii(block);
    uint64_t endsWithCR;
    uint64_t joins = lf_after_cr(block, block_equal(block, '\r'), carry, &endsWithCR);
    // The nibble map sets no byte of 80 or above: these are ASCII controls only.
    uint64_t controls = block_standalone_leads(block, &lengths->asciiControls);
    if (nonASCII == 0) {
      if (block_ends_unfinished(prior)) break;
      size_t controlCount = (size_t)__builtin_popcountll(controls);
      total += printable * (64 - controlCount) + control * controlCount
        - shortening * (size_t)__builtin_popcountll(joins);
      lastValue = 0;
      carry = endsWithCR;
      prior = block;
      index += 64;
      continue;
    }
    if (block_has_errors(block, prior)) break;
    uint64_t leads = nonASCII & ~block_continuations(block);
    // Leads of one value whatever the scalar (Cyrillic, most CJK ideographs): no look-up.
    uint64_t firstUniform = leads & block_standalone_leads(block, &lengths->uniformLeads[0]);
    uint64_t secondUniform = leads & block_standalone_leads(block, &lengths->uniformLeads[1]);
    uint64_t looked = leads & ~(firstUniform | secondUniform);
    // Kana and CJK punctuation of one value, told by the two bytes after their lead (E3) where
    // they are dense: Japanese is half kana.
    uint64_t kana = 0;
    if (kanaValue != 255 && __builtin_popcountll(looked & block_equal(block, 0xE3)) >= 4) {
      kana = looked & block_length_kana(block, bytes + index);
      looked &= ~kana;
    }
    unsigned stop = 64;  // where the first scalar that may join its neighbour starts
    size_t sum = 0;
    size_t value = 0;
    if (looked != 0) {
      uint8_t low[64];
      uint16_t high[64];
      block_decode(block, bytes + index, low, high);
      while (looked != 0) {
        unsigned position = (unsigned)__builtin_ctzll(looked);
        // A scalar that runs past the block is not validated yet: F4 and what follows may
        // decode above U+10FFFF. Its value is taken back if the next block fails.
        unsigned block = high[position] < 0x1100 ? high[position] : 0x10FF;
        value = values[blocks[block] + low[position]];
        if (value == 255) {
          stop = position;
          break;
        }
        sum += value;
        looked &= looked - 1;
      }
    }
    uint64_t before = stop == 64 ? ~0ULL : stop == 0 ? 0 : ~0ULL >> (64 - stop);
    sum += lengths->uniformValues[0] * (size_t)__builtin_popcountll(firstUniform & before)
      + lengths->uniformValues[1] * (size_t)__builtin_popcountll(secondUniform & before)
      + kanaValue * (size_t)__builtin_popcountll(kana & before);
    uint64_t ascii = ~nonASCII & before;
    size_t asciiCount = (size_t)__builtin_popcountll(ascii);
    size_t controlCount = (size_t)__builtin_popcountll(controls & before);
    total += sum + printable * (asciiCount - controlCount) + control * controlCount
      - shortening * (size_t)__builtin_popcountll(joins & before);
    if (stop < 64) {
      textcount_length_run run = {index + stop, total};
      return run;
    }
    // The last lead's value: taken back below if its scalar runs past the block.
    if (leads != 0) {
      uint64_t last = 1ULL << (63 - __builtin_clzll(leads));
      lastValue = (firstUniform & last) ? lengths->uniformValues[0]
        : (secondUniform & last) ? lengths->uniformValues[1]
        : (kana & last) ? kanaValue : value;
    }
    carry = endsWithCR;
    prior = block;
    index += 64;
  }
  // Give back a scalar the last block left unfinished, with its value.
  if (index > start) {
    size_t back = unfinished_tail(bytes + index);
    if (back > 0) {
      total -= lastValue;
      index -= back;
    }
  }
  textcount_length_run run = {index, total};
  return run;
}

/// The automaton kernels leave a scalar that runs past a block to the next block, which starts
/// at its lead: how many bytes before the block's end (`at + 64`) that lead is (0 when none runs
/// past), `leads` (the block's scalars to visit) without it.
static inline size_t leave_unfinished_scalar(const uint8_t *at, uint64_t *leads) {
  size_t back = unfinished_tail(at + 64);
  if (back != 0) *leads &= ~(1ULL << (64 - back));
  return back;
}

/// Of a block mask, the bit of the byte before the next block's start (see
/// leave_unfinished_scalar).
static inline uint64_t bit_before_next_block(uint64_t mask, size_t back) {
  return (mask >> (63 - back)) & 1;
}

/// Where the next block starts (`back` bytes before this one's end), and into `prior` what its
/// check reads of the bytes before it: every byte there ends a complete scalar, so the block
/// itself stands in for them, or none.
KERNEL_TARGET static inline size_t next_block_start(
  block64 block, size_t index, size_t back, block64 *prior
) {
  *prior = block_keep(block, back == 0);
  return index + 64 - back;
}

/// The automaton kernel's pair steps over a block's `visits`, two a step, each visit's column
/// offset the expression FIRST (of `at`) or SECOND (of `next`, which is 64, no scalar, when the
/// visits are odd in number): the only difference between the kernel's two class look-ups.
#define AUTOMATON_PAIR_STEPS(FIRST, SECOND)                                                \
  do {                                                                                    \
    while (visits != 0) {                                                                 \
      unsigned at = (unsigned)__builtin_ctzll(visits);                                    \
      visits &= visits - 1;                                                               \
      unsigned next = visits == 0 ? 64 : (unsigned)__builtin_ctzll(visits);               \
      visits &= visits - 1;                                                               \
      size_t first = (FIRST);                                                             \
      size_t second = (SECOND);                                                           \
      second = next == 64 ? noScalar : second;                                            \
      pair = pairSteps[first * pairClasses + second + pair];                              \
      clusters += pair & 3;                                                               \
    }                                                                                     \
  } while (0)

/// The automaton kernel's blocks through the automaton: what clusters_by_automaton_blocks does
/// without the masks, and all it does where there are none.
__attribute__((always_inline)) KERNEL_TARGET static inline textcount_automaton_run
automaton_blocks(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton
) {
  const uint16_t *nextStates = automaton->nextStates;
  const uint8_t *breaks = automaton->breaks;
  const uint32_t *classBlocks = automaton->classBlocks;
  const uint8_t *classes = automaton->classes;
  // The automaton two scalars a step (see textcount_cluster_automaton): `pair` is its state,
  // whose low two bits are the boundaries the last step found.
  const uint16_t *pairSteps = automaton->pairSteps;
  const uint8_t *columns = automaton->pairColumns;
  const uint8_t *bmpColumns = automaton->bmpPairColumns;
  const size_t pairClasses = automaton->pairClassCount;
  const size_t noScalar = 3 * (pairClasses - 1);  // the column offset of no scalar
  const size_t rowWidth = automaton->pairRowWidth;
  const uint16_t *stateNumbers = pairSteps + 3 * pairClasses * (pairClasses - 1);
  size_t pair = (size_t)(state >> 7) * rowWidth;
  size_t index = start;
  size_t clusters = 0;
  uint64_t afterASCII = 0;  // 1 when the byte before the block is ASCII (0 at first: a step)
  uint64_t afterCR = 0;  // 1 when it is a CR
  block64 prior = block_zero();
  // Three bytes of slack after each block: every scalar's four-byte load stays in the buffer.
  while (index + 67 <= length) {
    block64 block = block_load(bytes + index);
    if (block_has_errors(block, prior)) break;
    uint64_t continuation = block_continuations(block);
    uint64_t nonASCII = block_non_ascii(block);
    // ASCII after ASCII starts a cluster but in CR LF, and the state after an ASCII byte is
    // that of the byte alone (GraphemeBreakAutomatonTests checks both); so of an ASCII run, only
    // the first byte (which may join a Prepend) and the last (for the state after the run) take
    // a step.
    uint64_t ascii = ~nonASCII;
    uint64_t inner = ascii & (ascii << 1 | afterASCII);
    uint64_t crs = block_equal(block, '\r');
    uint64_t crlf = 0;
    uint64_t endsWithCR;  // unread: the next block starts after byte 63 - back (below)
    if ((crs | afterCR) != 0) crlf = lf_after_cr(block, crs, afterCR, &endsWithCR);
    clusters += (size_t)__builtin_popcountll(inner) - (size_t)__builtin_popcountll(crlf);
    uint64_t resets = inner & ~(ascii >> 1);  // last bytes of runs, where not also the first
    uint64_t visits = (~continuation & ~inner) | resets;
    size_t back = leave_unfinished_scalar(bytes + index, &visits);
    size_t steps = (size_t)__builtin_popcountll(visits & ~resets);
    size_t before = clusters;
    // At a reset the state is that after the run's first byte, which is the state after any
    // ASCII byte: the step sets the state right, but its boundary is counted above. ASCII after
    // ASCII is a boundary but in CR LF, so where no run starts with a CR (the run going on from
    // the block before included), every reset's step counts one boundary, taken off at once:
    // two visits a step and no per-step test. The load of the next state is all there is on the
    // chain from one step to the next.
    //
    // Every scalar's code point is decoded at once, in SIMD: the loops look up each visit's
    // class (or its pair-step column) by it, with no decoding of their own. Position 64 is no
    // scalar: the pair loop's second visit when there is none reads it (and steps with the
    // column of no scalar instead).
    uint64_t runStartsWithCR = crs & ascii & ~inner;
    int pairsCanStep = runStartsWithCR == 0 && afterCR == 0;
    if (pairsCanStep && block_four_byte_leads(block) == 0) {
      // No four-byte scalar (most text but emoji): 16-bit code points, one flat table.
      uint16_t points[65];
      points[64] = 0;
      block_decode_bmp(block, bytes + index, points);
      clusters -= (size_t)__builtin_popcountll(resets);
      AUTOMATON_PAIR_STEPS(bmpColumns[points[at]], bmpColumns[points[next]]);
    } else {
      uint8_t low[65];
      uint16_t high[65];
      low[64] = 0;
      high[64] = 0;
      block_decode(block, bytes + index, low, high);
      if (pairsCanStep) {
        clusters -= (size_t)__builtin_popcountll(resets);
        AUTOMATON_PAIR_STEPS(columns[classBlocks[high[at]] + low[at]],
          columns[classBlocks[high[next]] + low[next]]);
      } else {
        // One scalar a step on the automaton's own tables, testing each for a reset. The state
        // in a `size_t`: a `uint16_t` would be zero-extended on the chain of loads.
        size_t wideState = (size_t)stateNumbers[pair] << 7;
        while (visits != 0) {
          unsigned position = (unsigned)__builtin_ctzll(visits);
          uint64_t reset = (resets >> position) & 1;
          size_t at = wideState | classes[classBlocks[high[position]] + low[position]];
          clusters += breaks[at] & ~reset;
          wideState = nextStates[at];
          visits &= visits - 1;
        }
        pair = (wideState >> 7) * rowWidth;
      }
    }
    afterASCII = bit_before_next_block(ascii, back);
    afterCR = bit_before_next_block(crs, back);
    index = next_block_start(block, index, back, &prior);
    // Where a block joined no scalar to the one before (every step a boundary) and the last
    // scalar is standalone, the text has turned standalone: back to the cluster kernel, which
    // takes such runs whole.
    if (clusters - before == steps && automaton->standaloneEnds[stateNumbers[pair]]) break;
  }
  textcount_automaton_run run = {
    index, clusters, (uint16_t)(stateNumbers[pair] << 7)};
  return run;
}

/// What mask_window_blocks leaves for mask_blocks: where it is (the next block's start, the
/// clusters so far, the state number), and what next: another window's block (1), or the end
/// of the masks' turn (0, with `turnedStandalone` set where the text has turned standalone).
typedef struct {
  size_t index;
  size_t clusters;
  size_t stateNumber;
  int nextWindow;
  int turnedStandalone;
} mask_position;

/// What the boundary masks found in a block of one window (mask_window_block): its scalars'
/// leads (`wideLeads` the window's), its ASCII bytes, where a cluster starts, how many bytes
/// before its end the next block starts (at the lead of a scalar that runs past it), the
/// automaton's state number after it, and its scalars' places in the window (for other planes
/// of the window).
typedef struct {
  uint64_t leads, wideLeads, ascii, boundaries;
  size_t back;
  size_t stateNumber;
  window_places places;
} mask_block;

/// What mask_window_block did with a block.
enum {
  /// Not of the window (another window's block, maybe).
  MASK_NOT_THE_WINDOWS = 0,
  /// Counted: `mask_block` holds what the masks found.
  MASK_TAKEN = 1,
  /// Of the window, but of a class the masks leave to the automaton, or after a state they
  /// cannot go on from, or before one they do not give.
  MASK_REFUSED = 2,
};

/// The boundary masks on `block`, the 64 bytes at `at`, from automaton state number
/// `stateNumber`, if all its non-ASCII scalars are of `window` (whose flags are `flags` and
/// planes `planes`), `lead` and `second` the first two bytes of a valid `threeBytes` (a
/// constant where it is expanded) or two-byte sequence there: what the automaton kernel's
/// blocks by masks do with one block (see mask_blocks), and the length kernel's in display
/// width, which wants the places too (`keepPlaces`, a constant where it is expanded).
/// `nonASCII` and `continuations` are the block's non-ASCII and continuation bytes (the callers
/// have them, or read the continuations only where `nonASCII` is not 0).
__attribute__((always_inline)) KERNEL_TARGET static inline int mask_window_block(
  block64 block, const uint8_t *at, const textcount_cluster_automaton *automaton,
  const int threeBytes, size_t window, uint8_t lead, uint8_t second, unsigned flags,
  const uint8_t *planes, size_t stateNumber, const int keepPlaces, uint64_t nonASCII,
  uint64_t continuations, mask_block *found
) {
  unsigned carries = automaton->stateCarries[stateNumber];
  if (nonASCII == 0 || (carries & TEXTCOUNT_CARRY_AUTOMATON_ONLY) != 0) return MASK_REFUSED;
  // Valid UTF-8 of the window's scalars: its non-ASCII bytes are its leads in the window
  // (whose second bytes are valid there) and the continuations that follow each.
  uint64_t windowLeads = block_window_leads(block, at, threeBytes, lead, second);
  uint64_t seconds = windowLeads << 1, thirds = threeBytes ? windowLeads << 2 : 0;
  if (((seconds | thirds) & windowLeads) != 0 || (windowLeads | seconds | thirds) != nonASCII
      || (nonASCII & ~windowLeads) != continuations)
    return MASK_NOT_THE_WINDOWS;
  // The last scalar may run past the block: the next block starts at its lead (a count of
  // trailing zeros, 64 where there is none).
  const uint64_t lastLeads = threeBytes ? 0xC000000000000000ULL : 1ULL << 63;
  uint64_t unfinished = windowLeads & lastLeads;
  size_t back = 64 - (unfinished == 0 ? 64 : (size_t)__builtin_ctzll(unfinished));
  uint64_t wideLeads = windowLeads & ~unfinished;
  uint64_t ascii = ~nonASCII;
  uint64_t leads = wideLeads | ascii;
  // Each flag of the window's in every byte of its scalars.
  window_places places = block_window_places(block, at, threeBytes);
#define FLAG_PLANE(FLAG, BIT)                                                                \
  uint64_t FLAG = 0;                                                                         \
  if ((flags & (1u << (BIT))) != 0) {                                                        \
    uint64_t onLeads = block_window_plane(&places, planes + 16 * (BIT)) & wideLeads;         \
    FLAG = onLeads | onLeads << 1 | (threeBytes ? onLeads << 2 : 0);                         \
  }
  FLAG_PLANE(automatonOnly, 4)
  if (automatonOnly != 0) return MASK_REFUSED;
  FLAG_PLANE(windowControls, 0)
  FLAG_PLANE(joins, 1)
  FLAG_PLANE(consonantsOrLinkers, 2)
  FLAG_PLANE(indicExtend, 3)
#undef FLAG_PLANE
  uint64_t joined = joins;  // GB9, GB9a: Extend, ZWJ and SpacingMark
  uint64_t sequences = 0, linkers = 0;
  if (((flags & TEXTCOUNT_CLASS_CONSONANT_OR_LINKER)
        | (carries & (TEXTCOUNT_CARRY_CONSONANT | TEXTCOUNT_CARRY_INDIC))) != 0) {
    // GB9c: Consonant [Extend Linker]* Linker [Extend Linker]* × Consonant. The runs of
    // Extend and Linker right after a consonant (or going on from before the block), and in
    // them what is from a linker on (or all, where a linker came before the block).
    uint64_t consonants = consonantsOrLinkers & ~indicExtend;
    linkers = consonantsOrLinkers & indicExtend;
    uint64_t goesOn = (carries & (TEXTCOUNT_CARRY_CONSONANT | TEXTCOUNT_CARRY_INDIC)) != 0;
    uint64_t linkedBefore = goesOn & ((carries & TEXTCOUNT_CARRY_LINKER) != 0);
    uint64_t starts = (consonants << 1 | goesOn) & indicExtend;
    sequences = indicExtend & ~(indicExtend + starts);
    uint64_t unlinked = sequences & ~linkers;
    uint64_t unlinkedStarts = starts & unlinked & ~linkedBefore;
    uint64_t linked = sequences & ~(unlinked & ~(unlinked + unlinkedStarts));
    joined |= consonants & (linked << 1 | linkedBefore);
  }
  // GB3, then GB4 and GB5: no boundary in CR LF, one before and after every other control.
  uint64_t controls = block_ascii_controls(block);
  uint64_t lfAfterCR = 0;
  uint64_t fromCR = (carries & TEXTCOUNT_CARRY_CR) != 0;
  if ((controls | fromCR) != 0) {
    uint64_t crs = block_equal(block, '\r');
    if ((crs | fromCR) != 0) lfAfterCR = (crs << 1 | fromCR) & block_equal(block, '\n');
  }
  controls |= windowControls;
  uint64_t fromControl = (carries & TEXTCOUNT_CARRY_CONTROL) != 0;
  uint64_t joinedLeads =
    leads & (lfAfterCR | (joined & ~controls & ~(controls << 1 | fromControl)));
  uint64_t boundaries = leads & ~joinedLeads;
  // The state after the last scalar: its class, and whether it ends a GB9c sequence and has a
  // linker since the last boundary or GB9c join (or before the block, where there is none).
  // The last scalar's code point: ASCII, or the window's and its place in it.
  unsigned last = 63 - (unsigned)__builtin_clzll(leads);
  size_t place = (size_t)(at[last + threeBytes] & 1) << 6 | (at[last + threeBytes + 1] & 0x3F);
  size_t codePoint = (wideLeads >> last) & 1 ? window << 7 | place : at[last];
  size_t lastClass =
    automaton->classes[automaton->classBlocks[codePoint >> 8] + (codePoint & 0xFF)];
  uint64_t resets = boundaries | (joinedLeads & ~joins & ~lfAfterCR);
  uint64_t events = resets | (linkers & sequences);
  int linkerSeen = events == 0 ? (carries & TEXTCOUNT_CARRY_LINKER) != 0
    : ((resets >> (63 - __builtin_clzll(events))) & 1) == 0;
  uint16_t after = automaton->stateAfterClass[lastClass * 4
    + (((sequences >> last) & 1) ? TEXTCOUNT_MASK_STATE_INDIC : 0)
    + (linkerSeen ? TEXTCOUNT_MASK_STATE_LINKER : 0)];
  if (after == 0xFFFF) return MASK_REFUSED;
  found->leads = leads;
  found->wideLeads = wideLeads;
  found->ascii = ascii;
  found->boundaries = boundaries;
  found->back = back;
  found->stateNumber = after;
  if (keepPlaces) found->places = places;
  return MASK_TAKEN;
}

/// Whether the text has turned standalone after a block the masks took, as the automaton finds
/// it (its ASCII after ASCII, but the block's first byte, which the masks take as a scalar like
/// any other, and may be an LF after a CR: then they go on): no scalar joined the one before
/// it, and the last is standalone.
static inline int mask_turned_standalone(
  const mask_block *found, const textcount_cluster_automaton *automaton
) {
  uint64_t joinedLeads = found->leads & ~found->boundaries;
  return (joinedLeads & ~(found->ascii & found->ascii << 1)) == 0
    && automaton->standaloneEnds[found->stateNumber];
}

/// mask_blocks' blocks of one window, `lead` and `second` the first non-ASCII scalar's first two
/// bytes, which are a valid start of a `threeBytes` (a constant where it is expanded) or a
/// two-byte sequence there, from `position` on.
__attribute__((always_inline)) KERNEL_TARGET static inline void mask_window_blocks(
  const uint8_t *bytes, size_t length, const textcount_cluster_automaton *automaton,
  const int threeBytes, size_t window, uint8_t lead, uint8_t second, mask_position *position
) {
  const unsigned flags = automaton->windowFlags[window];
  const uint8_t *planes = automaton->windowPlanes + 128 * window;
  size_t index = position->index;
  size_t clusters = position->clusters;
  size_t stateNumber = position->stateNumber;
  int nextWindow = 0, turnedStandalone = 0, firstOfWindow = 1;
  while (index + 67 <= length) {
    const uint8_t *at = bytes + index;
    mask_block found;
    block64 block = block_load(at);
    // (The continuations only where a block is not all ASCII, which the masks refuse before
    // reading them: 0.7% fewer instructions on Hindi and Arabic than reading them always.)
    uint64_t nonASCII = block_non_ascii(block);
    int outcome = mask_window_block(block, at, automaton, threeBytes, window, lead, second, flags,
      planes, stateNumber, 0, nonASCII, nonASCII == 0 ? 0 : block_continuations(block), &found);
    if (outcome != MASK_TAKEN) {
      nextWindow = outcome == MASK_NOT_THE_WINDOWS && !firstOfWindow;
      break;
    }
    firstOfWindow = 0;
    clusters += (size_t)__builtin_popcountll(found.boundaries);
    stateNumber = found.stateNumber;
    index += 64 - found.back;
    if (mask_turned_standalone(&found, automaton)) {
      turnedStandalone = 1;
      break;
    }
  }
  mask_position next = {index, clusters, stateNumber, nextWindow, turnedStandalone};
  *position = next;
}

/// The automaton kernel's blocks by masks, from `start` on, from automaton state `state`: as long
/// as all the non-ASCII scalars of a block are in one window of 128 code points and as long in
/// UTF-8 (Devanagari, Arabic, the running text of most scripts), of classes the masks take
/// (`textcount_class_flags`). The classes of a window's scalars are bitmaps (`windowPlanes`)
/// that a block looks up in SIMD; the rules are shifts, additions and logic on them, with what
/// the state before the block carries in (`stateCarries`); the state after the block is found
/// from the last scalar's class and whether it ends a GB9c sequence, and one with a linker
/// (`stateAfterClass`). Such a block is valid UTF-8 where its non-ASCII bytes are exactly its
/// leads in the window (which are all valid leads there, with a valid second byte) and the
/// continuations after each, which is all the validation it needs. It stops before a block
/// that is not such a block, and after one where the text has turned standalone (no scalar
/// but an ASCII one after ASCII joined the one before, and the last is standalone), setting
/// `turnedStandalone`, as the automaton does.
///
/// A scalar's flags are set in each of its bytes, so that a shift by one byte moves those of the
/// scalar before a lead onto it, and a sequence of scalars is a run of bits: adding a run's
/// first bit to the run carries through it and clears it, which finds the runs that start right
/// after a given scalar (`run & ~(run + first)`).
__attribute__((noinline)) KERNEL_TARGET static textcount_automaton_run mask_blocks(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton, int *turnedStandalone
) {
  mask_position position = {start, 0, (size_t)(state >> 7), 1, 0};
  while (position.nextWindow && position.index + 67 <= length) {
    // The window of the block's first non-ASCII scalar, by its lead and the byte after it;
    // a lead below C2 (a continuation, an overlong lead) or of four bytes or more is none, and
    // so is a second byte that is no continuation.
    const uint8_t *at = bytes + position.index;
    uint64_t nonASCII = block_non_ascii(block_load(at));
    if (nonASCII == 0) break;
    unsigned first = (unsigned)__builtin_ctzll(nonASCII);
    uint8_t lead = at[first], second = at[first + 1];
    if (lead < 0xC2 || lead >= 0xF0 || (second & 0xC0) != 0x80) break;
    if (lead >= 0xE0) {
      size_t window = (size_t)(lead & 0x0F) << 5 | (size_t)(second & 0x3F) >> 1;
      // Windows of three-byte scalars start at U+0800 (E0 80–9F is overlong); the masks take
      // no surrogates (ED A0–BF).
      if (window < 16 || (automaton->windowFlags[window] & TEXTCOUNT_WINDOW_NOT_MASKED) != 0)
        break;
      mask_window_blocks(bytes, length, automaton, 1, window, lead, second, &position);
    } else {
      size_t window = (size_t)(lead & 0x1F) >> 1;
      mask_window_blocks(bytes, length, automaton, 0, window, lead, second, &position);
    }
  }
  *turnedStandalone = position.turnedStandalone;
  textcount_automaton_run run = {
    position.index, position.clusters, (uint16_t)(position.stateNumber << 7)};
  return run;
}

/// automaton_blocks as a function of its own, for masks_then_automaton's loop: expanded in that
/// loop, its registers spilled (emoji text, which takes it, 2–3% more instructions).
__attribute__((noinline)) KERNEL_TARGET static textcount_automaton_run
automaton_blocks_apart(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton
) {
  return automaton_blocks(bytes, start, length, state, automaton);
}

/// clusters_by_automaton_blocks after its first budget of blocks through the automaton: the
/// masks' turn, then the automaton's, and so on.
__attribute__((noinline)) KERNEL_TARGET static textcount_automaton_run
masks_then_automaton(
  const uint8_t *bytes, size_t length, const textcount_cluster_automaton *automaton,
  textcount_automaton_run run
) {
  size_t budget = 2;
  for (;;) {
    if (run.end + 67 > length) return run;
    // A block with a four-byte scalar (most emoji text) is not the masks': no call to find it.
    size_t taken = 0;
    if (block_four_byte_leads(block_load(bytes + run.end)) == 0) {
      int turnedStandalone = 0;
      textcount_automaton_run part =
        mask_blocks(bytes, run.end, length, run.state, automaton, &turnedStandalone);
      taken = part.end - run.end;
      run.end = part.end;
      run.clusters += part.clusters;
      run.state = part.state;
      if (turnedStandalone || run.end + 67 > length) return run;
    }
    budget = taken != 0 ? 1 : budget < 8 ? 8 : budget < 65536 ? 2 * budget : 65536;
    // The automaton stops where fewer than 67 bytes are left before `limit`: after `budget`
    // blocks at most.
    size_t limit = length - run.end > 64 * budget + 3 ? run.end + 64 * budget + 3 : length;
    textcount_automaton_run part =
      automaton_blocks_apart(bytes, run.end, limit, run.state, automaton);
    run.end = part.end;
    run.clusters += part.clusters;
    run.state = part.state;
    // Stopped before its budget's end (ill-formed bytes, or the text turned standalone), or at
    // the buffer's: the kernel's end too.
    if (part.end + 67 <= limit || limit == length) return run;
  }
}

/// The automaton kernel: blocks of one window's scalars by masks (mask_blocks), the others
/// through the automaton (automaton_blocks), in turns. The automaton takes a budget of blocks
/// (two at first), then the masks try the next ones; where they take none, the automaton's next
/// budget is twice the last (8 at first, up to 65536 blocks): text the masks do not fit tends
/// to go on. Where the masks took some, the automaton takes the one block they could not. With
/// no per-block test in the automaton's loop, text that never reaches the masks pays only for
/// their few tries.
KERNEL_TARGET static textcount_automaton_run clusters_by_automaton_blocks(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton
) {
  size_t limit = length;
  if (automaton->windowPlanes != NULL && length - start > 2 * 64 + 3) limit = start + 2 * 64 + 3;
  textcount_automaton_run run = automaton_blocks(bytes, start, limit, state, automaton);
  // Stopped before the budget's end (ill-formed bytes, or the text turned standalone): the
  // kernel's end too. (At the buffer's end, the masks find no block left.)
  if (__builtin_expect(run.end + 67 <= limit, 1)) return run;
  return masks_then_automaton(bytes, length, automaton, run);
}
#undef AUTOMATON_PAIR_STEPS

/// Whether the boundary masks take the length kernel's block at `at` (into `found`, and its
/// window into `window`), from automaton state number `stateNumber`: where all its non-ASCII
/// scalars are in one window of 128 code points whose lengths fit the masks (`fit`, the unit's
/// `windowWidthsFit` or `windowWeightsFit`).
__attribute__((always_inline)) KERNEL_TARGET static inline int length_mask_window(
  block64 block, const uint8_t *at, const textcount_cluster_automaton *automaton,
  const uint8_t *fit, size_t stateNumber, mask_block *found, size_t *window
) {
  // A block of mostly ASCII (a mark in English text) costs the automaton less: its ASCII takes
  // no step.
  uint64_t nonASCII = block_non_ascii(block);
  if (__builtin_popcountll(nonASCII) < 16 || block_four_byte_leads(block) != 0) return 0;
  unsigned first = (unsigned)__builtin_ctzll(nonASCII);
  uint8_t lead = at[first], second = at[first + 1];
  if (lead < 0xC2 || (second & 0xC0) != 0x80) return 0;
  // The window of the first non-ASCII scalar, as mask_blocks finds it, must be the last's
  // (text of several windows, Japanese or Chinese, mostly fails here, before the masks' look).
  const int threeBytes = lead >= 0xE0;
  *window = threeBytes ? (size_t)(lead & 0x0F) << 5 | (size_t)(second & 0x3F) >> 1
                       : (size_t)(lead & 0x1F) >> 1;
  uint64_t continuations = block_continuations(block);
  unsigned lastLead = 63 - (unsigned)__builtin_clzll(nonASCII & ~continuations);
  if (threeBytes ? at[lastLead] != lead || ((at[lastLead + 1] ^ second) & 0xFE) != 0
                 : ((at[lastLead] ^ lead) & 0xFE) != 0)
    return 0;
  // Windows of three-byte scalars start at U+0800 (E0 80–9F is overlong); the masks take no
  // surrogates (ED A0–BF).
  const unsigned flags = automaton->windowFlags[*window];
  if ((threeBytes && *window < 16) || (flags & TEXTCOUNT_WINDOW_NOT_MASKED) != 0
      || !fit[*window])
    return 0;
  const uint8_t *planes = automaton->windowPlanes + 128 * *window;
  int outcome = threeBytes
    ? mask_window_block(block, at, automaton, 1, *window, lead, second, flags, planes,
        stateNumber, 1, nonASCII, continuations, found)
    : mask_window_block(block, at, automaton, 0, *window, lead, second, flags, planes,
        stateNumber, 1, nonASCII, continuations, found);
  return outcome == MASK_TAKEN;
}

/// The length of the ASCII scalars at `leads` that start clusters, each `control` or
/// `printable` long (the rule's `ascii`), summed by count: `asciiBytes` are the block's ASCII
/// bytes, `controls` its ASCII controls.
KERNEL_TARGET static inline size_t mask_ascii_length(
  uint64_t leads, uint64_t asciiBytes, uint64_t controls, const textcount_cluster_lengths *ascii
) {
  return ascii->printable * (size_t)__builtin_popcountll(leads & asciiBytes & ~controls)
    + ascii->control * (size_t)__builtin_popcountll(leads & controls);
}

/// The length kernel's block at `at` (its offset `index`) by the boundary masks, in display
/// width, from automaton state number `stateNumber` (length_mask_window, into `found`): every
/// cluster they close is as wide as its first scalar makes it, summed by count of each width
/// (`textcount_cluster_rule.windowWidths`); the cluster open before the block (`open`) takes
/// the widest of the scalars that join it, and the last boundary opens the next (from
/// `opened`). Returns 0 where it does not take the block.
__attribute__((always_inline)) KERNEL_TARGET static inline int width_mask_block(
  block64 block, const uint8_t *at, size_t index, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule, size_t stateNumber, kernel_tally *open, size_t *total,
  size_t *opened, mask_block *found
) {
  size_t window;
  if (!length_mask_window(block, at, automaton, rule->windowWidthsFit, stateNumber, found, &window))
    return 0;
  const uint8_t *widths = rule->windowWidths + 48 * window;
  uint64_t startsOne = block_window_plane(&found->places, widths) & found->wideLeads;
  uint64_t startsTwo = block_window_plane(&found->places, widths + 16) & found->wideLeads;
  uint64_t joinsWide = block_window_plane(&found->places, widths + 32) & found->wideLeads;
  uint64_t boundaries = found->boundaries;
  uint64_t joined = found->leads & ~boundaries;
  // The open cluster takes the scalars before the first boundary: the widest of them.
  int64_t value = open->value;
  uint64_t beforeFirst = (boundaries & (0 - boundaries)) - 1;  // all of them where none
  if ((joined & joinsWide & beforeFirst) != 0 && value < 1) value = 1;
  if (boundaries == 0) {
    open->value = value;
    return 1;
  }
  // It closes at the first boundary; those after it but the last close clusters as wide as
  // their first scalar makes them; the last opens a cluster.
  const textcount_cluster_lengths *ascii = rule->ascii;
  uint64_t asciiBytes = found->ascii;
  uint64_t controls = block_ascii_controls(block);
  unsigned last = 63 - (unsigned)__builtin_clzll(boundaries);
  uint64_t inner = boundaries & ~(1ULL << last);
  *total += (size_t)value + (size_t)__builtin_popcountll(inner & startsOne)
    + 2 * (size_t)__builtin_popcountll(inner & startsTwo)
    + mask_ascii_length(inner, asciiBytes, controls, ascii);
  // (Where a scalar 0 wide starts it, none of the window's joins it 1 wide: the window's
  // widths do not fit the masks otherwise.)
  open->value = (asciiBytes >> last) & 1
    ? (int64_t)((controls >> last) & 1 ? ascii->control : ascii->printable)
    : (int64_t)((startsOne >> last) & 1) + 2 * (int64_t)((startsTwo >> last) & 1);
  open->marks = 0;
  *opened = index + last;
  return 1;
}

/// What the weighted units' tally ors in of the scalars at `leads` (one cluster's, or part of
/// one): the window's scalars' bits from their planes (the weight's index, bits 3 and 7; the
/// others are not in a window whose weights fit), and those of its ASCII scalars (`asciiLeads`:
/// a cluster's first, or an LF after a CR) looked up in the rule's palette.
KERNEL_TARGET static inline uint32_t mask_weight_bits(
  uint64_t leads, uint64_t asciiLeads, const uint64_t planes[5], const uint8_t *at,
  const textcount_cluster_rule *rule
) {
  uint32_t bits = (uint32_t)((planes[0] & leads) != 0) | (uint32_t)((planes[1] & leads) != 0) << 1
    | (uint32_t)((planes[2] & leads) != 0) << 2 | (uint32_t)((planes[3] & leads) != 0) << 3
    | (uint32_t)((planes[4] & leads) != 0) << 7;
  asciiLeads &= leads;
  while (asciiLeads != 0) {
    unsigned position = (unsigned)__builtin_ctzll(asciiLeads);
    bits |= (uint32_t)(rule->palette[rule->bmpValues[at[position]]] >> 8);
    asciiLeads &= asciiLeads - 1;
  }
  return bits;
}

/// The length kernel's block at `at` (its offset `index`) by the boundary masks, in a weighted
/// unit (`kind`, `constants` its values), from automaton state number `stateNumber`
/// (length_mask_window, into `found`): in a window whose weights fit
/// (`textcount_cluster_rule.windowWeights`), every scalar weighs a whole number of units (0 to
/// 3) and is no emoji, so a cluster the block closes is its scalars' units, summed by count;
/// the cluster open before the block (`open`) takes the weights and bits of the scalars that
/// join it and closes at the first boundary, the last boundary opens the next (from
/// `opened`). Returns 0 where the masks do not take the block, 2 where they do but a cluster of
/// it is one NFC may change (the automaton's block, but one that says nothing of the next).
__attribute__((always_inline)) KERNEL_TARGET static inline int weights_mask_block(
  block64 block, const uint8_t *at, size_t index, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule, const kernel_rule *constants, int kind,
  size_t stateNumber, kernel_tally *open, size_t *total, size_t *opened, mask_block *found
) {
  // A cluster open before the block to look up in the emoji sequences: the automaton's, which
  // knows where it starts. (No scalar of a window whose weights fit is of one.)
  if ((open->marks & constants->emojiSequenceMarks) != 0) return 2;
  size_t window;
  if (!length_mask_window(block, at, automaton, rule->windowWeightsFit, stateNumber, found, &window))
    return 0;
  const uint8_t *weights = rule->windowWeights + 128 * window;
  uint64_t wideLeads = found->wideLeads;
#define WEIGHT_PLANE(PLANE) (block_window_plane(&found->places, weights + 16 * (PLANE)) & wideLeads)
  uint64_t unitsOne = WEIGHT_PLANE(0), unitsTwo = WEIGHT_PLANE(1);
  uint64_t bitPlanes[5] = {
    WEIGHT_PLANE(2), WEIGHT_PLANE(3), WEIGHT_PLANE(4), WEIGHT_PLANE(5), WEIGHT_PLANE(6)};
#undef WEIGHT_PLANE
  const textcount_cluster_lengths *ascii = rule->ascii;
  uint64_t asciiBytes = found->ascii;
  uint64_t controls = block_ascii_controls(block);
  uint64_t leads = found->leads, boundaries = found->boundaries;
  // A cluster that starts in the block with a scalar NFC may change after one of bit 3 (a
  // nukta) and one of bit 3 (न, or an ASCII letter as its first scalar): the meter's. Each such
  // scalar's cluster, from the boundary before it to the next (or the block's end: the next
  // block's look, or the automaton's, sees the rest); the cluster open before the block is
  // looked at below, with what joins it.
  uint64_t firstBoundary = boundaries & (0 - boundaries);
  for (uint64_t changes = bitPlanes[4] & ~(firstBoundary - 1); changes != 0;
       changes &= changes - 1) {
    uint64_t through = (2ULL << __builtin_ctzll(changes)) - 1;  // to the scalar (all at bit 63)
    uint64_t ends = boundaries & ~through;
    unsigned start = 63 - (unsigned)__builtin_clzll(boundaries & through);
    uint64_t cluster = (ends & (0 - ends)) - (1ULL << start);  // to the block's end: no end
    if ((bitPlanes[3] & cluster) != 0
        || (((asciiBytes >> start) & 1) != 0
          && (rule->palette[rule->bmpValues[at[start]]] >> 8 & 8) != 0))
      return 2;
  }
#define UNITS(LEADS)                                                                        \
  ((size_t)__builtin_popcountll((LEADS) & unitsOne)                                          \
    + 2 * (size_t)__builtin_popcountll((LEADS) & unitsTwo)                                   \
    + mask_ascii_length((LEADS), asciiBytes, controls, ascii))
  // The open cluster takes the scalars before the first boundary: their weights and bits. (Each
  // part's bits as it is needed, three calls: one pass giving all three before the returns
  // below ran 5% more instructions on Hindi and Arabic.)
  uint64_t before = leads & (firstBoundary - 1);  // all of them where there is no boundary
  kernel_tally joined = {
    open->value + (int64_t)UNITS(before) * constants->scale,
    open->marks | mask_weight_bits(before, asciiBytes, bitPlanes, at, rule)};
  // Bits 3 and 7 together: a cluster NFC may change, which the meter measures.
  if ((joined.marks & (8 | 128)) == (8 | 128)) return 2;
  if (boundaries == 0) {
    *open = joined;
    return 1;
  }
  // It closes at the first boundary; the clusters after it but the last weigh their scalars'
  // units; the last opens a cluster.
  unsigned last = 63 - (unsigned)__builtin_clzll(boundaries);
  uint64_t lastBoundary = 1ULL << last;
  uint64_t inner = leads & ~(firstBoundary - 1) & (lastBoundary - 1);
  uint64_t rest = leads & ~(lastBoundary - 1);
  *total += (size_t)cluster_length(joined, constants, kind) + UNITS(inner);
  uint32_t first = mask_weight_bits(lastBoundary, asciiBytes, bitPlanes, at, rule);
  kernel_tally opening = {(int64_t)UNITS(rest) * constants->scale,
    mask_weight_bits(rest, asciiBytes, bitPlanes, at, rule) | first << MARKS_FIRST_SHIFT};
#undef UNITS
  *open = opening;
  *opened = index + last;
  return 1;
}

/// One scalar of the length kernel below, VALUE its palette index: its class (from the rule's
/// palette, with its bits) through the automaton, its bits into the tally, with no branch on
/// whether it starts a cluster (which text of short clusters of varied lengths would
/// mispredict); it stops before a scalar that makes its cluster one NFC may change (rare: the
/// scalar loop takes that cluster, and the meter measures it). A cluster to look up in the
/// emoji sequences (a scalar of bit 6 in it) is, where it ends, one of `emojiEnds`, for
/// EMOJI_SEQUENCE_KEEP at the block's end (unscaled weights, whose lengths add up: no branch
/// here, which emoji text would mispredict); for scaled weights, from its tally and bytes
/// (emoji_sequence_delta) from where the block's last start before it says it starts, else the
/// last block's (`opened`), else the caller's (`clusterStart`).
#define LENGTHS_STEP(VALUE, POSITION, RECORD_START)                                         \
  do {                                                                                    \
    uint16_t both_ = palette[VALUE];                                                      \
    size_t at_ = wideState | (both_ & 0xFF);                                             \
    size_t startsCluster_ = breaks[at_];                                                  \
    uint8_t bits_ = (uint8_t)(both_ >> 8);                                                \
    kernel_tally next_ = cluster_fold(open, bits_, startsCluster_, &constants, kind);     \
    if (kind != KIND_WIDTH && (next_.marks & meterBits) == meterBits) {                  \
      stopAt = (POSITION);                                                                \
      goto stop;                                                                          \
    }                                                                                     \
    uint64_t closesEmoji_ = kind == KIND_WIDTH ? 0                                        \
      : (uint64_t)((open.marks & constants.emojiSequenceMarks) != 0) & startsCluster_;   \
    size_t closed_ = (size_t)cluster_length(open, &constants, kind);                     \
    if (kind == KIND_WEIGHTS && __builtin_expect(closesEmoji_ != 0, 0)) {                \
      size_t from_ = startMask != 0 ? blockStart + 63 - (size_t)__builtin_clzll(startMask) \
        : opened != SIZE_MAX ? opened : clusterStart;                                     \
      kernel_tally emoji_ = {open.value                                                   \
        + emoji_sequence_delta(bytes, from_, (POSITION), length, rule->emojiSequences),   \
        open.marks};                                                                      \
      closed_ = (size_t)cluster_length(emoji_, &constants, kind);                        \
    }                                                                                     \
    total += closed_ & ((size_t)0 - startsCluster_);                                      \
    open = next_;                                                                         \
    wideState = nextStates[at_];                                                          \
    RECORD_START;                                                                         \
  } while (0)

/// LENGTHS_STEP over a block's `leads`, each lead's palette index the expression VALUE (of
/// `position`), recording where clusters start in `startMask` and where those to look up in
/// the emoji sequences end in `emojiEnds` (unscaled weights).
#define LENGTHS_LEADS(VALUE)                                                                \
  do {                                                                                    \
    while (leads != 0) {                                                                  \
      unsigned position = (unsigned)__builtin_ctzll(leads);                               \
      LENGTHS_STEP((VALUE), index + position,                                             \
        startMask |= (uint64_t)startsCluster_ << position;                                \
        if (kind == KIND_WEIGHTS_UNSCALED) emojiEnds |= closesEmoji_ << position);        \
      leads &= leads - 1;                                                                 \
    }                                                                                     \
  } while (0)

/// A block whose clusters of emoji sequences wait for their look-ups (the length kernel's
/// `emojiBlocks`): where it starts, the clusters' ends and the block's cluster starts, and
/// where the cluster open before it starts.
typedef struct {
  size_t blockStart, before;
  uint64_t ends, starts;
} emoji_block;

/// How many blocks with clusters of emoji sequences the length kernel keeps before it ends its
/// run to look them up (16 KiB of emoji text).
enum { EMOJI_BLOCKS = 256 };

/// What the emoji sequences add to the lengths of the clusters of `count` blocks (unscaled
/// weights: a cluster's length is its weight), each cluster that ends at a bit of a block's
/// `ends` from the block's last start of `starts` before it, or from its `before` where none
/// is; `bytes` readable before `readable`. The clusters looked up EMOJI_GROUP at a time
/// (emoji_group_deltas). A function of its own, called once a run: the look-ups in the length
/// kernel's loop made it keep fewer values in registers (X's length on Arabic, which has none
/// to look up, 7–10% slower).
__attribute__((noinline)) KERNEL_TARGET static int64_t emoji_blocks_deltas(const uint8_t *bytes,
  const emoji_block *blocks, size_t count, size_t readable,
  const textcount_emoji_sequences *sequences) {
  emoji_lookup group[EMOJI_GROUP];
  size_t grouped = 0;
  int64_t delta = 0;
  for (size_t index = 0; index < count; index++) {
    const emoji_block *block = &blocks[index];
    for (uint64_t ends = block->ends; ends != 0; ends &= ends - 1) {
      unsigned end = (unsigned)__builtin_ctzll(ends);
      uint64_t startsBefore = block->starts & ((1ULL << end) - 1);
      group[grouped].start = startsBefore != 0
        ? block->blockStart + 63 - (size_t)__builtin_clzll(startsBefore) : block->before;
      group[grouped].end = block->blockStart + end;
      if (++grouped == EMOJI_GROUP) {
        delta += emoji_group_deltas(bytes, group, grouped, readable, sequences);
        grouped = 0;
      }
    }
  }
  return delta + emoji_group_deltas(bytes, group, grouped, readable, sequences);
}

/// Keeps the block's clusters of `emojiEnds` (unscaled weights) for their look-ups (in
/// `emojiBlocks`, looked up at the run's end), each from the block's last start before it
/// (`startMask`), or the last block's (`opened`), or the caller's (`clusterStart`); then none.
#define EMOJI_SEQUENCE_KEEP()                                                               \
  do {                                                                                    \
    if (kind == KIND_WEIGHTS_UNSCALED && emojiEnds != 0) {                                \
      emoji_block kept_ = {blockStart, opened != SIZE_MAX ? opened : clusterStart,        \
        emojiEnds, startMask};                                                            \
      emojiBlocks[emojiBlockCount++] = kept_;                                             \
      emojiEnds = 0;                                                                      \
    }                                                                                     \
  } while (0)

__attribute__((always_inline)) KERNEL_TARGET static inline textcount_automaton_lengths_run
lengths_by_automaton_loop(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  textcount_cluster_tally tally, size_t clusterStart, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule, int kind
) {
  const uint16_t *nextStates = automaton->nextStates;
  const uint8_t *breaks = automaton->breaks;
  const uint32_t *blocks = rule->blocks;
  const uint8_t *values = rule->values;
  const uint8_t *bmpValues = rule->bmpValues;
  // The palette on the stack, where a step reads it with no register for its base (copied by
  // the compiler's builtin: the kernels build freestanding for Apple's targets, with no libc).
  uint16_t palette[256];
  __builtin_memcpy(palette, rule->palette, sizeof palette);
  const kernel_rule constants = kernel_rule_from(rule);
  // Bits 3 and 7 together: a cluster NFC may change (set only where the weights normalize).
  const uint32_t meterBits = 8 | 128;
  // The state in a `size_t`: a `uint16_t` would be zero-extended on the chain of loads.
  size_t wideState = state;
  size_t index = start;
  size_t total = 0;
  size_t opened = SIZE_MAX;
  // An empty tally (at the start of text) as one of length 0, so that no step tests for it:
  // its first scalar starts a cluster, whose step adds the length of the one before.
  const int wasEmpty = tally.isEmpty;
  kernel_tally none = {0, 0};  // 0 long, no emoji
  kernel_tally open = wasEmpty ? none : kernel_tally_from(tally, kind);
  size_t stopAt = 0;
  // ASCII inside runs, as the cluster kernel takes it: where the rule has ASCII in two values
  // (`ascii`), every ASCII byte after an ASCII byte is a cluster of its own (but in CR LF), so
  // of a run only the first byte (which may join a Prepend) and the last (which opens the next
  // cluster) take a step. Those between are each `control` or `printable` long, summed by count
  // (`singles`, added at the block's end, or up to where the loop stops). Blocks with a CR (or
  // after one) take every byte a step.
  const textcount_cluster_lengths *ascii = rule->ascii;
  uint64_t afterASCII = 0;  // 1 when the block before ended with ASCII
  uint64_t afterCR = 0;  // 1 when it ended with a CR
  uint64_t singles = 0;
  uint64_t singleControls = 0;
  uint64_t startMask = 0;
  uint64_t emojiEnds = 0;
  // (Unused, and left out, where `kind` is not KIND_WEIGHTS_UNSCALED.)
  emoji_block emojiBlocks[EMOJI_BLOCKS];
  size_t emojiBlockCount = 0;
  size_t blockStart = start;
  block64 prior = block_zero();
  // By the boundary masks where a block's scalars fit them (width_mask_block,
  // weights_mask_block); after a block they do not take, the next `maskWait` blocks do not try
  // (1, 2, 4 ... 64 while they take none).
  const int lengthMasks = automaton->windowPlanes != NULL
    && (kind == KIND_WIDTH ? rule->windowWidths != NULL : rule->windowWeights != NULL);
  unsigned maskWait = 0, maskBackOff = 0;
  // Three bytes of slack after each block: every scalar's four-byte load stays in the buffer.
  while (index + 67 <= length) {
    block64 block = block_load(bytes + index);
    if (lengthMasks) {
      mask_block found;
      int taken = 0;
      if (maskWait == 0) {
        taken = kind == KIND_WIDTH
          ? width_mask_block(block, bytes + index, index, automaton, rule, wideState >> 7, &open,
              &total, &opened, &found)
          : weights_mask_block(block, bytes + index, index, automaton, rule, &constants, kind,
              wideState >> 7, &open, &total, &opened, &found);
      }
      if (taken == 1) {
        maskBackOff = 0;
        wideState = found.stateNumber << 7;
        afterASCII = bit_before_next_block(found.ascii, found.back);
        afterCR = bit_before_next_block(block_equal(block, '\r'), found.back);
        index = next_block_start(block, index, found.back, &prior);
        if (mask_turned_standalone(&found, automaton)) break;
        continue;
      }
      // A block NFC may change (2) says nothing of the next: no wait.
      if (maskWait != 0) {
        maskWait -= 1;
      } else if (taken == 0) {
        maskBackOff = maskBackOff == 0 ? 1 : maskBackOff < 64 ? 2 * maskBackOff : 64;
        maskWait = maskBackOff;
      }
    }
    if (block_has_errors(block, prior)) break;
    uint64_t leads = ~block_continuations(block);
    size_t back = leave_unfinished_scalar(bytes + index, &leads);
    // Where clusters start, as a mask, whose highest bit gives where the open cluster starts
    // once the block is done (or stopped).
    size_t steps = (size_t)__builtin_popcountll(leads);
    blockStart = index;
    singles = 0;
    startMask = 0;
    uint64_t asciiBytes = ~block_non_ascii(block);
    uint64_t crs = block_equal(block, '\r');
    if (ascii != NULL && crs == 0 && afterCR == 0) {
      uint64_t inner = asciiBytes & (asciiBytes << 1 | afterASCII);
      uint64_t lasts = inner & ~(asciiBytes >> 1);  // last bytes of runs, where not also first
      singles = inner & ~lasts;
      singleControls = singles & block_standalone_leads(block, &ascii->asciiControls);
      leads &= ~singles;
      steps -= (size_t)__builtin_popcountll(singles);  // each a boundary, none a step
    }
    afterASCII = bit_before_next_block(asciiBytes, back);
    afterCR = bit_before_next_block(crs, back);
    // Each lead's palette index by its code point, decoded in SIMD: in one flat table where
    // the block has no four-byte scalar, else in the two-level one.
    if (block_four_byte_leads(block) == 0) {
      uint16_t points[64];
      block_decode_bmp(block, bytes + index, points);
      LENGTHS_LEADS(bmpValues[points[position]]);
    } else {
      uint8_t low[64];
      uint16_t high[64];
      block_decode(block, bytes + index, low, high);
      LENGTHS_LEADS(values[blocks[high[position]] + low[position]]);
    }
    EMOJI_SEQUENCE_KEEP();
    if (startMask != 0) opened = index + 63 - (size_t)__builtin_clzll(startMask);
    size_t starts = (size_t)__builtin_popcountll(startMask);
    if (singles != 0) {
      size_t count = (size_t)__builtin_popcountll(singles);
      size_t controls = (size_t)__builtin_popcountll(singleControls);
      total += ascii->printable * (count - controls) + ascii->control * controls;
      singles = 0;
    }
    index = next_block_start(block, index, back, &prior);
    // Where a block joined no scalar to the one before and the last is standalone, the text
    // has turned standalone: back to the length kernel, which takes such runs whole.
    if (starts == steps && automaton->standaloneEnds[wideState >> 7]) break;
    // The blocks kept for their look-ups at most EMOJI_BLOCKS (the run ends here, as at the
    // end of the blocks: the caller calls again).
    if (kind == KIND_WEIGHTS_UNSCALED && emojiBlockCount == EMOJI_BLOCKS) break;
  }
  stopAt = index;
  startMask = 0;
stop:;
  // Stopped inside a block: its clusters of emoji sequences, where its last cluster before the
  // stop starts, and its single ASCII clusters before the stop. Then the look-ups of all.
  EMOJI_SEQUENCE_KEEP();
  if (kind == KIND_WEIGHTS_UNSCALED && emojiBlockCount != 0)
    total += (size_t)emoji_blocks_deltas(
      bytes, emojiBlocks, emojiBlockCount, length, rule->emojiSequences);
  if (startMask != 0) opened = blockStart + 63 - (size_t)__builtin_clzll(startMask);
  if (singles != 0 && stopAt > blockStart) {
    uint64_t before = ~0ULL >> (64 - (stopAt - blockStart));
    size_t count = (size_t)__builtin_popcountll(singles & before);
    size_t controls = (size_t)__builtin_popcountll(singleControls & before);
    total += ascii->printable * (count - controls) + ascii->control * controls;
  }
  int isEmpty = wasEmpty && opened == SIZE_MAX;
  textcount_automaton_lengths_run run = {
    stopAt, total, opened, isEmpty ? tally : kernel_tally_to(open, 0, kind), (uint16_t)wideState};
  return run;
}
#undef EMOJI_SEQUENCE_KEEP
#undef LENGTHS_LEADS
#undef LENGTHS_STEP

/// The loop above expanded for display width: a function of its own (in one function with the
/// weighted units' expansions, before they had the masks, it made theirs 2% slower on Hindi and
/// Arabic: the same code, laid out otherwise).
__attribute__((noinline)) KERNEL_TARGET static textcount_automaton_lengths_run
width_by_automaton_blocks(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  textcount_cluster_tally tally, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule
) {
  return lengths_by_automaton_loop(
    bytes, start, length, state, tally, SIZE_MAX, automaton, rule, KIND_WIDTH);
}

/// The loop above, expanded for display width, weights of scale 1 and other weights: the kind
/// is then a constant, with no branch on it per scalar.
KERNEL_TARGET static textcount_automaton_lengths_run lengths_by_automaton_blocks(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  textcount_cluster_tally tally, size_t clusterStart, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule
) {
  if (rule->isWidth)
    return width_by_automaton_blocks(bytes, start, length, state, tally, automaton, rule);
  if (rule->scale == 1)
    return lengths_by_automaton_loop(
      bytes, start, length, state, tally, clusterStart, automaton, rule, KIND_WEIGHTS_UNSCALED);
  return lengths_by_automaton_loop(
    bytes, start, length, state, tally, clusterStart, automaton, rule, KIND_WEIGHTS);
}

/// Where in the block at `at` (66 bytes readable) a scalar starts that stringz may match otherwise
/// than alone (textcount_count_stringz_matches): by its lead and the one or two bytes after it.
KERNEL_TARGET static inline uint64_t stringz_other_leads(block64 block, const uint8_t *at) {
  block64 second = block_load(at + 1);
  block64 third = block_load(at + 2);
  uint64_t e1 = block_equal(block, 0xE1), e2 = block_equal(block, 0xE2);
  uint64_t ef = block_equal(block, 0xEF), f0 = block_equal(block, 0xF0);
  uint64_t others = block_equal(block, 0xCC) | block_equal(block, 0xCD);
  if ((e1 | e2 | ef | f0) == 0) return others;
  others |= e1
    & (block_equal(second, 0xAA) | block_equal(second, 0xAB) | block_equal(second, 0xB7));
  others |= e2
    & (block_equal(second, 0x83) | (block_equal(second, 0x80) & block_equal(third, 0x8D)));
  others |= ef & block_equal(second, 0xB8);
  others |= f0 & block_equal(second, 0x9F)
    & (block_equal(third, 0x87) | block_equal(third, 0x8F));
  return others;
}

/// Where stringz_matches_blocks is: the matches so far, the place, and where the last block's
/// scalar that runs past it starts (SIZE_MAX where none went through the automaton), with the
/// matches and place before its step.
typedef struct {
  size_t matches, place, unfinished, matchesBefore, placeBefore;
} stringz_position;

/// Whether a block of stringz_matches_blocks passes its check after the block before (`prior`,
/// which it continues): the ASCII block `isASCII` says it is, the rest UTF-8's full check.
KERNEL_TARGET static inline int stringz_block_checks(block64 block, block64 prior, int isASCII) {
  if (isASCII) return !block_ends_unfinished(prior);
  return !block_has_errors(block, prior);
}

/// The place after an ordinary scalar of lead `lead` that opened a match (stringz_matches_blocks):
/// `afterSupplementary` above U+FFFF, else `afterBMP`.
static inline size_t stringz_place_after(uint8_t lead, size_t afterBMP, size_t afterSupplementary) {
  return lead >= 0xF0 ? afterSupplementary : afterBMP;
}

/// A block of stringz_matches_blocks through the automaton, three scalars a step, into `at`;
/// the scalar a step stops before, else SIZE_MAX. Expanded in the block loop: called, it took
/// its position through memory at each block, and emoji text, whose blocks all come here, was
/// 21% slower (stringz on emoji 1,140 against 1,448 MB/s; other text the same either way).
__attribute__((always_inline)) KERNEL_TARGET static inline size_t stringz_block_by_automaton(
  block64 block, const uint8_t *bytes, size_t index, int mayRunPast,
  const textcount_stringz_automaton *automaton, stringz_position *at
) {
  const uint32_t *kindBlocks = automaton->kindBlocks;
  const uint8_t *kinds = automaton->kinds;
  const uint8_t *steps = automaton->steps;
  uint64_t leads = ~block_continuations(block);
  unsigned last = 63 - (unsigned)__builtin_clzll(leads);
  int endsUnfinished = mayRunPast && block_ends_unfinished(block);
  uint8_t low[64];
  uint16_t high[64];
  block_decode(block, bytes + index, low, high);
  // The block's decoding is its own scalars': the one that runs past it is decoded alone (the
  // next block's check tells whether it is well-formed; where not, its step is given back,
  // whatever its bits decoded to).
  uint64_t visits = endsUnfinished ? leads & ~(1ULL << last) : leads;
  // The kind of the scalar that runs past the block, found before the steps (whose chain its
  // step alone waits on).
  size_t lastKind = 0;
  if (endsUnfinished) {
    uint32_t codePoint = code_point_at(bytes + index + last);
    codePoint = codePoint > 0x10FFFF ? 0xFFFD : codePoint;
    lastKind = kinds[kindBlocks[codePoint >> 8] + (codePoint & 0xFF)];
  }
  size_t matches = at->matches, place = at->place;
  at->unfinished = SIZE_MAX;
  // Three scalars a step (the second and third none where the visits run out): the load of
  // the step is all there is on the chain from one step to the next.
  const uint8_t *tripleSteps = automaton->tripleSteps;
  const size_t noScalar = TEXTCOUNT_STRINGZ_KINDS, columns = TEXTCOUNT_STRINGZ_KINDS + 1;
  while (visits != 0) {
    unsigned first = (unsigned)__builtin_ctzll(visits);
    uint64_t afterFirst = visits & (visits - 1);
    uint64_t afterSecond = afterFirst & (afterFirst - 1);
    unsigned second, third;
    size_t firstKind, secondKind, thirdKind;
    if (__builtin_expect(afterSecond != 0, 1)) {
      // Three scalars (all but the block's last steps): no select for one that is missing.
      second = (unsigned)__builtin_ctzll(afterFirst);
      third = (unsigned)__builtin_ctzll(afterSecond);
      firstKind = kinds[kindBlocks[high[first]] + low[first]];
      secondKind = kinds[kindBlocks[high[second]] + low[second]];
      thirdKind = kinds[kindBlocks[high[third]] + low[third]];
    } else {
      // (Where there is no second or third, the first's place is read, and its kind not used.)
      second = afterFirst == 0 ? first : (unsigned)__builtin_ctzll(afterFirst);
      third = first;
      firstKind = kinds[kindBlocks[high[first]] + low[first]];
      secondKind = kinds[kindBlocks[high[second]] + low[second]];
      secondKind = afterFirst == 0 ? noScalar : secondKind;
      thirdKind = noScalar;
    }
    size_t kindsColumn = ((firstKind * columns + secondKind) * columns + thirdKind) * 16;
    size_t step = tripleSteps[kindsColumn + place];
    if (__builtin_expect(step == TEXTCOUNT_STRINGZ_STOP, 0)) {
      // Where one stops (a flag): the steps before it, one at a time, then its stop (one of
      // the three has it, as the triple steps are built).
      const unsigned positions[3] = {first, second, third};
      const size_t stepKinds[3] = {firstKind, secondKind, thirdKind};
      for (int k = 0; k < 3; k++) {
        size_t single = steps[place * TEXTCOUNT_STRINGZ_KINDS + stepKinds[k]];
        if (single == TEXTCOUNT_STRINGZ_STOP) {
          at->matches = matches;
          at->place = place;
          return index + positions[k];
        }
        matches += single >> 4;
        place = single & 0x0F;
      }
      at->matches = matches;
      at->place = place;
      return index + third;
    }
    matches += step >> 4;
    place = step & 0x0F;
    visits = afterSecond & (afterSecond - 1);
  }
  if (endsUnfinished) {
    size_t step = steps[place * TEXTCOUNT_STRINGZ_KINDS + lastKind];
    if (step == TEXTCOUNT_STRINGZ_STOP) {
      at->matches = matches;
      at->place = place;
      return index + last;
    }
    at->unfinished = index + last;
    at->matchesBefore = matches;
    at->placeBefore = place;
    matches += step >> 4;
    place = step & 0x0F;
  }
  at->matches = matches;
  at->place = place;
  return SIZE_MAX;
}

/// textcount_count_stringz_matches: a block where stringz_other_leads finds no scalar, after a
/// place where any scalar of kind 0 or 1 opens a match, by its count of scalars; any other
/// through the automaton, three scalars a step. A block's scalar that runs past it is its step (the
/// blocks go 64 bytes a step, each load of none but the one before), given back where the next
/// block's check does not pass or the run ends.
KERNEL_TARGET static textcount_stringz_run stringz_matches_blocks(
  const uint8_t *bytes, size_t start, size_t length, uint8_t startPlace,
  const textcount_stringz_automaton *automaton
) {
  const uint8_t *steps = automaton->steps;
  // The place after an ordinary scalar below U+10000 that opened a match, and one above; the
  // places after which either opens a match and leaves that place (bit by place).
  const size_t afterBMP = steps[0] & 0x0F, afterSupplementary = steps[1] & 0x0F;
  uint32_t opening = 0;
  for (uint32_t place = 0; place < automaton->placeCount && place < 32; place++) {
    const uint8_t *row = steps + place * TEXTCOUNT_STRINGZ_KINDS;
    if (row[0] == (1 << 4 | afterBMP) && row[1] == (1 << 4 | afterSupplementary))
      opening |= 1u << place;
  }
  size_t place = startPlace;
  size_t index = start;
  size_t matches = 0;
  // Where the last block went through the automaton and its last scalar runs past it: that
  // scalar's lead, and the matches and place before its step (else SIZE_MAX).
  size_t unfinished = SIZE_MAX, matchesBefore = 0, placeBefore = 0;
  // `start` begins a scalar, so what precedes it expects nothing: treat it as ASCII.
  block64 prior = block_zero();
  // Three bytes of slack after each block: every scalar's four-byte load stays in the buffer.
  while (index + 67 <= length) {
    block64 block;
    int isASCII;
    if (((opening >> place) & 1) != 0) {
      // Blocks where every scalar opens a match, counted by their scalars at the run's end,
      // up to one stringz_other_leads finds a scalar in (checked, for the automaton).
      size_t runStart = index, continuationCount = 0;
      int stopped = 0, otherLeads = 0;
      while (index + 67 <= length) {
        block = block_load(bytes + index);
        isASCII = block_is_ascii(block);
        if (!stringz_block_checks(block, prior, isASCII)) {
          stopped = 1;
          break;
        }
        if (!isASCII) {
          if (stringz_other_leads(block, bytes + index) != 0) {
            otherLeads = 1;
            break;
          }
          continuationCount += (size_t)__builtin_popcountll(block_continuations(block));
        }
        prior = block;
        index += 64;
      }
      if (index > runStart) {
        // The run's last scalar opened a match: the place after it is its lead's.
        matches += (index - runStart) - continuationCount;
        unsigned last = 63 - (unsigned)__builtin_clzll(~block_continuations(prior));
        place = stringz_place_after(bytes[index - 64 + last], afterBMP, afterSupplementary);
        unfinished = SIZE_MAX;
      }
      if (stopped || !otherLeads) break;
    } else {
      block = block_load(bytes + index);
      isASCII = block_is_ascii(block);
      if (!stringz_block_checks(block, prior, isASCII)) break;
    }
    stringz_position at = {matches, place, unfinished, matchesBefore, placeBefore};
    size_t stop = stringz_block_by_automaton(block, bytes, index, !isASCII, automaton, &at);
    if (__builtin_expect(stop != SIZE_MAX, 0)) {
      textcount_stringz_run run = {stop, at.matches, (uint8_t)at.place};
      return run;
    }
    matches = at.matches;
    place = at.place;
    unfinished = at.unfinished;
    matchesBefore = at.matchesBefore;
    placeBefore = at.placeBefore;
    prior = block;
    index += 64;
  }
  // The last block's scalar that runs past it, unchecked: given back.
  if (unfinished != SIZE_MAX) {
    textcount_stringz_run run = {unfinished, matchesBefore, (uint8_t)placeBefore};
    return run;
  }
  if (index > start && block_ends_unfinished(prior)) {
    // A block counted at once: its last scalar opened a match, after the one before it.
    const uint8_t *at = bytes + index - 64;
    uint64_t leads = ~block_continuations(prior);
    unsigned last = 63 - (unsigned)__builtin_clzll(leads);
    unsigned before = 63 - (unsigned)__builtin_clzll(leads & ~(1ULL << last));
    size_t placeBeforeLast = stringz_place_after(at[before], afterBMP, afterSupplementary);
    textcount_stringz_run run = {index - 64 + last, matches - 1, (uint8_t)placeBeforeLast};
    return run;
  }
  textcount_stringz_run run = {index, matches, (uint8_t)place};
  return run;
}

/// textcount_sms_ascii_run: whole blocks of ASCII (with `gsmOnly`, of the GSM 7-bit default
/// alphabet's one-septet characters: LF, CR, 20–5A, 5F, 61–7A), and the block where a byte that
/// is not stops the run, up to that byte.
KERNEL_TARGET static size_t sms_ascii_blocks(
  const uint8_t *bytes, size_t start, size_t length, int gsmOnly
) {
  size_t index = start;
  while (index + 64 <= length) {
    block64 block = block_load(bytes + index);
    uint64_t others;
    if (gsmOnly) {
      others = ~(block_in_range(block, 0x20, 0x5A) | block_in_range(block, 0x61, 0x7A)
        | block_equal(block, 0x5F) | block_equal(block, '\n') | block_equal(block, '\r'));
    } else {
      others = block_non_ascii(block);
    }
    if (others != 0) return index + (size_t)__builtin_ctzll(others);
    index += 64;
  }
  return index;
}

/// textcount_count_to_supplementary: the scalars (their leads) of well-formed UTF-8 from
/// `start`, whole blocks at a time, up to the first lead of four bytes (a scalar above U+FFFF,
/// two UTF-16 code units) or the end of the last whole block.
KERNEL_TARGET static textcount_utf8_run scalars_to_supplementary_blocks(
  const uint8_t *bytes, size_t start, size_t length
) {
  size_t index = start, scalars = 0;
  while (index + 64 <= length) {
    block64 block = block_load(bytes + index);
    uint64_t leads = ~block_continuations(block);
    uint64_t fours = block_four_byte_leads(block);
    if (fours != 0) {
      unsigned first = (unsigned)__builtin_ctzll(fours);
      scalars += (size_t)__builtin_popcountll(leads & ((1ull << first) - 1));
      index += first;
      break;
    }
    scalars += (size_t)__builtin_popcountll(leads);
    index += 64;
  }
  textcount_utf8_run run = {index, scalars, 0};
  return run;
}

/// Adds a piece of `size` UTF-16 code units to a UCS-2 message's `packing`, in a new part where
/// the last has no room for it (`_SMSPacking.add`).
static inline void sms_pack(textcount_sms_packing *packing, size_t size) {
  const size_t partUnits = 67;
  packing->units += size;
  if (packing->used + size > partUnits && packing->used > 0) {
    packing->parts += 1;
    packing->used = 0;
  }
  packing->used += size;
}

/// Where the UCS-2 packing kernel is (ucs2_packing_blocks): the packing of the clusters closed
/// so far, the open cluster's start, units and whether it is a CR (the boundary masks would join
/// an LF to it), the automaton's state number, whether the byte before the next block is ASCII
/// (1) or not (0), and the run so far (it ends where the open cluster starts).
typedef struct {
  textcount_sms_packing packing;
  size_t openStart, open, stateNumber;
  int openIsCR;
  uint64_t afterASCII;
  textcount_sms_packing_run run;
} ucs2_packing_position;

/// The position of the set bit of `mask` that has `k` set bits below it (`mask` has more than
/// `k`), a byte at a time.
static inline unsigned nth_set_bit(uint64_t mask, size_t k) {
  for (unsigned byte = 0; byte < 64; byte += 8) {
    uint64_t bits = (mask >> byte) & 0xFF;
    size_t count = (size_t)__builtin_popcountll(bits);
    if (k < count) {
      for (; k > 0; k--) bits &= bits - 1;
      return byte + (unsigned)__builtin_ctzll(bits);
    }
    k -= count;
  }
  return 64;
}

/// Packs the clusters the block at `index` closes: `boundaries` where clusters start in it
/// (where the LF of a CR LF does too: Twilio packs its CR and its LF apart), `leads` its
/// scalars' leads, `fours` those of four bytes (two code units each), `crs` its CRs. All at once
/// where they fit in the last part; else as many at once as fit in the last part (those that
/// end before the code unit that would overflow it), then the one that does not fit, and so on.
/// Returns 0 where a cluster is longer than a part (split between its scalars: the caller's,
/// from its start).
__attribute__((always_inline)) static inline int ucs2_pack_block(ucs2_packing_position *position,
  size_t index, uint64_t boundaries, uint64_t leads, uint64_t fours, uint64_t crs) {
  const size_t partUnits = 67;
  size_t open = position->open;
  textcount_sms_packing packing = position->packing;
  // A bit per code unit: a four-byte scalar's second at its second byte.
  uint64_t units = leads | fours << 1;
#define BITS_FROM(FROM) (~0ull << (FROM))
#define BITS_BELOW(TO) ((TO) == 0 ? 0 : ~0ull >> (64 - (TO)))
  if (boundaries != 0) {
    unsigned last = 63 - (unsigned)__builtin_clzll(boundaries);
    size_t closed = open + (size_t)__builtin_popcountll(units & BITS_BELOW(last));
    if (packing.used + closed <= partUnits) {
      // Every cluster the block closes fits in the last part.
      packing.used += closed;
      packing.units += closed;
    } else {
      uint64_t rest = boundaries;  // the ends of the pieces left, each where the next starts
      unsigned from = 0;  // where the next piece starts (`open` units before it, at first)
      while (rest != 0) {
        size_t room = partUnits - packing.used;
        uint64_t ahead = units & BITS_FROM(from);
        uint64_t fitting = 0;
        if (open <= room) {
          size_t overflowing = room - open;  // the code unit after `from` that overflows
          fitting = (size_t)__builtin_popcountll(ahead) <= overflowing
            ? rest : rest & BITS_BELOW(nth_set_bit(ahead, overflowing) + 1);
        }
        if (fitting != 0) {
          // The pieces up to the last of `fitting` fit.
          unsigned to = 63 - (unsigned)__builtin_clzll(fitting);
          size_t size = open + (size_t)__builtin_popcountll(ahead & BITS_BELOW(to));
          packing.used += size;
          packing.units += size;
          rest &= ~fitting;
          from = to;
        } else {
          // The next piece does not fit: in a part of its own.
          unsigned to = (unsigned)__builtin_ctzll(rest);
          size_t size = open + (size_t)__builtin_popcountll(ahead & BITS_BELOW(to));
          if (size > partUnits) return 0;
          sms_pack(&packing, size);
          rest &= rest - 1;
          from = to;
        }
        open = 0;
        position->run.end = index + from;
        position->run.packing = packing;
      }
    }
    open = 0;
    position->openStart = index + last;
    position->openIsCR = (int)(crs >> last & 1);
    units &= BITS_FROM(last);
  }
#undef BITS_FROM
#undef BITS_BELOW
  open += (size_t)__builtin_popcountll(units);
  position->packing = packing;
  position->run.end = position->openStart;
  position->run.packing = packing;
  if (open > partUnits) return 0;
  position->open = open;
  return 1;
}

/// The boundaries of the block at `index` a scalar at a time through the automaton (a block the
/// boundary masks do not take: emoji, scalars of several windows, ASCII, a CR), which is
/// well-formed (`back` the bytes of a scalar that runs past it), packed (ucs2_pack_block). Of a run
/// of ASCII only the first byte (which may join a Prepend) and the last (for the state after it)
/// take a step, as in the automaton kernel: the others each start a cluster. Returns 0 where the
/// run ends in the block (a cluster longer than a part); 2 where every scalar of the block started
/// a cluster and the last is standalone (the text has turned standalone: the caller's cluster
/// kernel takes such runs whole); else 1.
__attribute__((always_inline)) KERNEL_TARGET static inline int ucs2_packing_scalars(
  block64 block, const uint8_t *bytes, size_t index, size_t back,
  const textcount_cluster_automaton *automaton, ucs2_packing_position *position
) {
  const uint8_t *at = bytes + index;
  uint64_t leads = ~block_continuations(block) & (~0ull >> back);
  uint64_t ascii = ~block_non_ascii(block);
  uint64_t crs = block_equal(block, '\r');
  // (The LF of a CR LF so starts a cluster too: Twilio packs its CR and its LF apart. The step
  // of a run's last byte sets the state right after a CR before it as well.)
  uint64_t inner = ascii & (ascii << 1 | position->afterASCII);
  uint64_t resets = inner & ~(ascii >> 1);  // last bytes of runs, where not also the first
  uint8_t low[64];
  uint16_t high[64];
  block_decode(block, at, low, high);
  const uint16_t *nextStates = automaton->nextStates;
  const uint8_t *breaks = automaton->breaks;
  const uint32_t *classBlocks = automaton->classBlocks;
  const uint8_t *classes = automaton->classes;
  // The state in a `size_t`: a `uint16_t` would be zero-extended on the chain of loads. With no
  // branch on a boundary (which emoji text would mispredict).
  size_t wideState = position->stateNumber << 7;
  uint64_t boundaries = inner;
  uint64_t rest = (leads & ~inner) | resets;
  while (rest != 0) {
    unsigned scalar = (unsigned)__builtin_ctzll(rest);
    rest &= rest - 1;
    size_t step = wideState | classes[classBlocks[high[scalar]] + low[scalar]];
    boundaries |= (uint64_t)breaks[step] << scalar;
    wideState = nextStates[step];
  }
  if (!ucs2_pack_block(position, index, boundaries, leads, block_four_byte_leads(block) & leads,
        crs))
    return 0;
  position->stateNumber = wideState >> 7;
  position->afterASCII = bit_before_next_block(ascii, back);
  return boundaries == leads && automaton->standaloneEnds[wideState >> 7] ? 2 : 1;
}

/// textcount_pack_ucs2_clusters: the cluster open before `start` (`open` units) going on, the
/// blocks the boundary masks take (mask_window_block, each
/// block's window found as mask_blocks finds it), with no CR, each scalar one UTF-16 code unit;
/// the other blocks a scalar at a time through the automaton
/// (ucs2_packing_scalars); the clusters each block closes packed whole (ucs2_pack_block). The
/// run ends at the last boundary taken (where the packing is that of the clusters before it),
/// before a cluster of more than 67 units, before an ill-formed block, and where the text turns
/// standalone (after a block all ASCII too: the caller's ASCII runs take it at once).
KERNEL_TARGET static textcount_sms_packing_run ucs2_packing_blocks(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  textcount_sms_packing packing, size_t open, const textcount_cluster_automaton *automaton
) {
  // (Not after ASCII at first: the first byte takes a step, whatever is before it.)
  ucs2_packing_position position = {
    packing, start, open, (size_t)(state >> 7), 0, 0, {start, packing}};
  size_t index = start;
  block64 prior = block_zero();
  while (index + 67 <= length) {
    const uint8_t *at = bytes + index;
    block64 block = block_load(at);
    uint64_t nonASCII = block_non_ascii(block);
    unsigned first = nonASCII == 0 ? 0 : (unsigned)__builtin_ctzll(nonASCII);
    uint8_t lead = at[first], second = at[first + 1];
    // The boundary masks: one window's scalars, no CR in the block or open before it.
    mask_block found;
    int outcome = MASK_NOT_THE_WINDOWS;
    if (nonASCII != 0 && automaton->windowPlanes != NULL && lead >= 0xC2 && lead < 0xF0
        && (second & 0xC0) == 0x80 && !position.openIsCR && block_equal(block, '\r') == 0) {
      uint64_t continuations = block_continuations(block);
      if (lead >= 0xE0) {
        size_t window = (size_t)(lead & 0x0F) << 5 | (size_t)(second & 0x3F) >> 1;
        if (window >= 16 && (automaton->windowFlags[window] & TEXTCOUNT_WINDOW_NOT_MASKED) == 0)
          outcome = mask_window_block(block, at, automaton, 1, window, lead, second,
            automaton->windowFlags[window], automaton->windowPlanes + 128 * window,
            position.stateNumber, 0, nonASCII, continuations, &found);
      } else {
        size_t window = (size_t)(lead & 0x1F) >> 1;
        outcome = mask_window_block(block, at, automaton, 0, window, lead, second,
          automaton->windowFlags[window], automaton->windowPlanes + 128 * window,
          position.stateNumber, 0, nonASCII, continuations, &found);
      }
    }
    if (outcome != MASK_TAKEN) {
      // A scalar at a time through the automaton.
      if (block_has_errors(block, prior)) break;
      size_t back = unfinished_tail(at + 64);
      if (ucs2_packing_scalars(block, bytes, index, back, automaton, &position) != 1) break;
      index = next_block_start(block, index, back, &prior);
      continue;
    }
    if (!ucs2_pack_block(&position, index, found.boundaries, found.leads, 0, 0)) break;
    position.stateNumber = found.stateNumber;
    position.afterASCII = bit_before_next_block(found.ascii, found.back);
    index = next_block_start(block, index, found.back, &prior);
  }
  return position.run;
}

/// The classes of a word kernel block's non-ASCII scalars (word_window_block, word_mixed_block),
/// each a byte mask with a scalar's class in each of its bytes (`...Leads` at its first byte
/// only): letters (ALetter that is a letter), digits (Numeric), the leads of ideographs (Other
/// that is a letter, number or ideograph: a word alone), extends (Extend and Format that are no
/// word characters, which WB4 attaches), the bytes the kernel leaves to the caller (`stops`:
/// every other class, ill-formed bytes), Katakana (letters: a run of them is a word, WB13), and
/// the middle characters that join letters (MidLetter, MidNumLet: WB6, WB7) or digits (MidNum,
/// MidNumLet: WB11, WB12).
typedef struct {
  uint64_t letters, digits, ideographLeads, extends, stops;
  uint64_t katakana, katakanaLeads, letterMiddleLeads, digitMiddleLeads;
} word_classes;

/// The bytes of the word kernel's window planes (`windowPlanes`): 512 windows of eight bitmaps
/// of 16 bytes (_WordWindowPlanes); then 16 bytes of which the first four are the range of
/// three-byte scalars that are all ideographs (the first two bytes of its first and its last
/// scalar) and the next six three ranges of rows of emoji of no word (WORD_PLANES_EMOJI_ROWS:
/// the first and last third byte after F0 9F of each; the first FF, 00 where there are none),
/// the next three a row of emoji of no word and extends, the skin tones
/// (WORD_PLANES_EMOJI_EXTEND_ROW: its third byte after F0 9F, FF for none, and the first and last
/// fourth byte of its extends);
/// then a byte per window, the planes in which it has a scalar (a bit each); then its
/// table a byte per code point of the Basic Multilingual Plane (256 block numbers, then the
/// blocks of 256 bytes).
#define WORD_WINDOW_BYTES 128
#define WORD_PLANES_RANGE (512 * WORD_WINDOW_BYTES)
#define WORD_PLANES_EMOJI_ROWS (WORD_PLANES_RANGE + 4)
#define WORD_PLANES_EMOJI_EXTEND_ROW (WORD_PLANES_RANGE + 10)
#define WORD_PLANES_SETS (WORD_PLANES_RANGE + 16)
#define WORD_PLANES_TABLE (WORD_PLANES_SETS + 512)

/// The bits of a scalar's byte in the word kernel's table (its planes, _WordWindowPlanes.Plane).
enum {
  WORD_PLANE_LETTER = 1,
  WORD_PLANE_DIGIT = 2,
  WORD_PLANE_IDEOGRAPH = 4,
  WORD_PLANE_EXTEND = 8,
  WORD_PLANE_STOP = 16,
  WORD_PLANE_KATAKANA = 32,
  WORD_PLANE_LETTER_MIDDLE = 64,
  WORD_PLANE_DIGIT_MIDDLE = 128,
};

/// word_window_block for one window of `threeBytes` (a constant where it is expanded) scalars,
/// `lead` and `second` the first scalar's first two bytes, `planes` the window's, `planeSet` the
/// planes it has a scalar in (a bit each: those alone are looked up).
__attribute__((always_inline)) KERNEL_TARGET static inline int word_window_classes(
  block64 block, const uint8_t *at, const int threeBytes, uint8_t lead, uint8_t second,
  uint64_t others, uint64_t continuations, const uint8_t *planes, unsigned planeSet,
  word_classes *found
) {
  // Valid UTF-8 of the window's scalars: the bytes are its leads in the window and the
  // continuations that follow each (as mask_window_block checks).
  uint64_t leads = block_window_leads(block, at, threeBytes, lead, second) & others;
  uint64_t tails = leads << 1 | (threeBytes ? leads << 2 : 0);
  if ((tails & leads) != 0 || (leads | tails) != others
      || (others & ~leads) != (continuations & others))
    return 0;
  window_places places = block_window_places(block, at, threeBytes);
#define WORD_PLANE(INDEX)                                                                        \
  ((planeSet >> (INDEX) & 1) != 0 ? block_window_plane(&places, planes + 16 * (INDEX)) & leads : 0)
#define WORD_SPREAD(LEADS) ((LEADS) | (LEADS) << 1 | (threeBytes ? (LEADS) << 2 : 0))
  found->letters |= WORD_SPREAD(WORD_PLANE(0));
  found->digits = WORD_SPREAD(WORD_PLANE(1));
  found->ideographLeads = WORD_PLANE(2);
  found->extends = WORD_SPREAD(WORD_PLANE(3));
  found->stops = WORD_PLANE(4);
  found->katakanaLeads = WORD_PLANE(5);
  found->katakana = WORD_SPREAD(found->katakanaLeads);
  found->letterMiddleLeads = WORD_PLANE(6);
  found->digitMiddleLeads = WORD_PLANE(7);
#undef WORD_PLANE
#undef WORD_SPREAD
  return 1;
}

/// Into `found`, the classes of the scalars of `others` (non-ASCII bytes of a block, none of a
/// scalar that runs past it; `continuations` the block's) where they are all of the window of
/// 128 code points of the first one, of two or three bytes, by the window's planes in
/// `windowPlanes` (eight bitmaps of 16 bytes: letters, digits, ideographs, extends, stops,
/// Katakana, letters' and digits' middles). Returns 0 where they are not.
KERNEL_TARGET static inline int word_window_block(block64 block, const uint8_t *at,
  uint64_t others, uint64_t continuations, const uint8_t *windowPlanes, word_classes *found) {
  unsigned first = (unsigned)__builtin_ctzll(others);
  uint8_t lead = at[first], second = at[first + 1];
  if (lead < 0xC2 || lead >= 0xF0 || (second & 0xC0) != 0x80) return 0;
  if (lead >= 0xE0) {
    size_t window = (size_t)(lead & 0x0F) << 5 | (size_t)(second & 0x3F) >> 1;
    if (window < 16) return 0;  // E0 80–9F: overlong
    return word_window_classes(block, at, 1, lead, second, others, continuations,
      windowPlanes + WORD_WINDOW_BYTES * window, windowPlanes[WORD_PLANES_SETS + window], found);
  }
  size_t window = (size_t)(lead & 0x1F) >> 1;
  return word_window_classes(block, at, 0, lead, second, others, continuations,
    windowPlanes + WORD_WINDOW_BYTES * window, windowPlanes[WORD_PLANES_SETS + window], found);
}

/// The lead masks of a word kernel block's classes as word_mixed_block gathers them (spread to
/// word_classes at the end).
typedef struct {
  uint64_t letters, digits, ideographs, extends, stops, katakana, letterMiddles, digitMiddles;
} word_class_leads;

/// Into `classes`, the classes of the scalars that `leads` leads among the scalars of window
/// `window` of 128 code points (`lead` and `second` the first one's first two bytes, of
/// `threeBytes` bytes), by its planes (those it has a scalar in alone); returns the leads that
/// are of that window.
__attribute__((always_inline)) KERNEL_TARGET static inline uint64_t word_window_leads(
  block64 block, const uint8_t *at, const int threeBytes, uint8_t lead, uint8_t second,
  uint64_t leads, const window_places *places, const uint8_t *windowPlanes, size_t window,
  word_class_leads *classes
) {
  uint64_t windowLeads = block_window_leads(block, at, threeBytes, lead, second) & leads;
  const uint8_t *planes = windowPlanes + WORD_WINDOW_BYTES * window;
  unsigned planeSet = windowPlanes[WORD_PLANES_SETS + window];
#define WORD_PLANE(MASK, INDEX)                                                                  \
  if ((planeSet >> (INDEX) & 1) != 0)                                                            \
    classes->MASK |= block_window_plane(places, planes + 16 * (INDEX)) & windowLeads;
  WORD_PLANE(letters, 0)
  WORD_PLANE(digits, 1)
  WORD_PLANE(ideographs, 2)
  WORD_PLANE(extends, 3)
  WORD_PLANE(stops, 4)
  WORD_PLANE(katakana, 5)
  WORD_PLANE(letterMiddles, 6)
  WORD_PLANE(digitMiddles, 7)
#undef WORD_PLANE
  return windowLeads;
}

/// Into `found`, the classes of the scalars of `others` (as word_window_block's) where they are
/// of many windows (ideographs, kana, Hangul, their punctuation): the ideographs of the range
/// where all are (the CJK Unified Ideographs, by their first two bytes, WORD_PLANES_RANGE) at
/// once; then the others of the two windows of three-byte scalars the blocks before had last
/// (`recent`, 0 for none, the last first, which it moves on), then of the first two windows they
/// are of, by the windows' planes; then the rest a scalar at a time, by the table after the
/// planes. Emoji of no word (F0 9F and a third
/// byte of the rows after the range, WORD_PLANES_EMOJI_ROWS, or of the skin tones' row but them;
/// not from byte 61) are of no class, skin tones (WORD_PLANES_EMOJI_EXTEND_ROW) extends. The
/// classes end at the first other lead of four bytes, or byte of none (a stop). Returns 0 where
/// the bytes before it are not well-formed scalars of two and three bytes and those emoji.
KERNEL_TARGET static inline int word_mixed_block(block64 block, const uint8_t *at,
  uint64_t others, uint64_t continuations, const uint8_t *windowPlanes, size_t recent[2],
  word_classes *found) {
  uint64_t leads = others & ~continuations;
  uint64_t threeLeads = block_in_range(block, 0xE0, 0xEF) & leads;
  uint64_t twoLeads = block_in_range(block, 0xC2, 0xDF) & leads;
  const uint8_t *range = windowPlanes + WORD_PLANES_RANGE;
  block64 seconds = block_load(at + 1);
  // Emoji and symbols of no word (F0 9F and a third byte of the rows): of no class, as an ASCII
  // character of no word; skin tones (their row's extends): extends.
  uint64_t emojiLeads = 0, emojiExtendLeads = 0;
  uint64_t fourLeads = block_equal(block, 0xF0) & leads;
  if (fourLeads != 0) {
    const uint8_t *rows = windowPlanes + WORD_PLANES_EMOJI_ROWS;
    const uint8_t *extendRow = windowPlanes + WORD_PLANES_EMOJI_EXTEND_ROW;
    block64 thirds = block_load(at + 2);
    // (Not from byte 61, whose scalar runs past the block by a byte that `back` does not give
    // back: a stop.)
    uint64_t emojiPlane = fourLeads & ~(1ull << 61) & block_equal(seconds, 0x9F);
    _Static_assert(TEXTCOUNT_WORD_EMOJI_ROW_RANGES == 3, "three ranges of rows, each read here");
    if (rows[0] <= rows[1])
      emojiLeads = emojiPlane
        & (block_in_range(thirds, rows[0], rows[1]) | block_in_range(thirds, rows[2], rows[3])
           | block_in_range(thirds, rows[4], rows[5]));
    uint64_t extendRowLeads = emojiPlane & block_equal(thirds, extendRow[0]);
    if (extendRowLeads != 0) {
      uint64_t extends = block_in_range(block_load(at + 3), extendRow[1], extendRow[2]);
      emojiLeads |= extendRowLeads & ~extends;
      emojiExtendLeads = extendRowLeads & extends;
    }
  }
  uint64_t bad = leads & ~(threeLeads | twoLeads | emojiLeads | emojiExtendLeads);
  uint64_t below = (bad & (0 - bad)) - 1;
  threeLeads &= below;
  twoLeads &= below;
  emojiLeads &= below;
  emojiExtendLeads &= below;
  // Well-formed before the first bad lead: each continuation there follows its lead, and no
  // lead is one.
  uint64_t fours = emojiLeads | emojiExtendLeads;
  uint64_t tails = (twoLeads | threeLeads | fours) << 1 | (threeLeads | fours) << 2 | fours << 3;
  if ((tails & leads) != 0 || tails != (others & continuations & below)) return 0;
  word_class_leads classes = {0, 0, 0, 0, leads & ~below, 0, 0, 0};
  uint8_t lowLead = range[0], lowSecond = range[1], highLead = range[2], highSecond = range[3];
  uint64_t ideographs;
  if (lowLead == highLead) {
    ideographs = block_equal(block, lowLead) & block_in_range(seconds, lowSecond, highSecond);
  } else {
    ideographs = (block_equal(block, lowLead) & block_in_range(seconds, lowSecond, 0xBF))
      | (block_equal(block, highLead) & block_in_range(seconds, 0x80, highSecond));
    if (highLead > lowLead + 1)
      ideographs |= block_in_range(block, (uint8_t)(lowLead + 1), (uint8_t)(highLead - 1));
  }
  classes.ideographs = ideographs & threeLeads;
  uint64_t remaining = (twoLeads | threeLeads) & ~classes.ideographs;
  // The first two windows: the places of each length computed once (THREE a constant, so that
  // each length's look-ups are expanded for it).
  int placesOfThree = 0, placesOfTwo = 0;
  window_places three, two;
  // First the two windows of three-byte scalars the blocks before had last: their look-ups wait
  // on no byte of this block to find them (the rounds below wait on each one's first lead).
  if ((remaining & threeLeads) != 0 && recent[0] != 0) {
    three = block_window_places(block, at, 1);
    placesOfThree = 1;
    for (int slot = 0; slot < 2; slot++) {
      size_t window = recent[slot];
      if (window != 0)
        remaining &= ~word_window_leads(block, at, 1, (uint8_t)(0xE0 | window >> 5),
          (uint8_t)(0x80 | (window & 31) << 1), remaining, &three, windowPlanes, window, &classes);
    }
  }
#define WORD_ROUND(THREE, PLACES, HAVE_PLACES, WINDOW)                                          \
  do {                                                                                          \
    if (!(HAVE_PLACES)) {                                                                       \
      PLACES = block_window_places(block, at, THREE);                                           \
      HAVE_PLACES = 1;                                                                          \
    }                                                                                           \
    remaining &= ~word_window_leads(                                                            \
      block, at, THREE, lead, second, remaining, &PLACES, windowPlanes, WINDOW, &classes);      \
  } while (0)
  for (int round = 0; round < 2 && remaining != 0; round++) {
    unsigned first = (unsigned)__builtin_ctzll(remaining);
    uint8_t lead = at[first], second = at[first + 1];
    if (lead >= 0xE0) {
      size_t window = (size_t)(lead & 0x0F) << 5 | (size_t)(second & 0x3F) >> 1;
      if (window < 16) break;  // E0 80–9F: overlong, the scalar loop's stop
      WORD_ROUND(1, three, placesOfThree, window);
      recent[1] = recent[0];
      recent[0] = window;
    } else {
      WORD_ROUND(0, two, placesOfTwo, (size_t)(lead & 0x1F) >> 1);
    }
  }
#undef WORD_ROUND
  // The rest a scalar at a time, up to the first stop (what follows it is the caller's).
  const uint8_t *blockNumbers = windowPlanes + WORD_PLANES_TABLE;
  const uint8_t *blocks = blockNumbers + 256;
  uint64_t firstStop = classes.stops & (0 - classes.stops);
  remaining &= firstStop - 1;
  while (remaining != 0) {
    uint64_t bit = remaining & (0 - remaining);
    unsigned i = (unsigned)__builtin_ctzll(remaining);
    remaining &= remaining - 1;
    uint32_t lead = at[i];
    uint32_t codePoint = lead >= 0xE0
      ? (lead & 0x0F) << 12 | (uint32_t)(at[i + 1] & 0x3F) << 6 | (at[i + 2] & 0x3F)
      : (lead & 0x1F) << 6 | (at[i + 1] & 0x3F);
    uint8_t planes = blocks[(size_t)blockNumbers[codePoint >> 8] << 8 | (codePoint & 0xFF)];
    // An overlong three-byte scalar (E0 80–9F) is ill-formed: a stop.
    if ((planes & WORD_PLANE_STOP) != 0 || (lead >= 0xE0 && codePoint < 0x800)) {
      classes.stops |= bit;
      break;
    }
#define WORD_CLASS(MASK, PLANE) classes.MASK |= bit & (0 - (uint64_t)((planes & (PLANE)) != 0))
    WORD_CLASS(letters, WORD_PLANE_LETTER);
    WORD_CLASS(digits, WORD_PLANE_DIGIT);
    WORD_CLASS(ideographs, WORD_PLANE_IDEOGRAPH);
    WORD_CLASS(extends, WORD_PLANE_EXTEND);
    WORD_CLASS(katakana, WORD_PLANE_KATAKANA);
    WORD_CLASS(letterMiddles, WORD_PLANE_LETTER_MIDDLE);
    WORD_CLASS(digitMiddles, WORD_PLANE_DIGIT_MIDDLE);
#undef WORD_CLASS
  }
#define WORD_SPREAD(LEADS) ((LEADS) | (LEADS) << 1 | ((LEADS) & threeLeads) << 2)
  found->letters |= WORD_SPREAD(classes.letters);
  found->digits = WORD_SPREAD(classes.digits);
  found->ideographLeads = classes.ideographs;
  found->extends = WORD_SPREAD(classes.extends) | emojiExtendLeads | emojiExtendLeads << 1
    | emojiExtendLeads << 2 | emojiExtendLeads << 3;
  found->stops = classes.stops;
  found->katakanaLeads = classes.katakana;
  found->katakana = WORD_SPREAD(classes.katakana);
  found->letterMiddleLeads = classes.letterMiddles;
  found->digitMiddleLeads = classes.digitMiddles;
#undef WORD_SPREAD
  return 1;
}

/// What the word kernel's blocks before leave the next: of the letters and digits with the
/// extends attached to them, bit 63 is the byte before the block and bit 62 the one before it;
/// and the byte before it, one bit each in `last` (in a register: the loop has few to spare), is
/// of a run of letters, digits, `_` and extends (WORD_LAST_WORD_BYTE), a middle character that
/// joins letters (WORD_LAST_LETTER_MIDDLE) or digits (WORD_LAST_DIGIT_MIDDLE), inside a run of
/// `_` and extends that started a run (WORD_LAST_TRANSPARENT_OPEN: the carry through it), or of
/// Katakana with the extends attached to it (WORD_LAST_KATAKANA, set by the window loop's blocks
/// alone).
typedef struct {
  uint64_t letterSides, digitSides, last;
} word_carries;

/// The bits of `word_carries.last`.
enum {
  WORD_LAST_WORD_BYTE = 0,
  WORD_LAST_LETTER_MIDDLE = 1,
  WORD_LAST_DIGIT_MIDDLE = 2,
  WORD_LAST_TRANSPARENT_OPEN = 3,
  WORD_LAST_KATAKANA = 4,
};

/// What a word kernel block's non-ASCII scalars may be (word_block's `kind`).
enum {
  /// None: the block is ASCII.
  WORD_BLOCK_ASCII = 0,
  /// Two-byte letters of the letter leads, and stops.
  WORD_BLOCK_LETTERS = 1,
  /// Any class of `word_classes` (or ASCII after Katakana).
  WORD_BLOCK_WINDOW = 2,
};

/// The ASCII bytes of a block that the word rules tell apart: letters, digits, `_`, and the
/// middle characters that join letters (MidLetter and MidNumLet: `.`, `'`, `:`, WB6, WB7) and
/// digits (MidNum and MidNumLet: `.`, `'`, `,`, `;`, WB11, WB12).
typedef struct {
  uint64_t letters, digits, underscores, letterMiddles, digitMiddles;
} word_ascii;

KERNEL_TARGET static inline word_ascii word_ascii_bytes(block64 block) {
  uint64_t both = block_equal(block, '.') | block_equal(block, '\'');
  word_ascii ascii = {block_in_range(block, 'A', 'Z') | block_in_range(block, 'a', 'z'),
    block_in_range(block, '0', '9'), block_equal(block, '_'), both | block_equal(block, ':'),
    both | block_equal(block, ',') | block_equal(block, ';')};
  return ascii;
}

/// One block of the word kernel (word_run_blocks), `ascii` its ASCII bytes the rules tell apart,
/// `found` the classes of its non-ASCII scalars,
/// `back` the bytes at its end of a scalar that runs past it (0 for ASCII), `kind` (a constant
/// where it is expanded) what its non-ASCII scalars may be. Returns the leads where words start;
/// into `kept` the bytes after which the run may end (not an extend, `_` or ASCII middle
/// character: a middle character of more bytes that the kernel takes joins nothing),
/// into `stops` those the kernel leaves to the caller. It moves `carries` on.
__attribute__((always_inline)) KERNEL_TARGET static inline uint64_t word_block(
  const word_ascii *ascii, const word_classes *found, const int kind, size_t back,
  word_carries *carries, uint64_t *kept, uint64_t *stops
) {
  const int plain = kind == WORD_BLOCK_ASCII;
  uint64_t letters = ascii->letters;
  uint64_t digits = ascii->digits;
  uint64_t extends = 0, ideographLeads = 0, katakana = 0, katakanaLeads = 0;
  *stops = 0;
  if (kind != WORD_BLOCK_ASCII) {
    letters |= found->letters;
    *stops = found->stops;
  }
  if (kind == WORD_BLOCK_WINDOW) {
    digits |= found->digits;
    extends = found->extends;
    ideographLeads = found->ideographLeads;
    katakana = found->katakana;
    katakanaLeads = found->katakanaLeads;
  }
  uint64_t underscores = ascii->underscores;
  uint64_t letterMiddles = ascii->letterMiddles, digitMiddles = ascii->digitMiddles;
  uint64_t middles = letterMiddles | digitMiddles;
  uint64_t alphanumerics = letters | digits;
  uint64_t transparent = underscores | extends;
  // A letter or digit with the extends attached to it (WB4): the side of a middle character
  // that WB6, WB7, WB11 and WB12 look at before it.
  uint64_t letterSides = letters, digitSides = digits;
  const uint64_t last = carries->last;
  uint64_t katakanaBefore = kind == WORD_BLOCK_WINDOW ? last >> WORD_LAST_KATAKANA & 1 : 0;
  uint64_t katakanaSides = katakana;
  if (kind == WORD_BLOCK_WINDOW && extends != 0) {
    // The runs of extends right after each (a carry from the first of each run through it); an
    // extend after a middle character (WB4 would attach it to the middle, which the masks do not
    // look through).
    letterSides |= extends & ~(extends + (extends & (letters << 1 | carries->letterSides >> 63)));
    digitSides |= extends & ~(extends + (extends & (digits << 1 | carries->digitSides >> 63)));
    katakanaSides |= extends & ~(extends + (extends & (katakana << 1 | katakanaBefore)));
    uint64_t middleBefore =
      (last >> WORD_LAST_LETTER_MIDDLE | last >> WORD_LAST_DIGIT_MIDDLE) & 1;
    *stops |= extends & (middles << 1 | middleBefore);
  }
  uint64_t wordBytes = alphanumerics | transparent;
  uint64_t runStarts = wordBytes & ~(wordBytes << 1 | (last >> WORD_LAST_WORD_BYTE & 1));
  uint64_t joinedLetters = letters & (letterMiddles << 1 | (last >> WORD_LAST_LETTER_MIDDLE & 1))
    & (letterSides << 2 | carries->letterSides >> 62);
  uint64_t joinedDigits = digits & (digitMiddles << 1 | (last >> WORD_LAST_DIGIT_MIDDLE & 1))
    & (digitSides << 2 | carries->digitSides >> 62);
  uint64_t starts = runStarts & alphanumerics & ~joinedLetters & ~joinedDigits;
  uint64_t katakanaStarts = 0;
  if (kind == WORD_BLOCK_WINDOW
      && (katakanaLeads | katakanaBefore | found->letterMiddleLeads | found->digitMiddleLeads)
           != 0) {
    // A run of Katakana is a word (WB13), apart from the letters and digits beside it. A `_`
    // joins it to them (WB13a, WB13b), as may an extend attached to a `_`: the caller's, as are
    // the middle characters that may join what is before them to what follows (WB6, WB7, WB11,
    // WB12; the others join nothing).
    uint64_t sides = letterSides | digitSides | katakanaSides;
    uint64_t sidesBefore = carries->letterSides >> 63 | carries->digitSides >> 63 | katakanaBefore;
    uint64_t transparentBefore = (last >> WORD_LAST_WORD_BYTE & 1) & ~sidesBefore;
    *stops |= (underscores & (katakanaSides << 1 | katakanaBefore))
      | (katakanaLeads & ((transparent & ~sides) << 1 | transparentBefore))
      | (found->letterMiddleLeads & (letterSides << 1 | carries->letterSides >> 63))
      | (found->digitMiddleLeads & (digitSides << 1 | carries->digitSides >> 63));
    katakanaStarts = katakanaLeads & ~(katakanaSides << 1 | katakanaBefore);
  }
  // A run that starts with underscores or extends: the carry from its first one lands on the
  // byte after them, where a letter or digit makes it a word.
  uint64_t carried = 0;
  int carriesOut = __builtin_add_overflow(transparent, runStarts & transparent, &carried);
  carriesOut |=
    __builtin_add_overflow(carried, last >> WORD_LAST_TRANSPARENT_OPEN & 1, &carried);
  *kept = ~(transparent | middles);
  // The masks moved so that bit 63 is the last byte before the next block.
  // The carry out of the block's bytes: out of bit 63, or (with no branch) into the first byte
  // past them, where no byte is a word byte, so that nothing else carries out.
  uint64_t transparentOpen =
    (uint64_t)carriesOut | (plain ? 0 : (carried >> (63 - back)) >> 1 & 1);
  carries->letterSides = letterSides << back;
  carries->digitSides = digitSides << back;
  carries->last = ((wordBytes << back) >> 63) << WORD_LAST_WORD_BYTE
    | ((letterMiddles << back) >> 63) << WORD_LAST_LETTER_MIDDLE
    | ((digitMiddles << back) >> 63) << WORD_LAST_DIGIT_MIDDLE
    | transparentOpen << WORD_LAST_TRANSPARENT_OPEN
    | ((katakanaSides << back) >> 63) << WORD_LAST_KATAKANA;
  return starts | (carried & ~transparent & alphanumerics) | ideographLeads | katakanaStarts;
}

/// Adds the words that start in the block at `index` before its first stop (`counted` the leads
/// where they start, `stops` the bytes it does not take, `back` those of a scalar that runs past
/// it), and moves the run's end after the last byte there that is `kept`.
__attribute__((always_inline)) static inline void word_block_end(uint64_t counted, uint64_t kept,
  uint64_t stops, size_t back, size_t index, size_t *words, size_t *end) {
  // The bytes before the first stop (all where there is none), of the block's own.
  uint64_t taken = ((stops & (0 - stops)) - 1) & ~0ull >> back;
  *words += (size_t)__builtin_popcountll(counted & taken);
  if ((kept & taken) != 0) *end = index + 64 - (size_t)__builtin_clzll(kept & taken);
}

/// Where the word kernel is (word_run_blocks): the next block's start, the words so far, where
/// the run may end, what the blocks before leave the next.
typedef struct {
  size_t index, words, end;
  word_carries carries;
} word_position;

/// How many ASCII blocks in a row the window loop takes before the other loop's turn: text
/// with a few non-ASCII scalars in a paragraph (posts with an emoji, a CJK name) would else
/// change loops at each block (2: posts 3.0 -> 3.4 GB/s; 1 saves nothing).
enum { WORD_WINDOW_ASCII_BLOCKS = 2 };

/// How word_blocks stopped.
enum {
  /// At the end of the blocks, or at a byte the kernel does not take: the run's end.
  WORD_BLOCKS_DONE = 0,
  /// Before a block whose non-ASCII scalars are not all ASCII and letter leads' (the plain
  /// loop), or after one of those (the window loop): the other loop's turn.
  WORD_BLOCKS_TURN = 1,
};

/// The word kernel's blocks from `position` on: with `windows` 0 (a constant where it is
/// expanded), blocks of ASCII and of the letter leads' letters (and stops), up to a block that
/// needs `windowPlanes`; with `windows` 1, blocks that need them and any block after Katakana
/// (whose `_` the other loop would not see), up to one that does not (an ASCII block after
/// WORD_WINDOW_ASCII_BLOCKS of them in a row). Returns how it stopped
/// (WORD_BLOCKS_DONE or WORD_BLOCKS_TURN).
__attribute__((always_inline)) KERNEL_TARGET static inline int word_blocks(
  const uint8_t *bytes, size_t length, const textcount_standalone_map *letterLeads,
  const uint8_t *windowPlanes, const int windows, word_position *position
) {
  // In locals (registers) while the loop runs.
  size_t index = position->index, words = position->words, end = position->end;
  word_carries carries = position->carries;
  const word_classes none = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  int outcome = WORD_BLOCKS_DONE;
  int first = 1;
  int asciiInRow = 0;
  size_t recentWindows[2] = {0, 0};
  while (index + 67 <= length) {
    const uint8_t *at = bytes + index;
    block64 block = block_load(at);
    uint64_t nonASCII = block_non_ascii(block);
    word_ascii ascii = word_ascii_bytes(block);
    uint64_t counted, kept, stops;
    size_t back = 0;
    // After Katakana, the window loop's blocks all (a `_` may join it to what follows).
    uint64_t katakanaBefore = windows ? carries.last >> WORD_LAST_KATAKANA & 1 : 0;
    if (nonASCII == 0 && !katakanaBefore) {
      if (windows && !first && asciiInRow >= WORD_WINDOW_ASCII_BLOCKS) {
        outcome = WORD_BLOCKS_TURN;
        break;
      }
      asciiInRow++;
      counted = word_block(&ascii, &none, WORD_BLOCK_ASCII, 0, &carries, &kept, &stops);
      // With no stop and nothing past it (constants here, where the other blocks' are not).
      word_block_end(counted, kept, 0, 0, index, &words, &end);
      first = 0;
      index += 64;
      continue;
    } else {
      asciiInRow = 0;
      uint64_t continuations = block_continuations(block);
      // A scalar that runs past the block: the next block starts at its lead.
      uint64_t leads = nonASCII & ~continuations;
      // (With no branch: which it takes is as unpredictable as the text. On ill-formed bytes, a
      // long lead before a lead, it may be 3: the next block reads byte 61 again, which is
      // right, if not needed.)
      back = (size_t)(leads >> 63) | (size_t)((leads >> 62) & (at[62] >= 0xE0)) << 1;
      nonASCII &= ~0ull >> back;
      continuations &= ~0ull >> back;
      word_classes found = none;
      uint64_t others = nonASCII;
      if (letterLeads != NULL) {
        uint64_t letterLeadBytes = block_standalone_leads(block, letterLeads) & continuations >> 1;
        found.letters = letterLeadBytes | letterLeadBytes << 1;
        others &= ~found.letters;
      }
      // Where nothing takes them, the other bytes are stops: a branch the text decides less.
      found.stops = others;
      if (!windows) {
        // The window loop's turn where the first other scalar may be one it takes: of two or
        // three bytes, leads C2–EF, or an emoji (F0).
        if (windowPlanes != NULL && others != 0
            && (uint8_t)(at[__builtin_ctzll(others)] - 0xC2) <= 0xF0 - 0xC2) {
          outcome = WORD_BLOCKS_TURN;
          break;
        }
        counted = word_block(&ascii, &found, WORD_BLOCK_LETTERS, back, &carries, &kept, &stops);
      } else if (others == 0 && !katakanaBefore) {
        if (!first) {
          outcome = WORD_BLOCKS_TURN;
          break;
        }
        counted = word_block(&ascii, &found, WORD_BLOCK_LETTERS, back, &carries, &kept, &stops);
      } else if (others == 0
                 || (at[__builtin_ctzll(others)] < 0xE3
                      && word_window_block(block, at, others, continuations, windowPlanes, &found))
                 || word_mixed_block(
                   block, at, others, continuations, windowPlanes, recentWindows, &found)) {
        counted = word_block(&ascii, &found, WORD_BLOCK_WINDOW, back, &carries, &kept, &stops);
      } else {
        // After Katakana the letters' path, which sees no Katakana, takes nothing (a `_` may
        // join it to what follows).
        found.stops |= katakanaBefore;
        counted = word_block(&ascii, &found, WORD_BLOCK_LETTERS, back, &carries, &kept, &stops);
      }
    }
    first = 0;
    word_block_end(counted, kept, stops, back, index, &words, &end);
    if (stops != 0) break;
    index += 64 - back;
  }
  position->index = index;
  position->words = words;
  position->end = end;
  position->carries = carries;
  return outcome;
}

/// word_blocks with the window planes, as a function of its own: expanded in the kernel's loop,
/// it would crowd it (the loop's registers spilled on ASCII and Cyrillic).
__attribute__((noinline)) KERNEL_TARGET static int word_window_blocks(const uint8_t *bytes,
  size_t length, const textcount_standalone_map *letterLeads, const uint8_t *windowPlanes,
  word_position *position) {
  return word_blocks(bytes, length, letterLeads, windowPlanes, 1, position);
}

/// The word kernel's ASCII blocks from `position` on, up to the first that is not ASCII: a loop
/// of its own, with nothing else live, so that its state stays in registers (in word_blocks'
/// plain loop, English text spilled it: 8.1 against 10.5 GB/s). Not after Katakana, whose `_`
/// the window loop decides (which turns after ASCII or letters alone, the carry cleared: the
/// caller checks it all the same).
__attribute__((noinline)) KERNEL_TARGET static void word_ascii_blocks(
  const uint8_t *bytes, size_t length, word_position *position
) {
  size_t index = position->index, words = position->words, end = position->end;
  word_carries carries = position->carries;
  const word_classes none = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  while (index + 67 <= length) {
    block64 block = block_load(bytes + index);
    if (block_non_ascii(block) != 0) break;
    word_ascii ascii = word_ascii_bytes(block);
    uint64_t kept, stops;
    uint64_t counted = word_block(&ascii, &none, WORD_BLOCK_ASCII, 0, &carries, &kept, &stops);
    word_block_end(counted, kept, 0, 0, index, &words, &end);
    index += 64;
  }
  position->index = index;
  position->words = words;
  position->end = end;
  position->carries = carries;
}

/// textcount_count_word_run: 64-byte blocks of ASCII, of the two-byte letters `letterLeads` leads,
/// and (with `windowPlanes`) of two- and three-byte scalars whose classes the kernel takes
/// (word_window_block for one window's, word_mixed_block for many windows') besides, up to the
/// first byte it does not take; a scalar that runs past a block starts the next. The blocks that
/// need the window planes take a loop of their own, in turns with the others' (word_blocks), and
/// runs of ASCII blocks another (word_ascii_blocks). A word
/// is a run of letters, digits and `_` (WB5, WB8–WB10, WB13a, WB13b) with a letter or digit in it,
/// the Extend and Format scalars in it or after it attached (WB4), runs joined where a middle
/// character stands between two letters (WB6, WB7) or two digits (WB11, WB12); a run of Katakana
/// (WB13); or an ideograph alone (WB999). A word is counted at the run's first letter or digit: at
/// its first byte, or, for a run that starts with `_` or an extend, at the first byte after those
/// (found by a carry through them), where it is a letter or digit that no middle character joins to
/// the run before (the letter or digit before the middle found through the extends attached to it);
/// at an ideograph's lead; at a Katakana lead after no Katakana. The run stops before an extend
/// after a middle character (WB4 would attach it to the middle), at a middle character of more than
/// a byte after the letter or digit it may join, at a `_` beside Katakana. It ends after the last
/// scalar taken that is not an extend, `_` or ASCII middle character (what follows decides about
/// those: the caller's).
KERNEL_TARGET static textcount_word_run word_run_blocks(
  const uint8_t *bytes, size_t start, size_t length, unsigned before,
  const textcount_standalone_map *letterLeads, const uint8_t *windowPlanes
) {
  // The unit before `start` is a letter, a digit or neither, and no boundary waits before it.
  uint64_t letterBefore = (before & 1) ? 1ull << 63 : 0;
  uint64_t digitBefore = (before & 2) ? 1ull << 63 : 0;
  uint64_t wordBefore = (before & 3) != 0;
  word_position position = {start, 0, start,
    {letterBefore, digitBefore, wordBefore << WORD_LAST_WORD_BYTE}};
  // The ASCII loop where a block is ASCII; the plain loop (with the window loop where it turns)
  // over a stretch of blocks after it, so that ASCII after a few other blocks is the ASCII
  // loop's again: 4 blocks after ASCII, twice as many each time none follows, up to 256 (text
  // of other letters, where the turns would cost more than they save).
  size_t blocks = 4;
  for (;;) {
    if (position.index + 67 <= length && (position.carries.last >> WORD_LAST_KATAKANA & 1) == 0
        && block_non_ascii(block_load(bytes + position.index)) == 0) {
      word_ascii_blocks(bytes, length, &position);
      blocks = 4;
    } else if (blocks < 256) {
      blocks *= 2;
    }
    size_t stretch =
      length - position.index > 64 * blocks + 3 ? position.index + 64 * blocks + 3 : length;
    if (word_blocks(bytes, stretch, letterLeads, windowPlanes, 0, &position) == WORD_BLOCKS_DONE) {
      // At a stop, or at the end of the blocks: the run's end.
      if (stretch == length || position.index + 67 <= stretch) break;
    } else if (word_window_blocks(bytes, length, letterLeads, windowPlanes, &position)
               != WORD_BLOCKS_TURN) {
      break;
    }
  }
  textcount_word_run run = {position.end, position.words, position.index};
  return run;
}

/// The offset of the first byte from `start` that is one of `wanted[0..<4]` and a post
/// candidate (is_post_candidate), 64 bytes a step; where none is in the whole blocks from
/// `start`, the start of the fewer than 64 bytes left.
KERNEL_TARGET static size_t find_post_candidate_blocks(
  const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]
) {
  size_t index = start;
  while (index + 64 <= length) {
    block64 block = block_load(bytes + index);
    uint64_t hits = block_equal(block, wanted[0]) | block_equal(block, wanted[1])
      | block_equal(block, wanted[2]) | block_equal(block, wanted[3]);
    while (hits != 0) {
      size_t at = index + (size_t)__builtin_ctzll(hits);
      if (is_post_candidate(bytes, at, length)) return at;
      hits &= hits - 1;
    }
    index += 64;
  }
  return index;
}

#endif
