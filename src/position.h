/* position.h - position internals shared by the library and the engine (private). */
#ifndef SHASHKI_POSITION_H
#define SHASHKI_POSITION_H

#include "geometry.h"

/* Zobrist keys by piece kind (colour * 2 + is_king) and bit index, and for Black to move. */
extern const uint64_t ZOBRIST[4][BB_BITS];
extern const uint64_t ZOBRIST_BLACK_TO_MOVE;
/* The keys of bits 64-79 (the 12x12 board), and the key of any bit. */
extern const uint64_t ZOBRIST_HIGH[4][16];

static inline uint64_t pos_zobrist(int kind, int bit)
{
    return bit < BB_BITS ? ZOBRIST[kind][bit] : ZOBRIST_HIGH[kind][bit - BB_BITS];
}

static inline Bitboard pos_occupied(const ShPosition *p)
{
    return p->pieces[SH_WHITE] | p->pieces[SH_BLACK];
}

/* The empty dark squares (the generator of the diagonal games); pos_empty_any for any board. */
static inline Bitboard pos_empty(const ShPosition *p)
{
    return BB_VALID & ~pos_occupied(p);
}

static inline Bitboard pos_empty_any(const ShPosition *p)
{
    return geo_valid(p->variant) & ~pos_occupied(p);
}

static inline Bitboard pos_men(const ShPosition *p, int color)
{
    return p->pieces[color] & ~p->kings;
}

static inline Bitboard pos_kings(const ShPosition *p, int color)
{
    return p->pieces[color] & p->kings;
}

/* The games whose moves do more than move one piece and remove the captured ones: a captured
 * king demoted (northern), pieces of the mover's colour taken (self-eaters), two moves a turn,
 * stacks (columns, Lasca), the kings' runs of non-capturing moves counted (Frisian); and the
 * 12x12 board, whose squares go past the 64 bits (ext). */
_Static_assert(SH_VARIANT_NORTHERN < SH_VARIANT_CANADIAN &&
                   SH_VARIANT_CANADIAN + 1 == SH_VARIANT_SPANTSIRETTI &&
                   SH_VARIANT_SPANTSIRETTI + 1 == SH_VARIANT_COUNT,
               "pos_play_is_special's range takes in every special game (not the 10x8 board, "
               "played as Russian checkers is)");
static inline bool pos_play_is_special(const ShPosition *p)
{
    return (unsigned)(p->variant - SH_VARIANT_NORTHERN) <=
               (unsigned)(SH_VARIANT_CANADIAN - SH_VARIANT_NORTHERN) ||
           p->variant == SH_VARIANT_FRISIAN;
}

/* (Frisian) A king's run of non-capturing moves (ShPosition.king_run): its bit and count. */
#define POS_RUN_MAX 3
static inline int pos_run_bit(uint8_t run)
{
    return run & 63;
}

static inline int pos_run_count(uint8_t run)
{
    return run >> 6;
}

static inline uint8_t pos_run_make(int bit, int count)
{
    return (uint8_t)(count << 6 | bit);
}

