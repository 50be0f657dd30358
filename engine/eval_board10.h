/* eval_board10.h - the features of a position on the 10x10 board (international draughts),
 * included by eval.c (it shares Sink and add): men and kings, a man on each of the 50 squares
 * counted from its own side (square s for White, 49 - s for Black: the board turned round; in
 * the index range of man_psq and king_psq together, as on the orthogonal board), the squares
 * kings can slide to and men can step to, the balance of men between the wings, and whether
 * the side to move could lose a piece at once. */
#ifndef SHASHKI_EVAL_BOARD10_H
#define SHASHKI_EVAL_BOARD10_H

static inline int board10_king_reach(Bitboard kings, Bitboard empty)
{
    return bb_count(b10_fill(kings, empty, B10_NE) & empty) +
           bb_count(b10_fill(kings, empty, B10_NW) & empty) +
           bb_count(b10_fill(kings, empty, B10_SW) & empty) +
           bb_count(b10_fill(kings, empty, B10_SE) & empty);
}

static inline __attribute__((always_inline)) void eval_board10(const ShPosition *p, Sink *s,
                                                               int *phase_out, const bool record)
{
    Bitboard wm = pos_men(p, SH_WHITE), bm = pos_men(p, SH_BLACK);
    Bitboard wk = pos_kings(p, SH_WHITE), bk = pos_kings(p, SH_BLACK);
    Bitboard empty = B10_VALID & ~pos_occupied(p);
    int nwm = bb_count(wm), nbm = bb_count(bm), nwk = bb_count(wk), nbk = bb_count(bk);
    /* 40 men at the start; the phase runs over the same 24 as the other games */
    int men = (nwm + nbm) * 3 / 5;
    *phase_out = men > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : men;
    add(s, F_MAN, nwm - nbm, record);
    add(s, F_KING, nwk - nbk, record);
    add(s, F_KING_FIRST, (nwk > 0) - (nbk > 0), record);
    for (Bitboard b = wm; b; b &= b - 1)
        add(s, F_MAN_PSQ + b10_bit_square(bb_first(b)), 1, record);
    for (Bitboard b = bm; b; b &= b - 1)
        add(s, F_MAN_PSQ + 49 - b10_bit_square(bb_first(b)), -1, record);
    if (wk | bk)
        add(s, F_KING_MOBILITY, board10_king_reach(wk, empty) - board10_king_reach(bk, empty),
            record);
    add(s, F_MEN_MOBILITY,
        bb_count((bb_shift(wm, B10_NE) | bb_shift(wm, B10_NW)) & empty) -
            bb_count((bb_shift(bm, B10_SW) | bb_shift(bm, B10_SE)) & empty),
        record);
    int wb = 2 * bb_count(wm & B10_LEFT_WING) - nwm, bb = 2 * bb_count(bm & B10_LEFT_WING) - nbm;
    add(s, F_BALANCE, (wb < 0 ? -wb : wb) - (bb < 0 ? -bb : bb), record);
    int us = p->side;
    ShPosition q = *p;
    q.side = (uint8_t)(us ^ 1);
    if (sh_moves_capture_pending(&q))
        add(s, F_THREAT, us == SH_WHITE ? 1 : -1, record);
}

#endif
