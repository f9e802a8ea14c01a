// Which vector instruction set this build's kernels use, and the entry points its file
// (kernels_avx2.c or kernels_neon.c) gives kernels.c's dispatcher. Neither leaves the library.
#ifndef TEXTCOUNT_KERNEL_ISA_H
#define TEXTCOUNT_KERNEL_ISA_H

#include "CTextCountKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// AVX2, where the CPU has it (checked at run time).
#define TEXTCOUNT_AVX2_KERNELS 1
#elif defined(__aarch64__) && defined(__LP64__) && defined(__ARM_NEON) \
  && (defined(__GNUC__) || defined(__clang__))
// NEON, which every 64-bit ARM CPU has (not arm64_32: watchOS keeps the scalar loops).
#define TEXTCOUNT_NEON_KERNELS 1
#endif

/// Whether the byte at `at` may start a post length's URL or mention (see
/// textcount_find_post_candidate): an `@`, a `.` before an ASCII letter or a non-ASCII byte, a
/// `:` before `//`.
static inline int is_post_candidate(const uint8_t *bytes, size_t at, size_t length) {
  uint8_t byte = bytes[at], next = at + 1 < length ? bytes[at + 1] : 0;
  uint8_t folded = next | 0x20;
  if (byte == '@') return 1;
  if (byte == '.') return next >= 0x80 || (folded >= 'a' && folded <= 'z');
  return byte == ':' && next == '/' && at + 2 < length && bytes[at + 2] == '/';
}

#if defined(TEXTCOUNT_AVX2_KERNELS) || defined(TEXTCOUNT_NEON_KERNELS)
#define TEXTCOUNT_VECTOR_KERNELS 1
#define TEXTCOUNT_HIDDEN __attribute__((visibility("hidden")))

/// 1 if this CPU (and OS) run the instruction set's code.
TEXTCOUNT_HIDDEN int textcount_isa_available(void);

/// The name of the instruction set ("avx2", "neon").
TEXTCOUNT_HIDDEN const char *textcount_isa_name(void);

TEXTCOUNT_HIDDEN textcount_utf8_run textcount_isa_count_well_formed(
  const uint8_t *bytes, size_t start, size_t length);

TEXTCOUNT_HIDDEN textcount_cluster_run textcount_isa_count_standalone_clusters(
  const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map);

TEXTCOUNT_HIDDEN textcount_automaton_run textcount_isa_count_clusters_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton);

TEXTCOUNT_HIDDEN textcount_length_run textcount_isa_sum_standalone_lengths(
  const uint8_t *bytes, size_t start, size_t length, const textcount_cluster_lengths *lengths);

TEXTCOUNT_HIDDEN textcount_automaton_lengths_run textcount_isa_sum_lengths_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state, textcount_cluster_tally tally,
  const textcount_cluster_automaton *automaton, const textcount_cluster_rule *rule);

TEXTCOUNT_HIDDEN size_t textcount_isa_find_post_candidate(
  const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]);

/// The entry points over an instruction set's loops (kernel_loops.h); each file expands it once.
#define TEXTCOUNT_ISA_ENTRY_POINTS                                                            \
  textcount_utf8_run textcount_isa_count_well_formed(                                         \
    const uint8_t *bytes, size_t start, size_t length) {                                      \
    return count_well_formed_blocks(bytes, start, length);                                    \
  }                                                                                           \
  textcount_cluster_run textcount_isa_count_standalone_clusters(                              \
    const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map) { \
    return standalone_clusters_blocks(bytes, start, length, map);                             \
  }                                                                                           \
  textcount_automaton_run textcount_isa_count_clusters_by_automaton(                          \
    const uint8_t *bytes, size_t start, size_t length, uint16_t state,                        \
    const textcount_cluster_automaton *automaton) {                                           \
    return clusters_by_automaton_blocks(bytes, start, length, state, automaton);              \
  }                                                                                           \
  textcount_length_run textcount_isa_sum_standalone_lengths(                                  \
    const uint8_t *bytes, size_t start, size_t length,                                        \
    const textcount_cluster_lengths *lengths) {                                               \
    return standalone_lengths_blocks(bytes, start, length, lengths);                          \
  }                                                                                           \
  textcount_automaton_lengths_run textcount_isa_sum_lengths_by_automaton(                     \
    const uint8_t *bytes, size_t start, size_t length, uint16_t state,                        \
    textcount_cluster_tally tally, const textcount_cluster_automaton *automaton,              \
    const textcount_cluster_rule *rule) {                                                     \
    return lengths_by_automaton_blocks(bytes, start, length, state, tally, automaton, rule);  \
  }                                                                                           \
  size_t textcount_isa_find_post_candidate(                                                   \
    const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]) {             \
    return find_post_candidate_blocks(bytes, start, length, wanted);                          \
  }
#endif

#endif