/* The hash key of a side's run: 0 for none (splitmix64 of the run and the colour). */
static inline uint64_t pos_run_key(int color, uint8_t run)
{
    if (!run)
        return 0;
    uint64_t z = (UINT64_C(0x5152) + (uint64_t)color * 256 + run) * UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* (Frisian) The runs after move m from p, into r (whose pieces are already those after m): the
 * mover's run grows by a king's non-capturing move, starts again with another king, ends with
 * a man's move or any capture and when the side has no man left; the opponent's ends when
 * its king is taken or its last man. */
static inline void pos_run_update(const ShPosition *p, const ShMove *m, ShPosition *r)
{
    int us = p->side, them = us ^ 1;
    uint8_t run = 0;
    if (!m->captured && (p->kings & bb_bit(m->from)) && (r->pieces[us] & ~r->kings)) {
        uint8_t old = p->king_run[us];
        int count = old && pos_run_bit(old) == m->from ? pos_run_count(old) + 1 : 1;
        run = pos_run_make(m->to, count > POS_RUN_MAX ? POS_RUN_MAX : count);
    }
    r->king_run[us] = run;
    uint8_t t = p->king_run[them];
    if (t && (!(r->pieces[them] & r->kings & bb_bit(pos_run_bit(t))) ||
              !(r->pieces[them] & ~r->kings)))
        t = 0;
    r->king_run[them] = t;
}

/* The 12x12 board's bits 64-79 of pieces[0], pieces[1] (i = colour) or kings (i = 2); 0 on
 * every other board (whose ext, on the column games, holds the stacks instead). */
static inline uint16_t pos_high(const ShPosition *p, int i)
{
    return p->variant == SH_VARIANT_CANADIAN ? p->ext.high[i] : (uint16_t)0;
}

/* The pieces of a colour and the kings as 128-bit words, the 12x12 board's bits past 63 from
 * ext (so these are right, if slower, on every board). */
static inline Wide pos_wide_pieces(const ShPosition *p, int color)
{
    return b12_join(p->pieces[color], pos_high(p, color));
}

static inline Wide pos_wide_kings(const ShPosition *p)
{
    return b12_join(p->kings, pos_high(p, 2));
}

/* Whether there is a king on the board; any board. */
static inline bool pos_has_kings(const ShPosition *p)
{
    return (p->kings | pos_high(p, 2)) != 0;
}

/* Whether the piece on a bit (of the position's own layout) is a king; any board. */
static inline bool pos_king_at(const ShPosition *p, int bit)
{
    return (pos_wide_kings(p) >> bit) & 1;
}

/* The captured set of a move as a 128-bit word in its board's layout (bitboard12.h: kept
 * shifted on the 12x12 board). */
static inline Wide move_wide_captured(const ShMove *m)
{
    Wide c = m->captured;
    return m->board == SH_VARIANT_CANADIAN ? c << B12_CAPTURED_SHIFT : c;
}

/* The key of the second move of a turn (two-move). */
extern const uint64_t ZOBRIST_SECOND_MOVE;

void pos_play_special(const ShPosition *p, const ShMove *m, ShPosition *out);

/* Copy-make: the position after a legal move. `out` may be `p`. */
static inline void pos_play(const ShPosition *p, const ShMove *m, ShPosition *out)
{
    if (__builtin_expect(pos_play_is_special(p), 0)) {
        pos_play_special(p, m, out);
        return;
    }
    int us = p->side, them = us ^ 1;
    Bitboard from = bb_bit(m->from), to = bb_bit(m->to), cap = m->captured;
    int was_king = (p->kings & from) != 0;
    int is_king = was_king | m->promotes;
    uint64_t key = p->key ^ ZOBRIST_BLACK_TO_MOVE ^ ZOBRIST[us * 2 + was_king][m->from] ^
                   ZOBRIST[us * 2 + is_king][m->to];
    for (Bitboard b = cap; b; b &= b - 1) {
        int i = bb_first(b);
        key ^= ZOBRIST[them * 2 + (int)((p->kings >> i) & 1)][i];
    }
    Bitboard mine = (p->pieces[us] & ~from) | to;
    Bitboard theirs = p->pieces[them] & ~cap;
    Bitboard kings = (p->kings & ~from & ~cap) | (is_king ? to : (Bitboard)0);
    out->pieces[us] = mine;
    out->pieces[them] = theirs;
    out->kings = kings;
    out->key = key;
    out->side = (uint8_t)them;
    out->variant = p->variant;
    out->turn_move = 0;
    out->ext = p->ext;
}

/* The same without the hash key, for counting (perft) of the games that are not special. */
static inline void pos_play_board(const ShPosition *p, const ShMove *m, ShPosition *out)
{
    int us = p->side, them = us ^ 1;
    Bitboard from = bb_bit(m->from), to = bb_bit(m->to), cap = m->captured;
    Bitboard promoted = m->promotes ? to : (Bitboard)0;
    Bitboard king_to = (p->kings & from) ? to : promoted;
    out->pieces[us] = (p->pieces[us] & ~from) | to;
    out->pieces[them] = p->pieces[them] & ~cap;
    out->kings = (p->kings & ~from & ~cap) | king_to;
    out->key = 0;
    out->side = (uint8_t)them;
    out->variant = p->variant; /* turn_move is left alone: counting the plain games never reads it */
}

#endif
