/*
 * shashki_contest.h - solving and composing contests (src/contest/): the contract.
 *
 * A SOLVING contest: the arbiter picks compositions (positions with a forced win or draw for
 * the side to move) and a time; solvers sign in with the contest's code and solve each
 * problem move by move (or send the whole solution as text). Each problem keeps its proof
 * tree (engine/solve.h's, given when the problem is added: the solver's move at each point,
 * every defence to it), and a solver has answered a problem when he has given the key and the
 * answer to every defence of the tree. An answer that is not the tree's is judged by a
 * callback (the engine's solver: does the move still force the goal within the moves left?):
 * a different winning move later in the solution (a dual) is accepted and ends that line; a
 * different winning FIRST move scores as the contest's `alternative` rule says (full, half or
 * no points); a move that does not win fails the problem. Points per problem; the tie-break is
 * the total time (from signing in to the last problem finished).
 *
 * A COMPOSING contest: entries are positions with their stated solution; each is checked for
 * soundness (the stated result exists, no second solution (cook), duals of the main line
 * reported: sh_contest_set_soundness, from the engine's solver); judges give the sound entries
 * points, and the award ranks them by their total.
 *
 * The contest is in memory, written to and read from a text (what the store keeps); no
 * printing, no global state; every change is checked first and refused with a reason. Russian
 * checkers positions (FEN).
 */
#ifndef SHASHKI_CONTEST_H
#define SHASHKI_CONTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shashki.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SH_CONTEST_TEXT 96
#define SH_CONTEST_MAX_PROBLEMS 64
#define SH_CONTEST_MAX_STEPS 400   /* a problem's proof tree, at most */
#define SH_CONTEST_MAX_SOLVERS 512
#define SH_CONTEST_MAX_JUDGES 16
#define SH_CONTEST_KEY 72        /* a solver's key, with its end */

typedef enum ShContestKind { SH_CONTEST_SOLVING = 0, SH_CONTEST_COMPOSING } ShContestKind;

typedef enum ShContestAlternative {
    SH_ALTERNATIVE_FULL = 0, /* another winning key scores the problem's points */
    SH_ALTERNATIVE_HALF,     /* half of them */
    SH_ALTERNATIVE_NONE      /* nothing */
} ShContestAlternative;

typedef enum ShContestGoal { SH_CONTEST_WIN = 0, SH_CONTEST_DRAW } ShContestGoal;

/* How the judges' marks make an entry's points (docs/contests.md "Judging"). */
typedef enum ShContestMarks {
    SH_MARKS_TOTAL = 0, /* every judge's mark counts: the plain total */
    SH_MARKS_TRIMMED    /* with 3 marks or more, the highest and the lowest one do not count */
} ShContestMarks;

typedef struct ShContestSettings {
    char name[SH_CONTEST_TEXT];
    ShContestKind kind;
    int minutes;                       /* the solving time (0: none) */
    ShContestAlternative alternative;
    char code[16];                     /* the code solvers sign in with */
    ShContestMarks marks;              /* composing: how marks count */
    bool published;                    /* composing: the award is out (authors named to all) */
} ShContestSettings;

/* Settings "key = value": name, kind (solving, composing), minutes, alternative (full, half,
 * none), code (letters and digits, 4-12), marks (total, trimmed), published (yes, no). */
void sh_contest_settings_init(ShContestSettings *s);
ShStatus sh_contest_settings_set(ShContestSettings *s, const char *key, const char *value,
                                 ShError *err);

/* One step of a problem's proof tree, as solve.h's SolveStep: steps in preorder, each
 * naming its parent (-1: the key, the solver's first move); the solver's steps answer a
 * defence, the defender's steps are every defence to a solver's move; `main` the main line. */
typedef struct ShContestStep {
    ShMove move;
    int parent;
    bool solver;
    bool main;
} ShContestStep;

typedef struct ShContestProblem {
    int id;                            /* 1-based */
    char title[SH_CONTEST_TEXT];
    char source[SH_CONTEST_TEXT];      /* a puzzle's id, a file, "editor" */
    ShPosition start;                  /* the solver to move */
    ShContestGoal goal;
    int moves;                         /* the solver's moves on the main line */
    int points;                        /* tenths */
    int step_count;
    ShContestStep *steps;
} ShContestProblem;

