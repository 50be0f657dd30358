/*
 * contest.c - solving and composing contests (shashki_contest.h): settings, problems and their
 * proof trees, solvers and their attempts judged answer by answer, standings; composing
 * contests' entries, soundness, judges' points and the award.
 *
 * The judge of an attempt is a walk over the problem's proof tree. The attempt keeps the
 * defences still to be answered (a stack, the main line's on top, so the solver is asked the
 * main line first, then every other defence in the tree's order). An answer that is the
 * tree's move opens the defences to it; another move is put to the caller's `wins` (the
 * engine's solver): a winning first move is another key, scored by the contest's rule and
 * ending the problem; a winning later move is a dual, accepted, and ends that line; a move
 * that does not win fails the problem.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "contest.h"
#include "error.h"

void sh_contest_settings_init(ShContestSettings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "contest");
    s->kind = SH_CONTEST_SOLVING;
    s->alternative = SH_ALTERNATIVE_HALF;
    snprintf(s->code, sizeof s->code, "SOLVE");
}

ShStatus sh_contest_settings_set(ShContestSettings *s, const char *key, const char *value,
                                 ShError *err)
{
    if (!strcmp(key, "name")) {
        if (!*value || strlen(value) >= sizeof s->name)
            return error_set(err, SH_ERR_SYNTAX, 0, 0, "name: 1 to %zu characters",
                             sizeof s->name - 1);
        snprintf(s->name, sizeof s->name, "%s", value);
    } else if (!strcmp(key, "kind")) {
        if (!strcmp(value, "solving"))
            s->kind = SH_CONTEST_SOLVING;
        else if (!strcmp(value, "composing"))
            s->kind = SH_CONTEST_COMPOSING;
        else
            return error_set(err, SH_ERR_SYNTAX, 0, 0, "kind = '%s': solving or composing", value);
    } else if (!strcmp(key, "minutes")) {
        char *end;
        long v = strtol(value, &end, 10);
        if (!*value || *end || v < 0 || v > 10000)
            return error_set(err, SH_ERR_SYNTAX, 0, 0, "minutes = '%s': 0 to 10000", value);
        s->minutes = (int)v;
    } else if (!strcmp(key, "alternative")) {
        if (!strcmp(value, "full"))
            s->alternative = SH_ALTERNATIVE_FULL;
        else if (!strcmp(value, "half"))
            s->alternative = SH_ALTERNATIVE_HALF;
        else if (!strcmp(value, "none"))
            s->alternative = SH_ALTERNATIVE_NONE;
        else
            return error_set(err, SH_ERR_SYNTAX, 0, 0,
                             "alternative = '%s': full, half or none (the points of another "
                             "winning key)",
                             value);
    } else if (!strcmp(key, "marks")) {
        if (!strcmp(value, "total"))
            s->marks = SH_MARKS_TOTAL;
        else if (!strcmp(value, "trimmed"))
            s->marks = SH_MARKS_TRIMMED;
        else
            return error_set(err, SH_ERR_SYNTAX, 0, 0,
                             "marks = '%s': total (every mark counts) or trimmed (the highest "
                             "and the lowest do not)",
                             value);
    } else if (!strcmp(key, "published")) {
        if (!strcmp(value, "yes") || !strcmp(value, "no"))
            s->published = value[0] == 'y';
        else
            return error_set(err, SH_ERR_SYNTAX, 0, 0, "published = '%s': yes or no", value);
    } else if (!strcmp(key, "code")) {
        size_t n = strlen(value);
        bool ok = n >= 4 && n <= 12;
        for (size_t i = 0; i < n && ok; i++)
            ok = isalnum((unsigned char)value[i]);
        if (!ok)
            return error_set(err, SH_ERR_SYNTAX, 0, 0,
                             "code = '%s': 4 to 12 letters and digits", value);
        snprintf(s->code, sizeof s->code, "%s", value);
    } else {
        return error_set(err, SH_ERR_SYNTAX, 0, 0,
                         "there is no setting '%s' (name, kind, minutes, alternative, code, "
                         "marks, published)",
                         key);
    }
    return SH_OK;
}

ShStatus sh_contest_new(ShContest **out, const ShContestSettings *settings, ShError *err)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    (*out)->settings = *settings;
    return SH_OK;
}

void sh_contest_free(ShContest *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->nproblems; i++)
        free(c->problems[i].steps);
    for (int i = 0; i < c->nsolvers; i++) {
        for (int k = 0; k < SH_CONTEST_MAX_PROBLEMS; k++)
            free(c->solvers[i]->attempts[k].pending);
        free(c->solvers[i]);
    }
    free(c->entries);
    free(c->marks);
    free(c);
}

const ShContestSettings *sh_contest_settings(const ShContest *c)
{
    return &c->settings;
}

ShStatus sh_contest_set(ShContest *c, const char *key, const char *value, ShError *err)
{
    ShContestSettings s = c->settings;
    ShStatus st = sh_contest_settings_set(&s, key, value, err);
    if (st != SH_OK)
        return st;
    if (s.kind != c->settings.kind && (c->nproblems || c->nentries))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the contest has problems or entries: its kind is fixed");
    c->settings = s;
    return SH_OK;
}

/* ---- problems ---- */

