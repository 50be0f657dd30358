/* refgen.c - the plain reference generator of international rules (refgen.h). The rules, as
 * FMJD's articles 3-4 state them: a man steps one square diagonally forwards; men and kings
 * capture forwards and backwards; a man jumps an adjacent piece onto the free square behind
 * it; a king moves and captures at a distance, over one piece with free squares on both sides
 * of it on its line, landing on any free square behind it; a capture goes on while a piece can
 * be taken; a piece is taken once only and stays on the board, blocking, until the move ends;
 * the square the capturing piece left is free; the capture taking the most pieces is
 * compulsory; a man is crowned only if its move ends on the far row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refgen.h"

int ref_square(int size, int file, int rank)
{
    return (size - 1 - rank) * (size / 2) + file / 2;
}

void ref_coords(int size, int square, int *file, int *rank)
{
    int half = size / 2, row = square / half;
    *rank = size - 1 - row;
    *file = 2 * (square % half) + (row % 2 == 0 ? 1 : 0);
}

void ref_from_position(const ShPosition *pos, RefBoard *b)
{
    ShVariant v = (ShVariant)pos->variant;
    memset(b, 0, sizeof *b);
    b->size = sh_rules_get(v)->board_size;
    b->side = (int)sh_position_side(pos);
    static const signed char value[] = {0, 1, 2, -1, -2};
    for (int sq = 0; sq < sh_board_squares(v); sq++) {
        int f, r;
        ref_coords(b->size, sq, &f, &r);
        b->cell[f][r] = value[sh_position_piece_at(pos, sq)];
    }
}

typedef struct Search {
    const RefBoard *b;
    signed char cell[SH_MAX_BOARD_SIZE][SH_MAX_BOARD_SIZE]; /* the start square emptied */
    bool taken[SH_MAX_BOARD_SIZE][SH_MAX_BOARD_SIZE];
    int from, ncaptured, sign;
    bool king;
    int captured[SH_MAX_CAPTURES];
    RefList *list;
} Search;

static const int DF[4] = {1, -1, -1, 1}, DR[4] = {1, 1, -1, -1};

