/* pskov.c - Pskov draughts (Псковские шашки): two players on a hexagon of 37 or 61 hex cells,
 * each at a corner of it, 13 or 24 men each (seed [003] L305; the rules: docs/variants.md). The
 * rules are mdraughts.h's; this file gives the board and the start. */
#include "hexboard.h"
#include "mdraughts.h"

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};
static const int HOME[] = {4, 1}; /* the home corner's direction: White below, Black above */

static const ShSetting SETTINGS[] = {
    {"board", "small|large", "small",
     "small: side 4, 37 cells, 13 men each; large: side 5, 61 cells, 24 men each"},
    {"step", "3|2", "3", "a man steps straight or obliquely forward (3), or only obliquely (2)"},
    MD_SETTING_CAPTURE,
    {"promote", "capture|end|step", "capture",
     "a man on the far corner is a king at once and captures on (capture), only when its move "
     "ends there (end), or only by a quiet step (step)"},
    MD_SETTING_QUIET,
};

static void build(MdState *st, ShGeometry *board)
{
    md_hex_build(st, board, HOME);
}

/* Each player's men on the cells at least one half-row short of the middle, seen from their
 * corner: 13 on side 4, 24 on side 5. */
static void setup(MdState *st)
{
    int n = md_hex_side(st);
    for (int c = 0; c < st->cell_count; c++)
        for (int p = 0; p < 2; p++)
            if (hex_along(n, c, (HOME[p] + 3) % HEX_DIRS) <= -2) {
                st->cell[c].kind = SH_UNIT_MAN;
                st->cell[c].owner = (uint8_t)p;
            }
}

static const MdVariant VARIANT = {&SH_OTHER_PSKOV, "WB", build, setup};
MD_GAME_ENTRIES(pskov, VARIANT)

const ShOtherGame SH_OTHER_PSKOV = {
    .name = "pskov", .game_type = "pskov", .title_en = "Pskov draughts",
    .title_ru = "Псковские шашки", .players = 2, .searchable = true, OTHER_GAME_TABLES,
    MD_GAME_FUNCTIONS(pskov),
};
