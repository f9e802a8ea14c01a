// What the kernels share whatever the instruction set: the UTF-8 validation tables, and the
// scalar steps (decoding one scalar, its class, whether it is standalone). Included by each
// instruction set's file (kernels_avx512.c, kernels_avx2.c, kernels_neon.c) before its block
// primitives.
#ifndef TEXTCOUNT_KERNEL_COMMON_H
#define TEXTCOUNT_KERNEL_COMMON_H

#include "CTextCountKernels.h"
#include "emoji_whole.h"

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

/// Per position of a 16-byte lane, the largest byte that needs nothing after it when that lane
/// ends a block: any at the first 13, a 2-byte lead needs one more byte, a 3-byte lead two, a
/// 4-byte lead three.
static const uint8_t lastLaneLimit[16] = {
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xEF, 0xDF, 0xBF};

/// The (lead E3) kana marks that are not standalone: U+302A–U+302F (E3 80 AA–AF) and
/// U+3099–U+309A (E3 82 99–9A). The tests check the rule against the class table
/// (`_StandaloneScalars.kanaRuleTakesAsStandalone`).
enum {
  KANA_MARK_SECOND_A = 0x80, KANA_MARK_THIRD_A_LOW = 0xAA, KANA_MARK_THIRD_A_HIGH = 0xAF,
  KANA_MARK_SECOND_B = 0x82, KANA_MARK_THIRD_B_LOW = 0x99, KANA_MARK_THIRD_B_HIGH = 0x9A,
};

/// The length kernel's kana: the standalone kana of U+3000–U+30FF (second byte 80–83) but
/// U+303F (E3 80 BF), U+3040 (E3 81 80) and U+3097–U+3098 (E3 82 97–98), which are narrow or
/// unassigned where the rest are wide. In every unit so far the rest have one length alone
/// (`_ClusterLengthTable.kanaLengthRuleTakes`, and the tests, check it against the table).
enum {
  KANA_LENGTH_SECOND_HIGH = 0x83,
  KANA_NARROW_SECOND_A = 0x80, KANA_NARROW_THIRD_A = 0xBF,
  KANA_NARROW_SECOND_B = 0x81, KANA_NARROW_THIRD_B = 0x80,
  KANA_NARROW_SECOND_C = 0x82, KANA_NARROW_THIRD_C_LOW = 0x97, KANA_NARROW_THIRD_C_HIGH = 0x98,
};

/// How many bytes before `end` (0 to 3) start a sequence that runs past it. With no branch: the
/// kernels ask at every block's end, where text mixing widths would mispredict one.
static inline size_t unfinished_tail(const uint8_t *end) {
  // Bit k - 1 set when the byte k before `end` leads a sequence longer than k; the nearest wins
  // (validated bytes set one bit at most).
  static const uint8_t nearest[8] = {0, 1, 2, 1, 3, 1, 2, 1};
  unsigned runsPast = (unsigned)(end[-1] >= 0xC0) | (unsigned)(end[-2] >= 0xE0) << 1
    | (unsigned)(end[-3] >= 0xF0) << 2;
  return nearest[runsPast];
}