int contest_step_line(const ShContestProblem *p, int step, ShMove *out, int max)
{
    int chain[SH_CONTEST_MAX_STEPS], n = 0;
    for (int i = step; i >= 0 && n < SH_CONTEST_MAX_STEPS; i = p->steps[i].parent)
        chain[n++] = i;
    int k = 0;
    for (int j = n - 1; j >= 0 && k < max; j--)
        out[k++] = p->steps[chain[j]].move;
    return k;
}

void contest_step_position(const ShContestProblem *p, int step, ShPosition *out)
{
    ShMove line[SH_CONTEST_MAX_STEPS];
    int n = contest_step_line(p, step, line, SH_CONTEST_MAX_STEPS);
    *out = p->start;
    for (int i = 0; i < n; i++)
        sh_position_play(out, &line[i], out);
}

static bool legal(const ShPosition *pos, const ShMove *m)
{
    ShMoveList list;
    sh_moves_generate(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (sh_move_equal(&list.moves[i], m))
            return true;
    return false;
}

ShStatus contest_set_tree(ShContestProblem *p, const ShContestStep *steps, int count,
                          ShError *err)
{
    if (count < 1 || count > SH_CONTEST_MAX_STEPS)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a problem's solution has 1 to %d moves in all (this one %d)",
                         SH_CONTEST_MAX_STEPS, count);
    ShPosition *after = malloc(sizeof(ShPosition) * (size_t)count);
    if (!after)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ShStatus st = SH_OK;
    int moves = 0;
    for (int i = 0; i < count && st == SH_OK; i++) {
        const ShContestStep *s = &steps[i];
        if (s->parent < -1 || s->parent >= i || (s->parent == -1) != (i == 0)) {
            st = error_set(err, SH_ERR_ARGUMENT, 0, 0, "step %d: a parent before it", i + 1);
            break;
        }
        const ShPosition *pos = s->parent < 0 ? &p->start : &after[s->parent];
        bool solver_turn = s->parent < 0 || !steps[s->parent].solver;
        if (s->solver != solver_turn || !legal(pos, &s->move)) {
            st = error_set(err, SH_ERR_ARGUMENT, 0, 0, "step %d: not a legal move of the %s",
                           i + 1, solver_turn ? "solver" : "defender");
            break;
        }
        sh_position_play(pos, &s->move, &after[i]);
        if (s->solver && s->main)
            moves++;
    }
    /* every solver's move is followed by every defence, or by none (the line ends) */
    for (int i = 0; i < count && st == SH_OK; i++) {
        if (!steps[i].solver)
            continue;
        int children = 0;
        for (int j = i + 1; j < count; j++)
            children += steps[j].parent == i;
        int defences = sh_moves_count(&after[i]);
        if (children && children != defences)
            st = error_set(err, SH_ERR_ARGUMENT, 0, 0,
                           "step %d: %d defences in the tree, %d legal", i + 1, children,
                           defences);
    }
    free(after);
    if (st != SH_OK)
        return st;
    ShContestStep *copy = malloc(sizeof(ShContestStep) * (size_t)count);
    if (!copy)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    memcpy(copy, steps, sizeof(ShContestStep) * (size_t)count);
    free(p->steps);
    p->steps = copy;
    p->step_count = count;
    p->moves = moves;
    return SH_OK;
}

