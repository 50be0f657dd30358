/*
 * contest_io.c - a contest as text and back (shashki_contest.h): what the store keeps. A line
 * per record, tab separated, "shashki-contest 1" first:
 *
 *   set      KEY VALUE                          the settings
 *   problem  ID TITLE SOURCE FEN GOAL POINTS STEPS   then STEPS lines:
 *   step     PARENT SOLVER MAIN MOVE            the proof tree in preorder (MOVE in full
 *                                               notation, from the position it is played in)
 *   solver   ID NAME JOINED KEY                 (KEY may be empty, or missing)
 *   attempt  SOLVER PROBLEM STATE POINTS ALTERNATIVE ANSWERED FINISHED PENDING FAILURE
 *   entry    ID AUTHOR TITLE FEN GOAL CHECKED SOUND STATED REPORT
 *   owner    ENTRY ACCOUNT                      the composer's account that sent the entry
 *   mark     JUDGE ENTRY POINTS
 *
 * Reading checks each line (a problem's tree as sh_contest_add_problem does) and says where.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contest.h"
#include "error.h"

void contest_putf(ContestOut *o, const char *format, ...)
{
    if (o->failed)
        return;
    for (;;) {
        va_list args;
        va_start(args, format);
        int k = vsnprintf(o->s ? o->s + o->n : NULL, o->s ? o->cap - o->n : 0, format, args);
        va_end(args);
        if (k < 0) {
            o->failed = true;
            return;
        }
        if (o->s && (size_t)k < o->cap - o->n) {
            o->n += (size_t)k;
            return;
        }
        size_t cap = o->cap * 2 + (size_t)k + 1024;
        char *bigger = realloc(o->s, cap);
        if (!bigger) {
            o->failed = true;
            return;
        }
        o->s = bigger;
        o->cap = cap;
    }
}

/* A text field: a tab, then the text with its tabs and line ends as spaces. */
static void field(ContestOut *o, const char *s)
{
    contest_putf(o, "\t");
    for (; *s; s++)
        contest_putf(o, "%c", *s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
}

static const char *goal_name(ShContestGoal g)
{
    return g == SH_CONTEST_DRAW ? "draw" : "win";
}

ShStatus sh_contest_write(const ShContest *c, char **text, ShError *err)
{
    ContestOut o = {0};
    const ShContestSettings *s = &c->settings;
    contest_putf(&o, "shashki-contest 1\nset\tname");
    field(&o, s->name);
    contest_putf(&o, "\nset\tkind\t%s\nset\tminutes\t%d\nset\talternative\t%s\nset\tcode\t%s\n",
         s->kind == SH_CONTEST_SOLVING ? "solving" : "composing", s->minutes,
         s->alternative == SH_ALTERNATIVE_FULL   ? "full"
         : s->alternative == SH_ALTERNATIVE_HALF ? "half"
                                                 : "none",
         s->code);
    /* the composing settings, when not their defaults (older texts have none) */
    if (s->marks == SH_MARKS_TRIMMED)
        contest_putf(&o, "set\tmarks\ttrimmed\n");
    if (s->published)
        contest_putf(&o, "set\tpublished\tyes\n");
    for (int i = 0; i < c->nproblems; i++) {
        const ShContestProblem *p = &c->problems[i];
        char fen[SH_FEN_SIZE];
        sh_fen_write(&p->start, false, fen);
        contest_putf(&o, "problem\t%d", p->id);
        field(&o, p->title);
        field(&o, p->source);
        contest_putf(&o, "\t%s\t%s\t%d\t%d\n", fen, goal_name(p->goal), p->points, p->step_count);
        for (int k = 0; k < p->step_count; k++) {
            ShPosition pos;
            if (p->steps[k].parent >= 0)
                contest_step_position(p, p->steps[k].parent, &pos);
            else
                pos = p->start;
            char move[SH_MOVE_TEXT_SIZE];
            if (sh_move_write(&pos, &p->steps[k].move, SH_NOTATION_FULL, move, err) != SH_OK) {
                free(o.s);
                return err ? err->code : SH_ERR_ARGUMENT;
            }
            contest_putf(&o, "step\t%d\t%d\t%d\t%s\n", p->steps[k].parent, p->steps[k].solver,
                 p->steps[k].main, move);
        }
    }
    for (int i = 0; i < c->nsolvers; i++) {
        const Solver *v = c->solvers[i];
        contest_putf(&o, "solver\t%d", v->id);
        field(&o, v->name);
        contest_putf(&o, "\t%lld\t%s\n", (long long)v->joined, v->key);
        for (int k = 0; k < c->nproblems; k++) {
            const Attempt *a = &v->attempts[k];
            if (!a->begun)
                continue;
            contest_putf(&o, "attempt\t%d\t%d\t%d\t%d\t%d\t%d\t%lld\t", v->id, k + 1, (int)a->state,
                 a->points, a->alternative, a->answered, (long long)a->finished);
            if (!a->npending)
                contest_putf(&o, "-");
            for (int j = 0; j < a->npending; j++)
                contest_putf(&o, "%s%d", j ? "," : "", a->pending[j]);
            field(&o, a->failure);
            contest_putf(&o, "\n");
        }
    }
    for (int i = 0; i < c->nentries; i++) {
        const ShContestEntry *e = &c->entries[i];
        char fen[SH_FEN_SIZE];
        sh_fen_write(&e->start, false, fen);
        contest_putf(&o, "entry\t%d", e->id);
        field(&o, e->author);
        field(&o, e->title);
        contest_putf(&o, "\t%s\t%s\t%d\t%d", fen, goal_name(e->goal), e->checked, e->sound);
        field(&o, e->stated);
        field(&o, e->report);
        contest_putf(&o, "\n");
        if (e->account[0]) {
            contest_putf(&o, "owner\t%d", e->id);
            field(&o, e->account);
            contest_putf(&o, "\n");
        }
    }
    for (int i = 0; i < c->nmarks; i++) {
        contest_putf(&o, "mark");
        field(&o, c->marks[i].judge);
        contest_putf(&o, "\t%d\t%d\n", c->marks[i].entry, c->marks[i].points);
    }
    if (o.failed) {
        free(o.s);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    *text = o.s;
    return SH_OK;
}

/* ---- reading ---- */

#define MAX_FIELDS 12

typedef struct Line {
    int number, count;
    char *f[MAX_FIELDS];
} Line;

static bool whole(const char *t, long long min, long long max, long long *out)
{
    char *end;
    long long v = strtoll(t, &end, 10);
    if (!*t || *end || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static ShStatus bad(ShError *err, const Line *l, const char *what)
{
    return error_set(err, SH_ERR_SYNTAX, l->number, 1, "%s", what);
}

#define NUM(i, min, max, var, what)                                                          \
    do {                                                                                     \
        long long v_;                                                                        \
        if (!whole(l->f[i], (min), (max), &v_))                                              \
            return bad(err, l, what);                                                        \
        var = v_;                                                                            \
    } while (0)

static ShStatus goal_of(const Line *l, const char *t, ShContestGoal *g, ShError *err)
{
    if (!strcmp(t, "win"))
        *g = SH_CONTEST_WIN;
    else if (!strcmp(t, "draw"))
        *g = SH_CONTEST_DRAW;
    else
        return bad(err, l, "a goal: win or draw");
    return SH_OK;
}

typedef struct Reader {
    ShContest *c;
    ShContestProblem problem; /* being read */
    ShContestStep *steps;
    ShPosition *after;
    int steps_due, steps_read;
} Reader;

static ShStatus read_problem(Reader *r, const Line *l, ShError *err)
{
    if (l->count != 8)
        return bad(err, l, "a problem line has 8 fields");
    ShContestProblem *p = &r->problem;
    memset(p, 0, sizeof *p);
    long long v;
    NUM(1, r->c->nproblems + 1, r->c->nproblems + 1, v, "the next problem's id");
    p->id = (int)v;
    snprintf(p->title, sizeof p->title, "%s", l->f[2]);
    snprintf(p->source, sizeof p->source, "%s", l->f[3]);
    ShError why;
    if (sh_fen_read(l->f[4], &p->start, &why) != SH_OK)
        return bad(err, l, "a problem's FEN");
    ShStatus st = goal_of(l, l->f[5], &p->goal, err);
    if (st != SH_OK)
        return st;
    NUM(6, 0, 1000, v, "a problem's points (tenths)");
    p->points = (int)v;
    NUM(7, 1, SH_CONTEST_MAX_STEPS, v, "a problem's steps");
    r->steps_due = (int)v;
    r->steps_read = 0;
    free(r->steps);
    free(r->after);
    r->steps = calloc((size_t)v, sizeof(ShContestStep));
    r->after = calloc((size_t)v, sizeof(ShPosition));
    if (!r->steps || !r->after)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    return SH_OK;
}

static ShStatus read_step(Reader *r, const Line *l, ShError *err)
{
    if (l->count != 5)
        return bad(err, l, "a step line has 5 fields");
    ShContestStep *s = &r->steps[r->steps_read];
    long long v;
    NUM(1, -1, r->steps_read - 1, v, "a parent step before it");
    s->parent = (int)v;
    NUM(2, 0, 1, v, "0 or 1 (the solver's move)");
    s->solver = v;
    NUM(3, 0, 1, v, "0 or 1 (the main line)");
    s->main = v;
    const ShPosition *pos = s->parent < 0 ? &r->problem.start : &r->after[s->parent];
    ShError why;
    if (sh_move_parse(pos, l->f[4], &s->move, &why) != SH_OK)
        return error_set(err, SH_ERR_SYNTAX, l->number, 1, "step '%s': %s", l->f[4],
                         why.message);
    sh_position_play(pos, &s->move, &r->after[r->steps_read]);
    if (++r->steps_read == r->steps_due) {
        ShStatus st = contest_set_tree(&r->problem, r->steps, r->steps_due, err);
        if (st != SH_OK) {
            if (err)
                err->line = l->number;
            return st;
        }
        r->c->problems[r->c->nproblems++] = r->problem;
        memset(&r->problem, 0, sizeof r->problem);
        r->steps_due = 0;
    }
    return SH_OK;
}

static ShStatus read_attempt(ShContest *c, const Line *l, ShError *err)
{
    if (l->count != 10)
        return bad(err, l, "an attempt line has 10 fields");
    long long v, problem;
    NUM(1, 1, c->nsolvers, v, "a solver");
    Solver *s = c->solvers[v - 1];
    NUM(2, 1, c->nproblems, problem, "a problem");
    Attempt *a = &s->attempts[problem - 1];
    if (a->begun)
        return bad(err, l, "the attempt is given twice");
    a->begun = true;
    NUM(3, SH_ATTEMPT_OPEN, SH_ATTEMPT_FAILED, v, "a state 0 to 2");
    a->state = (ShAttemptState)v;
    NUM(4, 0, 1000, v, "points");
    a->points = (int)v;
    NUM(5, 0, 1, v, "0 or 1");
    a->alternative = v;
    NUM(6, 0, 100000, v, "answers");
    a->answered = (int)v;
    NUM(7, 0, 1000000000L, v, "seconds");
    a->finished = v;
    const ShContestProblem *p = &c->problems[problem - 1];
    if (strcmp(l->f[8], "-")) {
        for (char *t = l->f[8]; *t;) {
            char *end;
            long step = strtol(t, &end, 10);
            if (end == t || step < -1 || step >= p->step_count ||
                (step >= 0 && p->steps[step].solver) || (*end && *end != ','))
                return bad(err, l, "the defences still to answer: steps of the problem");
            int *bigger = realloc(a->pending, sizeof(int) * (size_t)(a->npending + 1));
            if (!bigger)
                return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            a->pending = bigger;
            a->pending[a->npending++] = (int)step;
            t = *end ? end + 1 : end;
        }
    }
    if ((a->state == SH_ATTEMPT_OPEN) != (a->npending > 0))
        return bad(err, l, "an open attempt has defences to answer, a finished one none");
    snprintf(a->failure, sizeof a->failure, "%s", l->f[9]);
    return SH_OK;
}

static ShStatus read_line(Reader *r, const Line *l, ShError *err)
{
    ShContest *c = r->c;
    const char *kind = l->f[0];
    if (r->steps_due && strcmp(kind, "step"))
        return bad(err, l, "a step line was expected");
    if (!strcmp(kind, "set")) {
        if (l->count != 3)
            return bad(err, l, "a set line has 3 fields");
        if (c->nproblems || c->nsolvers || c->nentries)
            return bad(err, l, "settings come first");
        ShStatus st = sh_contest_settings_set(&c->settings, l->f[1], l->f[2], err);
        if (st != SH_OK && err)
            err->line = l->number;
        return st;
    }
    if (!strcmp(kind, "problem")) {
        if (c->settings.kind != SH_CONTEST_SOLVING || c->nproblems >= SH_CONTEST_MAX_PROBLEMS)
            return bad(err, l, "a problem of a solving contest (64 at most)");
        return read_problem(r, l, err);
    }
    if (!strcmp(kind, "step")) {
        if (!r->steps_due)
            return bad(err, l, "a step without its problem");
        return read_step(r, l, err);
    }
    if (!strcmp(kind, "solver")) {
        long long v, joined;
        if (l->count != 4 && l->count != 5)
            return bad(err, l, "a solver line has 4 or 5 fields");
        NUM(1, c->nsolvers + 1, c->nsolvers + 1, v, "the next solver's id");
        (void)v;
        NUM(3, 0, 0x7fffffffffffLL, joined, "a time");
        ShError why;
        int id;
        if (sh_contest_join(c, c->settings.code, l->f[2], joined, &id, &why) != SH_OK ||
            (l->count == 5 && sh_contest_set_solver_key(c, id, l->f[4], &why) != SH_OK))
            return error_set(err, SH_ERR_SYNTAX, l->number, 1, "%s", why.message);
        return SH_OK;
    }
    if (!strcmp(kind, "attempt"))
        return read_attempt(c, l, err);
    if (!strcmp(kind, "entry")) {
        if (l->count != 10)
            return bad(err, l, "an entry line has 10 fields");
        long long v, checked, sound;
        NUM(1, c->nentries + 1, c->nentries + 1, v, "the next entry's id");
        (void)v;
        ShPosition pos;
        ShError why;
        if (sh_fen_read(l->f[4], &pos, &why) != SH_OK)
            return bad(err, l, "an entry's FEN");
        ShContestGoal goal = SH_CONTEST_WIN;
        ShStatus st = goal_of(l, l->f[5], &goal, err);
        if (st != SH_OK)
            return st;
        NUM(6, 0, 1, checked, "0 or 1");
        NUM(7, 0, 1, sound, "0 or 1");
        if (sh_contest_add_entry(c, l->f[2], l->f[3], &pos, goal, l->f[8], NULL, &why) != SH_OK)
            return error_set(err, SH_ERR_SYNTAX, l->number, 1, "%s", why.message);
        ShContestEntry *e = &c->entries[c->nentries - 1];
        e->checked = checked;
        e->sound = sound;
        snprintf(e->report, sizeof e->report, "%s", l->f[9]);
        return SH_OK;
    }
    if (!strcmp(kind, "owner")) {
        long long entry;
        if (l->count != 3)
            return bad(err, l, "an owner line has 3 fields");
        NUM(1, 1, c->nentries, entry, "an entry");
        ShError why;
        if (sh_contest_set_entry_account(c, (int)entry, l->f[2], &why) != SH_OK)
            return error_set(err, SH_ERR_SYNTAX, l->number, 1, "%s", why.message);
        return SH_OK;
    }
    if (!strcmp(kind, "mark")) {
        long long entry, points;
        if (l->count != 4)
            return bad(err, l, "a mark line has 4 fields");
        NUM(2, 1, c->nentries, entry, "an entry");
        NUM(3, 0, 100, points, "points (tenths, 0-100)");
        ShError why;
        if (sh_contest_judge(c, l->f[1], (int)entry, (int)points, &why) != SH_OK)
            return error_set(err, SH_ERR_SYNTAX, l->number, 1, "%s", why.message);
        return SH_OK;
    }
    return bad(err, l, "set, problem, step, solver, attempt, entry, owner or mark expected");
}

ShStatus sh_contest_read(const char *text, ShContest **out, ShError *err)
{
    *out = NULL;
    size_t size = strlen(text);
    char *copy = malloc(size + 1);
    ShContestSettings s;
    sh_contest_settings_init(&s);
    Reader r = {0};
    if (!copy || sh_contest_new(&r.c, &s, err) != SH_OK) {
        free(copy);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    memcpy(copy, text, size + 1);
    ShStatus st = SH_OK;
    int number = 0;
    for (char *line = copy, *next; line && st == SH_OK; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r')
            line[--n] = '\0';
        number++;
        if (number == 1) {
            if (strcmp(line, "shashki-contest 1"))
                st = error_set(err, SH_ERR_SYNTAX, 1, 1, "not a contest (\"shashki-contest 1\")");
            continue;
        }
        if (!n)
            continue;
        Line l = {number, 0, {0}};
        for (char *f = line; f && l.count < MAX_FIELDS;) {
            l.f[l.count++] = f;
            f = strchr(f, '\t');
            if (f)
                *f++ = '\0';
        }
        st = read_line(&r, &l, err);
    }
    if (st == SH_OK && r.steps_due)
        st = error_set(err, SH_ERR_SYNTAX, number, 1, "the text ends before a problem's steps");
    free(r.steps);
    free(r.after);
    free(r.problem.steps);
    free(copy);
    if (st != SH_OK) {
        sh_contest_free(r.c);
        return st;
    }
    *out = r.c;
    return SH_OK;
}
