// How the emoji sequences' wholes (`textcount_emoji_whole`) hold and place a cluster's bytes:
// shared by the kernels (kernel_common.h), which look clusters up, and the dispatcher
// (kernels.c), whose `textcount_emoji_whole_hash` places the sequences when Swift builds them.
#ifndef TEXTCOUNT_EMOJI_WHOLE_H
#define TEXTCOUNT_EMOJI_WHOLE_H

#include "CTextCountKernels.h"

/// `length` bytes (at most 8 * TEXTCOUNT_EMOJI_WHOLE_WORDS) from `at`, where all
/// 8 * TEXTCOUNT_EMOJI_WHOLE_WORDS are readable, as `textcount_emoji_whole.words` holds them
/// (little-endian, as every target of the kernels is): each word's bytes past the end zero.
static inline void emoji_whole_words(
  const uint8_t *at, size_t length, uint64_t words[TEXTCOUNT_EMOJI_WHOLE_WORDS]
) {
  for (size_t index = 0; index < TEXTCOUNT_EMOJI_WHOLE_WORDS; index++) {
    uint64_t word;
    __builtin_memcpy(&word, at + 8 * index, 8);
    size_t rest = length > 8 * index ? length - 8 * index : 0;
    words[index] = word & (rest >= 8 ? ~0ULL : (1ULL << (8 * rest)) - 1);
  }
}

/// `textcount_emoji_whole_hash` of bytes `words` holds as `emoji_whole_words` gives them: a
/// product of each word, summed, then mixed, so that no multiplication waits for another.
static inline uint64_t emoji_whole_hash(
  const uint64_t words[TEXTCOUNT_EMOJI_WHOLE_WORDS], size_t length
) {
  static const uint64_t factors[TEXTCOUNT_EMOJI_WHOLE_WORDS] = {0x9E3779B97F4A7C15ULL,
    0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL, 0xD6E8FEB86659FD93ULL, 0xFF51AFD7ED558CCDULL};
  uint64_t mixed = length;
  for (size_t index = 0; index < TEXTCOUNT_EMOJI_WHOLE_WORDS; index++)
    mixed += words[index] * factors[index];
  return (mixed ^ mixed >> 32) * 0x9E3779B97F4A7C15ULL;
}

#endif
