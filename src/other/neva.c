/* neva.c - Neva draughts (Невские шашки): four players, 6 men each, on the 36 dark squares of a
 * board set as a diamond, a player at each of its four corners (seed [003] L307; the board and
 * the rules: docs/variants.md). The rules are mdraughts.h's; this file gives the board and the
 * start.
 *
 * The dark squares make a 6 by 6 lattice whose lines are the board's diagonals: square (a, b),
 * a and b 0..5, is named by the two digits a+1 and b+1 ("11" .. "66"). White's corner "11" is at
 * the bottom, then clockwise Red's "16" on the left, Green's "66" at the top, Black's "61" on
 * the right. Directions: 0 a+1 (up right), 1 b+1 (up left), 2 a-1 (down left), 3 b-1 (down
 * right). */
#include <stdio.h>
#include <stdlib.h>

#include "mdraughts.h"

#define SIDE 6

static const char *const NAMES[] = {"White", "Red", "Green", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#c0392b", "#2e8b57", "#1f1f1f"};
static const int HOME_A[] = {0, 0, SIDE - 1, SIDE - 1};
static const int HOME_B[] = {0, SIDE - 1, SIDE - 1, 0};
static const int DA[] = {1, 0, -1, 0};
static const int DB[] = {0, 1, 0, -1};

static const ShSetting SETTINGS[] = {
    MD_SETTING_CAPTURE,
    {"promote", "end|capture|step", "end",
     "a man becomes a king on the far corner when its move ends there (end), at once during a "
     "capture and captures on (capture), or only by a quiet step (step)"},
    MD_SETTING_OUT,
    MD_SETTING_QUIET,
};

static int at(int a, int b)
{
    return a >= 0 && a < SIDE && b >= 0 && b < SIDE ? a * SIDE + b : -1;
}

static void build(MdState *st, ShGeometry *board)
{
    st->cell_count = SIDE * SIDE;
    st->dir_count = 4;
    if (board) {
        board->cell_count = SIDE * SIDE;
        board->width = board->height = 2 * SIDE - 1;
    }
    for (int a = 0; a < SIDE; a++)
        for (int b = 0; b < SIDE; b++) {
            int c = at(a, b);
            for (int d = 0; d < 4; d++)
                st->nb[c][d] = (int8_t)at(a + DA[d], b + DB[d]);
            if (!board)
                continue;
            ShCell *cell = &board->cell[c];
            cell->x = (float)(a - b + SIDE - 1) + 0.5f;
            cell->y = (float)(2 * SIDE - 2 - a - b) + 0.5f;
            cell->shape = SH_CELL_SQUARE;
            cell->dark = 1;
            snprintf(cell->name, sizeof cell->name, "%d%d", a + 1, b + 1);
        }
    for (int p = 0; p < 4; p++) {
        int da = HOME_A[p] == 0 ? 1 : -1, db = HOME_B[p] == 0 ? 1 : -1;
        st->forward[p] = (uint8_t)((1u << (da > 0 ? 0 : 2)) | (1u << (db > 0 ? 1 : 3)));
        st->promo[p] = (int8_t)at(SIDE - 1 - HOME_A[p], SIDE - 1 - HOME_B[p]);
    }
}

/* Each player's 6 men on the three diagonals nearest their corner (1 + 2 + 3 squares). */
static void setup(MdState *st)
{
    for (int p = 0; p < 4; p++)
        for (int a = 0; a < SIDE; a++)
            for (int b = 0; b < SIDE; b++)
                if (abs(a - HOME_A[p]) + abs(b - HOME_B[p]) <= 2) {
                    st->cell[at(a, b)].kind = SH_UNIT_MAN;
                    st->cell[at(a, b)].owner = (uint8_t)p;
                }
}

static const MdVariant VARIANT = {&SH_OTHER_NEVA, "WRGB", build, setup};
MD_GAME_ENTRIES(neva, VARIANT)

const ShOtherGame SH_OTHER_NEVA = {
    .name = "neva", .game_type = "neva", .title_en = "Neva draughts", .title_ru = "Невские шашки",
    .players = 4, .searchable = true, OTHER_GAME_TABLES, MD_GAME_FUNCTIONS(neva),
};
