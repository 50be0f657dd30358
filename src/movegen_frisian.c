/*
 * movegen_frisian.c - moves of Frisian draughts, on the 10x10 board of bitboard10.h.
 *
 * Frisian draughts is international draughts with captures along the files and ranks as well
 * as the diagonals (the rules: docs/variants.md). Along a rank the playing squares are every
 * second square, so an orthogonal capture jumps the next playing square of the line (two
 * squares away on the board) and lands on the one after it (four away); on the bit layout a
 * rank's playing squares are consecutive bits and a file's are 11 bits apart:
 *
 *     north -11, south +11, east +1, west -1    (east: towards file j)
 *
 * North and south leave the board off the end of the word or past bit 53; east and west
 * would wrap into the next row at one end of every row, which the masks B10_FILE_A and
 * B10_FILE_J take away (the other ends fall on the ghost bits).
 *
 *   - men step one square diagonally forwards and capture in all eight directions;
 *   - kings slide along the diagonals and capture at a distance in all eight directions,
 *     landing on any empty square behind the piece, and must go on where they can;
 *   - captured pieces stay on the board until the move ends (they block, and may not be
 *     jumped twice); a man passing the crowning row in a capture stays a man;
 *   - of all captures the one of the highest value must be made: a king is worth a little
 *     less than two men (n kings more than 2n - 1 men, less than 2n), and at equal value a
 *     capture by a king goes before one by a man;
 *   - while a side has men, a king may not make more than three non-capturing moves in a
 *     row (ShPosition.king_run counts them).
 *
 * The capture search is a depth-first walk as in movegen_impl.h: a king going on straight
 * ahead is followed once, from the first landing square, which also enumerates the "paths"
 * of the second perft convention. Speed matters less than on the 8x8 boards.
 */
#include "movegen_frisian.h"

/* Directions 0-3 the diagonals (NE NW SW SE), 4-7 the lines (N W S E); reverse(k) = k ^ 2. */
enum { D_NE = 0, D_NW, D_SW, D_SE, D_N, D_W, D_S, D_E, DIRECTIONS };

static inline Bitboard step(Bitboard b, int k)
{
    switch (k) {
    case D_NE: return (b >> 5) & B10_VALID;
    case D_NW: return (b >> 6) & B10_VALID;
    case D_SW: return (b << 5) & B10_VALID;
    case D_SE: return (b << 6) & B10_VALID;
    case D_N: return b >> 11;
    case D_W: return (b >> 1) & B10_VALID & ~B10_FILE_J;
    case D_S: return (b << 11) & B10_VALID;
    default: return (b << 1) & B10_VALID & ~B10_FILE_A;
    }
}

static inline int reverse(int k)
{
    return k ^ 2;
}

typedef struct FrisianSearch {
    Bitboard empty;     /* empty squares; the moving piece's start square counts as empty */
    Bitboard enemy;     /* the opponent's pieces; captured ones stay until the move ends */
    Bitboard kings_all; /* every king on the board (for the value of a capture) */
    Bitboard promotion; /* the row where the mover's men are crowned */
    int from;
    int from_king;
    int depth;
    bool merge;
    ShMoveList *moves;
    PathList *paths;
    uint32_t ranks[SH_MAX_MOVES];
    uint64_t orders[SH_MAX_MOVES][2]; /* (paths) the order each move's pieces were taken in */
    uint8_t path[SH_MAX_PATH];
    uint8_t victims[SH_MAX_PATH]; /* the bit of each piece taken on the current path */
} FrisianSearch;

/* The value of a capture as a number that orders captures as the rules do: kings count two
 * men each less a little (2K + M first, then fewer kings), then a king capturing. */
static inline uint32_t frisian_rank(const FrisianSearch *s, Bitboard captured)
{
    uint32_t n = (uint32_t)bb_count(captured), k = (uint32_t)bb_count(captured & s->kings_all);
    return ((n + k) << 7 | (63 - k)) << 1 | (uint32_t)s->from_king;
}

uint32_t frisian_capture_rank(int men, int kings, bool by_king)
{
    return ((uint32_t)(men + 2 * kings) << 7 | (uint32_t)(63 - kings)) << 1 | (uint32_t)by_king;
}

