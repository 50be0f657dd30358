/* eval_board80.h - the features of a position on the 80-square board (10 files by 8 ranks,
 * Spantsiretti draughts), included by eval.c (it shares Sink and add): men and kings; each man
 * by its row counted from its crowning row (man_psq[1..7]: 1 = the row just before the crown,
 * 7 = the man's own back row; the board turned round for Black), the squares kings can slide
 * to and men can step to, the balance of men between the wings (files a-e against f-j), and
 * whether the side to move could lose a piece at once. bitboard80.h: the 10x10 layout cut
 * after eight rows, so the steps are the 10x10 board's. */
#ifndef SHASHKI_EVAL_BOARD80_H
#define SHASHKI_EVAL_BOARD80_H

/* Files a-e: the same bits as on the 10x10 board, the rows below the eighth left out. */
#define B80_LEFT_WING (B10_LEFT_WING & B80_VALID)

static inline __attribute__((always_inline)) void eval_board80(const ShPosition *p, Sink *s,
                                                               int *phase_out, const bool record)
{
    Bitboard wm = pos_men(p, SH_WHITE), bm = pos_men(p, SH_BLACK);
    Bitboard wk = pos_kings(p, SH_WHITE), bk = pos_kings(p, SH_BLACK);
    Bitboard empty = B80_VALID & ~pos_occupied(p);
    int nwm = bb_count(wm), nbm = bb_count(bm), nwk = bb_count(wk), nbk = bb_count(bk);
    /* 30 men at the start; the phase runs over the same 24 as the other games */
    board_material(s, nwm, nbm, nwk, nbk, 4, phase_out, record);
    for (Bitboard b = wm; b; b &= b - 1)
        add(s, F_MAN_PSQ + B80_RANKS - 2 - b80_square_rank(b80_bit_square(bb_first(b))), 1,
            record);
    for (Bitboard b = bm; b; b &= b - 1)
        add(s, F_MAN_PSQ + b80_square_rank(b80_bit_square(bb_first(b))) - 1, -1, record);
    if (wk | bk) /* (the 10x10 fill: its fourth step is idle on rays of seven at most) */
        add(s, F_KING_MOBILITY, board10_king_reach(wk, empty) - board10_king_reach(bk, empty),
            record);
    board10_men_features(p, s, wm, bm, empty, B80_LEFT_WING, record);
}

/* What the material cannot win: two pieces against a lone king, as with flying kings on any
 * board (sixteenths of the score kept). */
static inline int board80_ending_scale(const ShPosition *p, int strong)
{
    int weak = strong ^ 1;
    Bitboard weak_pieces = p->pieces[weak];
    if (!(weak_pieces & p->kings) || bb_count(weak_pieces) != 1)
        return 16;
    return bb_count(p->pieces[strong]) <= 2 ? 1 : 16;
}

#endif