ShStatus sh_contest_add_problem(ShContest *c, const char *title, const char *source,
                                const ShPosition *start, ShContestGoal goal, int points,
                                const ShContestStep *steps, int count, int *id, ShError *err)
{
    if (c->settings.kind != SH_CONTEST_SOLVING)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a composing contest has entries, not "
                                                     "problems");
    if (c->nproblems >= SH_CONTEST_MAX_PROBLEMS)
        return error_set(err, SH_ERR_LIMIT, 0, 0, "a contest has at most %d problems",
                         SH_CONTEST_MAX_PROBLEMS);
    if (points < 0 || points > 1000)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a problem scores 0 to 100 points");
    if (start->variant != SH_VARIANT_RUSSIAN)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "contests are of Russian checkers");
    ShContestProblem p;
    memset(&p, 0, sizeof p);
    p.id = c->nproblems + 1;
    snprintf(p.title, sizeof p.title, "%s", title && *title ? title : "problem");
    snprintf(p.source, sizeof p.source, "%s", source ? source : "");
    p.start = *start;
    p.goal = goal;
    p.points = points;
    ShStatus st = contest_set_tree(&p, steps, count, err);
    if (st != SH_OK)
        return st;
    c->problems[c->nproblems++] = p;
    if (id)
        *id = p.id;
    return SH_OK;
}

int sh_contest_problem_count(const ShContest *c)
{
    return c->nproblems;
}

const ShContestProblem *sh_contest_problem(const ShContest *c, int id)
{
    return id >= 1 && id <= c->nproblems ? &c->problems[id - 1] : NULL;
}

/* ---- solvers ---- */

Solver *contest_solver(const ShContest *c, int id)
{
    return id >= 1 && id <= c->nsolvers ? c->solvers[id - 1] : NULL;
}

int sh_contest_solver_count(const ShContest *c)
{
    return c->nsolvers;
}

const char *sh_contest_solver_name(const ShContest *c, int id)
{
    const Solver *s = contest_solver(c, id);
    return s ? s->name : NULL;
}

int sh_contest_find_solver(const ShContest *c, const char *name)
{
    for (int i = 0; i < c->nsolvers; i++)
        if (!strcasecmp(c->solvers[i]->name, name))
            return i + 1;
    return 0;
}

int64_t sh_contest_solver_joined(const ShContest *c, int id)
{
    const Solver *s = contest_solver(c, id);
    return s ? s->joined : -1;
}

ShStatus sh_contest_set_solver_key(ShContest *c, int id, const char *key, ShError *err)
{
    Solver *s = contest_solver(c, id);
    if (!s)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no solver %d", id);
    size_t n = strlen(key);
    bool ok = n < sizeof s->key;
    for (size_t i = 0; i < n && ok; i++)
        ok = isalnum((unsigned char)key[i]);
    if (!ok)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a solver's key is at most %zu letters and "
                                                     "digits",
                         sizeof s->key - 1);
    snprintf(s->key, sizeof s->key, "%s", key);
    return SH_OK;
}

const char *sh_contest_solver_key(const ShContest *c, int id)
{
    const Solver *s = contest_solver(c, id);
    return s ? s->key : NULL;
}