/* An entry of a composing contest. */
typedef struct ShContestEntry {
    int id;
    char author[SH_CONTEST_TEXT];
    char title[SH_CONTEST_TEXT];
    ShPosition start;
    ShContestGoal goal;
    char stated[1024];                 /* the stated solution, as the author wrote it */
    bool checked;                      /* soundness checked */
    bool sound;                        /* the stated result proven, no cook */
    char report[512];                  /* what the check found (cook, duals, a wrong key) */
    char account[SH_CONTEST_TEXT];     /* the composer's account that sent it ("": the arbiter
                                          entered it); the entry is anonymous to the judges
                                          until the award is published */
} ShContestEntry;

typedef struct ShContest ShContest;

ShStatus sh_contest_new(ShContest **contest, const ShContestSettings *settings, ShError *err);
void sh_contest_free(ShContest *contest);
const ShContestSettings *sh_contest_settings(const ShContest *contest);
ShStatus sh_contest_set(ShContest *contest, const char *key, const char *value, ShError *err);

/* Problems (solving). The tree must be a proof for the side to move of `start` (every
 * solver's step legal and followed by every legal defence); it is checked and copied. */
ShStatus sh_contest_add_problem(ShContest *contest, const char *title, const char *source,
                                const ShPosition *start, ShContestGoal goal, int points,
                                const ShContestStep *steps, int step_count, int *id,
                                ShError *err);
int sh_contest_problem_count(const ShContest *contest);
const ShContestProblem *sh_contest_problem(const ShContest *contest, int id);
/* The main line of a problem as text ("c3-d4 f6-e5 ..."); and the whole solution as a
 * composition's ("1. c3-d4! f6-e5 (1... h6-g5 2. d4:h8) 2. ..."). Returns the length needed. */
size_t sh_contest_solution_text(const ShContest *contest, int problem, bool whole, char *out,
                                size_t size);

/* Solvers. Signing in needs the contest's code; a name already signed in is refused. `now`
 * is the time in seconds (any epoch; the contest's clock is the caller's). */
ShStatus sh_contest_join(ShContest *contest, const char *code, const char *name, int64_t now,
                         int *solver, ShError *err);
int sh_contest_solver_count(const ShContest *contest);
const char *sh_contest_solver_name(const ShContest *contest, int solver);
int sh_contest_find_solver(const ShContest *contest, const char *name);
/* When he signed in (the `now` of sh_contest_join), or -1 for no such solver. */
int64_t sh_contest_solver_joined(const ShContest *contest, int solver);
/* A solver's key: what a program keeps to know his device again (the web app: the hash of his
 * token, in hex); letters and digits, at most SH_CONTEST_KEY - 1; "" (the default) none. */
ShStatus sh_contest_set_solver_key(ShContest *contest, int solver, const char *key,
                                   ShError *err);
const char *sh_contest_solver_key(const ShContest *contest, int solver);

typedef enum ShAttemptState {
    SH_ATTEMPT_OPEN = 0,     /* not begun, or answers still asked */
    SH_ATTEMPT_SOLVED,       /* every answer given (or another winning key, scored by the rule) */
    SH_ATTEMPT_FAILED        /* a move that does not win, or the time ran out */
} ShAttemptState;

/* Where a solver is in a problem: the position he is to answer (the problem's start, or a
 * defence just played), and what came before it. */
typedef struct ShAttemptView {
    ShAttemptState state;
    int points;              /* tenths, when solved */
    bool alternative;        /* solved with another key than the composer's */
    int answered;            /* answers given */
    ShPosition position;     /* the solver to move (open attempts) */
    int line_count;
    ShMove line[64];         /* the moves from the start to it */
    int64_t finished;        /* seconds from signing in to the end of the attempt */
    char failure[160];       /* why it failed */
} ShAttemptView;

ShStatus sh_contest_attempt(const ShContest *contest, int solver, int problem,
                            ShAttemptView *view, ShError *err);

/* Does `move` (the solver's) from `pos` force the goal within `moves` of the solver's moves
 * (counting this one)? The engine's solver answers (solve.h). */
typedef bool (*ShContestWins)(void *ctx, const ShPosition *pos, const ShMove *move,
                              ShContestGoal goal, int moves);

