/* pskov.c - Pskov draughts (Псковские шашки). Not written yet: the record names the game; its module fills the rest. */
#include "games.h"

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

const ShOtherGame SH_OTHER_PSKOV = {
    .name = "pskov",
    .game_type = "pskov",
    .title_en = "Pskov draughts",
    .title_ru = "Псковские шашки",
    .players = 2,
    .player_names = NAMES,
    .player_colours = COLOURS,
};
