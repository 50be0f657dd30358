/* novgorod.c - Novgorod draughts (Новгородские шашки): three players on a hexagon of 37 or 61
 * hex cells, each at every other corner, 8 or 15 men each (seed [003] L305; the rules:
 * docs/variants.md). The rules are mdraughts.h's; this file gives the board and the start. */
#include "hexboard.h"
#include "mdraughts.h"

static const char *const NAMES[] = {"White", "Black", "Red"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f", "#c0392b"};
/* The home corners' directions in move order, clockwise: White below, Black upper left, Red
 * upper right. */
static const int HOME[] = {4, 2, 0};

static const ShSetting SETTINGS[] = {
    {"board", "small|large", "small",
     "small: side 4, 37 cells, 8 men each; large: side 5, 61 cells, 15 men each"},
    {"step", "3|2", "3", "a man steps straight or obliquely forward (3), or only obliquely (2)"},
    MD_SETTING_CAPTURE,
    {"promote", "capture|end|step", "capture",
     "a man on the far corner is a king at once and captures on (capture), only when its move "
     "ends there (end), or only by a quiet step (step)"},
    MD_SETTING_OUT,
    MD_SETTING_QUIET,
};

static void build(MdState *st, ShGeometry *board)
{
    md_hex_build(st, board, HOME);
}

/* Each player's men on the cells within n-2 steps of their corner but the one straight ahead
 * at that distance: 8 on side 4, 15 on side 5. */
static void setup(MdState *st)
{
    int n = md_hex_side(st), reach = n - 2;
    for (int p = 0; p < 3; p++) {
        int home = hex_corner(n, HOME[p]), f = (HOME[p] + 3) % HEX_DIRS, ahead = home;
        for (int i = 0; i < reach; i++)
            ahead = st->nb[ahead][f];
        for (int c = 0; c < st->cell_count; c++)
            if (hex_distance(n, c, home) <= reach && c != ahead) {
                st->cell[c].kind = SH_UNIT_MAN;
                st->cell[c].owner = (uint8_t)p;
            }
    }
}

static const MdVariant VARIANT = {&SH_OTHER_NOVGOROD, "WBR", build, setup};
MD_GAME_ENTRIES(novgorod, VARIANT)

const ShOtherGame SH_OTHER_NOVGOROD = {
    .name = "novgorod", .game_type = "novgorod", .title_en = "Novgorod draughts",
    .title_ru = "Новгородские шашки", .players = 3, .searchable = true, OTHER_GAME_TABLES,
    MD_GAME_FUNCTIONS(novgorod),
};
