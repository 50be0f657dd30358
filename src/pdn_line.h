/* pdn_line.h - a PDN line of moves (private to the library): the move text of a game or of a
 * variation, read move by move in the positions it reaches (pdn.c), used by the reader
 * (pdn_read.c) and the writer. */
#ifndef SHASHKI_PDN_LINE_H
#define SHASHKI_PDN_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include "pdn_lex.h"
#include "shashki.h"

typedef struct PdnLine {
    const char *text;
    const Token *toks;
    int first, last; /* tokens [first, last) */
} PdnLine;

/* Where a line being written has got to (pdn.c). */
typedef struct PdnWrap PdnWrap;

/* A trimmed copy of text[a, b), with CRLF line ends (and CR CR LF) made LF; a NUL byte ends
 * it. NULL when out of memory. */
char *pdn_copy_trimmed(const char *text, size_t a, size_t b);
/* The token index of the ')' that closes the '(' at i, or -1. */
int pdn_matching_close(const PdnLine *l, int i);
/* Read the move at token i of a line in position pos: settle an ambiguous one by the next. */
ShStatus pdn_read_move(const PdnLine *l, int i, const ShPosition *pos, int ply, int start_side,
                       ShMove *move, bool *settled, ShError *err);
/* Walk the move text of a line from pos (the position at ply `ply` of a game that started
 * with start_side to move): check every move and, when w is not NULL, write the line. */
ShStatus pdn_walk_line(const PdnLine *l, const ShPosition *pos0, int ply, int start_side,
                       int depth, PdnWrap *w, int notation, ShError *err);

#endif
