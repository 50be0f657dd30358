/*
 * movegen_columns.c - moves of the column games: bashni on the Russian board, Lasca on the
 * 7x7 one.
 *
 * A column moves as its top piece does, so the generator looks at the tops only (the
 * bitboards of ShPosition; columns.h): bashni's as Russian pieces (men step forwards and
 * capture both ways, flying kings, a man crowned mid-capture goes on as a king, free choice of
 * capture), Lasca's as Lasker gave them (soldiers step and capture forwards, officers one
 * square any way, a soldier crowned ends its move, free choice). Captures follow the rules of
 * the Turkish strike as Russian checkers has it: a jumped column is not changed until the move
 * ends, so it still blocks the line and may not be jumped a second time (Lasca: "a piece may
 * not attack the same stack twice in the same move"); the moving column's start square is
 * empty. A king that has jumped looks for a continuation from every landing square (and must
 * take one if there is one); going on straight ahead is the same from every landing square and
 * is followed once, from the first, which is also the "paths" convention of perft.
 *
 * What differs from the flat games is what a move is. The taken tops go under the capturer in
 * the order they were taken, so two paths that take the same set in another order of kings
 * and men end in different columns: a move is its start, end, captured set, crowning and
 * (ShMove.ext) the kinds of the taken tops in the order of the capture, bit i for the i-th.
 * The search walks squares by bit index with a step per direction (Russian layout: +1, +9,
 * -1, -9; the 7x7 layout: +9, +7, -9, -7); plain and short, it is not in any hot path.
 */
#include <string.h>

#include "columns.h"

typedef struct ColSearch {
    Bitboard valid;     /* the board's squares */
    Bitboard empty;     /* empty squares; the moving column's start counts as empty */
    Bitboard enemy;     /* the opponent's tops */
    Bitboard kings;     /* every king top */
    Bitboard promotion; /* where the mover's men are crowned */
    int step[4];        /* NE, NW, SW, SE as a change of bit index */
    bool flying;        /* kings fly (bashni) */
    bool back;          /* men capture backwards (bashni) */
    bool goes_on;       /* a man crowned mid-capture goes on as a king (bashni) */
    int us, from, board, depth;
    uint32_t kinds;     /* bit i: the i-th top taken was a king */
    bool merge;
    bool found;         /* (probe) a capture exists */
    ShMoveList *moves;  /* where moves go, or NULL */
    PathList *paths;    /* where paths go, or NULL */
    uint8_t path[SH_MAX_PATH];
} ColSearch;

static void search_init(ColSearch *s, const ShPosition *p)
{
    static const int RUSSIAN[4] = {DIR_NE, DIR_NW, DIR_SW, DIR_SE};
    static const int SMALL7[4] = {9, 7, -9, -7};
    const ShRules *rules = sh_rules_get((ShVariant)p->variant);
    bool small = geo_kind(p->variant) == GEO_SMALL7;
    memcpy(s->step, small ? SMALL7 : RUSSIAN, sizeof s->step);
    s->valid = geo_valid(p->variant);
    s->us = p->side;
    s->enemy = p->pieces[s->us ^ 1];
    s->kings = p->kings;
    s->empty = s->valid & ~pos_occupied(p);
    s->promotion = geo_promotion(p->variant, s->us);
    s->flying = rules->flying_kings;
    s->back = rules->men_capture_backward;
    s->goes_on = rules->promotion_continues;
    s->board = p->variant;
    s->depth = 0;
    s->kinds = 0;
}

/* The square one step from `sq` in direction d, or -1 off the board. */
static inline int step_to(const ColSearch *s, int sq, int d)
{
    int t = sq + s->step[d];
    return t >= 0 && t < BB_BITS && (s->valid & bb_bit(t)) ? t : -1;
}

static inline bool is_forward(const ColSearch *s, int d)
{
    return s->us == SH_WHITE ? d < 2 : d >= 2;
}

static void add(ColSearch *s, int to, Bitboard captured, int promotes)
{
    ShMove m;
    memset(&m, 0, sizeof m);
    m.captured = captured;
    m.from = (uint8_t)s->from;
    m.to = (uint8_t)to;
    m.promotes = (uint8_t)promotes;
    m.board = (uint8_t)s->board;
    uint32_t kinds = s->depth >= 32 ? s->kinds : s->kinds & ((UINT32_C(1) << s->depth) - 1);
    memcpy(m.ext, &kinds, sizeof kinds);
    if (s->moves) {
        ShMoveList *list = s->moves;
        if (s->merge)
            for (int i = 0; i < list->count; i++)
                if (sh_move_equal(&list->moves[i], &m))
                    return;
        if (list->count >= SH_MAX_MOVES) {
            list->overflow = true;
            return;
        }
        list->moves[list->count++] = m;
    }
    if (s->paths) {
        PathList *paths = s->paths;
        if (paths->count >= MOVEGEN_MAX_PATHS) {
            paths->overflow = true;
            return;
        }
        MovePath *mp = &paths->items[paths->count++];
        mp->move = m;
        mp->rank = 0;
        mp->path.count = s->depth + 1;
        for (int i = 0; i <= s->depth; i++)
            mp->path.squares[i] = (uint8_t)geo_bit_square(s->board, s->path[i]);
    }
}

static bool take(ColSearch *s, int sq, int d, bool king, Bitboard captured, int promoted);

/* Going on from `sq` after a capture: true if some capture continues the move. `came` is the
 * direction of the last jump (its continuation straight on is the caller's), or -1. */
