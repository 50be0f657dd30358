/*
 * solve.h - proving a forced result (issue 16): the solver of compositions and what the puzzle
 * finder, the command line (`shashki solve`) and the web app (the analysis board's "solve", the
 * Puzzles section) use. This header is the contract; engine/solve.c implements it.
 *
 * Proof semantics, not a score threshold: a win is proven when at every position of the
 * solution the solver's side has a move after which EVERY defence is answered, down to a
 * position the rules end in the solver's favour (the defender has no move) or one the endgame
 * databases (egdb.h) prove won. A draw is proven when every defence is answered by a position
 * the rules or the databases draw, or the solver keeps a position that repeats (the arbiter's
 * draw rules of the game apply as the game's own rules say).
 *
 * Limits: `max_moves` counts the solver's moves (a "win in 5" is 5 moves of the solver and the
 * defender's 4 or 5 replies). A search that runs out of nodes or time before it can say either
 * way answers SOLVE_UNKNOWN; SOLVE_NONE is an answer: no win (draw) exists within max_moves.
 */
#ifndef SHASHKI_SOLVE_H
#define SHASHKI_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shashki.h"

typedef enum SolveGoal {
    SOLVE_GOAL_WIN = 0,
    SOLVE_GOAL_DRAW,
    SOLVE_GOAL_MATERIAL /* (added) win material: reach, the defender to move and without a
                           capture, a balance at least SOLVE_MATERIAL_GAIN better than at the
                           start (men count 1, kings SOLVE_KING_VALUE); or win */
} SolveGoal;

#define SOLVE_KING_VALUE 3
#define SOLVE_MATERIAL_GAIN 1

typedef enum SolveVerdict {
    SOLVE_PROVEN = 0, /* the goal is forced: the tree below is the proof */
    SOLVE_NONE,       /* proven: no forced win (draw) within max_moves */
    SOLVE_UNKNOWN     /* the node or time limit ended the search first */
} SolveVerdict;

typedef struct SolveLimits {
    int max_moves;   /* the solver's moves at most; 0 means 20 */
    double seconds;  /* CPU seconds at most; 0 means no limit */
    uint64_t nodes;  /* nodes at most; 0 means no limit */
    int cook_moves;  /* (added) check_sound: a second first move is a cook if it reaches the goal
                        within this many moves; 0 means max_moves */
} SolveLimits;

/* One move of the solution tree. The tree is stored flat: the children of a step follow it in
 * preorder, the main line first. The solver's steps have one child each (its move at that
 * point), the defender's steps one child per legal defence. (As implemented: a position where
 * the solver is to move gets one step, its move; one where the defender is to move a step per
 * legal defence. So a solver's step is the parent of every defence to it, and each defence
 * the parent of the solver's one answer; a step with no child ends its line in a position the
 * rules, the tables or the goal decide. In two-move a turn's two moves are parent and child.) */
typedef struct SolveStep {
    ShMove move;
    int parent;      /* index of the step this answers; -1 for the solver's first move */
    int ply;         /* 0 for the solver's first move */
    bool main_line;  /* on the main line: the defence that lasts longest, then the first */
    bool solver;     /* a move of the side the goal is for */
} SolveStep;

/* A place where the composition is not sound: at `step` (a solver's move of the main line or
 * of a variation) another move `alternative` reaches the goal too (a dual); or, for the first
 * move, a second solution (a cook). */
typedef struct SolveFlaw {
    int step;
    ShMove alternative;
    bool cook; /* at the first move */
} SolveFlaw;

#define SOLVE_MAX_FLAWS 16
#define SOLVE_MAX_STEPS 20000 /* (added) the most steps a tree keeps */

typedef struct SolveResult {
    SolveVerdict verdict;
    SolveGoal goal;
    ShColor solver;       /* the side to move in the position solved */
    int moves;            /* the solver's moves on the main line (proven only) */
    SolveStep *steps;     /* the proof tree (proven only), heap: solve_result_free */
    int step_count;
    SolveFlaw flaws[SOLVE_MAX_FLAWS]; /* soundness: duals and cooks found, first ones first */
    int flaw_count;
    uint64_t nodes;
    double seconds;       /* CPU seconds the search took */
    int unsettled;        /* (added) check_sound: other first moves the limits left undecided
                             (neither a cook nor proven not to be one) */
    bool truncated;       /* (added) the tree was cut at SOLVE_MAX_STEPS steps (the main line
                             is whole: it comes first; later variations are missing) */
} SolveResult;

/* Solve `pos` for the side to move. Fills *res (free it with solve_result_free). Errors only
 * for bad arguments or an illegal position (sh_position_validate); "no solution" is a verdict,
 * not an error. `check_sound` also looks for duals and cooks (slower). */
ShStatus solve_position(const ShPosition *pos, SolveGoal goal, const SolveLimits *limits,
                        bool check_sound, SolveResult *res, ShError *err);

/* (added) The same, with the position one ply before `pos` (may be NULL): for the material
 * goal the start's balance is the better of the two for the solver, so that a recapture
 * that only restores the balance is no gain. */
ShStatus solve_position_after(const ShPosition *pos, const ShPosition *before, SolveGoal goal,
                              const SolveLimits *limits, bool check_sound, SolveResult *res,
                              ShError *err);

void solve_result_free(SolveResult *res);

/* The solution as a composition's solution is written, in the game's short notation:
 * "1. c3-d4! f6-e5 (1... h6-g5 2. d4:h8) 2. ..." with every defence answered. Truncated (with
 * "...") to `size`; returns the length it needed. */
size_t solve_format(const ShPosition *pos, const SolveResult *res, char *out, size_t size);

/* The main line only, moves separated by spaces ("c3-d4 f6-e5 d4:f6"). */
size_t solve_format_main(const ShPosition *pos, const SolveResult *res, char *out, size_t size);
/* Both in the notation given (sh_move_write's flags: SH_NOTATION_SHORT, with
 * SH_NOTATION_NUMERIC for the squares' numbers: "1. 32-28! ..."). */
size_t solve_format_in(const ShPosition *pos, const SolveResult *res, int notation, char *out,
                       size_t size);
size_t solve_format_main_in(const ShPosition *pos, const SolveResult *res, int notation,
                            char *out, size_t size);

#endif
