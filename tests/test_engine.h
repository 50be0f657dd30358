/* test_engine.h - what the engine's two test files share. */
#ifndef SHASHKI_TEST_ENGINE_H
#define SHASHKI_TEST_ENGINE_H

#include <stdint.h>

#include "shashki.h"

/* A Russian position from its FEN (a failed check and the start position if it is bad). */
ShPosition engine_test_fen(const char *text);
/* Positions from games played by random moves (deterministic for a seed). */
int engine_test_random_positions(ShPosition *out, int max, uint64_t seed);

/* The cases of test_engine_search.c. */
void engine_search_cases(void);
void engine_mate_cases(void);
void engine_egdb_cases(void);

#endif
