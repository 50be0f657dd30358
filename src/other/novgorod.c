/* novgorod.c - Novgorod draughts (Новгородские шашки). Not written yet: the record names the game; its module fills the rest. */
#include "games.h"

static const char *const NAMES[] = {"White", "Black", "Red"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f", "#c0392b"};

const ShOtherGame SH_OTHER_NOVGOROD = {
    .name = "novgorod",
    .game_type = "novgorod",
    .title_en = "Novgorod draughts",
    .title_ru = "Новгородские шашки",
    .players = 3,
    .player_names = NAMES,
    .player_colours = COLOURS,
};
