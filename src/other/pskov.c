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

static int side(const MdState *st)
{
    return st->size ? 5 : 4;
}

static void build(MdState *st, ShGeometry *board)
{
    int n = side(st);
    st->cell_count = (uint8_t)hex_count(n);
    st->dir_count = HEX_DIRS;
    hex_build(n, st->nb, board);
    for (int p = 0; p < 2; p++) {
        int f = (HOME[p] + 3) % HEX_DIRS;
        st->forward[p] = (uint8_t)((1u << ((f + 1) % 6)) | (1u << ((f + 5) % 6)));
        if (st->step == 3)
            st->forward[p] |= (uint8_t)(1u << f);
        st->promo[p] = (int8_t)hex_corner(n, f);
    }
}

/* Each player's men on the cells at least one half-row short of the middle, seen from their
 * corner: 13 on side 4, 24 on side 5. */
static void setup(MdState *st)
{
    int n = side(st);
    for (int c = 0; c < st->cell_count; c++)
        for (int p = 0; p < 2; p++)
            if (hex_along(n, c, (HOME[p] + 3) % HEX_DIRS) <= -2) {
                st->cell[c].kind = SH_UNIT_MAN;
                st->cell[c].owner = (uint8_t)p;
            }
}

static const MdVariant VARIANT = {&SH_OTHER_PSKOV, "WB", build, setup};

static ShStatus start(ShOtherState *st, const char *settings, ShError *err)
{
    return md_start(&VARIANT, st, settings, err);
}

static ShStatus parse(ShOtherState *st, const char *text, ShError *err)
{
    return md_parse(&VARIANT, st, text, err);
}

const ShOtherGame SH_OTHER_PSKOV = {
    .name = "pskov",
    .game_type = "pskov",
    .title_en = "Pskov draughts",
    .title_ru = "Псковские шашки",
    .players = 2,
    .player_names = NAMES,
    .player_colours = COLOURS,
    .searchable = true,
    .settings = SETTINGS,
    .setting_count = (int)(sizeof SETTINGS / sizeof SETTINGS[0]),
    .start = start,
    .parse = parse,
    MD_GAME_FUNCTIONS,
};
