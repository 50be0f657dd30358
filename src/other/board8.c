/* board8.c - the 8x8 board of every square and its notation (board8.h). */
#include "board8.h"

#include <stdio.h>
#include <string.h>

void board8_name(int cell, char *out)
{
    out[0] = (char)('a' + board8_file(cell));
    out[1] = (char)('1' + board8_rank(cell));
    out[2] = '\0';
}

void board8_board(const ShOtherState *st, ShGeometry *out)
{
    (void)st;
    memset(out, 0, sizeof *out);
    out->cell_count = BOARD8_CELLS;
    out->width = 8;
    out->height = 8;
    for (int c = 0; c < BOARD8_CELLS; c++) {
        ShCell *cell = &out->cell[c];
        cell->x = (float)board8_file(c) + 0.5f;
        cell->y = (float)(7 - board8_rank(c)) + 0.5f;
        cell->shape = SH_CELL_SQUARE;
        cell->dark = (uint8_t)board8_dark(c);
        board8_name(c, cell->name);
    }
}

size_t board8_move_text(const ShOtherState *st, const ShOtherMove *m, char *out, size_t size)
{
    (void)st;
    char buf[SH_OTHER_MOVE_TEXT_SIZE];
    size_t n = 0;
    for (int i = 0; i < m->length && n + 4 < sizeof buf; i++) {
        if (i)
            buf[n++] = m->kind == SH_MOVE_CAPTURE ? ':' : '-';
        board8_name(m->path[i], buf + n);
        n += 2;
    }
    buf[n] = '\0';
    if (size)
        snprintf(out, size, "%s", buf);
    return n;
}
