/*
 * movegen_ortho.c - moves on the orthogonal board: Turkish draughts (dama).
 *
 * Every square is played, bit rank * 8 + file (geometry.h). Men step one square forwards or
 * sideways; kings slide any distance along a file or a rank. Captures go the same ways: a
 * man jumps an adjacent enemy piece onto the empty square behind it, a king jumps the first
 * piece on its line, at any distance, onto any empty square behind it. Three rules make the
 * Turkish capture unlike the diagonal games' (where a taken piece stays until the move ends):
 *
 *   - a taken piece leaves the board at once, so the square it stood on may be crossed or
 *     landed on later in the same move, and a piece it was shielding may be taken next;
 *   - the capturing piece may not turn back (180 degrees) between two captures;
 *   - of all captures the one taking the most pieces is compulsory, kings and men alike.
 *
 * A man that reaches the last row in the middle of a capture is crowned there and goes on
 * capturing as a king (the rule as the Turkish federation and the reference library apply
 * it; docs/variants.md). The search is a plain depth-first walk over the capture tree; a
 * king going on straight ahead is followed once, from the first square behind the piece
 * (landing nearer or farther gives the same capture), which is also the "paths" convention
 * of perft. Two paths with the same start, end, captured set and crowning are one move.
 * Speed matters less here than on the diagonal boards: nothing counts Turkish perft in bulk.
 */
#include <string.h>

#include "movegen_ortho.h"

#define FILE_A UINT64_C(0x0101010101010101)
#define FILE_H UINT64_C(0x8080808080808080)

/* Directions: 0 north (+8), 1 east (+1), 2 south (-8), 3 west (-1); reverse = k ^ 2. */
static inline Bitboard step(Bitboard b, int k)
{
    switch (k) {
    case 0: return b << 8;
    case 1: return (b << 1) & ~FILE_A;
    case 2: return b >> 8;
    default: return (b >> 1) & ~FILE_H;
    }
}

static inline int step_index(int i, int k)
{
    static const int D[4] = {8, 1, -8, -1};
    return i + D[k];
}

typedef struct OrthoSearch {
    Bitboard occupied;  /* what stands on the board now (taken pieces are gone at once) */
    Bitboard enemy;     /* the opponent's pieces still on the board */
    Bitboard promotion; /* the row where the mover's men are crowned */
    int us;
    int from;
    int depth;
    int best;           /* the most pieces a capture found so far takes */
    bool merge;
    ShMoveList *moves;
    PathList *paths;
    uint8_t path[SH_MAX_PATH];
} OrthoSearch;

/* A complete capture: kept if it takes at least as many pieces as the best so far. */
static void ortho_add(OrthoSearch *s, int to, Bitboard captured, int promotes)
{
    int n = bb_count(captured);
    if (n < s->best)
        return;
    if (n > s->best) {
        s->best = n;
        if (s->moves)
            s->moves->count = 0;
        if (s->paths)
            s->paths->count = 0;
    }
    ShMove m = {captured, (uint8_t)s->from, (uint8_t)to, (uint8_t)promotes, SH_VARIANT_TURKISH, {0}};
    if (s->paths) {
        PathList *pl = s->paths;
        if (pl->count == MOVEGEN_MAX_PATHS) {
            pl->overflow = true;
        } else {
            MovePath *mp = &pl->items[pl->count++];
            mp->move = m;
            mp->rank = (uint32_t)n;
            mp->path.count = s->depth + 1;
            for (int i = 0; i <= s->depth; i++)
                mp->path.squares[i] = (uint8_t)geo_bit_square(SH_VARIANT_TURKISH, s->path[i]);
        }
    }
    ShMoveList *list = s->moves;
    if (!list)
        return;
    if (s->merge) {
        for (int i = 0; i < list->count; i++)
            if (sh_move_equal(&list->moves[i], &m))
                return;
    }
    if (list->count == SH_MAX_MOVES) {
        list->overflow = true;
        return;
    }
    list->moves[list->count++] = m;
}

static void capture_from(OrthoSearch *s, int sq, bool king, Bitboard captured, int promoted,
                         int last, bool straight);

/* Jump in direction k from sq: true if there is a capture that way (and it was followed). */
static bool jump(OrthoSearch *s, int sq, bool king, Bitboard captured, int promoted, int k)
{
    Bitboard b = step(bb_bit(sq), k);
    if (king)
        while (b && !(b & s->occupied))
            b = step(b, k);
    if (!(b & s->enemy))
        return false;
    Bitboard victim = b;
    b = step(b, k);
    if (!b || (b & s->occupied))
        return false;
    /* the piece leaves the board now */
    s->occupied &= ~victim;
    s->enemy &= ~victim;
    captured |= victim;
    int depth = ++s->depth;
    bool first = true;
    for (; b && !(b & s->occupied); b = king ? step(b, k) : 0) {
        int to = bb_first(b);
        s->path[depth] = (uint8_t)to;
        bool crown = !king && (b & s->promotion);
        capture_from(s, to, king || crown, captured, promoted | crown, k, first);
        first = false;
    }
    s->depth--;
    s->occupied |= victim;
    s->enemy |= victim;
    return true;
}

