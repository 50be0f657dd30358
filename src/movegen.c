/*
 * movegen.c - legal move generation.
 *
 * Design
 * ------
 * Perft 12 from the start visits 545 million leaves through 111 million positions one ply
 * above them. To count them in a few seconds on one core a position may cost only tens of
 * nanoseconds, so the generator is built around four decisions:
 *
 * 1. Bitboards in a 45-degree layout (bitboard.h). Every diagonal step is one shift and the
 *    off-board squares are ghost bits that are never set, so no edge masks are needed. All
 *    men of a side are moved, tested for captures and counted together, a direction at a
 *    time: "which men can capture" is four shift-and-mask lines, and so is "how many quiet
 *    moves do the men have".
 *
 * 2. Counting instead of generating at the last ply. Perft asks how many moves the leaf
 *    positions' parents have, not what they are. When no capture is pending (most positions)
 *    the number of quiet moves is a sum of popcounts: men steps per direction, and for flying
 *    kings an occluded (Kogge-Stone) fill along each direction, whose squares are never
 *    shared between two kings. Only positions with a capture run the capture search.
 *
 * 3. Captures by depth-first search, with the Turkish-strike rules as data of the search
 *    state rather than special cases: captured pieces stay in the "occupied" set (so they
 *    block) and leave the "enemy" set (so they cannot be jumped again); the moving piece's
 *    start square counts as empty (it may pass it or come back to it). A king that has
 *    jumped a piece looks for continuations from each landing square; if some exist it must
 *    take one (rule 5), else every landing square ends a move. Continuing straight on is the
 *    same capture from every landing square, so it is followed once: this is also what makes
 *    the search enumerate exactly the "paths" of the second perft convention. A man crowned
 *    mid-capture goes on as a king in the same search. Distinct moves are merged as they are
 *    added (from, to, captured set and crowning compared); capture lists are tiny.
 *
 * 4. A move is its start, end, captured set and crowning flag (16 bytes, as Scan identifies
 *    moves). No path is stored in the hot path; the path for display and for reading the
 *    notation is found again only when it is asked for (movegen_paths).
 *
 * The rules are a record (rules.c). movegen_impl.h is included once per record with the
 * record's flags as preprocessor constants, so each variant gets its own straight-line code
 * and Russian pays nothing for the other variants' options. Copy-make (pos_play) keeps the
 * recursion free of undo bookkeeping.
 */
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

#define ALL_DIRS 15u

typedef struct CaptureSearch {
    Bitboard empty;     /* empty squares; the moving piece's start square counts as empty */
    Bitboard enemy;     /* the opponent's pieces; captured ones stay until the move ends */
    Bitboard promotion; /* the rank where the mover's men are crowned */
    ShMoveList *moves;  /* where moves go, or NULL when only counting paths */
    PathList *paths;    /* where every path goes, or NULL */
    bool merge;         /* one entry per distinct move (else one per path) */
    bool count_only;    /* count moves; keep in `moves` only those needed to merge */
    int from;           /* bit index of the moving piece */
    int depth;          /* captures made so far on the current path */
    int found;          /* complete paths found */
    uint8_t path[SH_MAX_PATH]; /* bit index of the start and of each landing square */
} CaptureSearch;

/* A complete capture path ends on `to` having taken `captured`. Two paths can give the same
 * move only if they take three pieces or more (with two, the second segment of one path
 * would have to run parallel to the first of the other through the same piece), so
 * shorter captures skip the search for a duplicate. */
static inline void capture_add(CaptureSearch *s, int to, Bitboard captured, int promotes)
{
    ShMove m = {captured, (uint8_t)s->from, (uint8_t)to, (uint8_t)promotes, 0};
    if (s->paths) {
        PathList *pl = s->paths;
        if (pl->count == MOVEGEN_MAX_PATHS) {
            pl->overflow = true;
        } else {
            MovePath *mp = &pl->items[pl->count++];
            mp->move = m;
            mp->path.count = s->depth + 1;
            for (int i = 0; i <= s->depth; i++)
                mp->path.squares[i] = (uint8_t)bb_bit_square(s->path[i]);
        }
    }
    ShMoveList *list = s->moves;
    if (!list)
        return;
    bool may_repeat = s->merge && bb_count(captured) >= 3;
    if (may_repeat) {
        for (int i = 0; i < list->count; i++) {
            const ShMove *o = &list->moves[i];
            if (o->captured == captured && o->to == to && o->from == s->from &&
                o->promotes == promotes)
                return;
        }
    }
    s->found++;
    if (s->count_only && !may_repeat)
        return;
    if (list->count == SH_MAX_MOVES) {
        list->overflow = true;
        return;
    }
    list->moves[list->count++] = m;
}

