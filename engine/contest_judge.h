/*
 * contest_judge.h - the engine's part of solving and composing contests
 * (include/shashki_contest.h): a problem's proof tree from the solver (solve.h), the judge of
 * a solver's move that is not the tree's (does it still force the goal?), and the soundness
 * of a composing contest's entry (the stated result proven, no cook, the stated key the key,
 * the main line's duals named).
 */
#ifndef SHASHKI_CONTEST_JUDGE_H
#define SHASHKI_CONTEST_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki_contest.h"

typedef struct ContestLimits {
    int max_moves;      /* the solver's moves at most (0: 10) */
    double seconds;     /* CPU seconds per proof (0: 5) */
} ContestLimits;

/* The proof tree of `pos` for `goal` (the side to move), as a contest problem's steps; *steps
 * malloc'ed. Refused when it is not proven within the limits, or has more than
 * SH_CONTEST_MAX_STEPS moves. */
ShStatus contest_problem_tree(const ShPosition *pos, ShContestGoal goal,
                              const ContestLimits *limits, ShContestStep **steps, int *count,
                              ShError *err);

/* A problem of `pos` added to the contest: its tree (contest_problem_tree), then
 * sh_contest_add_problem (points in tenths). */
ShStatus contest_add_position(ShContest *contest, const char *title, const char *source,
                              const ShPosition *pos, ShContestGoal goal, int points,
                              const ContestLimits *limits, int *id, ShError *err);

/* Every composition of a PDN text (`name`: the file, for the problems' source) added as a
 * problem: each game that starts from a position of its FEN tag (not the
 * initial one), of Russian checkers, the goal a draw when the record's
 * result is one and a win otherwise, titled by its Event tag (else "game N"). Games that cannot
 * be read or proven are left out, each named in `report` ("game 3: ..."; separated by "; ").
 * Returns how many were added. */
int contest_add_pdn(ShContest *contest, const char *text, size_t size, const char *name,
                    int points, const ContestLimits *limits, char *report, size_t report_size);

/* sh_contest_answer's judge: does `move` force the goal within `moves` solver's moves? `ctx`
 * is a const ContestLimits * (or NULL). */
bool contest_wins(void *ctx, const ShPosition *pos, const ShMove *move, ShContestGoal goal,
                  int moves);

/* The soundness of an entry: *sound and a report ("sound", "cook: e3:c5 wins too", "the stated
 * key c3-b4 is not the key (d2-e3)", "duals in the main line: 2. e3-f4 (or e3-d4)"). */
void contest_check_entry(const ShPosition *pos, ShContestGoal goal, const char *stated,
                         const ContestLimits *limits, bool *sound, char *report, size_t size);

#endif
