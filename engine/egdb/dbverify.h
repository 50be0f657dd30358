/*
 * dbverify.h - checking the endgame databases.
 *
 * The consistency pass reads every position of every slice and checks its stored value
 * against its successors' values, as the rules define them: a win has a lost successor, a
 * loss has only won successors (or no move), a draw neither; where distances are kept, a win's
 * distance is one more than its quickest lost successor's (1 through a capture or crowning)
 * and a loss's one more than its longest. With distances this proves the values, given that
 * the slices looked up are right (a win's distance grounds it in a conversion; a false draw
 * would need a false draw below it, down to a conversion). Without distances (6 and 7
 * pieces) it checks local consistency only.
 *
 * The sample pass takes positions spread over the slices and searches each with a plain
 * minimax over the rules, with conversions (captures and crownings) as its leaves, valued
 * from the smaller databases, and compares every result the search proves.
 */
#ifndef SHASHKI_DBVERIFY_H
#define SHASHKI_DBVERIFY_H

#include <stdint.h>
#include <stdio.h>

#include "shashki.h"

typedef struct DbVerifyOptions {
    const char *dir;
    int pieces;     /* check slices of up to this many pieces (0: all) */
    int sample;     /* positions for the search pass */
    int threads;
    FILE *log;      /* a line per slice and each mismatch, or NULL */
} DbVerifyOptions;

typedef struct DbVerifyResult {
    uint64_t positions;  /* checked by the consistency pass */
    uint64_t mismatches;
    int slices;
    int sampled;         /* positions the search pass looked at */
    int proven;          /* ... whose value the search proved */
    int sample_mismatches;
} DbVerifyResult;

ShStatus dbverify_run(const DbVerifyOptions *o, DbVerifyResult *r, ShError *err);

#endif
