/* eval_board10.h - the features of a position on the 10x10 board (international draughts),
 * included by eval.c (it shares Sink and add):
 *
 *   man, king, king_first  material
 *   man_psq                a man on each of the 50 squares counted from its own side (square s
 *                          for White, 49 - s for Black: the board turned round), in the index
 *                          range of man_psq and king_psq together, as on the orthogonal board
 *   king_mobility          the squares kings can slide to
 *   main_road              a king on the long diagonal 46-5
 *   men_mobility           the squares men can step to
 *   balance                the men's balance between the wings
 *   threat                 the side to move could lose a piece at once
 *   runaway                a man no enemy piece can stop (no enemy king, none in the cone ahead),
 *                          by rows left to go (1..7, farther counted as 7)
 *   pattern                Scan-style tables: the men on nine 4x4 windows (rows and files
 *                          starting at 0, 3 and 6, so they cover the board and meet on a line),
 *                          3^8 states each, read forwards for White and turned round with the
 *                          colours swapped for Black, as on the 8x8 board
 */
#ifndef SHASHKI_EVAL_BOARD10_H
#define SHASHKI_EVAL_BOARD10_H

/* Each window's four rows: the bit of the row's left square, whose right neighbour in the
 * window is the next square of the row and so the next bit. */
static uint8_t window10_row[EVAL_WINDOWS][4];
static Bitboard cone10[2][64];                 /* enemy pieces that can stop a man on a bit */
static Bitboard main_road10;                   /* the long diagonal, squares 46 to 5 */

static void board10_build_tables(void)
{
    for (int wr = 0; wr < 3; wr++)
        for (int wf = 0; wf < 3; wf++) {
            int w = wr * 3 + wf;
            for (int k = 0; k < 4; k++) {
                int row = wr * 3 + k, file = wf * 3;
                int sq = b10_square_at(file, 9 - row);
                if (sq < 0)
                    sq = b10_square_at(file + 1, 9 - row);
                window10_row[w][k] = (uint8_t)b10_square_bit(sq);
            }
        }
    for (int s = 0; s < 50; s++) {
        int f = b10_square_file(s), r = b10_square_rank(s);
        if (f == r)
            main_road10 |= bb_bit(b10_square_bit(s));
        for (int t = 0; t < 50; t++) {
            int tf = b10_square_file(t), tr = b10_square_rank(t);
            int df = tf > f ? tf - f : f - tf;
            if (tr > r && df <= tr - r + 1)
                cone10[SH_WHITE][b10_square_bit(s)] |= bb_bit(b10_square_bit(t));
            if (tr < r && df <= r - tr + 1)
                cone10[SH_BLACK][b10_square_bit(s)] |= bb_bit(b10_square_bit(t));
        }
    }
}

static inline int board10_king_reach(Bitboard kings, Bitboard empty)
{
    return bb_count(b10_fill(kings, empty, B10_NE) & empty) +
           bb_count(b10_fill(kings, empty, B10_NW) & empty) +
           bb_count(b10_fill(kings, empty, B10_SW) & empty) +
           bb_count(b10_fill(kings, empty, B10_SE) & empty);
}

/* The window's eight squares as a byte: two bits a row, the top row first, each row's left
 * square first. */
static inline unsigned board10_window(Bitboard b, int w)
{
    const uint8_t *row = window10_row[w];
    return (unsigned)(((b >> row[0]) & 3) | ((b >> row[1]) & 3) << 2 | ((b >> row[2]) & 3) << 4 |
                      ((b >> row[3]) & 3) << 6);
}

/* The material of the boards of 64-bit words beside 8x8 (10x10, 10x8): men, kings and the first
 * king; the phase from the men on the board, `fifths` fifths of them, capped at the 8x8
 * board's 24. */
static inline __attribute__((always_inline)) void board_material(Sink *s, int nwm, int nbm,
                                                                 int nwk, int nbk, int fifths,
                                                                 int *phase_out, const bool record)
{
    int men = (nwm + nbm) * fifths / 5;
    *phase_out = men > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : men;
    add(s, F_MAN, nwm - nbm, record);
    add(s, F_KING, nwk - nbk, record);
    add(s, F_KING_FIRST, (nwk > 0) - (nbk > 0), record);
}

/* Whether the side to move could lose a piece at once (the opponent, to move, could capture). */
static inline __attribute__((always_inline)) void eval_threat(const ShPosition *p, Sink *s,
                                                              const bool record)
{
    int us = p->side;
    ShPosition q = *p;
    q.side = (uint8_t)(us ^ 1);
    if (sh_moves_capture_pending(&q))
        add(s, F_THREAT, us == SH_WHITE ? 1 : -1, record);
}

