/* hexboard.c - a regular hexagon of flat-topped hexagonal cells (hexboard.h). */
#include <stdio.h>
#include <stdlib.h>

#include "hexboard.h"

static const int DQ[HEX_DIRS] = {1, 0, -1, -1, 0, 1};
static const int DR[HEX_DIRS] = {-1, -1, 0, 1, 1, 0};

int hex_count(int n)
{
    return 3 * n * (n - 1) + 1;
}

static int r_min(int n, int q)
{
    return q < 0 ? -(n - 1) - q : -(n - 1);
}

static int r_max(int n, int q)
{
    return q < 0 ? n - 1 : n - 1 - q;
}

/* Cells in the files left of file q. */
static int file_start(int n, int q)
{
    int count = 0;
    for (int f = -(n - 1); f < q; f++)
        count += r_max(n, f) - r_min(n, f) + 1;
    return count;
}

int hex_index(int n, int q, int r)
{
    if (q < -(n - 1) || q > n - 1 || r < r_min(n, q) || r > r_max(n, q))
        return -1;
    return file_start(n, q) + (r_max(n, q) - r); /* upwards: the largest r first */
}

void hex_coords(int n, int cell, int *q, int *r)
{
    for (int f = -(n - 1); f <= n - 1; f++) {
        int len = r_max(n, f) - r_min(n, f) + 1;
        if (cell < len) {
            *q = f;
            *r = r_max(n, f) - cell;
            return;
        }
        cell -= len;
    }
    *q = *r = 0;
}

void hex_build(int n, int8_t nb[][HEX_DIRS], ShGeometry *board)
{
    int count = hex_count(n);
    const float row = 0.8660254f; /* a flat-topped cell one wide is this high */
    if (board) {
        board->cell_count = count;
        board->width = 0.75f * (float)(2 * n - 2) + 1.0f;
        board->height = row * (float)(2 * n - 1);
    }
    for (int c = 0; c < count; c++) {
        int q, r;
        hex_coords(n, c, &q, &r);
        for (int d = 0; d < HEX_DIRS; d++)
            nb[c][d] = (int8_t)hex_index(n, q + DQ[d], r + DR[d]);
        if (!board)
            continue;
        ShCell *cell = &board->cell[c];
        cell->x = 0.5f + 0.75f * (float)(q + n - 1);
        cell->y = row * ((float)r + (float)q / 2.0f + (float)(n - 1)) + row / 2.0f;
        cell->shape = SH_CELL_HEX_FLAT;
        cell->dark = (uint8_t)((((q - r) % 3) + 3) % 3 == 0);
        snprintf(cell->name, sizeof cell->name, "%c%u", (char)('a' + q + n - 1),
                 (unsigned)(r_max(n, q) - r + 1) % 100u);
    }
}

int hex_corner(int n, int dir)
{
    return hex_index(n, DQ[dir] * (n - 1), DR[dir] * (n - 1));
}

int hex_along(int n, int cell, int dir)
{
    int q, r;
    hex_coords(n, cell, &q, &r);
    int dq = DQ[dir], dr = DR[dir];
    return dq * q + dr * r + (-dq - dr) * (-q - r);
}

int hex_distance(int n, int a, int b)
{
    int qa, ra, qb, rb;
    hex_coords(n, a, &qa, &ra);
    hex_coords(n, b, &qb, &rb);
    int dq = qa - qb, dr = ra - rb, ds = -dq - dr;
    return (abs(dq) + abs(dr) + abs(ds)) / 2;
}
