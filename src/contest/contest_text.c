/*
 * contest_text.c - solutions as text (shashki_contest.h): a problem's proof tree written as a
 * composition's solution, and a solver's solution read from the same form and judged as his
 * answers move by move would be.
 *
 * The text is read as a tree of lines: moves (any notation sh_move_parse reads) follow one
 * another; "(" opens another line in place of the move before it, ")" closes it; move numbers
 * ("1.", "1...", "12."), "!", "?" and a result ("*", "1-0" at the end) are skipped.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contest.h"
#include "error.h"

typedef struct Out {
    char *buf;
    size_t size, len;
    char last; /* the last character written */
} Out;

static void put(Out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->size && o->len + 1 < o->size) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
        o->buf[o->len + (n < room ? n : room)] = '\0';
    }
    o->len += n;
    if (n)
        o->last = s[n - 1];
}

static void put_move(Out *o, const ShContestProblem *p, int step, bool number, bool key)
{
    ShPosition pos;
    if (p->steps[step].parent >= 0)
        contest_step_position(p, p->steps[step].parent, &pos);
    else
        pos = p->start;
    char move[SH_MOVE_TEXT_SIZE];
    if (sh_move_write(&pos, &p->steps[step].move, SH_NOTATION_SHORT, move, NULL) != SH_OK)
        snprintf(move, sizeof move, "?");
    /* the solver's move number: his moves up to this point */
    int n = 0;
    for (int i = step; i >= 0; i = p->steps[i].parent)
        n += p->steps[i].solver;
    char text[SH_MOVE_TEXT_SIZE + 24];
    const char *space = o->len && o->last != '(' ? " " : "";
    if (number && p->steps[step].solver)
        snprintf(text, sizeof text, "%s%d. %s%s", space, n, move, key ? "!" : "");
    else if (number)
        snprintf(text, sizeof text, "%s%d... %s", space, n, move);
    else
        snprintf(text, sizeof text, "%s%s", space, move);
    put(o, text);
}

/* The children of a step: the main one (or the first), and through *others the rest. */
static int main_child(const ShContestProblem *p, int parent)
{
    int first = -1;
    for (int i = parent + 1; i < p->step_count; i++)
        if (p->steps[i].parent == parent) {
            if (p->steps[i].main)
                return i;
            if (first < 0)
                first = i;
        }
    return first;
}

/* The line from the solver's step `s` on, each other defence in parentheses with its
 * answers (whole), or the main line alone. */
static void put_line(Out *o, const ShContestProblem *p, int s, bool whole, bool key)
{
    while (s >= 0) {
        put_move(o, p, s, whole, key);
        key = false;
        int d = main_child(p, s);
        if (d < 0)
            return;
        put_move(o, p, d, false, false);
        for (int i = s + 1; whole && i < p->step_count; i++) {
            if (p->steps[i].parent != s || i == d)
                continue;
            put(o, " (");
            put_move(o, p, i, true, false);
            int answer = main_child(p, i);
            if (answer >= 0)
                put_line(o, p, answer, whole, false);
            put(o, ")");
        }
        s = main_child(p, d);
    }
}

size_t sh_contest_solution_text(const ShContest *c, int problem, bool whole, char *out,
                                size_t size)
{
    const ShContestProblem *p = sh_contest_problem(c, problem);
    Out o = {out, size, 0, 0};
    if (size)
        out[0] = '\0';
    if (!p || !p->step_count)
        return 0;
    put_line(&o, p, 0, whole, whole);
    return o.len;
}

/* ---- a solver's solution as text ---- */

#define TEXT_NODES 512

typedef struct TNode {
    ShMove move;
    int parent; /* -1: the start */
} TNode;

typedef struct Tree {
    TNode nodes[TEXT_NODES];
    int count;
} Tree;

static ShPosition tree_position(const ShContestProblem *p, const Tree *t, int node)
{
    int chain[TEXT_NODES], n = 0;
    for (int i = node; i >= 0 && n < TEXT_NODES; i = t->nodes[i].parent)
        chain[n++] = i;
    ShPosition pos = p->start;
    for (int j = n - 1; j >= 0; j--)
        sh_position_play(&pos, &t->nodes[chain[j]].move, &pos);
    return pos;
}