static bool on(const RefBoard *b, int f, int r)
{
    return f >= 0 && r >= 0 && f < b->size && r < b->size;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static int cmp_move(const void *pa, const void *pb)
{
    const RefMove *a = pa, *b = pb;
    if (a->from != b->from)
        return a->from - b->from;
    if (a->to != b->to)
        return a->to - b->to;
    if (a->ncaptured != b->ncaptured)
        return a->ncaptured - b->ncaptured;
    for (int i = 0; i < a->ncaptured; i++)
        if (a->captured[i] != b->captured[i])
            return a->captured[i] - b->captured[i];
    return a->promotes - b->promotes;
}

static void add(RefList *list, const RefMove *m)
{
    for (int i = 0; i < list->count; i++)
        if (cmp_move(&list->moves[i], m) == 0)
            return; /* the same move by another path */
    if (list->count < REF_MAX_MOVES)
        list->moves[list->count++] = *m;
}

static void capture(Search *s, int f, int r)
{
    const RefBoard *b = s->b;
    bool more = false;
    for (int d = 0; d < 4; d++) {
        int x = f + DF[d], y = r + DR[d];
        if (s->king)
            while (on(b, x, y) && s->cell[x][y] == 0) {
                x += DF[d];
                y += DR[d];
            }
        if (!on(b, x, y) || s->cell[x][y] * s->sign >= 0 || s->taken[x][y])
            continue; /* not an opponent's piece, or one already taken */
        int vx = x, vy = y;
        x += DF[d];
        y += DR[d];
        while (on(b, x, y) && s->cell[x][y] == 0) {
            more = true;
            s->taken[vx][vy] = true;
            s->captured[s->ncaptured++] = ref_square(b->size, vx, vy);
            capture(s, x, y);
            s->ncaptured--;
            s->taken[vx][vy] = false;
            if (!s->king)
                break; /* a man lands right behind */
            x += DF[d];
            y += DR[d];
        }
    }
    if (!more && s->ncaptured > 0) {
        RefMove m;
        memset(&m, 0, sizeof m);
        m.from = s->from;
        m.to = ref_square(b->size, f, r);
        m.ncaptured = s->ncaptured;
        memcpy(m.captured, s->captured, sizeof(int) * (size_t)s->ncaptured);
        qsort(m.captured, (size_t)m.ncaptured, sizeof(int), cmp_int);
        m.promotes = !s->king && r == (s->sign > 0 ? b->size - 1 : 0);
        add(s->list, &m);
    }
}

void ref_generate(const RefBoard *b, RefList *list)
{
    int sign = b->side == SH_WHITE ? 1 : -1, n = b->size;
    list->count = 0;
    static Search s; /* the tests run on one thread */
    for (int f = 0; f < n; f++)
        for (int r = 0; r < n; r++) {
            if (b->cell[f][r] * sign <= 0)
                continue;
            memset(&s, 0, sizeof s);
            s.b = b;
            memcpy(s.cell, b->cell, sizeof s.cell);
            s.cell[f][r] = 0;
            s.from = ref_square(n, f, r);
            s.sign = sign;
            s.king = b->cell[f][r] * sign == 2;
            s.list = list;
            capture(&s, f, r);
        }
    if (list->count) { /* the majority: only the captures taking the most */
        int best = 0, k = 0;
        for (int i = 0; i < list->count; i++)
            if (list->moves[i].ncaptured > best)
                best = list->moves[i].ncaptured;
        for (int i = 0; i < list->count; i++)
            if (list->moves[i].ncaptured == best)
                list->moves[k++] = list->moves[i];
        list->count = k;
    } else {
        for (int f = 0; f < n; f++)
            for (int r = 0; r < n; r++) {
                int piece = b->cell[f][r] * sign;
                if (piece <= 0)
                    continue;
                for (int d = 0; d < 4; d++) {
                    if (piece == 1 && DR[d] != sign)
                        continue; /* men step forwards only */
                    for (int x = f + DF[d], y = r + DR[d]; on(b, x, y) && b->cell[x][y] == 0;
                         x += DF[d], y += DR[d]) {
                        RefMove m;
                        memset(&m, 0, sizeof m);
                        m.from = ref_square(n, f, r);
                        m.to = ref_square(n, x, y);
                        m.promotes = piece == 1 && y == (sign > 0 ? n - 1 : 0);
                        list->moves[list->count++] = m;
                        if (piece == 1)
                            break;
                    }
                }
            }
    }
    qsort(list->moves, (size_t)list->count, sizeof list->moves[0], cmp_move);
}

void ref_play(const RefBoard *b, const RefMove *m, RefBoard *out)
{
    RefBoard r = *b;
    int f0, r0, f1, r1;
    ref_coords(b->size, m->from, &f0, &r0);
    ref_coords(b->size, m->to, &f1, &r1);
    signed char piece = r.cell[f0][r0];
    r.cell[f0][r0] = 0;
    for (int i = 0; i < m->ncaptured; i++) {
        int f, rk;
        ref_coords(b->size, m->captured[i], &f, &rk);
        r.cell[f][rk] = 0;
    }
    if (m->promotes)
        piece = (signed char)(piece * 2);
    r.cell[f1][r1] = piece;
    r.side = b->side ^ 1;
    *out = r;
}

uint64_t ref_perft(const RefBoard *b, int depth)
{
    if (depth == 0)
        return 1;
    RefList *list = malloc(sizeof *list);
    if (!list)
        return 0;
    ref_generate(b, list);
    uint64_t n = 0;
    if (depth == 1) {
        n = (uint64_t)list->count;
    } else {
        for (int i = 0; i < list->count; i++) {
            RefBoard child;
            ref_play(b, &list->moves[i], &child);
            n += ref_perft(&child, depth - 1);
        }
    }
    free(list);
    return n;
}

void ref_from_moves(const ShMoveList *moves, RefList *list)
{
    list->count = 0;
    for (int i = 0; i < moves->count && i < REF_MAX_MOVES; i++) {
        const ShMove *sm = &moves->moves[i];
        RefMove *m = &list->moves[list->count++];
        memset(m, 0, sizeof *m);
        m->from = sh_move_from(sm);
        m->to = sh_move_to(sm);
        m->promotes = sm->promotes;
        m->ncaptured = sh_move_captured_squares(sm, m->captured);
    }
    qsort(list->moves, (size_t)list->count, sizeof list->moves[0], cmp_move);
}

static void describe(const RefMove *m, char *out, size_t size)
{
    int n = snprintf(out, size, "%d-%d {", m->from + 1, m->to + 1);
    for (int i = 0; i < m->ncaptured && n > 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, "%s%d", i ? "," : "", m->captured[i] + 1);
    if (n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, "}%s", m->promotes ? " promotes" : "");
}

bool ref_same(const RefList *a, const RefList *b, char *why, size_t size)
{
    int i = 0, j = 0;
    while (i < a->count || j < b->count) {
        int c = i == a->count ? 1 : j == b->count ? -1 : cmp_move(&a->moves[i], &b->moves[j]);
        if (c == 0) {
            i++;
            j++;
            continue;
        }
        char m[256];
        describe(c < 0 ? &a->moves[i] : &b->moves[j], m, sizeof m);
        snprintf(why, size, "%d and %d moves; %s only in the %s list", a->count, b->count, m,
                 c < 0 ? "first" : "second");
        return false;
    }
    return true;
}