ShStatus sh_contest_join(ShContest *c, const char *code, const char *name, int64_t now,
                         int *id, ShError *err)
{
    if (c->settings.kind != SH_CONTEST_SOLVING)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a composing contest has no solvers");
    if (strcasecmp(code ? code : "", c->settings.code))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "that is not the contest's code");
    if (!name || !*name || strlen(name) >= SH_CONTEST_TEXT)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a solver needs a name");
    if (sh_contest_find_solver(c, name))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s has signed in already", name);
    if (c->nsolvers >= SH_CONTEST_MAX_SOLVERS)
        return error_set(err, SH_ERR_LIMIT, 0, 0, "the contest is full");
    Solver *s = calloc(1, sizeof *s);
    if (!s)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    s->id = c->nsolvers + 1;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->joined = now;
    c->solvers[c->nsolvers++] = s;
    if (id)
        *id = s->id;
    return SH_OK;
}

/* ---- attempts ---- */

static bool push(Attempt *a, int step)
{
    int *bigger = realloc(a->pending, sizeof(int) * (size_t)(a->npending + 1));
    if (!bigger)
        return false;
    a->pending = bigger;
    a->pending[a->npending++] = step;
    return true;
}

Attempt *contest_attempt_begin(ShContest *c, Solver *s, int problem, ShError *err)
{
    if (problem < 1 || problem > c->nproblems) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no problem %d (1 to %d)", problem,
                  c->nproblems);
        return NULL;
    }
    Attempt *a = &s->attempts[problem - 1];
    if (!a->begun) {
        a->begun = true;
        a->state = SH_ATTEMPT_OPEN;
        if (!push(a, -1)) {
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            return NULL;
        }
    }
    return a;
}

/* The solver's step answering node `node` (-1: the key), or -1. */
static int answer_step(const ShContestProblem *p, int node)
{
    for (int i = node + 1; i < p->step_count; i++)
        if (p->steps[i].parent == node && p->steps[i].solver)
            return i;
    return -1;
}

static void describe(const ShContestProblem *p, int node, const ShMove *move, char *out,
                     size_t size)
{
    ShMove line[SH_CONTEST_MAX_STEPS];
    int n = node >= 0 ? contest_step_line(p, node, line, SH_CONTEST_MAX_STEPS) : 0;
    ShPosition pos = p->start;
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i <= n && len < size; i++) {
        const ShMove *m = i < n ? &line[i] : move;
        char text[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, m, SH_NOTATION_SHORT, text, NULL) != SH_OK)
            snprintf(text, sizeof text, "?");
        int k = snprintf(out + len, size - len, "%s%s%s", i ? " " : "", text,
                         i == n ? "?" : "");
        len += k > 0 ? (size_t)k : 0;
        if (i < n)
            sh_position_play(&pos, m, &pos);
    }
}

