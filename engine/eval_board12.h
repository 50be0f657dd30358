/* eval_board12.h - the features of a position on the 12x12 board (Canadian draughts), included
 * by eval.c (it shares Sink and add): men and kings; each man by its row counted from its
 * crowning row (man_psq[1..11]: 1 = the row just before the crown, 11 = the man's own back
 * row; the board turned round for Black), the squares kings can slide
 * to and men can step to, the balance of men between the wings (files a-f against g-l), and
 * whether the side to move could lose a piece at once. The words are 128 bits wide
 * (bitboard12.h). */
#ifndef SHASHKI_EVAL_BOARD12_H
#define SHASHKI_EVAL_BOARD12_H

static inline int board12_king_reach(Wide kings, Wide empty)
{
    return w_count(b12_fill(kings, empty, B12_NE) & empty) +
           w_count(b12_fill(kings, empty, B12_NW) & empty) +
           w_count(b12_fill(kings, empty, B12_SW) & empty) +
           w_count(b12_fill(kings, empty, B12_SE) & empty);
}

/* Files a-f: each row's first three squares. */
static inline Wide board12_left_wing(void)
{
    Wide w = 0;
    for (int s = 0; s < 72; s++)
        if (b12_square_file(s) < 6)
            w |= w_bit(b12_square_bit(s));
    return w;
}

static inline __attribute__((always_inline)) void eval_board12(const ShPosition *p, Sink *s,
                                                               int *phase_out, const bool record)
{
    Wide white = pos_wide_pieces(p, SH_WHITE), black = pos_wide_pieces(p, SH_BLACK);
    Wide kings = pos_wide_kings(p);
    Wide wm = white & ~kings, bm = black & ~kings, wk = white & kings, bk = black & kings;
    Wide empty = B12_VALID & ~(white | black);
    int nwm = w_count(wm), nbm = w_count(bm), nwk = w_count(wk), nbk = w_count(bk);
    /* 60 men at the start; the phase runs over the same 24 as the other games */
    int men = (nwm + nbm) * 2 / 5;
    *phase_out = men > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : men;
    add(s, F_MAN, nwm - nbm, record);
    add(s, F_KING, nwk - nbk, record);
    add(s, F_KING_FIRST, (nwk > 0) - (nbk > 0), record);
    for (Wide b = wm; b; b &= b - 1)
        add(s, F_MAN_PSQ + 10 - b12_square_rank(b12_bit_square(w_first(b))), 1, record);
    for (Wide b = bm; b; b &= b - 1)
        add(s, F_MAN_PSQ + b12_square_rank(b12_bit_square(w_first(b))) - 1, -1, record);
    if (wk | bk)
        add(s, F_KING_MOBILITY, board12_king_reach(wk, empty) - board12_king_reach(bk, empty),
            record);
    add(s, F_MEN_MOBILITY,
        w_count((w_shift(wm, B12_NE) | w_shift(wm, B12_NW)) & empty) -
            w_count((w_shift(bm, B12_SW) | w_shift(bm, B12_SE)) & empty),
        record);
    Wide left = board12_left_wing();
    int wb = 2 * w_count(wm & left) - nwm, bb = 2 * w_count(bm & left) - nbm;
    add(s, F_BALANCE, (wb < 0 ? -wb : wb) - (bb < 0 ? -bb : bb), record);
    eval_threat(p, s, record);
}

#endif
