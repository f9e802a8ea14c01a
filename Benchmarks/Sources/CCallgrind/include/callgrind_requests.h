// Callgrind's client requests for the call-cost probe: zero the counters before a measured loop,
// dump them (with a label) after it. Outside valgrind they do nothing; without valgrind's headers
// they compile to nothing.
#ifndef CALLGRIND_REQUESTS_H
#define CALLGRIND_REQUESTS_H

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
static inline void callcost_zero_stats(void) { CALLGRIND_ZERO_STATS; }
static inline void callcost_dump_stats(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
static inline int callcost_is_under_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
#else
static inline void callcost_zero_stats(void) {}
static inline void callcost_dump_stats(const char *label) { (void)label; }
static inline int callcost_is_under_valgrind(void) { return 0; }
#endif

#endif
