/* bench.h - the search's fingerprint: fixed positions searched to a fixed depth from a cleared
 * table (shashki bench; the WebAssembly build's bench). The sum of their node counts is the
 * `Bench: N` of commits that change the search. */
#ifndef SHASHKI_BENCH_H
#define SHASHKI_BENCH_H

#include "engine.h"

#define ENGINE_BENCH_COUNT 30   /* Russian positions */
#define ENGINE_BENCH_DEPTH 16   /* each searched to this depth */
#define ENGINE_BENCH_HASH_MB 16 /* with a table of this size, cleared before each */

extern const char *const ENGINE_BENCH_POSITIONS[ENGINE_BENCH_COUNT];

/* Build the endgame tables (on first use otherwise) before the clock starts. */
void engine_bench_warm(Engine *engine);

#endif
