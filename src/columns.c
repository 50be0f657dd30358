/*
 * columns.c - the columns of bashni and Lasca: how a position keeps them, and how a move
 * changes them.
 *
 * Design
 * ------
 * In the column games nothing leaves the board: the capturing column jumps the top piece of
 * each column it takes and puts it under itself, the rest of the jumped column stays where it
 * was, and the piece that was under the taken top is the column's top now (it may belong to
 * either side). A column moves as one, as its top piece moves, and belongs to its top's side.
 *
 * The tops are all a move generator and most of an evaluation look at, so they stay where a
 * position of every other game keeps its pieces: pieces[colour] holds the squares whose top is
 * that colour's, kings those whose top is a king. What a flat board has not is below the tops.
 * Bashni has 24 pieces, so a column holds at most 24 and there are at most 24 columns; the
 * pieces under the tops number 24 minus the columns. They are written to ShPosition.ext
 * (192 bits) as a stream, column after column in the order of the occupied bits: for each
 * piece under the top, from the top down, a 1 and the piece's colour and king bits, then a 0
 * to end the column. The most this takes is 3 * 23 + 1 = 70 bits (one column of 24); a board
 * of single pieces writes 0s only, so the start of the game has ext all zero, as every other
 * game. The stream is canonical (one position, one stream), so sh_position_equal's memcmp and
 * the hash keep their meaning; the key adds a mix of the stream's words (col_hash).
 *
 * Playing a move decodes the stream into a ColBoard, moves the column, lifts the taken tops
 * and puts them under the capturing column in the order they were taken (the move records,
 * bit by bit, which of them were kings: ShMove.ext), and encodes again. A column game's move
 * costs a few hundred nanoseconds more than a flat one; only these games pay it.
 */
#include <string.h>

#include "columns.h"

#define EXT_BITS (8 * (int)sizeof(((ShPosition *)0)->ext.bytes))

void col_decode(const ShPosition *pos, ColBoard *board)
{
    const uint8_t *bytes = pos->ext.bytes;
    int at = 0;
#define NEXT_BIT() (at < EXT_BITS ? (bytes[at / 8] >> (at % 8)) & 1 : 0)
    for (Bitboard b = pos_occupied(pos); b; b &= b - 1) {
        int i = bb_first(b);
        uint64_t low = 0;
        int h = 1;
        while (NEXT_BIT()) {
            at++;
            uint64_t code = (uint64_t)NEXT_BIT();
            at++;
            code |= (uint64_t)NEXT_BIT() << 1;
            at++;
            if (h < SH_MAX_COLUMN)
                low |= code << (2 * (h - 1));
            h++;
        }
        at++;
        board->height[i] = (uint8_t)(h < SH_MAX_COLUMN ? h : SH_MAX_COLUMN);
        board->low[i] = low;
    }
#undef NEXT_BIT
}

bool col_encode(ShPosition *pos, const ColBoard *board)
{
    uint8_t bytes[sizeof pos->ext.bytes];
    memset(bytes, 0, sizeof bytes);
    int at = 0;
#define PUT_BIT(v)                                                                               \
    do {                                                                                         \
        if (at >= EXT_BITS)                                                                      \
            return false;                                                                        \
        if (v)                                                                                   \
            bytes[at / 8] |= (uint8_t)(1u << (at % 8));                                          \
        at++;                                                                                    \
    } while (0)
    for (Bitboard b = pos_occupied(pos); b; b &= b - 1) {
        int i = bb_first(b);
        for (int k = 0; k + 1 < board->height[i]; k++) {
            unsigned code = (unsigned)(board->low[i] >> (2 * k)) & 3u;
            PUT_BIT(1);
            PUT_BIT(code & 1u);
            PUT_BIT(code & 2u);
        }
        PUT_BIT(0);
    }
#undef PUT_BIT
    memcpy(pos->ext.bytes, bytes, sizeof bytes);
    return true;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t col_hash(const ShPosition *pos)
{
    uint64_t key = 0;
    for (int w = 0; w < 3; w++) {
        uint64_t word;
        memcpy(&word, pos->ext.bytes + 8 * w, 8);
        if (word)
            key ^= mix(word ^ (UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(w + 1)));
    }
    return key;
}

void col_play(const ShPosition *p, const ShMove *m, ShPosition *out)
{
    ColBoard b;
    col_decode(p, &b);
    int us = p->side, them = us ^ 1;
    int from = m->from, to = m->to;
    int h = b.height[from];
    uint64_t low = b.low[from];
    bool king = ((p->kings >> from) & 1) || m->promotes;
    uint32_t kinds;
    memcpy(&kinds, m->ext, sizeof kinds);
    ShPosition r = *p;
    r.pieces[us] &= ~bb_bit(from);
    r.kings &= ~bb_bit(from);
    b.height[from] = 0;
    int taken = 0;
    for (Bitboard c = m->captured; c; c &= c - 1) {
        int s = bb_first(c);
        r.pieces[them] &= ~bb_bit(s);
        r.kings &= ~bb_bit(s);
        if (b.height[s] > 1) { /* the piece under the top is the top now */
            unsigned code = (unsigned)b.low[s] & 3u;
            b.low[s] >>= 2;
            b.height[s]--;
            r.pieces[code & COL_CODE_BLACK] |= bb_bit(s);
            if (code & COL_CODE_KING)
                r.kings |= bb_bit(s);
        } else {
            b.height[s] = 0;
        }
        taken++;
    }
    /* the taken tops go under the capturer, the first taken highest */
    for (int k = 0; k < taken && h < SH_MAX_COLUMN; k++, h++) {
        uint64_t code = (uint64_t)them | ((uint64_t)((kinds >> k) & 1u) << 1);
        low |= code << (2 * (h - 1));
    }
    b.height[to] = (uint8_t)h;
    b.low[to] = low;
    r.pieces[us] |= bb_bit(to);
    if (king)
        r.kings |= bb_bit(to);
    r.side = (uint8_t)them;
    r.turn_move = 0;
    col_encode(&r, &b);
    r.key = sh_position_hash(&r);
    *out = r;
}

int col_material(const ShPosition *pos, int color, int *kings)
{
    ColBoard b;
    col_decode(pos, &b);
    int n = bb_count(pos->pieces[color]), k = bb_count(pos->pieces[color] & pos->kings);
    for (Bitboard occ = pos_occupied(pos); occ; occ &= occ - 1) {
        int i = bb_first(occ);
        for (int j = 0; j + 1 < b.height[i]; j++) {
            unsigned code = (unsigned)(b.low[i] >> (2 * j)) & 3u;
            if ((int)(code & COL_CODE_BLACK) == color) {
                n++;
                k += (code & COL_CODE_KING) != 0;
            }
        }
    }
    if (kings)
        *kings = k;
    return n;
}
