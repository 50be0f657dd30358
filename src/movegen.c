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
#include "movegen_frisian.h"
#include "columns.h"
#include "movegen_ortho.h"
#include "movegen_wide.h"

#define ALL_DIRS 15u

/* The precedence rules as numbers the preprocessor can compare (R_PRECEDENCE): ShPrecedence. */
#define P_FREE 0
#define P_MAJORITY 1
#define P_MAJORITY_KINGS 2
#define P_ITALIAN 3
#define P_KING_FIRST 4
_Static_assert(P_FREE == SH_PRECEDENCE_FREE && P_MAJORITY == SH_PRECEDENCE_MAJORITY &&
                   P_MAJORITY_KINGS == SH_PRECEDENCE_MAJORITY_KINGS &&
                   P_ITALIAN == SH_PRECEDENCE_ITALIAN && P_KING_FIRST == SH_PRECEDENCE_KING_FIRST,
               "P_ constants are ShPrecedence");

typedef struct CaptureSearch {
    Bitboard empty;     /* empty squares; the moving piece's start square counts as empty */
    Bitboard enemy;     /* the pieces that may be taken; captured ones stay until the move ends */
    Bitboard kings_all; /* every king on the board (what a man may not take, what ranks) */
    Bitboard promotion; /* the rank where the mover's men are crowned */
    ShMoveList *moves;  /* where moves go, or NULL when only counting paths */
    PathList *paths;    /* where every path goes, or NULL */
    bool merge;         /* one entry per distinct move (else one per path) */
    bool count_only;    /* count moves; keep in `moves` only those needed to merge */
    int from;           /* bit index of the moving piece */
    int from_king;      /* 1 if the moving piece is a king */
    int depth;          /* captures made so far on the current path */
    int found;          /* complete paths found */
    uint32_t kinds;     /* (Italian) the kinds taken so far, 1 a king, the first the highest */
    uint8_t path[SH_MAX_PATH]; /* bit index of the start and of each landing square */
    uint32_t ranks[SH_MAX_MOVES]; /* the precedence rank of each move in `moves` */
} CaptureSearch;

/* How a capture ranks under the precedence rules: the legal captures are those of the highest
 * rank. */
static inline uint32_t capture_rank(const CaptureSearch *s, Bitboard captured, const int precedence)
{
    uint32_t n = (uint32_t)bb_count(captured), k = (uint32_t)bb_count(captured & s->kings_all);
    switch (precedence) {
    case SH_PRECEDENCE_MAJORITY: return n;
    case SH_PRECEDENCE_MAJORITY_KINGS: return n << 6 | k;
    case SH_PRECEDENCE_ITALIAN:
        return n << 24 | (uint32_t)s->from_king << 23 | k << 18 | (s->kinds & 0x3ffff);
    case SH_PRECEDENCE_KING_FIRST: return (uint32_t)s->from_king;
    default: return 0;
    }
}

/* A complete capture path ends on `to` having taken `captured`. Two paths can give the same
 * move only if they take three pieces or more (with two, the second segment of one path
 * would have to run parallel to the first of the other through the same piece), so
 * shorter captures skip the search for a duplicate. */
static inline __attribute__((always_inline)) void capture_add(CaptureSearch *s, int to, Bitboard captured,
                                                              int promotes, const int board,
                                                              const int precedence)
{
    ShMove m; /* ext is not used on these boards */
    m.captured = captured;
    m.from = (uint8_t)s->from;
    m.to = (uint8_t)to;
    m.promotes = (uint8_t)promotes;
    m.board = (uint8_t)board;
    uint32_t rank = precedence == SH_PRECEDENCE_FREE ? 0 : capture_rank(s, captured, precedence);
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
                mp->path.squares[i] = (uint8_t)geo_bit_square(board, s->path[i]);
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
                o->promotes == promotes) {
                if (precedence != SH_PRECEDENCE_FREE && rank > s->ranks[i])
                    s->ranks[i] = rank;
                return;
            }
        }
    }
    s->found++;
    if (s->count_only && !may_repeat)
        return;
    if (list->count == SH_MAX_MOVES) {
        list->overflow = true;
        return;
    }
    if (precedence != SH_PRECEDENCE_FREE)
        s->ranks[list->count] = rank;
    list->moves[list->count++] = m;
}

