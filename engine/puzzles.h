/*
 * puzzles.h - finding puzzles ("shots") in games: a position where the side to move has one
 * move that wins the game or material by force, proven by the solver (solve.h), and no other
 * first move that does within the same limit. The command `shashki puzzles` and the puzzle file
 * data/puzzles.pdn (docs/puzzles.md) are built on it.
 */
#ifndef SHASHKI_PUZZLES_H
#define SHASHKI_PUZZLES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "shashki.h"
#include "solve.h"

typedef struct PuzzleOptions {
    int min_depth;   /* the solver's moves at least (default 2) */
    int max_depth;   /* the solver's moves at most, and the horizon of the cook check (5) */
    double seconds;  /* CPU seconds for each proof tried (default 1) */
    uint64_t nodes;  /* nodes for each proof tried (default 400000) */
    bool all;        /* try every position; else only where the game's own continuation gained
                        material (or won) within max_depth moves */
    Engine *engine;  /* the search that checks a material puzzle's end (NULL: no check) */
    int verify_depth;/* its depth in plies (default 8): the end of the main line must score at
                        least PUZZLE_VERIFY_MARGIN for the solver (not worse for him) */
} PuzzleOptions;

#define PUZZLE_VERIFY_MARGIN 0

void puzzle_options_default(PuzzleOptions *options);

typedef enum PuzzleTheme {
    PUZZLE_SHOT = 0,      /* a combination: material given, more taken back */
    PUZZLE_BREAKTHROUGH,  /* a man breaks through to be crowned (after a sacrifice) */
    PUZZLE_KING,          /* the play of a king: the first move is a king's, or a king is won */
    PUZZLE_ENDGAME,       /* eight pieces or fewer on the board */
    PUZZLE_OPPOSITION,    /* a men-only ending won by tempo, without a sacrifice at first */
    PUZZLE_THEME_COUNT
} PuzzleTheme;

const char *puzzle_theme_name(PuzzleTheme theme);

#define PUZZLE_MAX_LINE 64

typedef struct Puzzle {
    ShPosition pos;                /* before the solver's first move */
    SolveGoal goal;                /* SOLVE_GOAL_WIN or SOLVE_GOAL_MATERIAL */
    int moves;                     /* the solver's moves of the solution */
    PuzzleTheme theme;
    int difficulty;                /* 1..5 from the depth */
    int rating;                    /* the initial rating: 800 + 200 * difficulty */
    int line_length;               /* plies of the main line */
    ShMove line[PUZZLE_MAX_LINE];
    uint64_t nodes;                /* the solver's nodes, all proofs tried */
} Puzzle;

/* Whether the game's own moves from position `index` gain material or win within `max_depth`
 * moves of the side to move (the cheap test before the proofs). */
bool puzzle_candidate(const ShGame *game, int index, int max_depth);

/* Whether `pos` is a puzzle (before: the position one ply earlier, or NULL): fills *out.
 * False when the side to move has fewer than two moves, nothing is proven, another first move
 * reaches the goal too, or the limits leave another first move undecided. */
bool puzzle_find(const ShPosition *pos, const ShPosition *before, const PuzzleOptions *options,
                 Puzzle *out);

/* The puzzle as a PDN game of the file format of docs/puzzles.md: the source game's tags,
 * the puzzle's, and the main line, its FEN and moves in numbers when `numeric` (else in
 * letters). `source` is "<file> game G move M", `id` "P0001". Returns the length written (cut
 * to size). */
size_t puzzle_write_pdn(const Puzzle *puzzle, const ShGame *source_game, const char *source,
                        const char *id, bool numeric, char *out, size_t size);

#endif
