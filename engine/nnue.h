/*
 * nnue.h - a learned evaluation: a small integer network over the pieces on their squares,
 * whose first layer is kept up to date move by move (an "efficiently updatable" network, as
 * Stockfish's NNUE; the same idea on a draughts board).
 *
 * Inputs. For one point of view (a perspective) a position is the set of its pieces, each an
 * input of four kinds times the board's squares (32 on 8x8, 50 on 10x10): own man, own king,
 * the other side's man, the other side's king. White looks at the board as it is; Black at
 * the board turned round (square s is square N - 1 - s) with the colours swapped, as eval.c
 * counts Black's features, so one set of weights serves both colours. Index:
 *
 *     (theirs ? 2N : 0) + (king ? N : 0) + square seen from the perspective
 *
 * Layers. The first layer (the feature transformer: NNUE_HIDDEN int16 sums per perspective,
 * its weights scaled by 127) is a sum of the rows of the inputs that are on: the accumulator.
 * The evaluation clips both perspectives' accumulators to 0..127, puts the side to move's
 * first, and runs 2 x NNUE_HIDDEN -> NNUE_L1 -> NNUE_L2 -> 1: int8 weights (scaled by 64)
 * times uint8 activations summed in int32, shifted right by 6 and clipped to 0..127 again,
 * then an int32 output layer (weights scaled by NNUE_OUT_SCALE). The output is the score in
 * men times 127 * NNUE_OUT_SCALE; nnue_evaluate turns it into centi-men (eval.h's unit),
 * scales the drawish endings down as the classical evaluation does, and clips it to
 * EVAL_LIMIT, so the search, the draw counts and the tables see the scores they know.
 *
 * No sum can overflow: the trainer keeps the first layer's weights within +-4 (127 * 4 * 41
 * pieces < 32767) and the dense ones within +-127 / 64, and two products of 127 * 127 fit in
 * int16, so the SIMD kernels (SSSE3 or AVX2, nnue_simd.h) and the portable C give the same
 * integers; a test asserts it on many positions.
 *
 * Incremental update. The search is copy-make, so the changes of a move are read off the two
 * positions: for each colour and kind, old XOR new is what left and what came. An accumulator
 * remembers the pieces it holds; any accumulator can be brought to any position by those
 * differences, so the search keeps one per ply and starts from the cheapest of this ply's
 * (a sibling), the parent's or the grandparent's, or from scratch when more pieces changed
 * than the board holds (nnue_evaluate). A test plays random lines and checks every
 * incremental accumulator against a fresh one.
 *
 * A residual network (a flag of its file) learns what the classical evaluation misses: its
 * score is added to eval_position's with the weights the search uses, so it starts from
 * the linear model fitted on millions of positions and needs less data to add to it.
 *
 * Lazy evaluation. The network's term can be no lower and no higher than its output layer
 * allows over activations of 0..127 (NnueNet.low, .high: Russian's -97..+287 centi-men,
 * international's -302..+303). A quiescence leaf only needs to know whether its score is
 * above alpha or below beta, so where the classical score plus that interval is outside the
 * window, the bound is returned and the network not run (nnue_evaluate_lazy): 56% of the
 * Russian bench's leaves, 22% of the international one's.
 *
 * A network file (tools/train.c writes it; data/nnue/GAME.nnue are built in) is little-endian:
 * "SHNNUE1\n", the squares, NNUE_HIDDEN, NNUE_L1, NNUE_L2, the flags (1: residual) as
 * uint32, then the first layer's
 * biases and weights (int16, input by input), each dense layer's biases (int32) and weights
 * (int8, output by output, input by input), the output bias and weights (int32).
 */
#ifndef SHASHKI_NNUE_H
#define SHASHKI_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval.h"
#include "position.h"

#ifndef NNUE_HIDDEN          /* the sizes (a network file must have the program's) */
#define NNUE_HIDDEN 128     /* the accumulator of one perspective */
#endif
#ifndef NNUE_L1
#define NNUE_L1 32
#endif
#ifndef NNUE_L2
#define NNUE_L2 32
#endif
#define NNUE_MAX_SQUARES 50
#define NNUE_MAX_INPUTS (4 * NNUE_MAX_SQUARES)
#define NNUE_ACTIVATION 127 /* 1.0 of an activation */
#define NNUE_WEIGHT_SCALE 64 /* 1.0 of a dense weight; a dense sum is shifted right by 6 */
#define NNUE_WEIGHT_SHIFT 6
#define NNUE_OUT_SCALE 256  /* 1.0 of an output weight */
#define NNUE_FT_LIMIT 4.0   /* the first layer's weights and biases stay within this */
#define NNUE_MAGIC "SHNNUE1\n"

