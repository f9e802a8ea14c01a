// Which vector instruction sets this build's kernels use, and the table of entry points each
// set's file (kernels_avx512.c, kernels_avx2.c, kernels_neon.c or kernels_simd128.c) gives kernels.c's
// dispatcher. None leaves the library.
#ifndef TEXTCOUNT_KERNEL_ISA_H
#define TEXTCOUNT_KERNEL_ISA_H

#include "CTextCountKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// AVX2, where the CPU has it (checked at run time).
#define TEXTCOUNT_AVX2_KERNELS 1
#if !defined(__APPLE__)
// AVX-512 (F, BW, VBMI), where the CPU and OS have it (checked at run time, before AVX2). Not on
// Apple's systems, which give a thread the AVX-512 state at its first use, so that the OS's
// register mask does not tell beforehand.
#define TEXTCOUNT_AVX512_KERNELS 1
#endif
#elif defined(__aarch64__) && defined(__LP64__) && defined(__ARM_NEON) \
  && (defined(__GNUC__) || defined(__clang__))
// NEON, which every 64-bit ARM CPU has (not arm64_32: watchOS keeps the scalar loops).
#define TEXTCOUNT_NEON_KERNELS 1
#elif defined(__wasm_simd128__) && defined(__clang__)
// WebAssembly SIMD128, in the module built with it (Scripts/build-wasm builds one with and one
// without, and the JavaScript package loads the first the engine validates).
#define TEXTCOUNT_SIMD128_KERNELS 1
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

#if defined(TEXTCOUNT_AVX2_KERNELS) || defined(TEXTCOUNT_NEON_KERNELS) \
  || defined(TEXTCOUNT_SIMD128_KERNELS)
#define TEXTCOUNT_VECTOR_KERNELS 1
#define TEXTCOUNT_HIDDEN __attribute__((visibility("hidden")))

/// One instruction set's kernels: its name ("avx512", "avx2", "neon", "simd128"), whether this CPU (and OS)
/// run its code, and its entry points, as CTextCountKernels.h describes them.
typedef struct {
  const char *name;
  int (*available)(void);
  textcount_utf8_run (*countWellFormed)(const uint8_t *bytes, size_t start, size_t length);
  textcount_cluster_run (*countStandaloneClusters)(
    const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map);
  textcount_automaton_run (*countClustersByAutomaton)(const uint8_t *bytes, size_t start,
    size_t length, uint16_t state, const textcount_cluster_automaton *automaton);
  textcount_length_run (*sumStandaloneLengths)(
    const uint8_t *bytes, size_t start, size_t length, const textcount_cluster_lengths *lengths);
  textcount_automaton_lengths_run (*sumLengthsByAutomaton)(const uint8_t *bytes, size_t start,
    size_t length, uint16_t state, textcount_cluster_tally tally, size_t clusterStart,
    const textcount_cluster_automaton *automaton, const textcount_cluster_rule *rule);
  size_t (*findPostCandidate)(
    const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]);
  textcount_stringz_run (*countStringzMatches)(const uint8_t *bytes, size_t start, size_t length,
    uint8_t place, const textcount_stringz_automaton *automaton);
  size_t (*smsASCIIRun)(const uint8_t *bytes, size_t start, size_t length, int gsmOnly);
  textcount_utf8_run (*countToSupplementary)(const uint8_t *bytes, size_t start, size_t length);
  textcount_word_run (*countWordRun)(const uint8_t *bytes, size_t start, size_t length,
    unsigned before, const textcount_standalone_map *letterLeads, const uint8_t *windowPlanes);
  textcount_sms_packing_run (*packUCS2Clusters)(const uint8_t *bytes, size_t start,
    size_t length, uint16_t state, textcount_sms_packing packing, size_t open,
    const textcount_cluster_automaton *automaton);
} textcount_isa;

#if defined(TEXTCOUNT_AVX512_KERNELS)
TEXTCOUNT_HIDDEN extern const textcount_isa textcount_isa_avx512;
#endif
#if defined(TEXTCOUNT_AVX2_KERNELS)
TEXTCOUNT_HIDDEN extern const textcount_isa textcount_isa_avx2;
#endif
#if defined(TEXTCOUNT_NEON_KERNELS)
TEXTCOUNT_HIDDEN extern const textcount_isa textcount_isa_neon;
#endif
#if defined(TEXTCOUNT_SIMD128_KERNELS)
TEXTCOUNT_HIDDEN extern const textcount_isa textcount_isa_simd128;
#endif

