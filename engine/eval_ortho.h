/* eval_ortho.h - the features of a position on the orthogonal board (Turkish draughts),
 * included by eval.c (it shares Sink and add): men and kings, a man on each of the 64 squares
 * counted from its own side (square s of White, the square mirrored top to bottom for Black,
 * in the index range of man_psq and king_psq together), the squares men and kings can step
 * or slide to, and whether the side to move could lose a piece at once. */
#ifndef SHASHKI_EVAL_ORTHO_H
#define SHASHKI_EVAL_ORTHO_H

#define ORTHO_FILE_A UINT64_C(0x0101010101010101)
#define ORTHO_FILE_H UINT64_C(0x8080808080808080)

static inline Bitboard ortho_step(Bitboard b, int k)
{
    switch (k) {
    case 0: return b << 8;
    case 1: return (b << 1) & ~ORTHO_FILE_A;
    case 2: return b >> 8;
    default: return (b >> 1) & ~ORTHO_FILE_H;
    }
}

/* Squares the kings of a side can slide to. */
static inline int ortho_king_reach(Bitboard kings, Bitboard empty)
{
    int n = 0;
    for (int k = 0; k < 4; k++) {
        Bitboard b = kings;
        for (int i = 0; i < 7 && b; i++) {
            b = ortho_step(b, k) & empty;
            n += bb_count(b);
        }
    }
    return n;
}

static inline __attribute__((always_inline)) void eval_ortho(const ShPosition *p, Sink *s,
                                                             int *phase_out, const bool record)
{
    Bitboard wm = pos_men(p, SH_WHITE), bm = pos_men(p, SH_BLACK);
    Bitboard wk = pos_kings(p, SH_WHITE), bk = pos_kings(p, SH_BLACK);
    Bitboard empty = ~pos_occupied(p);
    int nwm = bb_count(wm), nbm = bb_count(bm), nwk = bb_count(wk), nbk = bb_count(bk);
    /* 32 men at the start; the phase runs over the same 24 as the other games */
    int men = (nwm + nbm) * 3 / 4;
    *phase_out = men > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : men;
    add(s, F_MAN, nwm - nbm, record);
    add(s, F_KING, nwk - nbk, record);
    add(s, F_KING_FIRST, (nwk > 0) - (nbk > 0), record);
    /* bit = rank * 8 + file; square (PDN order, 0 = a8) = (7 - rank) * 8 + file */
    for (Bitboard b = wm; b; b &= b - 1) {
        int bit = bb_first(b);
        add(s, F_MAN_PSQ + (7 - bit / 8) * 8 + bit % 8, 1, record);
    }
    for (Bitboard b = bm; b; b &= b - 1) {
        int bit = bb_first(b); /* Black's own view: its rank r is White's 7 - r */
        add(s, F_MAN_PSQ + (bit / 8) * 8 + bit % 8, -1, record);
    }
    if (wk | bk)
        add(s, F_KING_MOBILITY, ortho_king_reach(wk, empty) - ortho_king_reach(bk, empty), record);
    int wmob = bb_count((ortho_step(wm, 0) | ortho_step(wm, 1) | ortho_step(wm, 3)) & empty);
    int bmob = bb_count((ortho_step(bm, 2) | ortho_step(bm, 1) | ortho_step(bm, 3)) & empty);
    add(s, F_MEN_MOBILITY, wmob - bmob, record);
    int us = p->side;
    ShPosition q = *p;
    q.side = (uint8_t)(us ^ 1);
    if (sh_moves_capture_pending(&q))
        add(s, F_THREAT, us == SH_WHITE ? 1 : -1, record);
}

#endif