void contest_judge(ShContest *c, Solver *s, int problem, const ShMove *move, int64_t now,
                   ShContestWins wins, void *ctx)
{
    const ShContestProblem *p = &c->problems[problem - 1];
    Attempt *a = &s->attempts[problem - 1];
    if (a->state != SH_ATTEMPT_OPEN || a->npending == 0)
        return;
    int node = a->pending[--a->npending];
    ShPosition pos;
    if (node >= 0)
        contest_step_position(p, node, &pos);
    else
        pos = p->start;
    int expected = answer_step(p, node);
    if (expected >= 0 && sh_move_equal(&p->steps[expected].move, move)) {
        a->answered++;
        /* the defences to it, the main one on top */
        int kids[SH_CONTEST_MAX_STEPS], k = 0, main_kid = -1;
        for (int i = expected + 1; i < p->step_count; i++)
            if (p->steps[i].parent == expected && answer_step(p, i) >= 0) {
                if (p->steps[i].main)
                    main_kid = i;
                else
                    kids[k++] = i;
            }
        for (int i = k - 1; i >= 0; i--)
            push(a, kids[i]);
        if (main_kid >= 0)
            push(a, main_kid);
    } else {
        /* the solver's moves made before this one */
        int before = 0;
        for (int i = node; i >= 0; i = p->steps[i].parent)
            before += p->steps[i].solver;
        int left = p->moves - before;
        bool ok = legal(&pos, move) && left >= 1 && wins && wins(ctx, &pos, move, p->goal, left);
        if (!ok) {
            a->state = SH_ATTEMPT_FAILED;
            a->points = 0;
            describe(p, node, move, a->failure, sizeof a->failure);
            size_t n = strlen(a->failure);
            snprintf(a->failure + n, sizeof a->failure - n, " does not %s",
                     p->goal == SH_CONTEST_WIN ? "win" : "draw");
            a->finished = now - s->joined;
            return;
        }
        a->answered++;
        if (node < 0) { /* another key */
            a->alternative = true;
            a->npending = 0;
            if (c->settings.alternative == SH_ALTERNATIVE_NONE) {
                a->state = SH_ATTEMPT_FAILED;
                snprintf(a->failure, sizeof a->failure,
                         "another key than the composer's scores nothing in this contest");
                a->finished = now - s->joined;
                return;
            }
        }
        /* a dual later on: accepted, the line ends there */
    }
    if (a->npending == 0) {
        a->state = SH_ATTEMPT_SOLVED;
        a->points = a->alternative && c->settings.alternative == SH_ALTERNATIVE_HALF
                        ? p->points / 2
                        : p->points;
        a->finished = now - s->joined;
    }
}

void contest_view(const ShContest *c, const Solver *s, int problem, ShAttemptView *v)
{
    const ShContestProblem *p = &c->problems[problem - 1];
    const Attempt *a = &s->attempts[problem - 1];
    memset(v, 0, sizeof *v);
    v->state = a->begun ? a->state : SH_ATTEMPT_OPEN;
    v->points = a->points;
    v->alternative = a->alternative;
    v->answered = a->answered;
    v->finished = a->finished;
    snprintf(v->failure, sizeof v->failure, "%s", a->failure);
    int node = a->begun && a->npending ? a->pending[a->npending - 1] : -1;
    v->position = p->start;
    if (node >= 0 && v->state == SH_ATTEMPT_OPEN) {
        v->line_count = contest_step_line(p, node, v->line, 64);
        contest_step_position(p, node, &v->position);
    }
}

ShStatus sh_contest_attempt(const ShContest *c, int solver, int problem, ShAttemptView *view,
                            ShError *err)
{
    const Solver *s = contest_solver(c, solver);
    if (!s)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no solver %d", solver);
    if (problem < 1 || problem > c->nproblems)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no problem %d", problem);
    contest_view(c, s, problem, view);
    return SH_OK;
}

bool contest_time_is_up(const ShContest *c, const Solver *s, int64_t now)
{
    return c->settings.minutes > 0 && now - s->joined > (int64_t)c->settings.minutes * 60;
}

void sh_contest_time_up(ShContest *c, int solver, int64_t now)
{
    Solver *s = contest_solver(c, solver);
    if (!s)
        return;
    for (int k = 0; k < c->nproblems; k++) {
        Attempt *a = &s->attempts[k];
        if (a->state == SH_ATTEMPT_OPEN) {
            a->begun = true;
            a->state = SH_ATTEMPT_FAILED;
            a->npending = 0;
            a->finished = now - s->joined;
            snprintf(a->failure, sizeof a->failure, "the time ran out");
        }
    }
}

