// The kernels' one dispatcher: each entry point runs the vector code of the best instruction set
// of this build (kernel_isa.h) that the CPU has, and otherwise takes nothing, so that the scalar
// loops count everything. The environment variable TEXTCOUNT_DISABLE_AVX512, set when the
// kernels are first used, keeps AVX-512's CPUs on AVX2 (the tests run both).
#include "emoji_whole.h"
#include "kernel_isa.h"

#include <stdlib.h>

#if defined(TEXTCOUNT_VECTOR_KERNELS)
/// The instruction set chosen at first use, or NULL before; `noKernels` where the CPU has none.
static const textcount_isa *chosen;
static const textcount_isa noKernels = {
  "none", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};

static const textcount_isa *kernels(void) {
  const textcount_isa *known = __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);
  if (known == NULL) {
    known = &noKernels;
#if defined(TEXTCOUNT_AVX512_KERNELS)
    if (getenv("TEXTCOUNT_DISABLE_AVX512") == NULL && textcount_isa_avx512.available())
      known = &textcount_isa_avx512;
#endif
#if defined(TEXTCOUNT_AVX2_KERNELS)
    if (known == &noKernels && textcount_isa_avx2.available()) known = &textcount_isa_avx2;
#endif
#if defined(TEXTCOUNT_NEON_KERNELS)
    if (textcount_isa_neon.available()) known = &textcount_isa_neon;
#endif
#if defined(TEXTCOUNT_SIMD128_KERNELS)
    if (textcount_isa_simd128.available()) known = &textcount_isa_simd128;
#endif
    __atomic_store_n(&chosen, known, __ATOMIC_RELEASE);
  }
  return known;
}
#endif

const void *textcount_short_counter_slots[TEXTCOUNT_SHORT_COUNTER_SLOTS];

const void *textcount_publish_short_counter(size_t index, const void *counter) {
  const void *expected = NULL;
  if (__atomic_compare_exchange_n(&textcount_short_counter_slots[index], &expected, counter, 0,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return counter;
  return expected;
}

int textcount_kernels_available(void) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  return kernels()->available != NULL;
#else
  return 0;
#endif
}

const char *textcount_kernels_name(void) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  return kernels()->name;
#else
  return "none";
#endif
}

textcount_utf8_run textcount_count_well_formed(const uint8_t *bytes, size_t start, size_t length) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->countWellFormed != NULL) return isa->countWellFormed(bytes, start, length);
#endif
  (void)bytes;
  (void)length;
  textcount_utf8_run none = {start, 0, 0};
  return none;
}

textcount_cluster_run textcount_count_standalone_clusters(
  const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map
) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->countStandaloneClusters != NULL)
    return isa->countStandaloneClusters(bytes, start, length, map);
#endif
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
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->countClustersByAutomaton != NULL)
    return isa->countClustersByAutomaton(bytes, start, length, state, automaton);
#endif
  (void)bytes;
  (void)length;
  (void)automaton;
  textcount_automaton_run none = {start, 0, state};
  return none;
}

textcount_length_run textcount_sum_standalone_lengths(
  const uint8_t *bytes, size_t start, size_t length, const textcount_cluster_lengths *lengths
) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->sumStandaloneLengths != NULL)
    return isa->sumStandaloneLengths(bytes, start, length, lengths);
#endif
  (void)bytes;
  (void)length;
  (void)lengths;
  textcount_length_run none = {start, 0};
  return none;
}

textcount_automaton_lengths_run textcount_sum_lengths_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state, textcount_cluster_tally tally,
  size_t clusterStart, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule
) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->sumLengthsByAutomaton != NULL)
    return isa->sumLengthsByAutomaton(
      bytes, start, length, state, tally, clusterStart, automaton, rule);
#endif
  (void)bytes;
  (void)length;
  (void)clusterStart;
  (void)automaton;
  (void)rule;
  textcount_automaton_lengths_run none = {start, 0, SIZE_MAX, tally, state};
  return none;
}

textcount_stringz_run textcount_count_stringz_matches(
  const uint8_t *bytes, size_t start, size_t length, uint8_t place,
  const textcount_stringz_automaton *automaton
) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->countStringzMatches != NULL)
    return isa->countStringzMatches(bytes, start, length, place, automaton);
#endif
  (void)bytes;
  (void)length;
  (void)automaton;
  textcount_stringz_run none = {start, 0, place};
  return none;
}

size_t textcount_sms_ascii_run(
  const uint8_t *bytes, size_t start, size_t length, int gsmOnly
) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->smsASCIIRun != NULL) return isa->smsASCIIRun(bytes, start, length, gsmOnly);
#endif
  (void)bytes;
  (void)length;
  (void)gsmOnly;
  return start;
}

textcount_utf8_run textcount_count_to_supplementary(
  const uint8_t *bytes, size_t start, size_t length
) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->countToSupplementary != NULL) return isa->countToSupplementary(bytes, start, length);
#endif
  (void)bytes;
  (void)length;
  textcount_utf8_run none = {start, 0, 0};
  return none;
}

textcount_sms_packing_run textcount_pack_ucs2_clusters(const uint8_t *bytes, size_t start,
  size_t length, uint16_t state, textcount_sms_packing packing, size_t open,
  const textcount_cluster_automaton *automaton) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->packUCS2Clusters != NULL)
    return isa->packUCS2Clusters(bytes, start, length, state, packing, open, automaton);
#endif
  (void)bytes;
  (void)length;
  (void)state;
  (void)open;
  (void)automaton;
  textcount_sms_packing_run none = {start, packing};
  return none;
}

textcount_word_run textcount_count_word_run(const uint8_t *bytes, size_t start, size_t length,
  unsigned before, const textcount_standalone_map *letterLeads, const uint8_t *windowPlanes) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->countWordRun != NULL)
    return isa->countWordRun(bytes, start, length, before, letterLeads, windowPlanes);
#endif
  (void)bytes;
  (void)length;
  (void)before;
  (void)letterLeads;
  (void)windowPlanes;
  textcount_word_run none = {start, 0, start};
  return none;
}

size_t textcount_find_post_candidate(
  const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]
) {
  size_t index = start;
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  const textcount_isa *isa = kernels();
  if (isa->findPostCandidate != NULL) index = isa->findPostCandidate(bytes, start, length, wanted);
#endif
  for (; index < length; index++) {
    uint8_t byte = bytes[index];
    if ((byte == wanted[0] || byte == wanted[1] || byte == wanted[2] || byte == wanted[3])
        && is_post_candidate(bytes, index, length))
      return index;
  }
  return length;
}

uint64_t textcount_emoji_whole_hash(const uint8_t *bytes, size_t length) {
  uint8_t padded[8 * TEXTCOUNT_EMOJI_WHOLE_WORDS];
  for (size_t index = 0; index < sizeof padded; index++)
    padded[index] = index < length ? bytes[index] : 0;
  uint64_t words[TEXTCOUNT_EMOJI_WHOLE_WORDS];
  emoji_whole_words(padded, length, words);
  return emoji_whole_hash(words, length);
}