void movegen_keep_best(ShMoveList *moves, const uint32_t *ranks, PathList *paths)
{
    if (moves) {
        uint32_t best = 0;
        for (int i = 0; i < moves->count; i++)
            if (ranks[i] > best)
                best = ranks[i];
        int n = 0;
        for (int i = 0; i < moves->count; i++)
            if (ranks[i] == best)
                moves->moves[n++] = moves->moves[i];
        moves->count = n;
    }
    if (paths) {
        uint32_t best = 0;
        for (int i = 0; i < paths->count; i++)
            if (paths->items[i].rank > best)
                best = paths->items[i].rank;
        int n = 0;
        for (int i = 0; i < paths->count; i++)
            if (paths->items[i].rank == best)
                paths->items[n++] = paths->items[i];
        paths->count = n;
    }
}

/* The precedence rules (variants that have them): keep only the captures of the highest rank. */
static inline __attribute__((unused)) void capture_keep_best(CaptureSearch *s)
{
    movegen_keep_best(s->moves, s->ranks, s->paths);
}

/* Each rules record's generator: the flags are the record's (a test compares them with
 * sh_rules_get through movegen_flags). */
#define INSTANTIATE "movegen_impl.h"

/* The 8x8 boards (geometry.h): the 45-degree layout of bitboard.h. */
#define R_NE DIR_NE
#define R_NW DIR_NW
#define R_SW DIR_SW
#define R_SE DIR_SE
#define R_EMPTY(p) pos_empty(p)
#define R_PROMOTION(c) bb_promotion_rank(c)
#define R_FILL(g, p, d) bb_fill(g, p, d)

/* Russian checkers (and the games that move as it does): flying kings, men capture
 * backwards, free choice of capture, a man crowned mid-capture continues as a king. */
#define GEN(name) russian_##name
#define R_BOARD SH_VARIANT_RUSSIAN
#define R_FLYING_KINGS 1
#define R_MEN_CAPTURE_BACKWARD 1
#define R_PRECEDENCE P_FREE
#define R_PROMOTION_CONTINUES 1
#define R_MEN_TAKE_KINGS 1
#define R_CAPTURE_OWN 0
#include INSTANTIATE
#undef GEN
#undef R_PRECEDENCE
#undef R_PROMOTION_CONTINUES

/* Brazilian: international rules on 8x8. */
#define GEN(name) brazilian_##name
#define R_PRECEDENCE P_MAJORITY
#define R_PROMOTION_CONTINUES 0
#include INSTANTIATE
#undef GEN
#undef R_PRECEDENCE

/* Pool: free choice, crowned only where the move ends. */
#define GEN(name) pool_##name
#define R_PRECEDENCE P_FREE
#include INSTANTIATE
#undef GEN
#undef R_FLYING_KINGS
#undef R_MEN_CAPTURE_BACKWARD

/* English: short kings, men forwards only (a man on the crowning row cannot go on). */
#define GEN(name) english_##name
#define R_FLYING_KINGS 0
#define R_MEN_CAPTURE_BACKWARD 0
#include INSTANTIATE
#undef GEN
#undef R_PRECEDENCE
#undef R_MEN_TAKE_KINGS
#undef R_BOARD

/* Italian: the board turned, short kings, men forwards only and never taking a king, the
 * Italian precedence. */
#define GEN(name) italian_##name
#define R_BOARD SH_VARIANT_ITALIAN
#define R_PRECEDENCE P_ITALIAN
#define R_MEN_TAKE_KINGS 0
#include INSTANTIATE
#undef GEN
#undef R_PRECEDENCE
#undef R_MEN_TAKE_KINGS
#undef R_FLYING_KINGS

/* Spanish: the board turned, flying kings, men forwards only, the most pieces then kings. */
#define GEN(name) spanish_##name
#define R_FLYING_KINGS 1
#define R_PRECEDENCE P_MAJORITY_KINGS
#define R_MEN_TAKE_KINGS 1
#include INSTANTIATE
#undef GEN
#undef R_PRECEDENCE
#undef R_BOARD

