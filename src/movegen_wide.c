/*
 * movegen_wide.c - the move generator of the 12x12 board (Canadian draughts): movegen_impl.h,
 * the template of the diagonal games, instantiated on 128-bit words (bitboard12.h).
 *
 * The template reads its word type, the word's operations, the position it works on and the
 * add of a capture through the T_ names; here they are the 128-bit ones. An ShPosition keeps
 * the board's bits past 63 in ext; each entry point joins them into a WidePosition once, and
 * a move's captured set is kept shifted into ShMove.captured (bitboard12.h). The rules are international draughts'
 * (flying kings, men capture backwards, the most pieces, a man crowned only where the move
 * ends), so the 8x8 and 10x10 code in movegen.c is untouched (its generated instructions are
 * the same as before this file existed).
 */
#include "movegen_wide.h"

#define ALL_DIRS 15u
#define P_FREE 0
#define P_MAJORITY 1
#define P_MAJORITY_KINGS 2
#define P_ITALIAN 3
#define P_KING_FIRST 4

/* A position as the generator sees it: the whole board in each word. */
typedef struct WidePosition {
    Wide pieces[2];
    Wide kings;
    uint8_t side;
} WidePosition;

typedef struct WideSearch {
    Wide empty, enemy, kings_all, promotion; /* as CaptureSearch in movegen.c */
    ShMoveList *moves;
    PathList *paths;
    bool merge, count_only;
    int from, from_king, depth, found;
    uint32_t kinds;
    uint8_t path[SH_MAX_PATH];
    uint32_t ranks[SH_MAX_MOVES];
} WideSearch;

static inline WidePosition wide_load(const ShPosition *p)
{
    WidePosition w;
    w.pieces[SH_WHITE] = pos_wide_pieces(p, SH_WHITE);
    w.pieces[SH_BLACK] = pos_wide_pieces(p, SH_BLACK);
    w.kings = pos_wide_kings(p);
    w.side = p->side;
    return w;
}

static inline Wide wide_occupied(const WidePosition *p)
{
    return p->pieces[SH_WHITE] | p->pieces[SH_BLACK];
}

static inline Wide wide_men(const WidePosition *p, int color)
{
    return p->pieces[color] & ~p->kings;
}

static inline Wide wide_kings(const WidePosition *p, int color)
{
    return p->pieces[color] & p->kings;
}

static inline void wide_move_set_captured(ShMove *m, Wide captured)
{
    m->captured = (uint64_t)(captured >> B12_CAPTURED_SHIFT); /* bitboard12.h */
}

static inline void wide_play_board(const WidePosition *p, const ShMove *m, WidePosition *out)
{
    int us = p->side, them = us ^ 1;
    Wide from = w_bit(m->from), to = w_bit(m->to), cap = move_wide_captured(m);
    Wide promoted = m->promotes ? to : 0;
    Wide king_to = (p->kings & from) ? to : promoted;
    out->pieces[us] = (p->pieces[us] & ~from) | to;
    out->pieces[them] = p->pieces[them] & ~cap;
    out->kings = (p->kings & ~from & ~cap) | king_to;
    out->side = (uint8_t)them;
}

/* capture_add of movegen.c on the wide words (the majority rule: the rank is the count). */
static inline __attribute__((always_inline)) void wide_capture_add(WideSearch *s, int to,
                                                                   Wide captured, int promotes,
                                                                   const int board,
                                                                   const int precedence)
{
    ShMove m;
    wide_move_set_captured(&m, captured);
    m.from = (uint8_t)s->from;
    m.to = (uint8_t)to;
    m.promotes = (uint8_t)promotes;
    m.board = (uint8_t)board;
    uint32_t rank = (uint32_t)w_count(captured);
    (void)precedence;
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
                mp->path.squares[i] = (uint8_t)b12_bit_square(s->path[i]);
        }
    }
    ShMoveList *list = s->moves;
    if (!list)
        return;
    bool may_repeat = s->merge && rank >= 3;
    if (may_repeat) {
        for (int i = 0; i < list->count; i++) {
            const ShMove *o = &list->moves[i];
            if (o->captured == m.captured && o->to == to && o->from == s->from && o->promotes == promotes) {
                if (rank > s->ranks[i])
                    s->ranks[i] = rank;
                return;
            }
        }
    }
    s->found++;
    if (list->count == SH_MAX_MOVES) {
        list->overflow = true;
        return;
    }
    s->ranks[list->count] = rank;
    list->moves[list->count++] = m;
}

static void wide_keep_best(WideSearch *s)
{
    movegen_keep_best(s->moves, s->ranks, s->paths);
}

#define T_WORD Wide
#define T_POS WidePosition
#define T_SEARCH WideSearch
#define T_SHIFT w_shift
#define T_BIT w_bit
#define T_FIRST w_first
#define T_COUNT w_count
#define T_MEN wide_men
#define T_KINGS wide_kings
#define T_OCCUPIED wide_occupied
#define T_PIECES(p, c) ((p)->pieces[c])
#define T_ALL_KINGS(p) ((p)->kings)
#define T_CAPTURE_ADD wide_capture_add
#define T_KEEP_BEST wide_keep_best
#define T_PLAY_BOARD wide_play_board
#define T_QUIET_EXT(m) ((void)0)

#define R_NE B12_NE
#define R_NW B12_NW
#define R_SW B12_SW
#define R_SE B12_SE
#define R_EMPTY(p) (B12_VALID & ~wide_occupied(p))
#define R_PROMOTION(c) b12_promotion(c)
#define R_FILL(g, p, d) b12_fill(g, p, d)
#define GEN(name) wide_##name
#define R_BOARD SH_VARIANT_CANADIAN
#define R_FLYING_KINGS 1
#define R_MEN_CAPTURE_BACKWARD 1
#define R_PRECEDENCE P_MAJORITY
#define R_PROMOTION_CONTINUES 0
#define R_MEN_TAKE_KINGS 1
#define R_CAPTURE_OWN 0
#include "movegen_impl.h"

void canadian_generate(const ShPosition *pos, ShMoveList *list, bool merge)
{
    WidePosition w = wide_load(pos);
    wide_generate(&w, list, merge);
}

int canadian_count(const ShPosition *pos, bool merge)
{
    WidePosition w = wide_load(pos);
    return wide_count(&w, merge);
}

bool canadian_capture_pending(const ShPosition *pos)
{
    WidePosition w = wide_load(pos);
    return wide_capture_pending(&w);
}

void canadian_paths(const ShPosition *pos, PathList *paths)
{
    WidePosition w = wide_load(pos);
    wide_paths(&w, paths);
}

uint64_t canadian_perft(const ShPosition *pos, int depth, bool merge)
{
    WidePosition w = wide_load(pos);
    return wide_perft(&w, depth, merge);
}