/* The men of the boards of ten files in a 64-bit word (10x10, 10x8): the squares they can step
 * to, their balance between the wings (`left`: files a-e) and the threat. */
static inline __attribute__((always_inline)) void board10_men_features(const ShPosition *p, Sink *s,
                                                                       Bitboard wm, Bitboard bm,
                                                                       Bitboard empty,
                                                                       Bitboard left,
                                                                       const bool record)
{
    add(s, F_MEN_MOBILITY,
        bb_count((bb_shift(wm, B10_NE) | bb_shift(wm, B10_NW)) & empty) -
            bb_count((bb_shift(bm, B10_SW) | bb_shift(bm, B10_SE)) & empty),
        record);
    int wb = 2 * bb_count(wm & left) - bb_count(wm), bb = 2 * bb_count(bm & left) - bb_count(bm);
    add(s, F_BALANCE, (wb < 0 ? -wb : wb) - (bb < 0 ? -bb : bb), record);
    eval_threat(p, s, record);
}

static inline __attribute__((always_inline)) void eval_board10(const ShPosition *p, Sink *s,
                                                               int *phase_out, const bool record)
{
    Bitboard wm = pos_men(p, SH_WHITE), bm = pos_men(p, SH_BLACK);
    Bitboard wk = pos_kings(p, SH_WHITE), bk = pos_kings(p, SH_BLACK);
    Bitboard empty = B10_VALID & ~pos_occupied(p);
    int nwm = bb_count(wm), nbm = bb_count(bm), nwk = bb_count(wk), nbk = bb_count(bk);
    /* 40 men at the start; the phase runs over the same 24 as the other games */
    board_material(s, nwm, nbm, nwk, nbk, 3, phase_out, record);
    for (Bitboard b = wm; b; b &= b - 1) {
        int bit = bb_first(b), sq = b10_bit_square(bit);
        add(s, F_MAN_PSQ + sq, 1, record);
        if (!bk && !(cone10[SH_WHITE][bit] & p->pieces[SH_BLACK])) {
            int togo = sq / 5;
            add(s, F_RUNAWAY + (togo > 7 ? 7 : togo) - 1, 1, record);
        }
    }
    for (Bitboard b = bm; b; b &= b - 1) {
        int bit = bb_first(b), sq = b10_bit_square(bit);
        add(s, F_MAN_PSQ + 49 - sq, -1, record);
        if (!wk && !(cone10[SH_BLACK][bit] & p->pieces[SH_WHITE])) {
            int togo = 9 - sq / 5;
            add(s, F_RUNAWAY + (togo > 7 ? 7 : togo) - 1, -1, record);
        }
    }
    if (wk | bk) {
        add(s, F_KING_MOBILITY, board10_king_reach(wk, empty) - board10_king_reach(bk, empty),
            record);
        add(s, F_MAIN_ROAD, ((wk & main_road10) != 0) - ((bk & main_road10) != 0), record);
    }
    board10_men_features(p, s, wm, bm, empty, B10_LEFT_WING, record);
    if (record || s->w->patterns_used) {
        for (int w = 0; w < EVAL_WINDOWS; w++) {
            unsigned w8 = board10_window(wm, w), b8 = board10_window(bm, w);
            add(s, F_PATTERN + w * EVAL_PATTERN_STATES + trits[w8] + 2 * trits[b8], 1, record);
            add(s,
                F_PATTERN + (EVAL_WINDOWS - 1 - w) * EVAL_PATTERN_STATES + trits_reversed[b8] +
                    2 * trits_reversed[w8],
                -1, record);
        }
    }
}

/* What the material cannot win on the 10x10 board (the theory of international draughts,
 * with the FMJD's 16- and 5-move counts, which the search also keeps: engine/draw.h): against
 * a lone king, two pieces never win; three win only when the king cannot reach the long
 * diagonal, so three against a king on it are a draw; four kings win. A king defending with
 * one piece fewer is hard to beat. Sixteenths of the score kept. */
static inline int board10_ending_scale(const ShPosition *p, int strong)
{
    int weak = strong ^ 1;
    Bitboard weak_pieces = p->pieces[weak];
    if (!(weak_pieces & p->kings))
        return 16;
    int ns = bb_count(p->pieces[strong]), nw = bb_count(weak_pieces);
    if (nw == 1) {
        if (ns <= 2)
            return 1;
        if (ns == 3)
            return (weak_pieces & main_road10) ? 1 : 12;
        return 16;
    }
    if (pos_kings(p, strong) && ns - nw <= 1)
        return 6;
    return 16;
}

#endif