/* Go on capturing from sq, the last capture having gone in direction `last` (-1: none yet).
 * Never back (last ^ 2); straight on only from the first square behind the piece taken (a
 * later one gives the same capture again). Where nothing goes on, the capture ends; the
 * majority rule in ortho_add drops the ends that a longer capture passes. */
static void capture_from(OrthoSearch *s, int sq, bool king, Bitboard captured, int promoted,
                         int last, bool straight)
{
    bool any = false;
    for (int k = 0; k < 4; k++) {
        if (last >= 0 && (k == (last ^ 2) || (k == last && !straight)))
            continue;
        if (!king && k == (s->us == SH_WHITE ? 2 : 0))
            continue; /* men never capture backwards */
        any |= jump(s, sq, king, captured, promoted, k);
    }
    if (!any && captured)
        ortho_add(s, sq, captured, promoted);
}

static void captures(const ShPosition *p, OrthoSearch *s)
{
    int us = p->side;
    s->us = us;
    s->enemy = p->pieces[us ^ 1];
    s->promotion = geo_promotion(SH_VARIANT_TURKISH, us);
    s->best = 1;
    for (Bitboard b = p->pieces[us]; b; b &= b - 1) {
        int sq = bb_first(b);
        s->from = sq;
        s->path[0] = (uint8_t)sq;
        s->depth = 0;
        s->occupied = pos_occupied(p) & ~bb_bit(sq);
        capture_from(s, sq, (p->kings >> sq) & 1, 0, 0, -1, true);
    }
}

static void quiet(const ShPosition *p, ShMoveList *list)
{
    int us = p->side;
    Bitboard empty = ~pos_occupied(p), promotion = geo_promotion(SH_VARIANT_TURKISH, us);
    Bitboard men = pos_men(p, us);
    int forward = us == SH_WHITE ? 0 : 2;
    for (int k = 0; k < 4; k++) {
        if (k == (forward ^ 2))
            continue;
        for (Bitboard b = step(men, k) & empty; b; b &= b - 1) {
            int to = bb_first(b);
            int from = step_index(to, k ^ 2);
            list->moves[list->count++] =
                (ShMove){0, (uint8_t)from, (uint8_t)to, (uint8_t)((bb_bit(to) & promotion) != 0),
                         SH_VARIANT_TURKISH, {0}};
        }
    }
    for (Bitboard kings = pos_kings(p, us); kings; kings &= kings - 1) {
        int from = bb_first(kings);
        for (int k = 0; k < 4; k++) {
            Bitboard b = step(bb_bit(from), k);
            for (; b & empty; b = step(b, k))
                list->moves[list->count++] =
                    (ShMove){0, (uint8_t)from, (uint8_t)bb_first(b), 0, SH_VARIANT_TURKISH, {0}};
        }
    }
}

bool ortho_capture_pending(const ShPosition *p)
{
    int us = p->side;
    Bitboard empty = ~pos_occupied(p), enemy = p->pieces[us ^ 1];
    Bitboard men = pos_men(p, us);
    int back = us == SH_WHITE ? 2 : 0;
    for (int k = 0; k < 4; k++) {
        if (k != back && (step(step(men, k) & enemy, k) & empty))
            return true;
        for (Bitboard kings = pos_kings(p, us); kings; kings &= kings - 1) {
            Bitboard b = step(bb_bit(bb_first(kings)), k);
            while (b & empty)
                b = step(b, k);
            if ((b & enemy) && (step(b, k) & empty))
                return true;
        }
    }
    return false;
}

void ortho_generate(const ShPosition *p, ShMoveList *list, bool merge)
{
    list->count = 0;
    list->overflow = false;
    if (ortho_capture_pending(p)) {
        OrthoSearch s = {.merge = merge, .moves = list};
        captures(p, &s);
        return;
    }
    quiet(p, list);
}

int ortho_count(const ShPosition *p, bool merge)
{
    ShMoveList list;
    ortho_generate(p, &list, merge);
    return list.count;
}

void ortho_paths(const ShPosition *p, PathList *paths)
{
    paths->count = 0;
    paths->overflow = false;
    if (ortho_capture_pending(p)) {
        OrthoSearch s = {.merge = false, .paths = paths};
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
        mp->path.squares[0] = (uint8_t)geo_bit_square(SH_VARIANT_TURKISH, list.moves[i].from);
        mp->path.squares[1] = (uint8_t)geo_bit_square(SH_VARIANT_TURKISH, list.moves[i].to);
    }
}

uint64_t ortho_perft(const ShPosition *p, int depth, bool merge)
{
    ShMoveList list;
    ortho_generate(p, &list, merge);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)list.count : 1;
    uint64_t n = 0;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        pos_play(p, &list.moves[i], &child);
        n += ortho_perft(&child, depth - 1, merge);
    }
    return n;
}
