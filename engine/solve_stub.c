/* solve_stub.c - a TEMPORARY minimal implementation of engine/solve.h for the web app's work
 * (issue 16, branch pzweb) until the solver's engine/solve.c is merged: the lead drops this
 * file at the merge. It proves wins only (SOLVE_GOAL_DRAW answers SOLVE_UNKNOWN), by a plain
 * AND/OR search with iterative deepening on the solver's moves, no transposition table, no
 * databases; soundness checks only for cooks (a second first move as fast). */
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STUB_MAX_STEPS 4096

typedef struct Search {
    SolveLimits limits;
    uint64_t nodes;
    double started;
    bool out; /* a limit ran out */
    SolveStep *steps;
    int count, capacity;
} Search;

static double thread_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static bool limit_hit(Search *s)
{
    if (s->out)
        return true;
    s->nodes++;
    if (s->limits.nodes && s->nodes >= s->limits.nodes)
        s->out = true;
    if ((s->nodes & 1023) == 0 && s->limits.seconds > 0 &&
        thread_seconds() - s->started >= s->limits.seconds)
        s->out = true;
    return s->out;
}

static bool wins(Search *s, const ShPosition *pos, int n);

/* After the solver's move: every defence answered within n - 1 more moves (none: won). */
static bool refutes_all(Search *s, const ShPosition *after, int n)
{
    if (sh_position_result(after, NULL) != SH_RESULT_NONE)
        return true;
    if (n <= 1)
        return false;
    ShMoveList replies;
    sh_moves_generate(after, &replies);
    for (int i = 0; i < replies.count; i++) {
        ShPosition next;
        sh_position_play(after, &replies.moves[i], &next);
        if (!wins(s, &next, n - 1))
            return false;
    }
    return true;
}

/* The side to move forces a win within n of its moves. */
static bool wins(Search *s, const ShPosition *pos, int n)
{
    if (n <= 0 || limit_hit(s))
        return false;
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    for (int i = 0; i < moves.count && !s->out; i++) {
        ShPosition after;
        sh_position_play(pos, &moves.moves[i], &after);
        if (refutes_all(s, &after, n))
            return true;
    }
    return false;
}

/* The fewest moves that win from pos (at most n), 0 if none. */
static int fewest(Search *s, const ShPosition *pos, int n)
{
    for (int k = 1; k <= n; k++)
        if (wins(s, pos, k))
            return k;
    return 0;
}