/// An instruction set's table `textcount_isa_NAME`, its entry points over the set's loops
/// (kernel_loops.h) and AVAILABLE its test of the CPU; each set's file expands it once.
#define TEXTCOUNT_ISA_ENTRY_POINTS(NAME, AVAILABLE)                                           \
  static textcount_utf8_run isa_count_well_formed(                                            \
    const uint8_t *bytes, size_t start, size_t length) {                                      \
    return count_well_formed_blocks(bytes, start, length);                                    \
  }                                                                                           \
  static textcount_cluster_run isa_count_standalone_clusters(                                 \
    const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map) { \
    return standalone_clusters_blocks(bytes, start, length, map);                             \
  }                                                                                           \
  static textcount_automaton_run isa_count_clusters_by_automaton(                             \
    const uint8_t *bytes, size_t start, size_t length, uint16_t state,                        \
    const textcount_cluster_automaton *automaton) {                                           \
    return clusters_by_automaton_blocks(bytes, start, length, state, automaton);              \
  }                                                                                           \
  static textcount_length_run isa_sum_standalone_lengths(                                     \
    const uint8_t *bytes, size_t start, size_t length,                                        \
    const textcount_cluster_lengths *lengths) {                                               \
    return standalone_lengths_blocks(bytes, start, length, lengths);                          \
  }                                                                                           \
  static textcount_automaton_lengths_run isa_sum_lengths_by_automaton(                        \
    const uint8_t *bytes, size_t start, size_t length, uint16_t state,                        \
    textcount_cluster_tally tally, size_t clusterStart,                                       \
    const textcount_cluster_automaton *automaton, const textcount_cluster_rule *rule) {       \
    return lengths_by_automaton_blocks(                                                       \
      bytes, start, length, state, tally, clusterStart, automaton, rule);                     \
  }                                                                                           \
  static size_t isa_find_post_candidate(                                                      \
    const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]) {             \
    return find_post_candidate_blocks(bytes, start, length, wanted);                          \
  }                                                                                           \
  static textcount_stringz_run isa_count_stringz_matches(const uint8_t *bytes, size_t start,   \
    size_t length, uint8_t place, const textcount_stringz_automaton *automaton) {             \
    return stringz_matches_blocks(bytes, start, length, place, automaton);                    \
  }                                                                                           \
  static size_t isa_sms_ascii_run(                                                            \
    const uint8_t *bytes, size_t start, size_t length, int gsmOnly) {                         \
    return sms_ascii_blocks(bytes, start, length, gsmOnly);                                   \
  }                                                                                           \
  static textcount_utf8_run isa_count_to_supplementary(                                      \
    const uint8_t *bytes, size_t start, size_t length) {                                      \
    return scalars_to_supplementary_blocks(bytes, start, length);                             \
  }                                                                                           \
  static textcount_word_run isa_count_word_run(const uint8_t *bytes, size_t start,             \
    size_t length, unsigned before, const textcount_standalone_map *letterLeads,              \
    const uint8_t *windowPlanes) {                                                            \
    return word_run_blocks(bytes, start, length, before, letterLeads, windowPlanes);          \
  }                                                                                           \
  static textcount_sms_packing_run isa_pack_ucs2_clusters(const uint8_t *bytes, size_t start, \
    size_t length, uint16_t state, textcount_sms_packing packing, size_t open,                \
    const textcount_cluster_automaton *automaton) {                                           \
    return ucs2_packing_blocks(bytes, start, length, state, packing, open, automaton);        \
  }                                                                                           \
  const textcount_isa textcount_isa_##NAME = {#NAME, AVAILABLE, isa_count_well_formed,        \
    isa_count_standalone_clusters, isa_count_clusters_by_automaton,                           \
    isa_sum_standalone_lengths, isa_sum_lengths_by_automaton, isa_find_post_candidate,        \
    isa_count_stringz_matches, isa_sms_ascii_run, isa_count_to_supplementary,                 \
    isa_count_word_run, isa_pack_ucs2_clusters};
#endif

#endif
