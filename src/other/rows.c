/* rows.c - the rows of a square board in a position's text (rows.h). */
#include "rows.h"

#include <stdio.h>
#include <string.h>

#include "error.h"
#include "postext.h"

void rows_begin(RowsScan *s, const char *text, int at, int size, const char *letters,
                bool numbers, bool whole)
{
    memset(s, 0, sizeof *s);
    s->text = text;
    s->letters = letters;
    s->size = size;
    s->numbers = numbers;
    s->whole = whole;
    s->at = at;
    s->rank = size - 1;
    s->status = SH_OK;
}

/* Whether ch begins a run of empty cells. */
static bool run_start(const RowsScan *s, char ch)
{
    int last = s->numbers || s->size > 9 ? 9 : s->size;
    return ch >= '1' && ch <= '0' + last;
}

/* "w, b, W, B": the letters for a message. */
static void letters_list(const char *letters, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; letters[i] && n + 4 < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s%c", i ? ", " : "", letters[i]);
}

bool rows_next(RowsScan *s, ShError *err)
{
    const char *t = s->text;
    while (s->rank >= 0) {
        if (s->file == s->size) { /* the rank is full */
            if (s->rank > 0) {
                if (t[s->at] != '/') {
                    s->status = error_set(err, SH_ERR_SYNTAX, 1, s->at + 1,
                                          "'/' was expected after rank %d", s->rank + 1);
                    return false;
                }
                s->at++;
            }
            s->rank--;
            s->file = 0;
            continue;
        }
        char ch = t[s->at];
        if (run_start(s, ch)) {
            int column = s->at + 1, run = ch - '0';
            if (s->numbers)
                run = postext_number(t, &s->at);
            else
                s->at++;
            if (s->file + run > s->size) {
                s->status = error_set(err, SH_ERR_SYNTAX, 1, column,
                                      "rank %d is longer than %d squares", s->rank + 1, s->size);
                return false;
            }
            s->file += run;
            continue;
        }
        const char *hit = ch ? strchr(s->letters, ch) : NULL;
        if (!hit) {
            char list[64];
            letters_list(s->letters, list, sizeof list);
            s->status = error_set(err, SH_ERR_SYNTAX, 1, s->at + 1,
                                  "rank %d: %s or a number of empty squares was expected",
                                  s->rank + 1, list);
            return false;
        }
        s->cell = s->rank * s->size + s->file;
        s->code = (int)(hit - s->letters) + 1;
        s->column = s->at + 1;
        s->file++;
        s->at++;
        return true;
    }
    if (s->whole && t[s->at]) {
        s->status = error_set(err, SH_ERR_SYNTAX, 1, s->at + 1, "the text goes on after the board");
        return false;
    }
    return false;
}

ShStatus rows_read(const char *text, int length, int size, const char *letters, uint8_t *cells,
                   const char *message, ShError *err)
{
    memset(cells, 0, (size_t)(size * size));
    RowsScan s;
    ShError e;
    rows_begin(&s, text, 0, size, letters, false, false);
    while (rows_next(&s, &e))
        cells[s.cell] = (uint8_t)s.code;
    if (s.status != SH_OK || s.at != length)
        return error_set(err, SH_ERR_SYNTAX, 1, s.status != SH_OK ? e.column : s.at + 1, "%s",
                         message);
    return SH_OK;
}

int rows_column(const char *text, int size, const char *letters, int cell)
{
    RowsScan s;
    ShError e;
    rows_begin(&s, text, 0, size, letters, false, false);
    while (rows_next(&s, &e))
        if (s.cell == cell)
            return s.column;
    return 1;
}

size_t rows_write(const uint8_t *cells, int size, const char *letters, char *out,
                  size_t out_size)
{
    char buf[ROWS_MAX_SIZE * (ROWS_MAX_SIZE + 1) + 1];
    size_t n = 0;
    for (int rank = size - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < size; file++) {
            uint8_t code = cells[rank * size + file];
            if (!code) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%d", empty);
            empty = 0;
            buf[n++] = letters[code - 1];
        }
        if (empty)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%d", empty);
        if (rank > 0)
            buf[n++] = '/';
    }
    buf[n] = '\0';
    if (out_size)
        snprintf(out, out_size, "%s", buf);
    return n;
}