/* Czech: flying kings, men forwards only, a king captures first. */
#define GEN(name) czech_##name
#define R_BOARD SH_VARIANT_RUSSIAN
#define R_PRECEDENCE P_KING_FIRST
#include INSTANTIATE
#undef GEN
#undef R_PRECEDENCE
#undef R_MEN_CAPTURE_BACKWARD
#undef R_PROMOTION_CONTINUES
#undef R_CAPTURE_OWN

/* Self-eaters: Russian rules, but every other piece, of either colour, may and must be taken. */
#define GEN(name) selfeaters_##name
#define R_MEN_CAPTURE_BACKWARD 1
#define R_PRECEDENCE P_FREE
#define R_PROMOTION_CONTINUES 1
#define R_CAPTURE_OWN 1
#include INSTANTIATE
#undef GEN
#undef R_BOARD
#undef R_FLYING_KINGS
#undef R_MEN_CAPTURE_BACKWARD
#undef R_PRECEDENCE
#undef R_PROMOTION_CONTINUES
#undef R_MEN_TAKE_KINGS
#undef R_CAPTURE_OWN

/* International draughts: the 10x10 board (bitboard10.h), flying kings, men capture
 * backwards, the most pieces must be taken, crowned only where the move ends. */
#undef R_NE
#undef R_NW
#undef R_SW
#undef R_SE
#undef R_EMPTY
#undef R_PROMOTION
#undef R_FILL
#define R_NE B10_NE
#define R_NW B10_NW
#define R_SW B10_SW
#define R_SE B10_SE
#define R_EMPTY(p) (B10_VALID & ~pos_occupied(p))
#define R_PROMOTION(c) b10_promotion(c)
#define R_FILL(g, p, d) b10_fill(g, p, d)
#define GEN(name) international_##name
#define R_BOARD SH_VARIANT_INTERNATIONAL
#define R_FLYING_KINGS 1
#define R_MEN_CAPTURE_BACKWARD 1
#define R_PRECEDENCE P_MAJORITY
#define R_PROMOTION_CONTINUES 0
#define R_MEN_TAKE_KINGS 1
#define R_CAPTURE_OWN 0
#include INSTANTIATE
#undef GEN
#undef R_BOARD
#undef R_PRECEDENCE
#undef R_PROMOTION_CONTINUES

/* 80-square draughts (Spantsiretti): Russian rules on the 10x8 board (bitboard80.h), the 10x10
 * board's steps; no ray is longer than seven steps, so the 8x8 fill. */
#undef R_EMPTY
#undef R_PROMOTION
#undef R_FILL
#define R_EMPTY(p) (B80_VALID & ~pos_occupied(p))
#define R_PROMOTION(c) b80_promotion(c)
#define R_FILL(g, p, d) bb_fill(g, p, d)
#define GEN(name) spantsiretti_##name
#define R_BOARD SH_VARIANT_SPANTSIRETTI
#define R_PRECEDENCE P_FREE
#define R_PROMOTION_CONTINUES 1
#include INSTANTIATE
#undef GEN
#undef R_BOARD
#undef R_FLYING_KINGS
#undef R_MEN_CAPTURE_BACKWARD
#undef R_PRECEDENCE
#undef R_PROMOTION_CONTINUES
#undef R_MEN_TAKE_KINGS
#undef R_CAPTURE_OWN

/* One entry per variant; the switch dispatches once per call, outside the recursion. Games
 * that move as Russian checkers does share its generator; Turkish has a board of its own
 * (movegen_ortho.c), international draughts a 10x10 one, Frisian its own on that board
 * (movegen_frisian.c), Canadian a 12x12 one on 128-bit words (movegen_wide.c), 80-square
 * draughts the 10x8 one. */