/* Majority rule (variants that have it): keep only the captures taking the most pieces. */
static inline __attribute__((unused)) void capture_keep_majority(CaptureSearch *s)
{
    int best = 0;
    if (s->moves) {
        ShMoveList *l = s->moves;
        for (int i = 0; i < l->count; i++)
            if (bb_count(l->moves[i].captured) > best)
                best = bb_count(l->moves[i].captured);
        int n = 0;
        for (int i = 0; i < l->count; i++)
            if (bb_count(l->moves[i].captured) == best)
                l->moves[n++] = l->moves[i];
        l->count = n;
    }
    if (s->paths) {
        PathList *pl = s->paths;
        best = 0;
        for (int i = 0; i < pl->count; i++)
            if (bb_count(pl->items[i].move.captured) > best)
                best = bb_count(pl->items[i].move.captured);
        int n = 0;
        for (int i = 0; i < pl->count; i++)
            if (bb_count(pl->items[i].move.captured) == best)
                pl->items[n++] = pl->items[i];
        pl->count = n;
    }
}

/* Russian checkers: flying kings, men capture backwards, free choice of capture, a man
 * crowned mid-capture continues as a king. */
#define GEN(name) russian_##name
#define R_FLYING_KINGS 1
#define R_MEN_CAPTURE_BACKWARD 1
#define R_MAJORITY 0
#define R_PROMOTION_CONTINUES 1
#include "movegen_impl.h"
#undef GEN
#undef R_FLYING_KINGS
#undef R_MEN_CAPTURE_BACKWARD
#undef R_MAJORITY
#undef R_PROMOTION_CONTINUES

/* One entry per variant; the switch dispatches once per call, outside the recursion. */

void sh_moves_generate(const ShPosition *pos, ShMoveList *list)
{
    switch ((ShVariant)pos->variant) {
    case SH_VARIANT_RUSSIAN:
    default:
        russian_generate(pos, list, true);
        break;
    }
}

void sh_moves_generate_paths(const ShPosition *pos, ShMoveList *list)
{
    russian_generate(pos, list, false);
}

int sh_moves_count(const ShPosition *pos)
{
    return russian_count(pos, true);
}

bool sh_moves_capture_pending(const ShPosition *pos)
{
    return russian_capture_pending(pos);
}

void movegen_paths(const ShPosition *pos, PathList *paths)
{
    russian_paths(pos, paths);
}

uint64_t movegen_perft(const ShPosition *pos, int depth, ShPerftMode mode)
{
    return russian_perft(pos, depth, mode == SH_PERFT_DISTINCT);
}

/* Squares in reading order: by file, then rank (a1 a3 a5 a7 b2 ... h8). */
static int reading_order(int bit)
{
    int sq = bb_bit_square(bit);
    return sh_square_file(sq) * 8 + sh_square_rank(sq);
}

static int move_order(const void *pa, const void *pb)
{
    const ShMove *a = pa, *b = pb;
    int d = reading_order(a->from) - reading_order(b->from);
    if (!d)
        d = reading_order(a->to) - reading_order(b->to);
    if (!d)
        d = (a->captured > b->captured) - (a->captured < b->captured);
    if (!d)
        d = a->promotes - b->promotes;
    return d;
}

void sh_moves_sort(ShMoveList *list)
{
    qsort(list->moves, (size_t)list->count, sizeof list->moves[0], move_order);
}

void sh_position_play(const ShPosition *pos, const ShMove *move, ShPosition *out)
{
    pos_play(pos, move, out);
}

int sh_move_from(const ShMove *move)
{
    return bb_bit_square(move->from);
}

int sh_move_to(const ShMove *move)
{
    return bb_bit_square(move->to);
}

bool sh_move_is_capture(const ShMove *move)
{
    return move->captured != 0;
}

int sh_move_capture_count(const ShMove *move)
{
    return bb_count(move->captured);
}

int sh_move_captured_squares(const ShMove *move, int squares[SH_MAX_PIECES_PER_SIDE])
{
    int n = 0;
    for (int sq = 0; sq < SH_SQUARES && n < SH_MAX_PIECES_PER_SIDE; sq++)
        if (move->captured & bb_bit(bb_square_bit(sq)))
            squares[n++] = sq;
    return n;
}

bool sh_move_equal(const ShMove *a, const ShMove *b)
{
    return a->from == b->from && a->to == b->to && a->captured == b->captured &&
           a->promotes == b->promotes;
}