ShStatus sh_contest_answer(ShContest *c, int solver, int problem, const ShMove *move,
                           int64_t now, ShContestWins wins, void *ctx, ShAttemptView *view,
                           ShError *err)
{
    Solver *s = contest_solver(c, solver);
    if (!s)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no solver %d", solver);
    if (contest_time_is_up(c, s, now)) {
        sh_contest_time_up(c, solver, now);
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the time is up (%d minutes)",
                         c->settings.minutes);
    }
    Attempt *a = contest_attempt_begin(c, s, problem, err);
    if (!a)
        return err ? err->code : SH_ERR_ARGUMENT;
    if (a->state != SH_ATTEMPT_OPEN)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "problem %d is over for %s", problem,
                         s->name);
    contest_judge(c, s, problem, move, now, wins, ctx);
    if (view)
        contest_view(c, s, problem, view);
    return SH_OK;
}

/* ---- standings ---- */

int sh_contest_standings(const ShContest *c, ShContestStanding **out, ShError *err)
{
    *out = NULL;
    ShContestStanding *rows = calloc((size_t)c->nsolvers + 1, sizeof *rows);
    if (!rows)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    for (int i = 0; i < c->nsolvers; i++) {
        const Solver *s = c->solvers[i];
        ShContestStanding *r = &rows[i];
        r->solver = s->id;
        for (int k = 0; k < c->nproblems; k++) {
            const Attempt *a = &s->attempts[k];
            if (!a->begun || a->state == SH_ATTEMPT_OPEN)
                continue;
            if (a->state == SH_ATTEMPT_SOLVED) {
                r->points += a->points;
                r->solved++;
            }
            if (a->finished > r->time)
                r->time = a->finished;
        }
    }
    for (int i = 1; i < c->nsolvers; i++) {
        ShContestStanding x = rows[i];
        int j = i;
        while (j > 0 && (rows[j - 1].points < x.points ||
                         (rows[j - 1].points == x.points && rows[j - 1].time > x.time))) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = x;
    }
    for (int i = 0; i < c->nsolvers; i++)
        rows[i].rank = i > 0 && rows[i - 1].points == rows[i].points &&
                               rows[i - 1].time == rows[i].time
                           ? rows[i - 1].rank
                           : i + 1;
    *out = rows;
    return c->nsolvers;
}

/* ---- composing ---- */

ShStatus sh_contest_set_entry_account(ShContest *c, int entry, const char *account,
                                      ShError *err)
{
    if (entry < 1 || entry > c->nentries)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no entry %d", entry);
    if (!account || strlen(account) >= SH_CONTEST_TEXT || strpbrk(account, "\t\n"))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "an account's name, one line");
    snprintf(c->entries[entry - 1].account, SH_CONTEST_TEXT, "%s", account);
    return SH_OK;
}

ShStatus sh_contest_add_entry(ShContest *c, const char *author, const char *title,
                              const ShPosition *start, ShContestGoal goal, const char *stated,
                              int *id, ShError *err)
{
    if (c->settings.kind != SH_CONTEST_COMPOSING)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a solving contest has problems, not "
                                                     "entries");
    if (!author || !*author || strlen(author) >= SH_CONTEST_TEXT)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "an entry needs its author");
    if (c->nentries == c->entry_cap) {
        int cap = c->entry_cap ? c->entry_cap * 2 : 8;
        ShContestEntry *bigger = realloc(c->entries, sizeof *bigger * (size_t)cap);
        if (!bigger)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        c->entries = bigger;
        c->entry_cap = cap;
    }
    ShContestEntry *e = &c->entries[c->nentries];
    memset(e, 0, sizeof *e);
    e->id = c->nentries + 1;
    snprintf(e->author, sizeof e->author, "%s", author);
    snprintf(e->title, sizeof e->title, "%s", title ? title : "");
    e->start = *start;
    e->goal = goal;
    snprintf(e->stated, sizeof e->stated, "%s", stated ? stated : "");
    c->nentries++;
    if (id)
        *id = e->id;
    return SH_OK;
}

int sh_contest_entry_count(const ShContest *c)
{
    return c->nentries;
}

