/* wiegman.c - Wiegman's draughts (Шашки Вигмана). Not written yet: the record names the game; its module fills the rest. */
#include "games.h"

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

const ShOtherGame SH_OTHER_WIEGMAN = {
    .name = "wiegman",
    .game_type = "wiegman",
    .title_en = "Wiegman's draughts",
    .title_ru = "Шашки Вигмана",
    .players = 2,
    .player_names = NAMES,
    .player_colours = COLOURS,
};