/* The solver's answer to the position his attempt is at. Refused (not judged) after the
 * attempt is over, or after the contest's time since signing in. The view after it. */
ShStatus sh_contest_answer(ShContest *contest, int solver, int problem, const ShMove *move,
                           int64_t now, ShContestWins wins, void *ctx, ShAttemptView *view,
                           ShError *err);
/* A whole solution as text, in the composition's form: moves with or without their numbers,
 * "!" and "?" ignored, the other defences in parentheses, each with its answer: "1. c3-d4!
 * f6-e5 (1... h6-g5 2. d4:h8) 2. d4:f6". Judged as the answers move by move would be: every
 * defence the tree has must have its answer in the text (the first missing one fails it). */
ShStatus sh_contest_answer_text(ShContest *contest, int solver, int problem, const char *text,
                                int64_t now, ShContestWins wins, void *ctx, ShAttemptView *view,
                                ShError *err);
/* The time is up for a solver: his open attempts fail. */
void sh_contest_time_up(ShContest *contest, int solver, int64_t now);

typedef struct ShContestStanding {
    int solver;
    int rank;
    int points;              /* tenths */
    int solved;
    int64_t time;            /* seconds: from signing in to the last attempt finished */
} ShContestStanding;

/* Points, then the lesser time. *rows malloc'ed; the count or -1. */
int sh_contest_standings(const ShContest *contest, ShContestStanding **rows, ShError *err);

/* Composing: entries, their soundness (from the engine's solver), the judges' points, and the
 * award (the sound entries by their total points; equal totals share a place). */
ShStatus sh_contest_add_entry(ShContest *contest, const char *author, const char *title,
                              const ShPosition *start, ShContestGoal goal, const char *stated,
                              int *id, ShError *err);
int sh_contest_entry_count(const ShContest *contest);
const ShContestEntry *sh_contest_entry(const ShContest *contest, int id);
ShStatus sh_contest_set_soundness(ShContest *contest, int entry, bool sound, const char *report,
                                  ShError *err);
/* The account that sent an entry (a composer sending his own; "" none). */
ShStatus sh_contest_set_entry_account(ShContest *contest, int entry, const char *account,
                                      ShError *err);
/* Judge `judge` (a name) gives entry `entry` `points` (tenths, 0-100); again replaces it. */
ShStatus sh_contest_judge(ShContest *contest, const char *judge, int entry, int points,
                          ShError *err);

typedef struct ShAwardRow {
    int entry;
    int place;               /* 1-based among the sound entries; 0: not sound (not ranked) */
    int points;              /* the marks that count (settings' `marks`), tenths */
    int judges;              /* judges who gave points */
    int counted;             /* the marks that count: judges, or judges - 2 when trimmed */
} ShAwardRow;
int sh_contest_award(const ShContest *contest, ShAwardRow **rows, ShError *err);

/* Files of a contest (src/contest/contest_export.c), *text malloc'ed:
 * - SH_CONTEST_EXPORT_PDN: every problem (solving) or entry (composing) as a PDN game from its
 *   position (FEN, its title, the goal), the solution as its moves (a problem's whole tree,
 *   the defences as variations) or the stated solution as a comment (an entry's, with its
 *   check's report; its author only with `authors`, the award being out or the arbiter asking);
 * - SH_CONTEST_EXPORT_TEXT: the results as text: the standings (solving; as shashki contest
 *   standings prints them) or the award (composing; as shashki contest award does, the authors
 *   as above). */
typedef enum ShContestExport { SH_CONTEST_EXPORT_PDN = 0, SH_CONTEST_EXPORT_TEXT } ShContestExport;
ShStatus sh_contest_export(const ShContest *contest, ShContestExport what, bool authors,
                           char **text, ShError *err);
/* Points in tenths as people write them: "7.5", "10"; into buf, which is returned. */
const char *sh_contest_points_text(int tenths, char buf[16]);

/* The whole contest as text and back ("shashki-contest 1" first); reading checks every line. */
ShStatus sh_contest_write(const ShContest *contest, char **text, ShError *err);
ShStatus sh_contest_read(const char *text, ShContest **contest, ShError *err);

#ifdef __cplusplus
}
#endif

#endif /* SHASHKI_CONTEST_H */