static bool go_on(ColSearch *s, int sq, bool king, Bitboard captured, int promoted, int came)
{
    bool more = false;
    for (int d = 0; d < 4; d++) {
        if (d == came || (came >= 0 && d == (came ^ 2)))
            continue;
        if (!king && !s->back && !is_forward(s, d))
            continue;
        if (take(s, sq, d, king, captured, promoted))
            more = true;
        if (more && s->found && !s->moves && !s->paths)
            return true;
    }
    return more;
}

/* A capture from `sq` in direction d, and every way it goes on; true if there was one. */
static bool take(ColSearch *s, int sq, int d, bool king, Bitboard captured, int promoted)
{
    int x = step_to(s, sq, d);
    if (king && s->flying)
        while (x >= 0 && (s->empty & bb_bit(x)))
            x = step_to(s, x, d);
    if (x < 0 || !(s->enemy & bb_bit(x)) || (captured & bb_bit(x)))
        return false;
    int land = step_to(s, x, d);
    if (land < 0 || !(s->empty & bb_bit(land)))
        return false;
    s->found = true;
    if (!s->moves && !s->paths)
        return true;
    if (s->depth >= SH_MAX_CAPTURES)
        return false;
    Bitboard taken = captured | bb_bit(x);
    if (s->kings & bb_bit(x))
        s->kinds |= UINT32_C(1) << s->depth;
    s->depth++;
    if (king && s->flying) {
        int lands[8], n = 0;
        for (int y = land; y >= 0 && (s->empty & bb_bit(y)) && n < 8; y = step_to(s, y, d))
            lands[n++] = y;
        bool more = false;
        for (int i = 0; i < n; i++) {
            s->path[s->depth] = (uint8_t)lands[i];
            if (go_on(s, lands[i], true, taken, promoted, d))
                more = true;
        }
        s->path[s->depth] = (uint8_t)lands[0];
        if (take(s, lands[0], d, true, taken, promoted)) /* straight on, once */
            more = true;
        if (!more)
            for (int i = 0; i < n; i++) {
                s->path[s->depth] = (uint8_t)lands[i];
                add(s, lands[i], taken, promoted);
            }
    } else {
        s->path[s->depth] = (uint8_t)land;
        if (!king && (s->promotion & bb_bit(land))) {
            /* crowned: bashni goes on as a king, Lasca's soldier ends its move */
            bool more = s->goes_on && (go_on(s, land, true, taken, 1, -1));
            if (!more)
                add(s, land, taken, 1);
        } else {
            bool more = false;
            if (take(s, land, d, king, taken, promoted))
                more = true;
            if (go_on(s, land, king, taken, promoted, d))
                more = true;
            if (!more)
                add(s, land, taken, promoted);
        }
    }
    s->depth--;
    s->kinds &= ~(UINT32_C(1) << s->depth);
    return true;
}

static void captures(const ShPosition *p, ColSearch *s)
{
    for (Bitboard b = p->pieces[s->us]; b; b &= b - 1) {
        int from = bb_first(b);
        bool king = (p->kings & bb_bit(from)) != 0;
        s->from = from;
        s->path[0] = (uint8_t)from;
        s->empty = (s->valid & ~pos_occupied(p)) | bb_bit(from);
        go_on(s, from, king, 0, 0, -1);
    }
}

static void quiet(const ShPosition *p, ColSearch *s)
{
    Bitboard empty = s->valid & ~pos_occupied(p);
    for (Bitboard b = p->pieces[s->us]; b; b &= b - 1) {
        int from = bb_first(b);
        bool king = (p->kings & bb_bit(from)) != 0;
        s->from = from;
        s->path[0] = (uint8_t)from;
        for (int d = 0; d < 4; d++) {
            if (!king && !is_forward(s, d))
                continue;
            for (int t = step_to(s, from, d); t >= 0 && (empty & bb_bit(t));
                 t = step_to(s, t, d)) {
                s->path[1] = (uint8_t)t;
                s->depth = 1;
                s->kinds = 0;
                add(s, t, 0, !king && (s->promotion & bb_bit(t)) ? 1 : 0);
                s->depth = 0;
                if (!king || !s->flying)
                    break;
            }
        }
    }
}

bool columns_capture_pending(const ShPosition *p)
{
    ColSearch s;
    search_init(&s, p);
    s.moves = NULL;
    s.paths = NULL;
    s.found = false;
    for (Bitboard b = p->pieces[s.us]; b && !s.found; b &= b - 1) {
        int from = bb_first(b);
        s.from = from;
        s.empty = (s.valid & ~pos_occupied(p)) | bb_bit(from);
        go_on(&s, from, (p->kings & bb_bit(from)) != 0, 0, 0, -1);
    }
    return s.found;
}

void columns_generate(const ShPosition *p, ShMoveList *list, bool merge)
{
    ColSearch s;
    search_init(&s, p);
    list->count = 0;
    list->overflow = false;
    s.moves = list;
    s.paths = NULL;
    s.merge = merge;
    s.found = false;
    if (columns_capture_pending(p))
        captures(p, &s);
    else
        quiet(p, &s);
}

int columns_count(const ShPosition *p, bool merge)
{
    ShMoveList list;
    columns_generate(p, &list, merge);
    return list.count;
}

void columns_paths(const ShPosition *p, PathList *paths)
{
    ColSearch s;
    search_init(&s, p);
    paths->count = 0;
    paths->overflow = false;
    s.moves = NULL;
    s.paths = paths;
    s.merge = false;
    s.found = false;
    if (columns_capture_pending(p))
        captures(p, &s);
    else
        quiet(p, &s);
}

uint64_t columns_perft(const ShPosition *p, int depth, bool merge)
{
    ShMoveList list;
    columns_generate(p, &list, merge);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)list.count : 1;
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        col_play(p, &list.moves[i], &child);
        n += columns_perft(&child, depth - 1, merge);
    }
    return n;
}
