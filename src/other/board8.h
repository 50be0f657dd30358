/* board8.h - what the games on the 8x8 board of every square share (corners, Belarusian,
 * Stavropol): the board's cells and names, and the rows of a position's text (private). */
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

/* The 8x8 board: every square a cell, named "a1" .. "h8", a1 at the bottom left. */
void board8_fill(ShGeometry *out);
/* "a1" into out (3 bytes at least). */
void board8_name(int cell, char *out);

/* The rows of a position, top (rank 8) first, separated by '/': a letter of `letters` is a
 * piece (its code is the letter's index + 1), a digit 1-8 that many empty cells. Reads them from
 * text into cells (0 for empty) and returns the bytes read; -1 with *column (1-based) at the
 * first fault. */
int board8_read(const char *text, const char *letters, uint8_t cells[BOARD8_CELLS], int *column);
/* The column (1-based) of cell's letter or digit in rows that board8_read has read. */
int board8_column(const char *text, int cell);
/* Writes them; returns the length needed. */
size_t board8_write(const uint8_t cells[BOARD8_CELLS], const char *letters, char *out,
                    size_t size);

/* Splits a position's text into its fields (separated by single spaces): at most max of them,
 * with their starts (offsets into text) and lengths; returns how many, or -1 if there are more
 * than max (or a doubled or trailing space), with *column at the fault. */
int board8_fields(const char *text, int max, int start[], int length[], int *column);

#endif
