/* eval_columns.h - the features of a position of the column games (bashni, Lasca), included
 * by eval.c (it shares Sink and add). What a side has is more than its tops: the pieces of its
 * colour under its own tops come back into play when the top is taken, and the enemy pieces
 * under them are prisoners the enemy gets back only by taking the column. So:
 *   - man and king: the tops (the pieces that move), weighted from the family's table
 *     (data/eval/weights-columns.txt, weights-lasca.txt, hand-set);
 *   - reserve: each piece of a side's colour under one of its own tops, and prisoner: each
 *     enemy piece under them, hand-set here (COL_RESERVE, COL_PRISONER centi-men) as they
 *     are not in the feature table; a column under an enemy top holds the side's pieces as
 *     the enemy's prisoners, worth nothing to it until freed;
 *   - man_psq[1..8]: a man top on its rank 1..8 counted from its own side;
 *   - men_mobility: the legal moves of each side's tops (when neither must capture);
 *   - threat: the side not to move could capture at once. */
#ifndef SHASHKI_EVAL_COLUMNS_H
#define SHASHKI_EVAL_COLUMNS_H

#include "../src/columns.h"

#define COL_RESERVE 45
#define COL_PRISONER 30

static inline __attribute__((always_inline)) void eval_columns(const ShPosition *p, Sink *s,
                                                               int *phase_out, const bool record)
{
    Bitboard wm = pos_men(p, SH_WHITE), bm = pos_men(p, SH_BLACK);
    Bitboard wk = pos_kings(p, SH_WHITE), bk = pos_kings(p, SH_BLACK);
    int columns = bb_count(pos_occupied(p));
    *phase_out = columns > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : columns;
    add(s, F_MAN, bb_count(wm) - bb_count(bm), record);
    add(s, F_KING, bb_count(wk) - bb_count(bk), record);
    add(s, F_KING_FIRST, (wk != 0) - (bk != 0), record);
    ColBoard b;
    col_decode(p, &b);
    int extra = 0; /* White's reserves and prisoners less Black's, in centi-men */
    for (Bitboard occ = pos_occupied(p); occ; occ &= occ - 1) {
        int i = bb_first(occ);
        int owner = (p->pieces[SH_BLACK] >> i) & 1, sign = owner == SH_WHITE ? 1 : -1;
        for (int k = 0; k + 1 < b.height[i]; k++) {
            int color = (int)((b.low[i] >> (2 * k)) & COL_CODE_BLACK);
            extra += sign * (color == owner ? COL_RESERVE : COL_PRISONER);
        }
    }
    if (!record) {
        s->mg += extra * EVAL_UNIT;
        s->eg += extra * EVAL_UNIT;
    }
    for (Bitboard m = wm; m; m &= m - 1)
        add(s, F_MAN_PSQ + geo_bit_rank(p->variant, bb_first(m)), 1, record);
    int top = sh_rules_get((ShVariant)p->variant)->board_size - 1;
    for (Bitboard m = bm; m; m &= m - 1)
        add(s, F_MAN_PSQ + top - geo_bit_rank(p->variant, bb_first(m)), -1, record);
    ShPosition q = *p;
    int mobility[2];
    for (int c = 0; c < 2; c++) {
        q.side = (uint8_t)c;
        mobility[c] = sh_moves_capture_pending(&q) ? -1 : sh_moves_count(&q);
    }
    if (mobility[0] >= 0 && mobility[1] >= 0)
        add(s, F_MEN_MOBILITY, mobility[0] - mobility[1], record);
    q.side = (uint8_t)(p->side ^ 1);
    if (sh_moves_capture_pending(&q))
        add(s, F_THREAT, p->side == SH_WHITE ? 1 : -1, record);
}

#endif
