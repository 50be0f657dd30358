/*
 * board.h - quick questions about a position that the search asks at every node, answered
 * with a few shifts on all pieces at once (the 45-degree layout of bitboard.h) for the games
 * that capture as Russian checkers does, and by the move generator for the others.
 */
#ifndef SHASHKI_BOARD_H
#define SHASHKI_BOARD_H

#include <stdbool.h>

#include "position.h"

/* The games whose captures board_can_capture's shifts describe: men capturing both ways and
 * taking kings, kings flying, pieces of the other colour only, on the Russian board. */
static inline bool board_russian_captures(const ShPosition *p)
{
    return p->variant == SH_VARIANT_RUSSIAN || p->variant == SH_VARIANT_GIVEAWAY ||
           p->variant == SH_VARIANT_FLYING || p->variant == SH_VARIANT_DIAGONAL ||
           p->variant == SH_VARIANT_NORTHERN || p->variant == SH_VARIANT_TWO_MOVE ||
           p->variant == SH_VARIANT_BRAZILIAN || p->variant == SH_VARIANT_POOL;
}

/* Whether `side`'s pieces could capture now if it were its turn. */
static inline bool board_can_capture(const ShPosition *p, int side)
{
    if (!board_russian_captures(p)) {
        ShPosition q = *p;
        q.side = (uint8_t)side;
        return sh_moves_capture_pending(&q);
    }
    Bitboard enemy = p->pieces[side ^ 1], empty = pos_empty(p);
    Bitboard men = pos_men(p, side), kings = pos_kings(p, side);
    /* An enemy piece with a free square behind it, seen from each direction. */
    Bitboard t;
    t = enemy & bb_shift(empty, -DIR_NE);
    if ((bb_shift(men, DIR_NE) & t) || (kings && (bb_shift(bb_fill(kings, empty, DIR_NE), DIR_NE) & t)))
        return true;
    t = enemy & bb_shift(empty, -DIR_NW);
    if ((bb_shift(men, DIR_NW) & t) || (kings && (bb_shift(bb_fill(kings, empty, DIR_NW), DIR_NW) & t)))
        return true;
    t = enemy & bb_shift(empty, -DIR_SW);
    if ((bb_shift(men, DIR_SW) & t) || (kings && (bb_shift(bb_fill(kings, empty, DIR_SW), DIR_SW) & t)))
        return true;
    t = enemy & bb_shift(empty, -DIR_SE);
    if ((bb_shift(men, DIR_SE) & t) || (kings && (bb_shift(bb_fill(kings, empty, DIR_SE), DIR_SE) & t)))
        return true;
    return false;
}

/* Whether the side to move has a quiet move (a step of a man or a king). */
static inline bool board_has_quiet_move(const ShPosition *p)
{
    if (geo_kind(p->variant) >= GEO_ORTHOGONAL) /* the boards of another bit layout */
        return sh_moves_count(p) > 0;
    int us = p->side;
    Bitboard empty = pos_empty(p), men = pos_men(p, us), kings = pos_kings(p, us);
    Bitboard steps = us == SH_WHITE ? bb_shift(men, DIR_NE) | bb_shift(men, DIR_NW)
                                    : bb_shift(men, DIR_SW) | bb_shift(men, DIR_SE);
    if (steps & empty)
        return true;
    if (kings && ((bb_shift(kings, DIR_NE) | bb_shift(kings, DIR_NW) | bb_shift(kings, DIR_SW) |
                   bb_shift(kings, DIR_SE)) & empty))
        return true;
    return false;
}

#endif