static int push(Search *s, const ShMove *move, int parent, int ply, bool main_line, bool solver)
{
    if (s->count == s->capacity) {
        if (s->capacity >= STUB_MAX_STEPS)
            return -1;
        int cap = s->capacity ? s->capacity * 2 : 64;
        SolveStep *grown = realloc(s->steps, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        s->steps = grown;
        s->capacity = cap;
    }
    s->steps[s->count] = (SolveStep){*move, parent, ply, main_line, solver};
    return s->count++;
}

/* The proof below pos (won in n): the solver's move, each defence with its answer. */
static void build(Search *s, const ShPosition *pos, int n, int parent, int ply, bool main_line)
{
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    for (int i = 0; i < moves.count; i++) {
        ShPosition after;
        sh_position_play(pos, &moves.moves[i], &after);
        if (!refutes_all(s, &after, n))
            continue;
        int me = push(s, &moves.moves[i], parent, ply, main_line, true);
        if (me < 0 || sh_position_result(&after, NULL) != SH_RESULT_NONE)
            return;
        ShMoveList replies;
        sh_moves_generate(&after, &replies);
        int need[SH_MAX_MOVES], longest = 0;
        for (int r = 0; r < replies.count; r++) {
            ShPosition next;
            sh_position_play(&after, &replies.moves[r], &next);
            need[r] = fewest(s, &next, n - 1);
            if (need[r] > need[longest])
                longest = r;
        }
        for (int pass = 0; pass < 2; pass++) {
            for (int r = 0; r < replies.count; r++) {
                bool is_main = r == longest;
                if (is_main != (pass == 0))
                    continue;
                int d = push(s, &replies.moves[r], me, ply + 1, main_line && is_main, false);
                if (d < 0)
                    return;
                ShPosition next;
                sh_position_play(&after, &replies.moves[r], &next);
                build(s, &next, need[r], d, ply + 2, main_line && is_main);
            }
        }
        return;
    }
}

ShStatus solve_position(const ShPosition *pos, SolveGoal goal, const SolveLimits *limits,
                        bool check_sound, SolveResult *res, ShError *err)
{
    if (!pos || !res) {
        if (err) {
            memset(err, 0, sizeof *err);
            err->code = SH_ERR_ARGUMENT;
            snprintf(err->message, sizeof err->message, "no position or no result");
        }
        return SH_ERR_ARGUMENT;
    }
    memset(res, 0, sizeof *res);
    ShStatus st = sh_position_validate(pos, err);
    if (st != SH_OK)
        return st;
    Search s = {.limits = limits ? *limits : (SolveLimits){0}, .started = thread_seconds()};
    int max = s.limits.max_moves > 0 ? s.limits.max_moves : 20;
    res->goal = goal;
    res->solver = sh_position_side(pos);
    res->verdict = SOLVE_UNKNOWN;
    if (goal == SOLVE_GOAL_WIN) {
        int n = 0;
        for (int k = 1; k <= max && !s.out && !n; k++)
            if (wins(&s, pos, k))
                n = k;
        if (n) {
            s.limits.seconds = 0; /* the tree of a proof found is built to its end */
            s.limits.nodes = 0;
            s.out = false;
            build(&s, pos, n, -1, 0, true);
            if (check_sound && s.count > 0) { /* cooks: another first move that wins as fast */
                ShMoveList moves;
                sh_moves_generate(pos, &moves);
                for (int i = 0; i < moves.count && res->flaw_count < SOLVE_MAX_FLAWS; i++) {
                    if (sh_move_equal(&moves.moves[i], &s.steps[0].move))
                        continue;
                    ShPosition after;
                    sh_position_play(pos, &moves.moves[i], &after);
                    if (refutes_all(&s, &after, n))
                        res->flaws[res->flaw_count++] =
                            (SolveFlaw){.step = 0, .alternative = moves.moves[i], .cook = true};
                }
            }
            res->verdict = SOLVE_PROVEN;
            res->moves = n;
            res->steps = s.steps;
            res->step_count = s.count;
            s.steps = NULL;
        } else if (!s.out) {
            res->verdict = SOLVE_NONE;
        }
    }
    free(s.steps);
    res->nodes = s.nodes;
    res->seconds = thread_seconds() - s.started;
    return SH_OK;
}

void solve_result_free(SolveResult *res)
{
    if (!res)
        return;
    free(res->steps);
    res->steps = NULL;
    res->step_count = 0;
}

typedef struct Out {
    char *buf;
    size_t size, used;
} Out;

static void put(Out *o, const char *text)
{
    size_t n = strlen(text);
    if (o->used + n + 1 <= o->size) {
        memcpy(o->buf + o->used, text, n + 1);
    } else if (o->size && o->used < o->size) { /* truncated: end with "..." */
        size_t room = o->size - 1 - o->used;
        memcpy(o->buf + o->used, text, room);
        o->buf[o->size - 1] = '\0';
        if (o->size >= 4)
            memcpy(o->buf + o->size - 4, "...", 3);
    }
    o->used += n;
}

static void move_text(const ShPosition *pos, const ShMove *m, char out[SH_MOVE_TEXT_SIZE])
{
    if (sh_move_write(pos, m, SH_NOTATION_SHORT, out, NULL) != SH_OK)
        snprintf(out, SH_MOVE_TEXT_SIZE, "?");
}

/* "N." (White to move at ply) or "N..." (Black), the number counted from the solver's first. */
static void number(Out *o, const SolveResult *res, int ply, bool dots)
{
    bool black_first = res->solver == SH_BLACK;
    int n = (ply + (black_first ? 1 : 0)) / 2 + 1;
    bool white = ((ply % 2 == 0) != black_first);
    char text[24];
    if (!white && !dots)
        return;
    snprintf(text, sizeof text, white ? "%d. " : "%d... ", n);
    put(o, text);
}

static void format_from(Out *o, const ShPosition *pos, const SolveResult *res, int step,
                        bool numbered)
{
    const SolveStep *s = &res->steps[step];
    char text[SH_MOVE_TEXT_SIZE];
    number(o, res, s->ply, numbered);
    move_text(pos, &s->move, text);
    put(o, text);
    if (s->ply == 0)
        put(o, "!");
    ShPosition after;
    sh_position_play(pos, &s->move, &after);
    int first = -1;
    for (int i = step + 1; i < res->step_count; i++) {
        if (res->steps[i].parent != step)
            continue;
        const SolveStep *d = &res->steps[i];
        ShPosition next;
        sh_position_play(&after, &d->move, &next);
        move_text(&after, &d->move, text);
        int answer = -1;
        for (int j = i + 1; j < res->step_count && answer < 0; j++)
            if (res->steps[j].parent == i)
                answer = j;
        if (first < 0) {
            first = i;
            put(o, " ");
            number(o, res, d->ply, false);
            put(o, text);
            continue;
        }
        put(o, " (");
        number(o, res, d->ply, true);
        put(o, text);
        if (answer >= 0) {
            put(o, " ");
            format_from(o, &next, res, answer, true);
        }
        put(o, ")");
    }
    if (first < 0)
        return;
    ShPosition next;
    sh_position_play(&after, &res->steps[first].move, &next);
    for (int j = first + 1; j < res->step_count; j++) {
        if (res->steps[j].parent == first) {
            put(o, " ");
            format_from(o, &next, res, j, false);
            return;
        }
    }
}

size_t solve_format(const ShPosition *pos, const SolveResult *res, char *out, size_t size)
{
    Out o = {out, size, 0};
    if (size)
        out[0] = '\0';
    if (res->verdict != SOLVE_PROVEN || res->step_count == 0)
        return 0;
    format_from(&o, pos, res, 0, true);
    return o.used;
}

size_t solve_format_main(const ShPosition *pos, const SolveResult *res, char *out, size_t size)
{
    Out o = {out, size, 0};
    if (size)
        out[0] = '\0';
    ShPosition at = *pos;
    for (int i = 0; i < res->step_count; i++) {
        if (!res->steps[i].main_line)
            continue;
        char text[SH_MOVE_TEXT_SIZE];
        move_text(&at, &res->steps[i].move, text);
        if (o.used)
            put(&o, " ");
        put(&o, text);
        sh_position_play(&at, &res->steps[i].move, &at);
    }
    return o.used;
}
