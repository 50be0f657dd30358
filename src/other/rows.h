/* rows.h - the rows of a square board in a position's text (private): corners, go-ban,
 * Belarusian and Wiegman's write their boards so. The ranks run from the top down with '/'
 * between them; a piece is a letter, a run of empty cells its length in digits
 * ("4bbbb/4bbbb/4bbbb/8/8/wwww4/wwww4/wwww4"). A piece's code is its letter's index in the
 * game's letters + 1, 0 an empty cell. Cells are numbered rank * size + file, a1 = 0 (on 8x8
 * board8.h's numbering). Columns are 1-based, in bytes of the whole text. */
#ifndef SHASHKI_OTHER_ROWS_H
#define SHASHKI_OTHER_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shashki.h"

#define ROWS_MAX_SIZE 16 /* files (and ranks) of the largest board */

/* Reading rows a piece at a time, so that a game checks each piece where it stands in the
 * text: a fault before it in the text is reported first, one after it later. */
typedef struct RowsScan {
    const char *text;    /* the whole text: columns count from its start */
    const char *letters; /* the pieces' letters */
    int size;            /* files in a rank, and ranks */
    bool numbers;        /* a run of empty cells is a number ("10"), else a digit 1..size */
    bool whole;          /* the rows end the text */
    int at;              /* the offset of the next byte to read */
    int file, rank;      /* the cell that byte describes */
    int cell, code, column; /* the piece rows_next found: its cell, code and column */
    ShStatus status;     /* SH_OK, or the fault that ended the rows */
} RowsScan;

/* Begins reading the rows of a board of size x size (size <= ROWS_MAX_SIZE) at text + at. */
void rows_begin(RowsScan *s, const char *text, int at, int size, const char *letters,
                bool numbers, bool whole);
/* The next piece: true with its cell, code and column in s. False at the end of the rows, with
 * s->status SH_OK and s->at just past them, or at a fault, with s->status SH_ERR_SYNTAX and err
 * at its column: a run of empty cells past the rank's end ("rank 5 is longer than 8 squares",
 * at the run), a byte that is neither a letter nor a run ("rank 5: w, b or a number of empty
 * squares was expected"), no '/' after a rank ("'/' was expected after rank 5") or, when the
 * rows should end the text, more text ("the text goes on after the board"). */
bool rows_next(RowsScan *s, ShError *err);

/* Reads the rows of a board of size x size with runs of one digit that make the field at the
 * start of text (length bytes) into cells (size * size of them, 0 for empty). At a fault, or
 * if the field goes on after the rows, SH_ERR_SYNTAX with `message` at its column. */
ShStatus rows_read(const char *text, int length, int size, const char *letters, uint8_t *cells,
                   const char *message, ShError *err);
/* The column of the piece on cell in rows that rows_read has read; 1 if there is none. */
int rows_column(const char *text, int size, const char *letters, int cell);
/* Writes cells (size * size, codes as above) as rows into out (cut to size bytes with its NUL);
 * returns the length of the whole rows. */
size_t rows_write(const uint8_t *cells, int size, const char *letters, char *out,
                  size_t out_size);

#endif
