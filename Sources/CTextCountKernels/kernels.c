// The kernels' one dispatcher: each entry point runs the build's vector code (kernel_isa.h) where
// the CPU has it, and otherwise takes nothing, so that the scalar loops count everything.
#include "kernel_isa.h"

static int available = -1;

int textcount_kernels_available(void) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  int known = __atomic_load_n(&available, __ATOMIC_RELAXED);
  if (known < 0) {
    known = textcount_isa_available();
    __atomic_store_n(&available, known, __ATOMIC_RELAXED);
  }
  return known;
#else
  (void)available;
  return 0;
#endif
}

const char *textcount_kernels_name(void) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  if (textcount_kernels_available()) return textcount_isa_name();
#endif
  return "none";
}

textcount_utf8_run textcount_count_well_formed(const uint8_t *bytes, size_t start, size_t length) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  if (textcount_kernels_available()) return textcount_isa_count_well_formed(bytes, start, length);
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
  if (textcount_kernels_available())
    return textcount_isa_count_standalone_clusters(bytes, start, length, map);
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
  if (textcount_kernels_available())
    return textcount_isa_count_clusters_by_automaton(bytes, start, length, state, automaton);
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
  if (textcount_kernels_available())
    return textcount_isa_sum_standalone_lengths(bytes, start, length, lengths);
#endif
  (void)bytes;
  (void)length;
  (void)lengths;
  textcount_length_run none = {start, 0};
  return none;
}

textcount_automaton_lengths_run textcount_sum_lengths_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state, textcount_cluster_tally tally,
  const textcount_cluster_automaton *automaton, const textcount_cluster_rule *rule
) {
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  if (textcount_kernels_available())
    return textcount_isa_sum_lengths_by_automaton(
      bytes, start, length, state, tally, automaton, rule);
#endif
  (void)bytes;
  (void)length;
  (void)automaton;
  (void)rule;
  textcount_automaton_lengths_run none = {start, 0, SIZE_MAX, tally, state};
  return none;
}

size_t textcount_find_post_candidate(
  const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]
) {
  size_t index = start;
#if defined(TEXTCOUNT_VECTOR_KERNELS)
  if (textcount_kernels_available())
    index = textcount_isa_find_post_candidate(bytes, start, length, wanted);
#endif
  for (; index < length; index++) {
    uint8_t byte = bytes[index];
    if ((byte == wanted[0] || byte == wanted[1] || byte == wanted[2] || byte == wanted[3])
        && is_post_candidate(bytes, index, length))
      return index;
  }
  return length;
}
