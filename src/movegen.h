/* movegen.h - move generation internals shared by the library and the engine (private). */
#ifndef SHASHKI_MOVEGEN_H
#define SHASHKI_MOVEGEN_H

#include "position.h"

/* A legal move together with one of its capture paths (squares are public numbers). */
typedef struct MovePath {
    ShMove move;
    uint32_t rank; /* under the precedence rules (the generator's own bookkeeping) */
    ShPath path;
} MovePath;

#define MOVEGEN_MAX_PATHS 1024

typedef struct PathList {
    int count;
    bool overflow; /* more paths than MOVEGEN_MAX_PATHS: the list is incomplete */
    MovePath items[MOVEGEN_MAX_PATHS];
} PathList;

/* Every legal move with every capture path it can be played by (a quiet move has one path).
 * Moves with several paths appear several times, once per path. Used by notation. */
/* Keep only the captures of the highest precedence rank: the moves (each with its rank in
 * ranks[]) and the paths (each with its own), whichever is not NULL. */
void movegen_keep_best(ShMoveList *moves, const uint32_t *ranks, PathList *paths);
void movegen_paths(const ShPosition *pos, PathList *paths);

/* Perft in either convention, single-threaded. */
uint64_t movegen_perft(const ShPosition *pos, int depth, ShPerftMode mode);

/* The rules a variant's generator was compiled with (for the test that they are its record's). */
typedef struct MovegenFlags {
    bool flying_kings, men_capture_backward;
    ShPrecedence precedence;
    bool promotion_continues, men_capture_kings, capture_own;
    int board;
    bool capture_orthogonal;
    int king_moves_limit;
} MovegenFlags;
void movegen_flags(ShVariant variant, MovegenFlags *flags);

#endif