#define DISPATCH(variant, call)                                                                 \
    switch ((ShVariant)(variant)) {                                                             \
    case SH_VARIANT_BRAZILIAN: return brazilian_##call;                                       \
    case SH_VARIANT_POOL: return pool_##call;                                                 \
    case SH_VARIANT_ENGLISH: return english_##call;                                           \
    case SH_VARIANT_ITALIAN: return italian_##call;                                           \
    case SH_VARIANT_SPANISH: return spanish_##call;                                           \
    case SH_VARIANT_CZECH: return czech_##call;                                               \
    case SH_VARIANT_SELF_EATERS: return selfeaters_##call;                                    \
    case SH_VARIANT_TURKISH: return ortho_##call;                                             \
    case SH_VARIANT_INTERNATIONAL: return international_##call;                               \
    case SH_VARIANT_CANADIAN: return canadian_##call;                                         \
    case SH_VARIANT_SPANTSIRETTI: return spantsiretti_##call;                                 \
    case SH_VARIANT_FRISIAN: return frisian_##call;                                           \
    case SH_VARIANT_COLUMNS:                                                                  \
    case SH_VARIANT_LASCA: return columns_##call;                                             \
    default: return russian_##call;                                                           \
    }

void sh_moves_generate(const ShPosition *pos, ShMoveList *list)
{
    DISPATCH(pos->variant, generate(pos, list, true));
}

void sh_moves_generate_paths(const ShPosition *pos, ShMoveList *list)
{
    DISPATCH(pos->variant, generate(pos, list, false));
}

static int count_moves(const ShPosition *pos)
{
    DISPATCH(pos->variant, count(pos, true));
}

int sh_moves_count(const ShPosition *pos)
{
    return count_moves(pos);
}

bool sh_moves_capture_pending(const ShPosition *pos)
{
    DISPATCH(pos->variant, capture_pending(pos));
}

void movegen_paths(const ShPosition *pos, PathList *paths)
{
    DISPATCH(pos->variant, paths(pos, paths));
}

/* Perft for the games whose moves are not played as plain copy-make of the Russian kind (a
 * demoted king, captured pieces of the mover's own colour, two moves a turn): the generator's
 * moves, played by sh_position_play. */
static uint64_t perft_generic(const ShPosition *pos, int depth, bool merge)
{
    ShMoveList list;
    if (merge)
        sh_moves_generate(pos, &list);
    else
        sh_moves_generate_paths(pos, &list);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)list.count : 1;
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        pos_play(pos, &list.moves[i], &child);
        n += perft_generic(&child, depth - 1, merge);
    }
    return n;
}

static uint64_t perft_dispatch(const ShPosition *pos, int depth, bool merge)
{
    DISPATCH(pos->variant, perft(pos, depth, merge));
}

uint64_t movegen_perft(const ShPosition *pos, int depth, ShPerftMode mode)
{
    bool merge = mode == SH_PERFT_DISTINCT;
    if (pos->variant == SH_VARIANT_CANADIAN) /* special only in the ext words it plays */
        return canadian_perft(pos, depth, merge);
    if (pos_play_is_special(pos) && pos->variant != SH_VARIANT_FRISIAN)
        return depth <= 0 ? 1 : perft_generic(pos, depth, merge);
    return perft_dispatch(pos, depth, merge);
}

