/* board8.c - the 8x8 board of every square and its rows in a position's text (board8.h). */
#include "board8.h"

#include <stdio.h>
#include <string.h>

void board8_name(int cell, char *out)
{
    out[0] = (char)('a' + board8_file(cell));
    out[1] = (char)('1' + board8_rank(cell));
    out[2] = '\0';
}

void board8_fill(ShGeometry *out)
{
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

int board8_read(const char *text, const char *letters, uint8_t cells[BOARD8_CELLS], int *column)
{
    memset(cells, 0, BOARD8_CELLS);
    int i = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int file = 0;
        while (file < 8) {
            char ch = text[i];
            const char *hit = ch ? strchr(letters, ch) : NULL;
            if (ch >= '1' && ch <= '8') {
                if (file + (ch - '0') > 8) {
                    *column = i + 1;
                    return -1;
                }
                file += ch - '0';
            } else if (hit) {
                cells[board8_cell(file, rank)] = (uint8_t)(hit - letters + 1);
                file++;
            } else {
                *column = i + 1;
                return -1;
            }
            i++;
        }
        if (rank > 0) {
            if (text[i] != '/') {
                *column = i + 1;
                return -1;
            }
            i++;
        }
    }
    return i;
}

int board8_column(const char *text, int cell)
{
    int file = 0, rank = 7;
    for (int i = 0; text[i] && rank >= 0; i++) {
        char ch = text[i];
        if (ch == '/') {
            rank--;
            file = 0;
            continue;
        }
        int width = ch >= '1' && ch <= '8' ? ch - '0' : 1;
        if (rank == board8_rank(cell) && board8_file(cell) < file + width)
            return i + 1;
        file += width;
    }
    return 1;
}

size_t board8_write(const uint8_t cells[BOARD8_CELLS], const char *letters, char *out,
                    size_t size)
{
    char buf[128];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            uint8_t code = cells[board8_cell(file, rank)];
            if (!code) {
                empty++;
                continue;
            }
            if (empty)
                buf[n++] = (char)('0' + empty);
            empty = 0;
            buf[n++] = letters[code - 1];
        }
        if (empty)
            buf[n++] = (char)('0' + empty);
        if (rank > 0)
            buf[n++] = '/';
    }
    buf[n] = '\0';
    if (size)
        snprintf(out, size, "%s", buf);
    return n;
}

int board8_fields(const char *text, int max, int start[], int length[], int *column)
{
    int n = 0;
    size_t len = strlen(text);
    for (size_t i = 0; i <= len;) {
        size_t end = i;
        while (end < len && text[end] != ' ')
            end++;
        if (end == i || n >= max) {
            *column = (int)i + 1;
            return -1;
        }
        start[n] = (int)i;
        length[n] = (int)(end - i);
        n++;
        if (end == len)
            break;
        i = end + 1;
    }
    return n;
}
