/*
 * drawrules.h - each variant's end-of-game counts as data, for the game's arbiter (game.c) and
 * the engine's search (engine/draw.c), so that the two can never count differently (private).
 *
 * Three counters carry every rule (all in plies):
 *   quiet     king moves in a row without a capture (a man move or a capture resets it);
 *   balance   plies since the material last changed (a capture, a man crowned, a king
 *             demoted): a rule whose condition is material holds, when it holds now, since
 *             that change;
 *   road      plies in a row in which the Russian main-road condition holds (-1 when not).
 * A rule is a counter, a condition on the material on the board, and a limit; a claimed rule
 * (English's 40 moves) is one a player claims, like repetition.
 */
#ifndef SHASHKI_DRAWRULES_H
#define SHASHKI_DRAWRULES_H

#include "position.h"

typedef enum DrawCounter { COUNT_QUIET = 0, COUNT_BALANCE, COUNT_ROAD } DrawCounter;

typedef enum DrawMaterial {
    MAT_ANY = 0,
    MAT_KINGS_BOTH,       /* both sides have a king */
    MAT_THREE_KINGS_V_K,  /* a lone king against three kings or more (and any other pieces) */
    MAT_BALANCE_2_3,      /* kings on both sides, 2-3 pieces on the board */
    MAT_BALANCE_4_5,
    MAT_BALANCE_6_7,
    MAT_MAIN_ROAD,        /* three pieces, a king among them, against a lone king on a1-h8 */
    MAT_FMJD_16,          /* three pieces, a king among them, against a lone king */
    MAT_FMJD_5,           /* one or two pieces, a king among them, against a lone king */
    MAT_POOL_13,          /* exactly three kings against a lone king */
    MAT_TWO_KINGS_V_K,    /* exactly two kings against a lone king (Frisian) */
    MAT_KING_V_K          /* a lone king against a lone king (Frisian) */
} DrawMaterial;

typedef struct DrawRule {
    ShReason reason;
    uint8_t counter;  /* DrawCounter */
    uint8_t material; /* DrawMaterial */
    uint16_t limit;   /* plies */
    bool claimed;     /* a player claims it (else the game ends when it is reached) */
} DrawRule;

#define DRAWRULES_MAX 6

/* The rules of a variant (its ShRules.draws); returns how many. */
int drawrules_of(int variant, const DrawRule **rules);
/* Whether the material condition holds in the position. */
bool drawrules_material(const ShPosition *pos, int material);
/* Whether a move that is not a capture can be undone (the repetition window): a king's move,
 * and on the orthogonal board a man's sideways step. */
bool drawrules_reversible(const ShPosition *before, const ShMove *move);

#endif