void movegen_flags(ShVariant variant, MovegenFlags *flags)
{
#define FLAGS(prefix, fly, back, prec, cont, kings, own, board)                                   \
    *flags = (MovegenFlags){fly, back, prec, cont, kings, own, board, false, 0};              \
    return
    switch (variant) {
    case SH_VARIANT_BRAZILIAN: FLAGS(brazilian, 1, 1, SH_PRECEDENCE_MAJORITY, 0, 1, 0, SH_VARIANT_RUSSIAN);
    case SH_VARIANT_POOL: FLAGS(pool, 1, 1, SH_PRECEDENCE_FREE, 0, 1, 0, SH_VARIANT_RUSSIAN);
    case SH_VARIANT_ENGLISH: FLAGS(english, 0, 0, SH_PRECEDENCE_FREE, 0, 1, 0, SH_VARIANT_RUSSIAN);
    case SH_VARIANT_ITALIAN: FLAGS(italian, 0, 0, SH_PRECEDENCE_ITALIAN, 0, 0, 0, SH_VARIANT_ITALIAN);
    case SH_VARIANT_SPANISH: FLAGS(spanish, 1, 0, SH_PRECEDENCE_MAJORITY_KINGS, 0, 1, 0, SH_VARIANT_ITALIAN);
    case SH_VARIANT_CZECH: FLAGS(czech, 1, 0, SH_PRECEDENCE_KING_FIRST, 0, 1, 0, SH_VARIANT_RUSSIAN);
    case SH_VARIANT_SELF_EATERS: FLAGS(selfeaters, 1, 1, SH_PRECEDENCE_FREE, 1, 1, 1, SH_VARIANT_RUSSIAN);
    case SH_VARIANT_TURKISH: FLAGS(ortho, 1, 0, SH_PRECEDENCE_MAJORITY, 1, 1, 0, SH_VARIANT_TURKISH);
    case SH_VARIANT_INTERNATIONAL: FLAGS(international, 1, 1, SH_PRECEDENCE_MAJORITY, 0, 1, 0, SH_VARIANT_INTERNATIONAL);
    case SH_VARIANT_FRISIAN: /* movegen_frisian.c */
        *flags = (MovegenFlags){true, true, SH_PRECEDENCE_VALUE, false, true, false,
                                SH_VARIANT_INTERNATIONAL, true, POS_RUN_MAX};
        return;
    case SH_VARIANT_COLUMNS: FLAGS(columns, 1, 1, SH_PRECEDENCE_FREE, 1, 1, 0, SH_VARIANT_COLUMNS);
    case SH_VARIANT_LASCA: FLAGS(columns, 0, 0, SH_PRECEDENCE_FREE, 0, 1, 0, SH_VARIANT_LASCA);
    case SH_VARIANT_CANADIAN: FLAGS(canadian, 1, 1, SH_PRECEDENCE_MAJORITY, 0, 1, 0, SH_VARIANT_CANADIAN);
    case SH_VARIANT_SPANTSIRETTI: FLAGS(spantsiretti, 1, 1, SH_PRECEDENCE_FREE, 1, 1, 0, SH_VARIANT_SPANTSIRETTI);
    default: FLAGS(russian, 1, 1, SH_PRECEDENCE_FREE, 1, 1, 0, SH_VARIANT_RUSSIAN);
    }
#undef FLAGS
}

/* Squares in reading order: by file, then rank (a1 a3 a5 a7 b2 ... h8). */
static int reading_order(int board, int bit)
{
    int sq = geo_bit_square(board, bit);
    return sh_board_square_file((ShVariant)board, sq) * 16 + sh_board_square_rank((ShVariant)board, sq);
}

static int move_order(const void *pa, const void *pb)
{
    const ShMove *a = pa, *b = pb;
    int d = reading_order(a->board, a->from) - reading_order(b->board, b->from);
    if (!d)
        d = reading_order(a->board, a->to) - reading_order(b->board, b->to);
    if (!d) /* (12x12: the set shifted, bitboard12.h, in the same order) */
        d = (a->captured > b->captured) - (a->captured < b->captured);
    if (!d)
        d = a->promotes - b->promotes;
    if (!d && col_is(a->board))
        d = memcmp(a->ext, b->ext, sizeof a->ext);
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
    return geo_bit_square(move->board, move->from);
}

int sh_move_to(const ShMove *move)
{
    return geo_bit_square(move->board, move->to);
}

bool sh_move_is_capture(const ShMove *move)
{
    return move->captured != 0;
}

int sh_move_capture_count(const ShMove *move)
{
    return bb_count(move->captured); /* (12x12: the set shifted, the same count) */
}

int sh_move_captured_squares(const ShMove *move, int squares[SH_MAX_CAPTURES])
{
    int n = 0, count = geo_squares(move->board);
    int shift = move->board == SH_VARIANT_CANADIAN ? B12_CAPTURED_SHIFT : 0; /* bitboard12.h */
    for (int sq = 0; sq < count && n < SH_MAX_CAPTURES; sq++) {
        int bit = geo_square_bit(move->board, sq) - shift;
        if (bit >= 0 && bit < BB_BITS && (move->captured & bb_bit(bit)))
            squares[n++] = sq;
    }
    return n;
}

bool sh_move_equal(const ShMove *a, const ShMove *b)
{
    return a->from == b->from && a->to == b->to && a->captured == b->captured &&
           a->promotes == b->promotes &&
           (!col_is(a->board) || memcmp(a->ext, b->ext, sizeof a->ext) == 0);
}
