/* neva.c - Neva draughts (Невские шашки). Not written yet: the record names the game; its module fills the rest. */
#include "games.h"

static const char *const NAMES[] = {"White", "Black", "Red", "Blue"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f", "#c0392b", "#2e6fd8"};

const ShOtherGame SH_OTHER_NEVA = {
    .name = "neva",
    .game_type = "neva",
    .title_en = "Neva draughts",
    .title_ru = "Невские шашки",
    .players = 4,
    .player_names = NAMES,
    .player_colours = COLOURS,
};
