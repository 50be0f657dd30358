/* contest.h - the inside of a contest (private to src/contest/): what contest.c keeps and
 * contest_io.c and contest_text.c read. */
#ifndef SHASHKI_CONTEST_CONTEST_H
#define SHASHKI_CONTEST_CONTEST_H

#include "shashki_contest.h"

typedef struct Attempt {
    bool begun;
    ShAttemptState state;
    int points;
    bool alternative;
    int answered;
    int npending;
    int *pending;            /* defender steps still to answer (-1: the key), last on top */
    int64_t finished;
    char failure[160];
} Attempt;

typedef struct Solver {
    int id;
    char name[SH_CONTEST_TEXT];
    int64_t joined;
    char key[SH_CONTEST_KEY];
    Attempt attempts[SH_CONTEST_MAX_PROBLEMS];
} Solver;

typedef struct Mark {
    char judge[SH_CONTEST_TEXT];
    int entry, points;
} Mark;

struct ShContest {
    ShContestSettings settings;
    int nproblems;
    ShContestProblem problems[SH_CONTEST_MAX_PROBLEMS];
    int nsolvers;
    Solver *solvers[SH_CONTEST_MAX_SOLVERS];
    int nentries, entry_cap;
    ShContestEntry *entries;
    int nmarks, mark_cap;
    Mark *marks;
};

/* A growing text (contest_io.c, contest_export.c): `failed` once out of memory. */
typedef struct ContestOut {
    char *s;
    size_t n, cap;
    bool failed;
} ContestOut;
void contest_putf(ContestOut *o, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* The position after step i of a problem's tree (its moves from the start). */
void contest_step_position(const ShContestProblem *p, int step, ShPosition *out);
/* The moves from the start to step i (included); returns how many (at most max). */
int contest_step_line(const ShContestProblem *p, int step, ShMove *out, int max);
/* Check a tree and copy it into the problem. */
ShStatus contest_set_tree(ShContestProblem *p, const ShContestStep *steps, int count,
                          ShError *err);
/* A solver's attempt, begun if it was not (its pending list holding the key). */
Attempt *contest_attempt_begin(ShContest *c, Solver *s, int problem, ShError *err);
/* Judge one answer at the attempt's current node. */
void contest_judge(ShContest *c, Solver *s, int problem, const ShMove *move, int64_t now,
                   ShContestWins wins, void *ctx);
Solver *contest_solver(const ShContest *c, int id);
/* The contest's time (minutes) since the solver signed in is over. */
bool contest_time_is_up(const ShContest *c, const Solver *s, int64_t now);
void contest_view(const ShContest *c, const Solver *s, int problem, ShAttemptView *view);

#endif