static void frisian_add(FrisianSearch *s, int to, Bitboard captured, int promotes)
{
    ShMove m = {captured, (uint8_t)s->from, (uint8_t)to, (uint8_t)promotes,
                SH_VARIANT_INTERNATIONAL, {0}};
    uint32_t rank = frisian_rank(s, captured);
    if (s->paths) {
        PathList *pl = s->paths;
        if (pl->count == MOVEGEN_MAX_PATHS) {
            pl->overflow = true;
        } else {
            MovePath *mp = &pl->items[pl->count++];
            mp->move = m;
            mp->rank = rank;
            mp->path.count = s->depth + 1;
            for (int i = 0; i <= s->depth; i++)
                mp->path.squares[i] = (uint8_t)b10_bit_square(s->path[i]);
        }
    }
    ShMoveList *list = s->moves;
    if (!list)
        return;
    /* One move per distinct move; one per order of taking the pieces otherwise (two routes
     * taking them in the same order, one of them along a line and the other a diagonal, are
     * the same path: they differ only in where the king stood between two captures). */
    uint64_t order[2] = {0, 0};
    for (int i = 0; i < s->depth && i < 20; i++)
        order[i / 10] |= (uint64_t)(s->victims[i] + 1) << (6 * (i % 10));
    for (int i = 0; i < list->count; i++)
        if (sh_move_equal(&list->moves[i], &m) &&
            (s->merge || (s->orders[i][0] == order[0] && s->orders[i][1] == order[1])))
            return;
    if (list->count == SH_MAX_MOVES) {
        list->overflow = true;
        return;
    }
    s->orders[list->count][0] = order[0];
    s->orders[list->count][1] = order[1];
    s->ranks[list->count] = rank;
    list->moves[list->count++] = m;
}

static bool king_capture(FrisianSearch *s, int sq, Bitboard captured, unsigned dirs);
static void man_capture(FrisianSearch *s, int sq, Bitboard captured);

/* A king at sq captures in direction k: the first piece on the line is an enemy not yet taken
 * with an empty square behind it. It must land where it can go on if there is such a square
 * (straight on is followed once, from the first landing square); else every landing square
 * ends a move. */
static bool king_capture_dir(FrisianSearch *s, int sq, Bitboard captured, int k)
{
    Bitboard b = step(bb_bit(sq), k);
    while (b & s->empty)
        b = step(b, k);
    if (!(b & s->enemy & ~captured))
        return false;
    Bitboard victim = b;
    b = step(b, k);
    if (!(b & s->empty))
        return false;
    captured |= victim;
    int first = bb_first(b);
    Bitboard lands = 0;
    while (b & s->empty) {
        lands |= b;
        b = step(b, k);
    }
    int depth = ++s->depth;
    s->victims[depth - 1] = (uint8_t)bb_first(victim);
    bool more = false;
    if ((b & s->enemy & ~captured) && (step(b, k) & s->empty)) {
        s->path[depth] = (uint8_t)first;
        king_capture(s, first, captured, 1u << k);
        more = true;
    }
    unsigned others = ((1u << DIRECTIONS) - 1) & ~(1u << k) & ~(1u << reverse(k));
    for (Bitboard l = lands; l; l &= l - 1) {
        int to = bb_first(l);
        s->path[depth] = (uint8_t)to;
        if (king_capture(s, to, captured, others))
            more = true;
    }
    if (!more) {
        for (Bitboard l = lands; l; l &= l - 1) {
            int to = bb_first(l);
            s->path[depth] = (uint8_t)to;
            frisian_add(s, to, captured, 0);
        }
    }
    s->depth--;
    return true;
}

static bool king_capture(FrisianSearch *s, int sq, Bitboard captured, unsigned dirs)
{
    bool any = false;
    for (int k = 0; k < DIRECTIONS; k++)
        if (dirs & (1u << k))
            any |= king_capture_dir(s, sq, captured, k);
    return any;
}