const ShContestEntry *sh_contest_entry(const ShContest *c, int id)
{
    return id >= 1 && id <= c->nentries ? &c->entries[id - 1] : NULL;
}

ShStatus sh_contest_set_soundness(ShContest *c, int entry, bool sound, const char *report,
                                  ShError *err)
{
    if (entry < 1 || entry > c->nentries)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no entry %d", entry);
    ShContestEntry *e = &c->entries[entry - 1];
    e->checked = true;
    e->sound = sound;
    snprintf(e->report, sizeof e->report, "%s", report ? report : "");
    return SH_OK;
}

ShStatus sh_contest_judge(ShContest *c, const char *judge, int entry, int points, ShError *err)
{
    if (entry < 1 || entry > c->nentries)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no entry %d", entry);
    if (!judge || !*judge || strlen(judge) >= SH_CONTEST_TEXT)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a judge needs a name");
    if (points < 0 || points > 100)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a judge gives 0 to 10 points");
    const ShContestEntry *e = &c->entries[entry - 1];
    if (!e->checked || !e->sound)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "entry %d is %s: only sound entries are judged", entry,
                         e->checked ? "not sound" : "not checked yet");
    int judges = 0;
    for (int i = 0; i < c->nmarks; i++) {
        if (!strcasecmp(c->marks[i].judge, judge) && c->marks[i].entry == entry) {
            c->marks[i].points = points;
            return SH_OK;
        }
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = !strcasecmp(c->marks[j].judge, c->marks[i].judge);
        judges += !seen;
    }
    if (judges >= SH_CONTEST_MAX_JUDGES)
        return error_set(err, SH_ERR_LIMIT, 0, 0, "at most %d judges", SH_CONTEST_MAX_JUDGES);
    if (c->nmarks == c->mark_cap) {
        int cap = c->mark_cap ? c->mark_cap * 2 : 16;
        Mark *bigger = realloc(c->marks, sizeof *bigger * (size_t)cap);
        if (!bigger)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        c->marks = bigger;
        c->mark_cap = cap;
    }
    Mark *m = &c->marks[c->nmarks++];
    snprintf(m->judge, sizeof m->judge, "%s", judge);
    m->entry = entry;
    m->points = points;
    return SH_OK;
}

int sh_contest_award(const ShContest *c, ShAwardRow **out, ShError *err)
{
    *out = NULL;
    ShAwardRow *rows = calloc((size_t)c->nentries + 1, sizeof *rows);
    if (!rows)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    for (int i = 0; i < c->nentries; i++) {
        rows[i].entry = i + 1;
        int high = -1, low = 101;
        for (int k = 0; k < c->nmarks; k++)
            if (c->marks[k].entry == i + 1) {
                int m = c->marks[k].points;
                rows[i].points += m;
                rows[i].judges++;
                high = m > high ? m : high;
                low = m < low ? m : low;
            }
        rows[i].counted = rows[i].judges;
        if (c->settings.marks == SH_MARKS_TRIMMED && rows[i].judges >= 3) {
            /* one highest and one lowest mark do not count (the same mark when all agree) */
            rows[i].points -= high + low;
            rows[i].counted -= 2;
        }
    }
    /* the sound entries by points, then the others */
    for (int i = 1; i < c->nentries; i++) {
        ShAwardRow x = rows[i];
        bool xs = c->entries[x.entry - 1].sound;
        int j = i;
        while (j > 0) {
            bool ys = c->entries[rows[j - 1].entry - 1].sound;
            if (ys > xs || (ys == xs && rows[j - 1].points >= x.points))
                break;
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = x;
    }
    for (int i = 0; i < c->nentries; i++) {
        if (!c->entries[rows[i].entry - 1].sound)
            continue;
        rows[i].place = i > 0 && rows[i - 1].place && rows[i - 1].points == rows[i].points
                            ? rows[i - 1].place
                            : i + 1;
    }
    *out = rows;
    return c->nentries;
}
