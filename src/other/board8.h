/* board8.h - what the games on the 8x8 board of every square share (corners, Belarusian,
 * Wiegman's, Stavropol): the board's cells and names, and the notation of a move (private).
 * The rows of their position texts are rows.h's. */
#ifndef SHASHKI_OTHER_BOARD8_H
#define SHASHKI_OTHER_BOARD8_H

#include <stddef.h>
#include <stdint.h>

#include "shashki_other.h"

#define BOARD8_CELLS 64

/* Cell numbers: rank * 8 + file (a1 = 0, h1 = 7, a8 = 56, h8 = 63). */
static inline int board8_cell(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? rank * 8 + file : -1;
}
static inline int board8_file(int cell) { return cell & 7; }
static inline int board8_rank(int cell) { return cell >> 3; }
/* a1 is dark, as on the Russian board. */
static inline int board8_dark(int cell) { return ((cell & 7) + (cell >> 3)) % 2 == 0; }

/* The board of a game on the 8x8 board (st is not read): every square a cell, named "a1" ..
 * "h8", a1 at the bottom left. */
void board8_board(const ShOtherState *st, ShGeometry *out);
/* "a1" into out (3 bytes at least). */
void board8_name(int cell, char *out);

/* A move in the 8x8 games' notation (st is not read): its path's cells joined by ':' for a
 * capture, '-' for any other move ("c3:e5:c7", "a1-a3"); into out (cut to size bytes with its
 * NUL), returns the length of the whole text. */
size_t board8_move_text(const ShOtherState *st, const ShOtherMove *m, char *out, size_t size);

#endif