static ShStatus parse_tree(const ShContestProblem *p, const char *text, Tree *t, ShError *err)
{
    t->count = 0;
    int stack[64], lasts[64], depth = 0;
    int cur = -1, last = -1; /* cur: the node the next move follows; last: the move just read */
    const char *s = text;
    while (*s) {
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        if (*s == '(') {
            if (last < 0 || depth == 64)
                return error_set(err, SH_ERR_SYNTAX, 1, (int)(s - text) + 1,
                                 "a '(' must follow the move it replaces");
            stack[depth] = cur;
            lasts[depth++] = last;
            cur = t->nodes[last].parent;
            last = -1;
            s++;
            continue;
        }
        if (*s == ')') {
            if (!depth)
                return error_set(err, SH_ERR_SYNTAX, 1, (int)(s - text) + 1, "a ')' without '('");
            /* back to the line, after the move the variation replaced (another "(" may
             * follow: a second variation in its place) */
            cur = stack[--depth];
            last = lasts[depth];
            s++;
            continue;
        }
        const char *start = s;
        while (*s && !isspace((unsigned char)*s) && *s != '(' && *s != ')')
            s++;
        char word[64];
        size_t n = (size_t)(s - start) < sizeof word - 1 ? (size_t)(s - start) : sizeof word - 1;
        memcpy(word, start, n);
        word[n] = '\0';
        /* "12." "1..." "3.c3-d4": the number goes */
        char *w = word;
        while (isdigit((unsigned char)*w))
            w++;
        if (w != word && *w == '.') {
            while (*w == '.')
                w++;
        } else {
            w = word;
        }
        size_t len = strlen(w);
        while (len && (w[len - 1] == '!' || w[len - 1] == '?'))
            w[--len] = '\0';
        if (!len || !strcmp(w, "*") || !strcmp(w, "1-0") || !strcmp(w, "0-1") ||
            !strcmp(w, "1/2-1/2"))
            continue;
        if (t->count == TEXT_NODES)
            return error_set(err, SH_ERR_LIMIT, 0, 0, "the solution is too long");
        ShPosition pos = tree_position(p, t, cur);
        ShMove m;
        ShError why;
        if (sh_move_parse(&pos, w, &m, &why) != SH_OK)
            return error_set(err, SH_ERR_SYNTAX, 1, (int)(start - text) + 1, "'%s': %s", w,
                             why.message);
        /* the same move again at the same point joins the line already there */
        int found = -1;
        for (int i = 0; i < t->count && found < 0; i++)
            if (t->nodes[i].parent == cur && sh_move_equal(&t->nodes[i].move, &m))
                found = i;
        if (found < 0) {
            t->nodes[t->count] = (TNode){m, cur};
            found = t->count++;
        }
        last = found;
        cur = found;
    }
    if (depth)
        return error_set(err, SH_ERR_SYNTAX, 1, (int)strlen(text), "a '(' is not closed");
    return SH_OK;
}

ShStatus sh_contest_answer_text(ShContest *c, int solver, int problem, const char *text,
                                int64_t now, ShContestWins wins, void *ctx, ShAttemptView *view,
                                ShError *err)
{
    Solver *s = contest_solver(c, solver);
    if (!s)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no solver %d", solver);
    if (problem < 1 || problem > c->nproblems)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no problem %d", problem);
    if (contest_time_is_up(c, s, now)) {
        sh_contest_time_up(c, solver, now);
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the time is up (%d minutes)",
                         c->settings.minutes);
    }
    const Attempt *was = &s->attempts[problem - 1];
    if (was->begun && was->state != SH_ATTEMPT_OPEN)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "problem %d is over for %s", problem,
                         s->name);
    const ShContestProblem *p = &c->problems[problem - 1];
    Tree *t = malloc(sizeof *t);
    if (!t)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ShStatus st = parse_tree(p, text, t, err);
    if (st != SH_OK) {
        free(t);
        return st;
    }
    Attempt *a = contest_attempt_begin(c, s, problem, err);
    if (!a) {
        free(t);
        return err ? err->code : SH_ERR_ARGUMENT;
    }
    while (a->state == SH_ATTEMPT_OPEN && a->npending > 0) {
        int node = a->pending[a->npending - 1];
        /* the text's node at the same line */
        ShMove line[SH_CONTEST_MAX_STEPS];
        int n = node >= 0 ? contest_step_line(p, node, line, SH_CONTEST_MAX_STEPS) : 0;
        int at = -1;
        for (int i = 0; i < n && (i == 0 || at >= 0); i++) {
            int found = -1;
            for (int k = 0; k < t->count && found < 0; k++)
                if (t->nodes[k].parent == at && sh_move_equal(&t->nodes[k].move, &line[i]))
                    found = k;
            at = found;
            if (found < 0)
                break;
        }
        int answer = -1;
        if (n == 0 || at >= 0)
            for (int k = 0; k < t->count && answer < 0; k++)
                if (t->nodes[k].parent == at)
                    answer = k;
        if (answer < 0) {
            a->state = SH_ATTEMPT_FAILED;
            a->npending = 0;
            a->finished = now - s->joined;
            ShPosition pos = p->start;
            size_t len = (size_t)snprintf(a->failure, sizeof a->failure, "no answer to");
            for (int i = 0; i < n && len < sizeof a->failure; i++) {
                char m[SH_MOVE_TEXT_SIZE];
                if (sh_move_write(&pos, &line[i], SH_NOTATION_SHORT, m, NULL) != SH_OK)
                    snprintf(m, sizeof m, "?");
                len += (size_t)snprintf(a->failure + len, sizeof a->failure - len, " %s", m);
                sh_position_play(&pos, &line[i], &pos);
            }
            if (n == 0)
                snprintf(a->failure, sizeof a->failure, "no key move");
            break;
        }
        contest_judge(c, s, problem, &t->nodes[answer].move, now, wins, ctx);
    }
    free(t);
    if (view)
        contest_view(c, s, problem, view);
    return SH_OK;
}
