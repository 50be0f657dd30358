/*
 * test_egdb_plain.c - a plain exhaustive solver, independent of the database builder, to check
 * the databases position by position.
 *
 * It shares nothing with engine/egdb but the library's rules: positions are set up square by
 * square with the public API, kept in a hash table, and their moves generated and played by
 * sh_moves_generate and sh_position_play. A material (the men and kings of each side) with
 * either side to move is solved at a time, in an order where every capture and crowning leads
 * to a material already solved, by rounds: in round r a position is won if one of its moves
 * reaches a lost position in r plies or fewer (a capture or a crowning counts 1, another move
 * one more than the lost position's own distance, which is known from an earlier round), lost
 * if every move reaches a won position known before this round (its distance the longest);
 * what no round decides is drawn. So each value and conversion distance comes from the plain
 * minimax definition, forwards, with no numbering, no retrograde step and no file.
 */
#include <stdlib.h>
#include <string.h>

#include "egdb/dbfile.h"
#include "egdb/dbprobe.h"
#include "test.h"

typedef struct Node {
    ShPosition pos;
    int8_t result;   /* DB_WIN, DB_LOSS, DB_DRAW, or -1 while undecided */
    uint8_t dtc;
    int16_t round;   /* when it was decided */
    int group;
    int first, count; /* its children in the child list */
} Node;

typedef struct Plain {
    Node *nodes;
    int count, cap;
    int *table; /* open addressing: node index + 1, 0 empty */
    size_t table_size;
    int *children; /* node index, or -1: the side to move there has no piece (lost) */
    uint8_t *converts;
    int nchildren, cap_children;
} Plain;

static uint64_t position_hash(const ShPosition *p)
{
    uint64_t h = p->pieces[0] * 0x9e3779b97f4a7c15u ^ p->pieces[1] * 0xc2b2ae3d27d4eb4fu ^
                 p->kings * 0x165667b19e3779f9u ^ p->side;
    return h ^ (h >> 29);
}

static bool same(const ShPosition *a, const ShPosition *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->kings == b->kings && a->side == b->side;
}

static int find(const Plain *pl, const ShPosition *p)
{
    size_t mask = pl->table_size - 1;
    for (size_t i = position_hash(p) & mask;; i = (i + 1) & mask) {
        if (!pl->table[i])
            return -1;
        if (same(&pl->nodes[pl->table[i] - 1].pos, p))
            return pl->table[i] - 1;
    }
}

static bool add(Plain *pl, const ShPosition *p, int group)
{
    if (pl->count == pl->cap) {
        int cap = pl->cap ? 2 * pl->cap : 1 << 16;
        Node *n = realloc(pl->nodes, sizeof *n * (size_t)cap);
        if (!n)
            return false;
        pl->nodes = n;
        pl->cap = cap;
    }
    Node *n = &pl->nodes[pl->count];
    memset(n, 0, sizeof *n);
    n->pos = *p;
    n->result = -1;
    n->group = group;
    size_t mask = pl->table_size - 1, i = position_hash(p) & mask;
    while (pl->table[i])
        i = (i + 1) & mask;
    pl->table[i] = ++pl->count;
    return true;
}

/* Every legal position of a material with either side to move: the pieces put on squares in
 * increasing order, kind by kind. */
static bool place(Plain *pl, ShPosition *p, const int *left, int kind, int from, int group)
{
    static const ShPiece KIND[4] = {SH_WHITE_MAN, SH_WHITE_KING, SH_BLACK_MAN, SH_BLACK_KING};
    while (kind < 4 && left[kind] == 0) {
        kind++;
        from = 0;
    }
    if (kind == 4) {
        if (sh_position_validate(p, NULL) != SH_OK)
            return true;
        for (int side = 0; side < 2; side++) {
            ShPosition q = *p;
            sh_position_set_side(&q, (ShColor)side);
            if (!add(pl, &q, group))
                return false;
        }
        return true;
    }
    int rest[4] = {left[0], left[1], left[2], left[3]};
    rest[kind]--;
    for (int sq = from; sq < 32; sq++) {
        if (sh_position_piece_at(p, sq) != SH_EMPTY)
            continue;
        sh_position_set_piece(p, sq, KIND[kind]);
        bool ok = place(pl, p, rest, kind, sq + 1, group);
        sh_position_set_piece(p, sq, SH_EMPTY);
        if (!ok)
            return false;
    }
    return true;
}