/* A man at sq jumps the neighbour in direction k onto the square behind it. */
static bool man_jump(FrisianSearch *s, int sq, Bitboard captured, int k)
{
    Bitboard mid = step(bb_bit(sq), k);
    Bitboard land = step(mid, k);
    if (!(mid & s->enemy & ~captured) || !(land & s->empty))
        return false;
    int to = bb_first(land);
    int depth = ++s->depth;
    s->path[depth] = (uint8_t)to;
    s->victims[depth - 1] = (uint8_t)bb_first(mid);
    captured |= mid;
    bool went_on = false;
    for (int j = 0; j < DIRECTIONS; j++) {
        if (j == reverse(k))
            continue;
        Bitboard m2 = step(land, j);
        if ((m2 & s->enemy & ~captured) && (step(m2, j) & s->empty)) {
            went_on = true;
            break;
        }
    }
    if (went_on)
        man_capture(s, to, captured);
    else
        frisian_add(s, to, captured, (land & s->promotion) != 0);
    s->depth--;
    return true;
}

static void man_capture(FrisianSearch *s, int sq, Bitboard captured)
{
    for (int k = 0; k < DIRECTIONS; k++)
        man_jump(s, sq, captured, k);
}

/* Keep only the captures of the highest value. */
static void keep_best(FrisianSearch *s)
{
    movegen_keep_best(s->moves, s->ranks, s->paths);
}

static void captures(const ShPosition *p, FrisianSearch *s)
{
    int us = p->side;
    Bitboard empty = B10_VALID & ~pos_occupied(p);
    s->enemy = p->pieces[us ^ 1];
    s->kings_all = p->kings;
    s->promotion = b10_promotion(us);
    /* the men that can jump something (found for all at once, a direction at a time), and
     * every king */
    Bitboard jumpers = 0;
    for (int k = 0; k < DIRECTIONS; k++)
        jumpers |= step(step(empty, reverse(k)) & s->enemy, reverse(k));
    for (Bitboard b = (pos_men(p, us) & jumpers) | pos_kings(p, us); b; b &= b - 1) {
        int sq = bb_first(b);
        s->from = sq;
        s->from_king = (int)((p->kings >> sq) & 1);
        s->path[0] = (uint8_t)sq;
        s->depth = 0;
        s->empty = empty | bb_bit(sq);
        if (s->from_king)
            king_capture(s, sq, 0, (1u << DIRECTIONS) - 1);
        else
            man_capture(s, sq, 0);
    }
    keep_best(s);
}

bool frisian_capture_pending(const ShPosition *p)
{
    int us = p->side;
    Bitboard empty = B10_VALID & ~pos_occupied(p), enemy = p->pieces[us ^ 1];
    Bitboard men = pos_men(p, us), kings = pos_kings(p, us);
    for (int k = 0; k < DIRECTIONS; k++) {
        if (step(step(men, k) & enemy, k) & empty)
            return true;
        /* every king's line at once: the fill along k over empty squares */
        Bitboard ray = step(kings, k), reach = 0;
        while (ray) {
            reach |= ray;
            ray = step(ray & empty, k);
        }
        if (step(reach & enemy, k) & empty)
            return true;
    }
    return false;
}

/* The king of the side to move that may not make another non-capturing move now. */
static inline Bitboard frozen_king(const ShPosition *p)
{
    uint8_t run = p->king_run[p->side];
    if (!run || pos_run_count(run) < POS_RUN_MAX || !pos_men(p, p->side))
        return 0;
    return bb_bit(pos_run_bit(run));
}

static void quiet(const ShPosition *p, ShMoveList *list)
{
    int us = p->side;
    Bitboard empty = B10_VALID & ~pos_occupied(p), promotion = b10_promotion(us);
    Bitboard men = pos_men(p, us);
    int first = us == SH_WHITE ? D_NE : D_SW;
    for (int k = first; k < first + 2; k++) {
        for (Bitboard b = step(men, k) & empty; b; b &= b - 1) {
            int to = bb_first(b);
            int from = bb_first(step(bb_bit(to), reverse(k)));
            list->moves[list->count++] =
                (ShMove){0, (uint8_t)from, (uint8_t)to, (uint8_t)((bb_bit(to) & promotion) != 0),
                         SH_VARIANT_INTERNATIONAL, {0}};
        }
    }
    for (Bitboard kings = pos_kings(p, us) & ~frozen_king(p); kings; kings &= kings - 1) {
        int from = bb_first(kings);
        for (int k = D_NE; k <= D_SE; k++)
            for (Bitboard b = step(bb_bit(from), k); b & empty; b = step(b, k))
                list->moves[list->count++] = (ShMove){0, (uint8_t)from, (uint8_t)bb_first(b), 0,
                                                      SH_VARIANT_INTERNATIONAL, {0}};
    }
}