/// The scalar whose lead is at `at` (well-formed, or validated by the next block; four bytes
/// readable), decoded without a branch on its width, which text mixing widths would mispredict:
/// the lead's high nibble gives the bits it holds and how far to shift the four bytes' payload.
static inline uint32_t code_point_at(const uint8_t *at) {
  static const uint8_t leadBits[16] = {
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0, 0x1F, 0x1F, 0x0F, 0x07};
  static const uint8_t shift[16] = {18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0};
  // The lead in the top byte, whatever the CPU's byte order.
  uint32_t big = (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
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

/// The open cluster's tally inside the length kernel, in two registers. For weights, `value`
/// is the sum of the weights, and `marks` bits 0-7 every scalar's bits or-ed, bits 8-15 the
/// first scalar's, bit 16 set from a second regional indicator on. For display width, `value`
/// is the cluster's width so far (what `_ClusterLengthTable.length(of:)` gives for it), and
/// `marks` holds only `WIDTH_REGIONAL_INDICATOR`, where the cluster has one.
typedef struct {
  int64_t value;
  uint32_t marks;
} kernel_tally;

enum { MARKS_FIRST_SHIFT = 8, MARKS_TWO_REGIONAL_INDICATORS = 1 << 16 };

/// Display width's palette bits (`textcount_cluster_rule`): the width of a cluster a scalar
/// starts in bits 0-2, the width it makes a cluster it joins at least from bit 3, bit 6 a
/// regional indicator.
enum { WIDTH_JOINED_SHIFT = 3, WIDTH_REGIONAL_INDICATOR = 64 };

/// What kind of unit the length kernel is expanded for: no branch on it per scalar.
enum { KIND_WIDTH = 0, KIND_WEIGHTS_UNSCALED = 1, KIND_WEIGHTS = 2 };

/// A rule's values, read once per call.
typedef struct {
  int64_t weights[8];
  int64_t scale;
  int64_t emojiClusterWeight;
  /// The marks that make a cluster an emoji one: none where no emoji weight replaces the sum.
  uint32_t emojiMarks;
  /// The marks of a cluster to look up in the rule's emoji sequences (bit 6), or none.
  uint32_t emojiSequenceMarks;
} kernel_rule;

/// The kernel's tally of the open cluster `tally` holds (not empty).
static inline kernel_tally kernel_tally_from(textcount_cluster_tally tally, int kind) {
  if (kind == KIND_WIDTH) {
    // Its width so far, as `_ClusterLengthTable.length(of:)` gives it: 2 where U+FE0F or a pair
    // of regional indicators is in it, at least 1 but where a control starts it.
    int isEmoji = (tally.flags & 16) != 0 || tally.regionalIndicators >= 2;
    int64_t width = isEmoji && tally.value < 2 ? 2 : tally.value;
    kernel_tally inside = {
      (tally.first & 8) != 0 || width >= 1 ? width : 1,
      tally.regionalIndicators >= 1 ? WIDTH_REGIONAL_INDICATOR : 0};
    return inside;
  }
  kernel_tally inside = {
    tally.value,
    (uint32_t)tally.flags | (uint32_t)tally.first << MARKS_FIRST_SHIFT
      | (tally.regionalIndicators >= 2 ? MARKS_TWO_REGIONAL_INDICATORS : 0)};
  return inside;
}

/// `_ClusterLengthTally`'s tally of the kernel's open cluster. For width, one whose length is
/// the width so far, whatever scalars it takes next: its first scalar's bits say a control
/// (the floor of 1 is already in the width), and it has a regional indicator if the cluster has.
static inline textcount_cluster_tally kernel_tally_to(kernel_tally inside, int isEmpty, int kind) {
  if (kind == KIND_WIDTH) {
    int indicator = (inside.marks & WIDTH_REGIONAL_INDICATOR) != 0;
    textcount_cluster_tally tally = {
      inside.value, indicator, (uint8_t)(indicator ? 32 : 0), 8, (uint8_t)isEmpty};
    return tally;
  }
  textcount_cluster_tally tally = {
    inside.value,
    (inside.marks & MARKS_TWO_REGIONAL_INDICATORS) ? 2 : (inside.marks >> 5 & 1),
    (uint8_t)inside.marks, (uint8_t)(inside.marks >> MARKS_FIRST_SHIFT), (uint8_t)isEmpty};
  return tally;
}

static inline kernel_rule kernel_rule_from(const textcount_cluster_rule *rule) {
  kernel_rule values;
  for (int index = 0; index < 8; index++) values.weights[index] = rule->weights[index];
  values.scale = rule->scale;
  values.emojiClusterWeight = rule->emojiClusterWeight;
  values.emojiMarks = rule->emojiClusterWeight >= 0 ? 16 | 64 | MARKS_TWO_REGIONAL_INDICATORS : 0;
  values.emojiSequenceMarks = rule->emojiSequences != NULL ? 64 : 0;
  return values;
}

/// The walk of emoji_sequence_delta, for a cluster it does not find whole (no sequence, or one
/// longer than the wholes' words or within their reach of the buffer's end): its prefixes, a
/// scalar a step, until no sequence goes on (ill-formed bytes, a U+FFFD to the scalar loop,
/// are in none); the last sequence's delta, or 0.
/// - Complexity: O(the sequence's scalars).
__attribute__((noinline)) static int64_t emoji_prefix_delta(
  const uint8_t *bytes, size_t start, size_t end, const textcount_emoji_sequences *sequences
) {
  // Each scalar's length by its lead's high nibble (0 for a continuation), the least scalar,
  // and what its continuations are (the bytes after the lead, first in the low byte), by its
  // length.
  static const uint8_t lengths[16] = {1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 3, 4};
  static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
  static const uint32_t continuationBits[5] = {0, 0, 0xC0, 0xC0C0, 0xC0C0C0};
  static const uint32_t continuations[5] = {0, 0, 0x80, 0x8080, 0x808080};
  const uint8_t *at = bytes + start, *limit = bytes + end;
  uint64_t hash = sequences->seed;
  int64_t delta = 0;
  while (at < limit) {
    // Each has three bytes readable after it (the kernels' slack): a scalar decoded with no
    // branch on its length (code_point_at), which emoji sequences change at every step; where
    // the bytes are not a well-formed scalar (a U+FFFD to the scalar loop, before the kernel's
    // run), in no sequence.
    size_t length = lengths[at[0] >> 4];
    uint32_t after = (uint32_t)at[1] | (uint32_t)at[2] << 8 | (uint32_t)at[3] << 16;
    uint32_t codePoint = code_point_at(at);
    if (length == 0 || at[0] > 0xF4 || (after & continuationBits[length]) != continuations[length]
        || codePoint < least[length] || codePoint > 0x10FFFF
        || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
      break;
    hash = (hash ^ codePoint) * 0x9E3779B97F4A7C15ULL;
    const textcount_emoji_prefix *prefix = &sequences->prefixes[(hash >> 40) & sequences->mask];
    while (prefix->hash != hash || prefix->scalar != codePoint) {
      if (prefix->hash == 0) return delta;
      prefix = &sequences->prefixes[(size_t)(prefix - sequences->prefixes + 1) & sequences->mask];
    }
    int32_t ends = prefix->delta;
    delta = ends != TEXTCOUNT_NO_SEQUENCE_ENDS ? ends : delta;
    at += length;
  }
  return delta;
}

/// The whole of `length` bytes that `words` holds (emoji_whole_words), of hash `hash`
/// (emoji_whole_hash), among the sequences' wholes: found from its first slot, whose entry
/// `entry` the caller has read; NULL where none is.
static inline const textcount_emoji_whole *emoji_whole_find(
  const textcount_emoji_sequences *sequences, const uint64_t words[TEXTCOUNT_EMOJI_WHOLE_WORDS],
  size_t length, uint64_t hash, uint16_t entry
) {
  uint16_t tag = (uint16_t)(hash >> 61 << 13);
  for (size_t slot = (size_t)(hash >> 40) & sequences->wholeMask; entry != 0;) {
    if ((entry & 0xE000) == tag) {
      const textcount_emoji_whole *whole = &sequences->wholes[(entry & 0x1FFF) - 1];
      uint64_t differs = whole->length ^ (uint64_t)length;
      for (size_t index = 0; index < TEXTCOUNT_EMOJI_WHOLE_WORDS; index++)
        differs |= whole->words[index] ^ words[index];
      if (differs == 0) return whole;
    }
    slot = (slot + 1) & sequences->wholeMask;
    entry = sequences->wholeSlots[slot];
  }
  return NULL;
}

/// Whether emoji_sequence_delta may look the cluster `bytes[start..<end]` up whole: no longer
/// than the wholes' words, which are readable from `start` (before `readable`).
static inline int emoji_may_be_whole(size_t start, size_t end, size_t readable) {
  return end - start <= 8 * TEXTCOUNT_EMOJI_WHOLE_WORDS
    && readable - start >= 8 * TEXTCOUNT_EMOJI_WHOLE_WORDS;
}

/// How many clusters emoji_group_deltas looks up together.
enum { EMOJI_GROUP = 32 };

/// A cluster that emoji_group_deltas looks up: its bytes, and where it may be found whole,
/// their words and hash and the entry of its first slot.
typedef struct {
  size_t start, end;
  uint64_t words[TEXTCOUNT_EMOJI_WHOLE_WORDS];
  uint64_t hash;
  uint16_t entry;
  int mayBeWhole;
} emoji_lookup;

/// What the emoji sequences (`_ClusterLengthTable.emojiLength(of:)`) add to the weights of
/// `count` clusters (up to EMOJI_GROUP), each `bytes[start..<end]`, whose scalars' weights the
/// kernel has summed: the longest sequence a cluster starts with weighs the sequences' weight in
/// place of its scalars' weights (its `delta`). A cluster that is a sequence (emoji text's
/// clusters, nearly all) is found whole, where `bytes` has the wholes' words readable before
/// `readable`: a probe or two of the slots, then one whole read; any other is walked
/// (emoji_prefix_delta). First each one's hash and the entry of its first slot, then each one's
/// whole. Each read waits on its own cluster's work
/// alone, not on the compares and branches of the clusters before it (the wholes, 190 KB for
/// Unicode 17, are read from the second cache).
__attribute__((always_inline)) static inline int64_t emoji_group_deltas(const uint8_t *bytes,
  emoji_lookup *group, size_t count, size_t readable, const textcount_emoji_sequences *sequences) {
  for (size_t index = 0; index < count; index++) {
    emoji_lookup *lookup = &group[index];
    lookup->mayBeWhole = emoji_may_be_whole(lookup->start, lookup->end, readable);
    if (!lookup->mayBeWhole) continue;
    emoji_whole_words(bytes + lookup->start, lookup->end - lookup->start, lookup->words);
    lookup->hash = emoji_whole_hash(lookup->words, lookup->end - lookup->start);
    lookup->entry = sequences->wholeSlots[(size_t)(lookup->hash >> 40) & sequences->wholeMask];
  }
  int64_t delta = 0;
  for (size_t index = 0; index < count; index++) {
    const emoji_lookup *lookup = &group[index];
    if (lookup->mayBeWhole) {
      const textcount_emoji_whole *whole = emoji_whole_find(
        sequences, lookup->words, lookup->end - lookup->start, lookup->hash, lookup->entry);
      if (whole != NULL) {
        delta += whole->delta;
        continue;
      }
    }
    delta += emoji_prefix_delta(bytes, lookup->start, lookup->end, sequences);
  }
  return delta;
}

/// What the emoji sequences (`_ClusterLengthTable.emojiLength(of:)`) add to the weight of the
/// cluster `bytes[start..<end]`, whose scalars' weights the kernel has summed: the longest
/// sequence it starts with weighs the sequences' weight in place of its scalars' weights (its
/// `delta`). emoji_group_deltas for the one cluster.
/// - Complexity: O(1) expected for a whole sequence, else O(the sequence's scalars).
__attribute__((always_inline)) static inline int64_t emoji_sequence_delta(
  const uint8_t *bytes, size_t start, size_t end, size_t readable,
  const textcount_emoji_sequences *sequences
) {
  emoji_lookup lookup;
  lookup.start = start;
  lookup.end = end;
  return emoji_group_deltas(bytes, &lookup, 1, readable, sequences);
}

/// The length of the cluster `tally` holds (not empty), by `rule` (`kind` a constant where the
/// kernel is expanded): `_ClusterLengthTable.length(of:)`.
static inline int64_t cluster_length(kernel_tally tally, const kernel_rule *rule, int kind) {
  if (kind == KIND_WIDTH) return tally.value;
  int64_t total = (tally.marks & rule->emojiMarks) != 0 ? rule->emojiClusterWeight : tally.value;
  return kind == KIND_WEIGHTS_UNSCALED ? total : (total + rule->scale - 1) / rule->scale;
}

/// The tally after a scalar of bits `bits`, added to the open cluster, or where a boundary
/// precedes it (`startsCluster`), to a new one in its place: `_ClusterLengthTally.fold`.
static inline kernel_tally cluster_fold(
  kernel_tally tally, uint8_t bits, size_t startsCluster, const kernel_rule *rule, int kind
) {
  // Selected by masks: a compiler may turn a conditional into a branch, which text of short
  // clusters of varied lengths would mispredict.
  uint64_t starts = (uint64_t)0 - (uint64_t)startsCluster;
  if (kind == KIND_WIDTH) {
    int64_t first = bits & 7;
    int64_t joined = bits >> WIDTH_JOINED_SHIFT & 7;
    int64_t pair = (int64_t)((tally.marks & bits & WIDTH_REGIONAL_INDICATOR) >> 5);  // 2 or 0
    int64_t widest = tally.value > joined ? tally.value : joined;
    widest = widest > pair ? widest : pair;
    kernel_tally next = {
      (int64_t)(((uint64_t)first & starts) | ((uint64_t)widest & ~starts)),
      (bits & WIDTH_REGIONAL_INDICATOR) | (tally.marks & ~(uint32_t)starts)};
    return next;
  }
  int64_t added = rule->weights[bits & 7];
  int64_t combined = tally.value + added;
  uint32_t secondRegionalIndicator = (tally.marks & bits & 32) << 11;  // bit 5 to bit 16
  uint32_t fresh = (uint32_t)bits | (uint32_t)bits << MARKS_FIRST_SHIFT;
  uint32_t joined = tally.marks | bits | secondRegionalIndicator;
  kernel_tally next = {
    (int64_t)(((uint64_t)added & starts) | ((uint64_t)combined & ~starts)),
    (fresh & (uint32_t)starts) | (joined & ~(uint32_t)starts)};
  return next;
}

#endif