/* Solve the nodes [lo, hi) of one material by rounds (see the top of the file). */
static void solve_group(Plain *pl, int lo, int hi)
{
    for (int r = 0;; r++) {
        bool changed = false;
        for (int i = lo; i < hi; i++) {
            Node *n = &pl->nodes[i];
            if (n->result >= 0)
                continue;
            if (n->count == 0) { /* no move: lost (decided in round 0) */
                n->result = DB_LOSS, n->dtc = 0, n->round = 0;
                changed = true;
                continue;
            }
            if (r == 0)
                continue;
            int win = 1 << 20, longest = 0;
            bool all_won = true;
            for (int c = n->first; c < n->first + n->count; c++) {
                int ci = pl->children[c], res, d;
                if (ci < 0) {
                    res = DB_LOSS, d = 0;
                } else {
                    const Node *m = &pl->nodes[ci];
                    bool known = m->result >= 0 && (m->group != n->group || m->round < r);
                    if (!known) {
                        all_won = false;
                        continue;
                    }
                    res = m->result, d = m->dtc;
                }
                int plies = pl->converts[c] ? 1 : d + 1;
                if (res == DB_LOSS) {
                    if (plies < win)
                        win = plies;
                    all_won = false;
                } else if (res == DB_WIN) {
                    if (plies > longest)
                        longest = plies;
                } else {
                    all_won = false;
                }
            }
            if (win <= r) {
                n->result = DB_WIN, n->dtc = (uint8_t)win, n->round = (int16_t)r;
                changed = true;
            } else if (all_won) {
                n->result = DB_LOSS, n->dtc = (uint8_t)longest, n->round = (int16_t)r;
                changed = true;
            }
        }
        if (!changed && r > 0)
            break;
    }
    for (int i = lo; i < hi; i++)
        if (pl->nodes[i].result < 0)
            pl->nodes[i].result = DB_DRAW, pl->nodes[i].dtc = 0;
}

/* The materials with at most three pieces, and three kings against one king: (white men,
 * white kings, black men, black kings), in an order where captures and crownings lead back. */
static int materials(int list[][4])
{
    int n = 0;
    for (int pieces = 2; pieces <= 4; pieces++)
        for (int men = 0; men <= pieces; men++)
            for (int wm = 0; wm <= men; wm++)
                for (int wk = 0; wk + wm + men - wm <= pieces; wk++) {
                    int bm = men - wm, bk = pieces - wm - wk - bm;
                    if (bk < 0 || wm + wk == 0 || bm + bk == 0)
                        continue;
                    if (pieces == 4 && !(wm == 0 && bm == 0 && wk == 3 && bk == 1))
                        continue;
                    list[n][0] = wm, list[n][1] = wk, list[n][2] = bm, list[n][3] = bk;
                    n++;
                }
    return n;
}

void egdb_plain_check(const char *dir, uint64_t *checked, uint64_t *mismatches, uint64_t *wins)
{
    *checked = *mismatches = *wins = 0;
    Plain pl;
    memset(&pl, 0, sizeof pl);
    pl.table_size = (size_t)1 << 21;
    pl.table = calloc(pl.table_size, sizeof(int));
    int list[64][4], groups = materials(list);
    int *start = calloc((size_t)groups + 1, sizeof(int));
    ShError err;
    Db *db = dbprobe_open(dir, 16, &err);
    bool ok = pl.table && start && db;
    for (int g = 0; g < groups && ok; g++) {
        start[g] = pl.count;
        ShPosition p;
        sh_position_clear(&p, SH_VARIANT_RUSSIAN, SH_WHITE);
        ok = place(&pl, &p, list[g], 0, 0, g);
    }
    start[groups] = pl.count;
    /* The children of every position (a capture or a crowning "converts"). */
    for (int i = 0; i < pl.count && ok; i++) {
        Node *n = &pl.nodes[i];
        ShMoveList moves;
        sh_moves_generate(&n->pos, &moves);
        n->first = pl.nchildren;
        n->count = moves.count;
        if (pl.nchildren + moves.count > pl.cap_children) {
            int cap = 2 * (pl.cap_children + moves.count);
            int *c = realloc(pl.children, sizeof(int) * (size_t)cap);
            uint8_t *v = realloc(pl.converts, (size_t)cap);
            if (c)
                pl.children = c;
            if (v)
                pl.converts = v;
            ok = c && v;
            if (!ok)
                break;
            pl.cap_children = cap;
        }
        for (int m = 0; m < moves.count && ok; m++) {
            ShPosition child;
            sh_position_play(&n->pos, &moves.moves[m], &child);
            int ci = child.pieces[child.side] ? find(&pl, &child) : -1;
            ok = ci >= 0 || !child.pieces[child.side];
            pl.children[pl.nchildren] = ci;
            pl.converts[pl.nchildren++] =
                sh_move_is_capture(&moves.moves[m]) || moves.moves[m].promotes;
        }
    }
    for (int g = 0; g < groups && ok; g++)
        solve_group(&pl, start[g], start[g + 1]);
    for (int i = 0; i < pl.count && ok; i++) {
        const Node *n = &pl.nodes[i];
        DbValue v;
        (*checked)++;
        *wins += n->result == DB_WIN;
        if (!dbprobe_value(db, &n->pos, &v) || v.result != n->result ||
            (n->result != DB_DRAW && v.dtc != n->dtc)) {
            if (*mismatches < 5) {
                char fen[SH_FEN_SIZE];
                sh_fen_write(&n->pos, false, fen);
                fprintf(stderr, "plain solver: %s is %d (dtc %d), the database says %d (%d)\n",
                        fen, n->result, n->dtc, v.result, v.dtc);
            }
            (*mismatches)++;
        }
    }
    if (!ok)
        (*mismatches)++;
    dbprobe_close(db);
    free(start);
    free(pl.nodes);
    free(pl.table);
    free(pl.children);
    free(pl.converts);
}