void frisian_generate(const ShPosition *p, ShMoveList *list, bool merge)
{
    list->count = 0;
    list->overflow = false;
    if (frisian_capture_pending(p)) {
        FrisianSearch s;
        s.merge = merge;
        s.moves = list;
        s.paths = NULL;
        captures(p, &s);
        return;
    }
    quiet(p, list);
}

/* The number of quiet moves, counted in bulk: men's steps a direction at a time, and the kings'
 * rays (those of two kings in one direction never share a square: each stops at a piece). */
static int count_quiet(const ShPosition *p)
{
    int us = p->side;
    Bitboard empty = B10_VALID & ~pos_occupied(p), men = pos_men(p, us);
    Bitboard kings = pos_kings(p, us) & ~frozen_king(p);
    int n = us == SH_WHITE
                ? bb_count(bb_shift(men, B10_NE) & empty) + bb_count(bb_shift(men, B10_NW) & empty)
                : bb_count(bb_shift(men, B10_SW) & empty) + bb_count(bb_shift(men, B10_SE) & empty);
    if (kings)
        n += bb_count(b10_fill(kings, empty, B10_NE) & empty) +
             bb_count(b10_fill(kings, empty, B10_NW) & empty) +
             bb_count(b10_fill(kings, empty, B10_SW) & empty) +
             bb_count(b10_fill(kings, empty, B10_SE) & empty);
    return n;
}

int frisian_count(const ShPosition *p, bool merge)
{
    if (!frisian_capture_pending(p))
        return count_quiet(p);
    ShMoveList list;
    frisian_generate(p, &list, merge);
    return list.count;
}

void frisian_paths(const ShPosition *p, PathList *paths)
{
    paths->count = 0;
    paths->overflow = false;
    if (frisian_capture_pending(p)) {
        FrisianSearch s;
        s.merge = false;
        s.moves = NULL;
        s.paths = paths;
        captures(p, &s);
        return;
    }
    ShMoveList list;
    list.count = 0;
    quiet(p, &list);
    for (int i = 0; i < list.count; i++) {
        MovePath *mp = &paths->items[paths->count++];
        mp->move = list.moves[i];
        mp->rank = 0;
        mp->path.count = 2;
        mp->path.squares[0] = (uint8_t)b10_bit_square(list.moves[i].from);
        mp->path.squares[1] = (uint8_t)b10_bit_square(list.moves[i].to);
    }
}

/* The position after a move, without the hash key (for counting). */
static void play_board(const ShPosition *p, const ShMove *m, ShPosition *out)
{
    ShPosition r = *p;
    int us = p->side, them = us ^ 1;
    Bitboard from = bb_bit(m->from), to = bb_bit(m->to), cap = m->captured;
    bool is_king = (p->kings & from) || m->promotes;
    r.pieces[us] = (p->pieces[us] & ~from) | to;
    r.pieces[them] = p->pieces[them] & ~cap;
    r.kings = (p->kings & ~from & ~cap) | (is_king ? to : (Bitboard)0);
    r.key = 0;
    r.side = (uint8_t)them;
    pos_run_update(p, m, &r);
    *out = r;
}

uint64_t frisian_perft(const ShPosition *p, int depth, bool merge)
{
    if (depth <= 1)
        return depth == 1 ? (uint64_t)frisian_count(p, merge) : 1;
    ShMoveList list;
    frisian_generate(p, &list, merge);
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        play_board(p, &list.moves[i], &child);
        n += frisian_perft(&child, depth - 1, merge);
    }
    return n;
}
