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
    for (int p = 0; p < 3; p++) {
        int f = (HOME[p] + 3) % HEX_DIRS;
        st->forward[p] = (uint8_t)((1u << ((f + 1) % 6)) | (1u << ((f + 5) % 6)));
        if (st->step == 3)
            st->forward[p] |= (uint8_t)(1u << f);
        st->promo[p] = (int8_t)hex_corner(n, f);
    }
}

/* Each player's men on the cells within n-2 steps of their corner but the one straight ahead
 * at that distance: 8 on side 4, 15 on side 5. */
static void setup(MdState *st)
{
    int n = side(st), reach = n - 2;
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

static ShStatus start(ShOtherState *st, const char *settings, ShError *err)
{
    return md_start(&VARIANT, st, settings, err);
}

static ShStatus parse(ShOtherState *st, const char *text, ShError *err)
{
    return md_parse(&VARIANT, st, text, err);
}

const ShOtherGame SH_OTHER_NOVGOROD = {
    .name = "novgorod",
    .game_type = "novgorod",
    .title_en = "Novgorod draughts",
    .title_ru = "Новгородские шашки",
    .players = 3,
    .player_names = NAMES,
    .player_colours = COLOURS,
    .searchable = true,
    .settings = SETTINGS,
    .setting_count = (int)(sizeof SETTINGS / sizeof SETTINGS[0]),
    .start = start,
    .parse = parse,
    MD_GAME_FUNCTIONS,
};
