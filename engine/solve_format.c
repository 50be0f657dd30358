/*
 * solve_format.c - the solver's proof tree written as a composition's solution (solve.h):
 * the solver's moves numbered, the main defence after each, the other defences in
 * parentheses with their answers, then the main line goes on:
 *   "1. c3-d4! f6-e5 (1... h6-g5 2. d4:h8) 2. d4:f6 g7:e5 3. ..."
 * The key move (the first) is marked "!". Moves are in the game's short notation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

typedef struct Out {
    char *buf;
    size_t size, len;
} Out;

static void put(Out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->size && o->len < o->size - 1) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

static void finish(Out *o)
{
    if (!o->size)
        return;
    if (o->len < o->size) {
        o->buf[o->len] = '\0';
        return;
    }
    o->buf[o->size - 1] = '\0';
    if (o->size >= 4)
        memcpy(o->buf + o->size - 4, "...", 3);
}

typedef struct Tree {
    const SolveResult *res;
    int notation;       /* sh_move_write's: SH_NOTATION_SHORT, with numbers or not */
    ShPosition *before; /* the position each step is played from */
    int *number;        /* the solver's move number of each step */
    int *first_child, *next_sibling;
} Tree;

static bool tree_open(Tree *t, const ShPosition *pos, const SolveResult *res)
{
    int n = res->step_count;
    t->res = res;
    t->before = malloc((size_t)n * sizeof *t->before);
    t->number = malloc((size_t)n * sizeof *t->number);
    t->first_child = malloc((size_t)n * sizeof(int));
    t->next_sibling = malloc((size_t)n * sizeof(int));
    if (!t->before || !t->number || !t->first_child || !t->next_sibling)
        return false;
    int *last_child = malloc((size_t)n * sizeof(int));
    if (!last_child)
        return false;
    for (int i = 0; i < n; i++) {
        const SolveStep *s = &res->steps[i];
        t->first_child[i] = t->next_sibling[i] = last_child[i] = -1;
        int p = s->parent;
        if (p < 0 || p >= i) {
            t->before[i] = *pos;
            t->number[i] = 1;
        } else {
            sh_position_play(&t->before[p], &res->steps[p].move, &t->before[i]);
            const SolveStep *ps = &res->steps[p];
            t->number[i] = s->solver && !ps->solver ? t->number[p] + 1 : t->number[p];
            if (last_child[p] < 0)
                t->first_child[p] = i;
            else
                t->next_sibling[last_child[p]] = i;
            last_child[p] = i;
        }
    }
    free(last_child);
    return true;
}

static void tree_close(Tree *t)
{
    free(t->before);
    free(t->number);
    free(t->first_child);
    free(t->next_sibling);
}

static void put_move(Out *o, const Tree *t, int i)
{
    char text[SH_MOVE_TEXT_SIZE];
    if (sh_move_write(&t->before[i], &t->res->steps[i].move, t->notation, text, NULL) != SH_OK)
        strcpy(text, "?");
    put(o, text);
}

/* Step i's move with its number where one is written. */
static void put_step(Out *o, const Tree *t, int i, bool variation_start)
{
    const SolveStep *s = &t->res->steps[i];
    char num[32];
    bool second_half = s->parent >= 0 && t->res->steps[s->parent].solver == s->solver;
    if (s->solver && !second_half) {
        snprintf(num, sizeof num, "%d. ", t->number[i]);
        put(o, num);
    } else if (variation_start) {
        snprintf(num, sizeof num, "%d... ", t->number[i]);
        put(o, num);
    }
    put_move(o, t, i);
    if (s->parent < 0)
        put(o, "!");
}

/* Everything after step i. */
static void put_tail(Out *o, const Tree *t, int i, int depth)
{
    int c0 = t->first_child[i];
    if (c0 < 0 || depth > 400)
        return;
    put(o, " ");
    put_step(o, t, c0, false);
    for (int c = t->next_sibling[c0]; c >= 0; c = t->next_sibling[c]) {
        put(o, " (");
        put_step(o, t, c, true);
        put_tail(o, t, c, depth + 1);
        put(o, ")");
    }
    put_tail(o, t, c0, depth + 1);
}

size_t solve_format(const ShPosition *pos, const SolveResult *res, char *out, size_t size)
{
    return solve_format_in(pos, res, SH_NOTATION_SHORT, out, size);
}

size_t solve_format_main(const ShPosition *pos, const SolveResult *res, char *out, size_t size)
{
    return solve_format_main_in(pos, res, SH_NOTATION_SHORT, out, size);
}

size_t solve_format_in(const ShPosition *pos, const SolveResult *res, int notation, char *out,
                       size_t size)
{
    Out o = {out, size, 0};
    if (!res || res->verdict != SOLVE_PROVEN || res->step_count <= 0 || !res->steps) {
        finish(&o);
        return 0;
    }
    Tree t;
    if (!tree_open(&t, pos, res)) {
        tree_close(&t);
        finish(&o);
        return 0;
    }
    t.notation = notation;
    put_step(&o, &t, 0, false);
    put_tail(&o, &t, 0, 0);
    tree_close(&t);
    finish(&o);
    return o.len;
}

size_t solve_format_main_in(const ShPosition *pos, const SolveResult *res, int notation,
                            char *out, size_t size)
{
    Out o = {out, size, 0};
    if (!res || res->verdict != SOLVE_PROVEN || res->step_count <= 0 || !res->steps) {
        finish(&o);
        return 0;
    }
    Tree t;
    if (!tree_open(&t, pos, res)) {
        tree_close(&t);
        finish(&o);
        return 0;
    }
    t.notation = notation;
    int i = 0;
    while (i >= 0) {
        if (i > 0)
            put(&o, " ");
        put_move(&o, &t, i);
        int next = -1;
        for (int c = t.first_child[i]; c >= 0; c = t.next_sibling[c])
            if (res->steps[c].main_line) {
                next = c;
                break;
            }
        i = next;
    }
    tree_close(&t);
    finish(&o);
    return o.len;
}
