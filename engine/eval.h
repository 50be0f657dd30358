/*
 * eval.h - the static evaluation: what a quiet position is worth without searching.
 *
 * The evaluation is a linear function of features, each with two weights: one for the
 * middlegame and one for the endgame, blended by the number of men on the board (24 men:
 * all middlegame; none: all endgame). Features are counted for White minus Black, Black's
 * squares turned round (square s of Black is square 31 - s of White), so one weight serves
 * both colours. The result is then scaled down in endings that the material cannot win.
 *
 * The same code (eval.c, eval_collect) both evaluates and lists the features of a position,
 * so the tuner (tools/tune.c) fits exactly the function the engine computes. The weights are
 * a text file (data/eval/weights.txt) built into the binary; the tuner writes that file.
 *
 * Features
 *   material      men, kings, and the first king (worth more than the others)
 *   man_psq       a man on each square (32): advancement, centre, back-rank guard, edges
 *   king_psq      a king on each square (32): the main road, the double corner
 *   king_mobility squares the kings can move to
 *   main_road     a king of the side on the main road a1-h8
 *   runaway       a man no enemy piece can stop, by ranks left to go (1..7)
 *   men_mobility  free squares in front of the men
 *   balance       |men on the left half - men on the right half|
 *   threat        the side to move could lose a piece at once if it did nothing
 *   pattern       Scan-style tables: the men on each 4x4 window of the board (3^8 states)
 *
 * Every game on the dark squares is evaluated with these features on the generator's board
 * (the turned boards stored mirrored, so the features keep their geometry), with weights of
 * its own where it is worth otherwise. Turkish, on every square, has features of its own in
 * the same index space (eval_ortho.h): men, kings, men on each of the 64 squares (man_psq and
 * king_psq together, 1..64), mobility of men and kings, a threat.
 */
#ifndef SHASHKI_EVAL_H
#define SHASHKI_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

#ifndef EVAL_GRID_SIZE
#define EVAL_GRID_SIZE 3
#endif

/* Feature indices into the weight table. */
enum {
    F_MAN = 0,
    F_KING,
    F_KING_FIRST,
    F_KING_MOBILITY,
    F_MAIN_ROAD,
    F_MEN_MOBILITY,
    F_BALANCE,
    F_THREAT,
    F_RUNAWAY,                      /* 7 entries: ranks to go 1..7 */
    F_MAN_PSQ = F_RUNAWAY + 7,      /* 32 entries */
    F_KING_PSQ = F_MAN_PSQ + 32,    /* 32 entries */
    F_PATTERN = F_KING_PSQ + 32,    /* EVAL_WINDOWS * 6561 entries */
    EVAL_GRID = EVAL_GRID_SIZE,     /* windows start every 2 rows/files (3) or every one (5) */
    EVAL_WINDOWS = EVAL_GRID_SIZE * EVAL_GRID_SIZE,
    EVAL_PATTERN_STATES = 6561,
    EVAL_FEATURES = F_PATTERN + EVAL_WINDOWS * EVAL_PATTERN_STATES
};

/* The largest evaluation: everything beyond is a proven win or loss (engine.h). */
#define EVAL_LIMIT 8000

/* Fixed-point weights: units per centi-man. */
#define EVAL_UNIT 16
/* Men on the board at the start: the phase runs from this (middlegame) to 0 (endgame). */
#define EVAL_PHASE_MAX 24

/* A weight table in the engine's fixed point (EVAL_UNIT per centi-man). */
typedef struct EvalWeights {
    int32_t mg[EVAL_FEATURES];
    int32_t eg[EVAL_FEATURES];
    bool patterns_used; /* some pattern weight is not zero (else they are skipped) */
} EvalWeights;

/* The evaluation of a position for the side to move, in centi-men. The caller makes sure
 * no capture is pending for the side to move (the search never evaluates such positions),
 * and has called eval_init once. */
int eval_position(const EvalWeights *weights, const ShPosition *pos);

/* A score in White's view with the drawish endings scaled down as eval_position scales them
 * (two pieces against a king, a lone king on the main road against three): for the learned
 * evaluation (nnue.h), which is scaled the same way. */
int eval_scale_ending(const ShPosition *pos, int white_score);

/* Build the tables and load the built-in weights; thread-safe, and done once whoever calls
 * it. eval_collect and eval_default_weights call it themselves. */
void eval_init(void);

/* The weights built into the program (data/eval/weights.txt: Russian checkers), and those
 * a variant plays with (data/eval/weights-VARIANT.txt for the games that are worth otherwise:
 * Brazilian, pool, English, Italian, Spanish, Czech, Turkish, giveaway; Russian's for the
 * Russian games). */
const EvalWeights *eval_default_weights(void);
const EvalWeights *eval_default_weights_for(int variant);

/* Fill a table from weights in centi-men (mg, eg interleaved, 2 * EVAL_FEATURES values). */
void eval_weights_set(EvalWeights *weights, const double *values);

/* Zero the weights of a group of features: "material" (men and kings stay: the others),
 * "psq", "king_mobility", "main_road", "runaway", "men_mobility", "balance", "threat",
 * "pattern", "positional" (everything but men and kings). False for an unknown group. */
bool eval_weights_zero(EvalWeights *weights, const char *group);

/* ---- for the tuner ---- */

typedef struct EvalTerm {
    int32_t feature; /* index */
    int32_t count;   /* White's count minus Black's */
} EvalTerm;

#define EVAL_MAX_TERMS 160

typedef struct EvalFeatures {
    int phase;         /* men on the board, 0..EVAL_PHASE_MAX */
    int scale;         /* the ending's scale in 1/16 (16 = unscaled) for a White advantage */
    int scale_black;   /* the same for a Black advantage */
    int count;
    EvalTerm terms[EVAL_MAX_TERMS];
} EvalFeatures;

/* The features of a position, from White's point of view. */
void eval_collect(const ShPosition *pos, EvalFeatures *features);

/* The evaluation in White's view (fixed-point, unscaled by side) from features and a weight
 * table of 2 * EVAL_FEATURES values (mg, eg interleaved); must equal eval_position's. */
double eval_from_features(const EvalFeatures *features, const double *weights);

/* A table's weights as doubles in centi-men (mg, eg interleaved). */
void eval_weights_get(const EvalWeights *table, double *weights);
/* Names: "man", "man_psq[12]", "pattern[3][4021]" ... into out (size >= 32). */
void eval_feature_name(int feature, char *out, int size);
/* Read a weights text; returns false with a message on a bad line. Used by eval_init for
 * the built-in file and by the tuner for a starting point. */
bool eval_weights_parse(const char *text, double *weights, char *message, int message_size);

#endif
