/* refgen.c - the plain reference generator of international rules (refgen.h). The rules, as
 * FMJD's articles 3-4 state them: a man steps one square diagonally forwards; men and kings
 * capture forwards and backwards; a man jumps an adjacent piece onto the free square behind
 * it; a king moves and captures at a distance, over one piece with free squares on both sides
 * of it on its line, landing on any free square behind it; a capture goes on while a piece can
 * be taken; a piece is taken once only and stays on the board, blocking, until the move ends;
 * the square the capturing piece left is free; the capture taking the most pieces is
 * compulsory; a man is crowned only if its move ends on the far row.
 *
 * And of Russian rules (rules-notes.md, the Russian federation's rules): the same moves and
 * captures, but the capturing side chooses freely among the captures (however many they take),
 * a capture once begun goes on while a piece can be taken; a man that reaches the far row
 * during a capture becomes a king there and goes on capturing as a king; a king that has jumped
 * a piece must land on a square from which it can take again, if there is one behind the piece
 * (else it may land on any free square behind it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refgen.h"

int ref_square(const RefBoard *b, int file, int rank)
{
    return (b->ranks - 1 - rank) * (b->files / 2) + file / 2;
}

void ref_coords(const RefBoard *b, int square, int *file, int *rank)
{
    int half = b->files / 2, row = square / half;
    *rank = b->ranks - 1 - row;
    *file = 2 * (square % half) + *rank % 2; /* dark squares: file + rank even */
}

void ref_from_position(const ShPosition *pos, RefBoard *b)
{
    ShVariant v = (ShVariant)pos->variant;
    memset(b, 0, sizeof *b);
    b->files = sh_rules_get(v)->board_size;
    b->ranks = sh_rules_get(v)->board_rows;
    b->russian = sh_rules_get(v)->precedence == SH_PRECEDENCE_FREE;
    b->side = (int)sh_position_side(pos);
    static const signed char value[] = {0, 1, 2, -1, -2};
    for (int sq = 0; sq < sh_board_squares(v); sq++) {
        int f, r;
        ref_coords(b, sq, &f, &r);
        b->cell[f][r] = value[sh_position_piece_at(pos, sq)];
    }
}

typedef struct Search {
    const RefBoard *b;
    signed char cell[SH_MAX_BOARD_SIZE][SH_MAX_BOARD_SIZE]; /* the start square emptied */
    bool taken[SH_MAX_BOARD_SIZE][SH_MAX_BOARD_SIZE];
    int from, ncaptured, sign;
    bool king, crowned; /* moving as a king; (Russian) crowned during this capture */
    int captured[SH_MAX_CAPTURES];
    RefList *list;
} Search;

static const int DF[4] = {1, -1, -1, 1}, DR[4] = {1, 1, -1, -1};

static bool on(const RefBoard *b, int f, int r)
{
    return f >= 0 && r >= 0 && f < b->files && r < b->ranks;
}

static int crown_rank(const RefBoard *b, int sign)
{
    return sign > 0 ? b->ranks - 1 : 0;
}

/* (Russian) Whether the capturing piece, standing on (f, r) as a king or a man, could take
 * another piece from there. */
static bool can_take_from(const Search *s, int f, int r, bool king)
{
    const RefBoard *b = s->b;
    for (int d = 0; d < 4; d++) {
        int x = f + DF[d], y = r + DR[d];
        if (king)
            while (on(b, x, y) && s->cell[x][y] == 0) {
                x += DF[d];
                y += DR[d];
            }
        if (!on(b, x, y) || s->cell[x][y] * s->sign >= 0 || s->taken[x][y])
            continue;
        if (on(b, x + DF[d], y + DR[d]) && s->cell[x + DF[d]][y + DR[d]] == 0)
            return true;
    }
    return false;
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
        s->taken[vx][vy] = true;
        s->captured[s->ncaptured++] = ref_square(b, vx, vy);
        /* (Russian) a king must land where it can take again, if there is such a square */
        bool must_go_on = false;
        if (b->russian && s->king)
            for (int lx = vx + DF[d], ly = vy + DR[d]; on(b, lx, ly) && s->cell[lx][ly] == 0;
                 lx += DF[d], ly += DR[d])
                if (can_take_from(s, lx, ly, true))
                    must_go_on = true;
        x = vx + DF[d];
        y = vy + DR[d];
        while (on(b, x, y) && s->cell[x][y] == 0) {
            more = true;
            bool was_king = s->king, was_crowned = s->crowned;
            if (b->russian && !s->king && y == crown_rank(b, s->sign))
                s->king = s->crowned = true; /* crowned on the far row, goes on as a king */
            if (!must_go_on || can_take_from(s, x, y, true))
                capture(s, x, y);
            s->king = was_king;
            s->crowned = was_crowned;
            if (!s->king)
                break; /* a man lands right behind */
            x += DF[d];
            y += DR[d];
        }
        s->ncaptured--;
        s->taken[vx][vy] = false;
    }
    if (!more && s->ncaptured > 0) {
        RefMove m;
        memset(&m, 0, sizeof m);
        m.from = s->from;
        m.to = ref_square(b, f, r);
        m.ncaptured = s->ncaptured;
        memcpy(m.captured, s->captured, sizeof(int) * (size_t)s->ncaptured);
        qsort(m.captured, (size_t)m.ncaptured, sizeof(int), cmp_int);
        m.promotes = s->crowned || (!s->king && r == crown_rank(b, s->sign));
        add(s->list, &m);
    }
}

void ref_generate(const RefBoard *b, RefList *list)
{
    int sign = b->side == SH_WHITE ? 1 : -1;
    list->count = 0;
    static Search s; /* the tests run on one thread */
    for (int f = 0; f < b->files; f++)
        for (int r = 0; r < b->ranks; r++) {
            if (b->cell[f][r] * sign <= 0)
                continue;
            memset(&s, 0, sizeof s);
            s.b = b;
            memcpy(s.cell, b->cell, sizeof s.cell);
            s.cell[f][r] = 0;
            s.from = ref_square(b, f, r);
            s.sign = sign;
            s.king = b->cell[f][r] * sign == 2;
            s.list = list;
            capture(&s, f, r);
        }
    if (list->count && !b->russian) { /* the majority: only the captures taking the most */
        int best = 0, k = 0;
        for (int i = 0; i < list->count; i++)
            if (list->moves[i].ncaptured > best)
                best = list->moves[i].ncaptured;
        for (int i = 0; i < list->count; i++)
            if (list->moves[i].ncaptured == best)
                list->moves[k++] = list->moves[i];
        list->count = k;
    } else if (!list->count) {
        for (int f = 0; f < b->files; f++)
            for (int r = 0; r < b->ranks; r++) {
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
                        m.from = ref_square(b, f, r);
                        m.to = ref_square(b, x, y);
                        m.promotes = piece == 1 && y == crown_rank(b, sign);
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
    ref_coords(b, m->from, &f0, &r0);
    ref_coords(b, m->to, &f1, &r1);
    signed char piece = r.cell[f0][r0];
    r.cell[f0][r0] = 0;
    for (int i = 0; i < m->ncaptured; i++) {
        int f, rk;
        ref_coords(b, m->captured[i], &f, &rk);
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