typedef struct NnueNet {
    int squares;                                 /* 32 (8x8) or 50 (10x10) */
    int inputs;                                  /* 4 * squares */
    bool residual;                               /* added to the classical evaluation */
    bool avx2;                                   /* nnue_output runs the AVX2 kernels */
    int8_t square_of_bit[64];                    /* the generator's bit -> square, -1 off board */
    int16_t ft_bias[NNUE_HIDDEN];
    int16_t ft_weight[NNUE_MAX_INPUTS][NNUE_HIDDEN];
    int8_t l1_weight[NNUE_L1][2 * NNUE_HIDDEN];
    int8_t l2_weight[NNUE_L2][NNUE_L1];
    int8_t l1_sparse[2 * NNUE_HIDDEN / 4][NNUE_L1][4]; /* l1_weight by groups of 4 inputs */
    int32_t l1_bias[NNUE_L1];
    int32_t l2_bias[NNUE_L2];
    int32_t out_weight[NNUE_L2];
    int32_t out_bias;
    int l1_pairs;                                /* the first dense layer's weights are
                                                    within +-64 (nnue_simd.h) */
    int low, high;                               /* the network's term can be no lower, no
                                                    higher (centi-men; nnue_load) */
} NnueNet;

/* The first layer's sums for a position, by perspective (White's, Black's), and the pieces
 * it was computed for. */
typedef struct NnueAccumulator {
    int16_t v[2][NNUE_HIDDEN];
    Bitboard pieces[2], kings;
    bool valid;
} NnueAccumulator;

/* Read a network file's bytes; false with a message if it is not one of this program's
 * sizes. */
bool nnue_load(NnueNet *net, const unsigned char *data, size_t size, char *message,
               int message_size);
/* The same from a file. */
bool nnue_load_file(NnueNet *net, const char *path, char *message, int message_size);

/* Set a network's board (32 or 50 squares): its inputs and the generator's bit numbering;
 * and whether this processor runs the AVX2 kernels. */
void nnue_shape(NnueNet *net, int squares);

/* The network built in for a game (data/nnue/russian.nnue, data/nnue/international.nnue),
 * or NULL if the game has none. Thread-safe. */
const NnueNet *nnue_builtin(int variant);

/* Whether the game plays with its network unless told otherwise (eval=default): the games
 * whose network beat the classical evaluation at equal time (docs/engine.md): none at
 * present. */
bool nnue_default(int variant);

/* Whether `net` can evaluate positions of `variant` (Russian checkers on 8x8, international
 * draughts on 10x10: the games whose boards and pieces it was made for). */
bool nnue_fits(const NnueNet *net, int variant);

/* The inputs that are on for `perspective` (SH_WHITE or SH_BLACK); returns their count. */
int nnue_features(const NnueNet *net, const ShPosition *pos, int perspective, int *out);

/* An accumulator computed from scratch. */
void nnue_refresh(const NnueNet *net, const ShPosition *pos, NnueAccumulator *acc);

/* The inputs that differ between an accumulator and a position (what nnue_update costs). */
int nnue_changes(const NnueAccumulator *from, const ShPosition *pos);

/* `to` = `from` brought to `pos` by the pieces that differ (`to` may be `from`). */
void nnue_update(const NnueNet *net, const NnueAccumulator *from, const ShPosition *pos,
                 NnueAccumulator *to);

/* The network's raw output for `side` to move (men * 127 * NNUE_OUT_SCALE): with the SIMD
 * kernels this program was built with, and in portable C. They are equal. */
int32_t nnue_output(const NnueNet *net, const NnueAccumulator *acc, int side);
int32_t nnue_output_portable(const NnueNet *net, const NnueAccumulator *acc, int side);

/* Which kernels nnue_output uses for `net`: "AVX2", "SSSE3" or "portable". */
const char *nnue_kernels(const NnueNet *net);

/* The evaluation for the side to move in centi-men, as eval_position: the output scaled,
 * drawish endings scaled down, added to eval_position(classic, pos) for a residual network,
 * clipped to EVAL_LIMIT. stack[ply] is brought to `pos` from the
 * cheapest of stack[ply], stack[ply - 1], stack[ply - 2] or from scratch. The caller makes
 * sure no capture is pending and the game fits the network. */
int nnue_evaluate(const NnueNet *net, NnueAccumulator *stack, int ply, const ShPosition *pos,
                  const EvalWeights *classic);

/* The same where the search reads only whether the score is above alpha or below beta (a
 * quiescence leaf): a residual network's term lies within [net->low, net->high], so when the
 * classical evaluation plus that interval is outside (alpha, beta) the bound is returned
 * (fail-soft: no higher than the score when at most alpha, no lower when at least beta)
 * and the network is not run. Otherwise, and for a network of its own, nnue_evaluate. */
int nnue_evaluate_lazy(const NnueNet *net, NnueAccumulator *stack, int ply, const ShPosition *pos,
                       const EvalWeights *classic, int alpha, int beta);

/* The same from scratch (tools, tests). `classic`: the weights a residual network adds to. */
int nnue_evaluate_position(const NnueNet *net, const ShPosition *pos, const EvalWeights *classic);

/* Raw output -> centi-men before the endings' scale. */
static inline int nnue_centimen(int32_t output)
{
    return (int)((int64_t)output * 100 / (NNUE_ACTIVATION * NNUE_OUT_SCALE));
}

#endif
